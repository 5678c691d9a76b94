"""Reads of the predicate registry."""

from __future__ import annotations

from django.db.models import QuerySet

from governance.models import Predicate


def predicate_list() -> QuerySet[Predicate]:
    return Predicate.objects.order_by("key")


def predicate_get(key: str) -> Predicate | None:
    return Predicate.objects.filter(key=key).first()
