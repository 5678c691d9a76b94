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


# ---------------------------------------------------------------- promotions_clean (perf52b)

def _items(subject: object, asked: list[tuple[object, object]]) -> list[ReviewItem]:
    return [ReviewItem(kind=ReviewItem.Kind.PROMOTION, subject_id=subject, reason=reason, refs=refs)
            for reason, refs in asked]


def _verdict(check: object, items: list[ReviewItem]) -> tuple[object, list[dict]]:
    """What ``check`` raised (the error's messages, or None) and the items' field values after it."""
    try:
        check(items)
        error = None
    except ValidationError as exc:
        error = exc.message_dict
    return error, [{f.attname: (type(v := getattr(item, f.attname)), v) for f in ReviewItem._meta.fields
                    if f.attname not in ("id", "created_at")} for item in items]


def _one_by_one(items: list[ReviewItem]) -> None:
    for item in items:
        item.full_clean()


def _pair(subject: object, asked: list[tuple[object, object]]) -> tuple[list[ReviewItem], list[ReviewItem]]:
    a = _items(subject, asked)
    b = _items(subject, asked)
    for x, y in zip(a, b, strict=True):
        y.id, y.created_at = x.id, x.created_at
    return a, b


GOOD = ("unsure_equivalence", {"a": "1", "b": "2"})
INVALID = [
    ("x" * 65, {"a": "3", "b": "4"}),           # reason too long
    ("", {"a": "3", "b": "4"}),                  # reason blank
    (None, {"a": "3", "b": "4"}),                # reason null
    ("vetoed", {"a": {1, 2}}),                   # refs not JSON
    ("vetoed", {"a": b"raw"}),                   # refs not JSON (bytes)
]


@pytest.mark.parametrize("bad", INVALID)
@pytest.mark.parametrize("where", [0, 1, 3])
def test_promotions_clean_refuses_what_full_clean_refused_with_the_same_error(bad, where):
    from governance.services.conflicts import promotions_clean

    asked = [GOOD, ("vetoed_near_copy", {"a": "5"}), GOOD, GOOD]
    asked.insert(where, bad)
    ours, theirs = _pair(uuid.uuid4(), asked)
    expected = _verdict(_one_by_one, theirs)
    assert expected[0] is not None
    assert _verdict(promotions_clean, ours) == expected


@pytest.mark.parametrize("subject", [uuid.uuid4(), str(uuid.uuid4()), "not-a-uuid", None, 12])
def test_promotions_clean_decides_the_shared_person_as_full_clean_did(subject):
    from governance.services.conflicts import promotions_clean

    ours, theirs = _pair(subject, [GOOD, ("vetoed", {"a": "x"}), GOOD])
    assert _verdict(promotions_clean, ours) == _verdict(_one_by_one, theirs)


def test_promotions_clean_with_items_that_do_not_share_their_fields_checks_each_on_its_own():
    from governance.services.conflicts import promotions_clean

    ours, theirs = _pair(uuid.uuid4(), [GOOD, GOOD, GOOD])
    for items in (ours, theirs):
        items[1].subject_id = "not-a-uuid"  # the second differs: no shortcut
        items[2].status = "nonsense"
    expected = _verdict(_one_by_one, theirs)
    assert expected[0] is not None and _verdict(promotions_clean, ours) == expected


def test_promotions_clean_refuses_an_id_already_taken_as_full_clean_did():
    from governance.services.conflicts import promotions_clean

    subject = uuid.uuid4()
    taken = ReviewItem.objects.create(kind=ReviewItem.Kind.PROMOTION, subject_id=subject, reason="r", refs={})
    ours, theirs = _pair(subject, [GOOD, GOOD, GOOD])
    ours[2].id = theirs[2].id = taken.pk
    expected = _verdict(_one_by_one, theirs)
    assert "id" in expected[0] and _verdict(promotions_clean, ours) == expected


def test_promotions_clean_accepts_valid_items_with_one_query(django_assert_num_queries):
    from governance.services.conflicts import promotions_clean

    ours, theirs = _pair(str(uuid.uuid4()), [GOOD, ("vetoed", {"a": "1"}), GOOD, ("unproven", {})])
    expected = _verdict(_one_by_one, theirs)
    assert expected[0] is None
    with django_assert_num_queries(1):  # the ids' uniqueness, once for all (full_clean asked once each)
        assert _verdict(promotions_clean, ours) == expected


def test_review_items_have_no_check_but_their_fields_and_the_unique_id():
    """promotions_clean validates the shared fields once and the ids' uniqueness in one query: if the
    model gains a unique field, a constraint or its own ``clean``, this fails and it must be revisited."""
    from django.db import models

    item = _items(uuid.uuid4(), [GOOD])[0]
    unique, for_date = item._get_unique_checks()
    assert unique == [(ReviewItem, ("id",))] and for_date == []
    assert ReviewItem._meta.constraints == [] and ReviewItem.clean is models.Model.clean


def test_the_items_are_copied_in_not_inserted_and_marked_saved():
    """perf52b: one COPY (config.db.copy_insert) instead of bulk_create's INSERT; rows as before
    (the first test), the instances marked saved as bulk_create leaves them."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    actor, subject = Actor.system("tests"), uuid.uuid4()
    with CaptureQueriesContext(connection) as sent:
        opened = promotion_reviews_open(actor=actor, subject_id=str(subject), items=[GOOD, ("vetoed", {"a": "9"})])
    assert not [q for q in sent if q["sql"].startswith("INSERT") and "governance_reviewitem" in q["sql"]]
    assert all(not item._state.adding and item._state.db == "default" for item in opened)
    assert sorted(ReviewItem.objects.filter(subject_id=subject).values_list("reason", "refs", "subject_id")) == [
        ("unsure_equivalence", {"a": "1", "b": "2"}, subject), ("vetoed", {"a": "9"}, subject)]
