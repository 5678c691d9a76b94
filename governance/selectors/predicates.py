"""Reads of the predicate registry."""

from __future__ import annotations

from django.db.models import QuerySet

from governance.models import Predicate


def predicate_list() -> QuerySet[Predicate]:
    return Predicate.objects.order_by("key")


def predicate_get(key: str) -> Predicate | None:
    return Predicate.objects.filter(key=key).first()


def predicate_cardinalities() -> dict[str, str]:
    """Every predicate's cardinality (``single`` | ``multi``) by key, in one query."""
    return dict(Predicate.objects.values_list("key", "cardinality"))


def predicate_is_multi(predicate: Predicate | None) -> bool:
    """A multi-valued predicate: a new value adds to the others instead of superseding them."""
    return predicate is not None and predicate.cardinality == Predicate.Cardinality.MULTI


def predicate_is_single(predicate: Predicate) -> bool:
    """A single-valued predicate: a newer value closes the old version (validity)."""
    return predicate.cardinality == Predicate.Cardinality.SINGLE


def predicates_by_key() -> dict[str, Predicate]:
    """Every predicate row by key, in one query (claims resolve registry keys to rows)."""
    return Predicate.objects.in_bulk(field_name="key")
