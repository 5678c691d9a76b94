"""Reads of review items, scoped to the reviewer: items of people they may not review are "not
found", exactly like missing ones (the permission is memory's ``memory.review_subject``)."""

from __future__ import annotations

import json
import uuid
from collections.abc import Mapping
from typing import Any

from django.db.models import QuerySet

from config.db import CompiledOnce
from config.errors import NotFoundError
from config.ids import parse_uuid
from governance.models import ReviewItem
from memory.selectors.subjects import subject_ids_reviewable_by


def reviewable_subject_ids(user: Any) -> QuerySet:
    return subject_ids_reviewable_by(user)


def review_items_for_user(*, user: Any, status: str | None = ReviewItem.Status.OPEN) -> QuerySet[ReviewItem]:
    items = ReviewItem.objects.filter(subject_id__in=reviewable_subject_ids(user))
    if status:
        items = items.filter(status=status)
    return items.order_by("created_at", "pk")


def review_item_get_for_user(*, user: Any, item_id: uuid.UUID | str) -> ReviewItem:
    pk = parse_uuid(item_id)  # ids are UUIDs: anything else (an old integer id too) is simply not found
    if pk is None:
        raise NotFoundError()
    item = review_items_for_user(user=user, status=None).filter(pk=pk).first()
    if item is None:
        raise NotFoundError()
    return item


def review_item_exists(*, kind: str, subject_id: uuid.UUID, refs: Mapping[str, Any]) -> bool:
    """Whether an item of ``kind`` about the person with exactly these ``refs`` was already opened
    (any status), so a re-run does not ask the reviewers twice."""
    return ReviewItem.objects.filter(kind=kind, subject_id=subject_id, refs=dict(refs)).exists()


def promotion_review_refs(*, subject_id: uuid.UUID) -> set[str]:
    """The ``refs`` of every promotion item ever opened about the person (any status), each as
    :func:`review_refs_key` writes it: one query for a run that asks about many pairs, where
    :func:`review_item_exists` would take one each. Ids only (refs never hold text)."""
    rows = (_PROMOTION_REFS.rows(subject_id=subject_id) if type(subject_id) is uuid.UUID
            else _promotion_refs(subject_id=subject_id))  # another type: the queryset converts it, as always
    return {review_refs_key(refs) for refs, in rows}


def _promotion_refs(*, subject_id: object) -> QuerySet:
    return ReviewItem.objects.filter(kind=ReviewItem.Kind.PROMOTION, subject_id=subject_id).values_list("refs")


# Read by every consolidation run that meets an unsure pair: the statement built and compiled once a
# process (config.db.CompiledOnce), the queryset's own rows, JSON decoded as Django decodes it (perf52b).
_PROMOTION_REFS = CompiledOnce(_promotion_refs)


def review_refs_key(refs: Mapping[str, Any]) -> str:
    """A canonical form of ``refs`` (sorted keys): two refs are the same item's exactly when their
    keys are equal, as the ``refs`` equality of :func:`review_item_exists` compares them for the
    string-valued refs the consolidator writes."""
    return json.dumps(dict(refs), sort_keys=True, separators=(",", ":"), default=str)
