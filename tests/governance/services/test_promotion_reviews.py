"""``promotion_reviews_open``: several promotion items at once, the rows and audit rows one at a time would write."""

from __future__ import annotations

import uuid

import pytest
from django.core.exceptions import ValidationError
from django.db import transaction

from config.actors import Actor
from governance.models import AuditEvent, ReviewItem
from governance.services.conflicts import promotion_review_open, promotion_reviews_open

pytestmark = pytest.mark.django_db

FIELDS = ("kind", "subject_id", "reason", "refs", "status")


def _written(items: list[ReviewItem]) -> tuple[list[tuple], list[tuple]]:
    rows = [tuple(getattr(ReviewItem.objects.get(pk=item.pk), f) for f in FIELDS) for item in items]
    events = [(e.actor_kind, e.actor_id, e.action, e.object_type, e.data) for e in AuditEvent.objects.filter(
        action="review_item.opened", object_id__in=[str(item.pk) for item in items]).order_by("id")]
    return rows, events


def test_together_the_items_and_audit_rows_are_those_opened_one_by_one_in_the_same_order():
    actor, subject = Actor.system("tests"), uuid.uuid4()
    asked = [("unsure_equivalence", {"a": str(uuid.uuid4()), "b": str(uuid.uuid4())}),
             ("vetoed_near_copy", {"a": str(uuid.uuid4()), "b": str(uuid.uuid4())}),
             ("unproven_paraphrase", {"a": str(uuid.uuid4()), "b": str(uuid.uuid4())})]
    one_by_one = [promotion_review_open(actor=actor, subject_id=subject, reason=reason, refs=refs)
                  for reason, refs in asked]
    together = promotion_reviews_open(actor=actor, subject_id=subject, items=asked)
    assert _written(together) == _written(one_by_one)
    rows, events = _written(together)
    assert [e[4]["reason"] for e in events] == [reason for reason, _ in asked]  # in the order asked
    assert all(row[0] == ReviewItem.Kind.PROMOTION and row[4] == ReviewItem.Status.OPEN for row in rows)


def test_an_invalid_item_opens_none_of_them():
    actor, subject = Actor.system("tests"), uuid.uuid4()
    before = (ReviewItem.objects.count(), AuditEvent.objects.count())
    with pytest.raises(ValidationError), transaction.atomic():  # full_clean, before anything is written
        promotion_reviews_open(actor=actor, subject_id=subject,
                               items=[("unsure_equivalence", {"a": "1", "b": "2"}), ("x" * 500, {"a": "3", "b": "4"})])
    assert (ReviewItem.objects.count(), AuditEvent.objects.count()) == before
