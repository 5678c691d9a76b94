"""Trust conflicts and review items opened by the memory layer (ids only, audited)."""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from typing import Any

from django.core.exceptions import ValidationError
from django.db import connection, transaction
from django.utils import timezone

from config.actors import Actor
from config.audit import audit, audit_many
from config.db import copy_insert, where_any_sql
from governance.models import ReviewItem, TrustConflict


@transaction.atomic(savepoint=False)
def trust_conflict_record(*, actor: Actor, space_id: uuid.UUID, subject_id: uuid.UUID, key: str,
                          kept_memory_id: uuid.UUID, challenger_memory_id: uuid.UUID) -> TrustConflict:
    conflict = TrustConflict(space_id=space_id, subject_id=subject_id, key=key,
                             kept_memory_id=kept_memory_id, challenger_memory_id=challenger_memory_id)
    conflict.full_clean()
    conflict.save()
    audit(actor=actor, action="trust_conflict.recorded", object_type="trust_conflict", object_id=conflict.pk,
          data={"kept": str(kept_memory_id), "challenger": str(challenger_memory_id)})
    review_item_open(actor=actor, kind=ReviewItem.Kind.TRUST_CONFLICT, subject_id=subject_id,
                     reason="inferred_vs_verified",
                     refs={"conflict": conflict.pk, "kept": str(kept_memory_id),
                           "challenger": str(challenger_memory_id)})
    return conflict


@transaction.atomic(savepoint=False)
def review_item_open(*, actor: Actor, kind: str, subject_id: uuid.UUID, reason: str,
                     refs: Mapping[str, Any]) -> ReviewItem:
    item = ReviewItem(kind=kind, subject_id=subject_id, reason=reason, refs=dict(refs))
    item.full_clean()
    item.save()
    audit(actor=actor, action="review_item.opened", object_type="review_item", object_id=item.pk,
          data={"kind": kind, "reason": reason, "refs": dict(refs)})
    return item


@transaction.atomic(savepoint=False)
def quarantine_review_open(*, actor: Actor, subject_id: uuid.UUID, reason: str, memory_id: uuid.UUID) -> ReviewItem:
    """An instruction-shaped memory waits for a reviewer (release or keep restricted)."""
    return review_item_open(actor=actor, kind=ReviewItem.Kind.QUARANTINE, subject_id=subject_id, reason=reason,
                            refs={"memory": str(memory_id)})


@transaction.atomic(savepoint=False)
def promotion_review_open(*, actor: Actor, subject_id: uuid.UUID, reason: str,
                          refs: Mapping[str, Any]) -> ReviewItem:
    """A doubtful promotion (an unsure pair, a high-impact change) waits for a reviewer."""
    return review_item_open(actor=actor, kind=ReviewItem.Kind.PROMOTION, subject_id=subject_id, reason=reason,
                            refs=refs)


@transaction.atomic(savepoint=False)
def promotion_reviews_open(*, actor: Actor, subject_id: uuid.UUID,
                           items: Sequence[tuple[str, Mapping[str, Any]]]) -> list[ReviewItem]:
    """Several doubtful promotions of one person at once, ``items`` as ``(reason, refs)`` in order:
    what :func:`promotion_review_open` does for each (``full_clean``, the row, its
    ``review_item.opened`` audit row, in this order), the rows inserted by one ``COPY`` and the
    audit rows appended together (``config.audit.audit_many``) — a consolidation run opens about
    two a subject on free text, each otherwise three round trips."""
    opened = [ReviewItem(kind=ReviewItem.Kind.PROMOTION, subject_id=subject_id, reason=reason, refs=dict(refs))
              for reason, refs in items]
    promotions_clean(opened)
    # One COPY (config.db): for a few rows ≈ a third of bulk_create's CPU (building the INSERT).
    copy_insert(ReviewItem, opened)
    audit_many([{"actor": actor, "action": "review_item.opened", "object_type": "review_item", "object_id": item.pk,
                 "data": {"kind": ReviewItem.Kind.PROMOTION, "reason": reason, "refs": dict(refs)}}
                for item, (reason, refs) in zip(opened, items, strict=True)])
    return opened


# The fields :func:`promotion_reviews_open` gives each item of a call the same value: the kind, the
# person and every default but the fresh id and creation time.
_SHARED = ("legacy_id", "kind", "subject_id", "status", "decided_at", "decided_by", "decision_reason")


def promotions_clean(items: Sequence[ReviewItem]) -> None:
    """What ``item.full_clean()`` on each item in order decides, for items built alike (as
    :func:`promotion_reviews_open` builds them), with the work that cannot differ between them done
    once: the fields they share (:data:`_SHARED`, compared here, not assumed) validated on the first
    only — its cleaned values given to the others, as their own ``full_clean`` would have set them —,
    each item's own fields (``reason``, ``refs``, id, time) on each, and the primary keys' uniqueness
    asked by one query for all instead of one each (before any of them is inserted, as before).
    If anything fails or differs, every item gets its own ``full_clean`` in order, as before, so the
    error raised is the one it raised (perf52b)."""
    if not items:
        return
    first = items[0]
    raw = [getattr(first, name) for name in _SHARED]
    try:
        first.full_clean(validate_unique=False)
        cleaned = [getattr(first, name) for name in _SHARED]
        for item in items[1:]:
            for name, value, clean in zip(_SHARED, raw, cleaned, strict=True):
                mine = getattr(item, name)
                if type(mine) is not type(value) or mine != value:
                    raise _Differs
                setattr(item, name, clean)
            item.clean_fields(exclude=_SHARED)
            item.clean()
            item.validate_constraints()
        if _ids_taken([item.pk for item in items]):
            raise _Differs
    except (ValidationError, _Differs):
        for item in items:
            item.full_clean()


def _ids_taken(ids: list[Any]) -> bool:
    """Whether a review item already has one of these ids: what ``validate_unique`` asks of each
    new item (``… WHERE id = %s LIMIT 1``), for all of them in one fixed statement (one array
    parameter: Django's ``pk__in`` would build and compile a new one for each count)."""
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT EXISTS ({where_any_sql(ReviewItem, 'id', ('id',))})", [ids])
        return bool(cursor.fetchone()[0])


class _Differs(Exception):
    """:func:`promotions_clean` cannot take its shortcut: each item is validated on its own."""


@transaction.atomic(savepoint=False)
def trust_conflict_resolve(*, conflict_id: object, challenger_accepted: bool) -> int:
    """Close an open trust conflict as a reviewer decided it (audited by the review decision,
    ``review_item.decided``, in the same transaction). Returns how many rows changed."""
    return TrustConflict.objects.filter(pk=conflict_id).update(
        status=TrustConflict.Status.RESOLVED, resolved_at=timezone.now(),
        resolution="challenger_accepted" if challenger_accepted else "kept_confirmed")
