"""config.db.upsert_one sends what bulk_create(update_conflicts=True) sends for one instance (perf53a)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from config.db import upsert_one
from memory.models import Digest, Subject

pytestmark = pytest.mark.django_db

_UPSERT = {"unique_fields": ["subject"], "update_fields": ["built_at", "items", "text"]}


def _row(subject: Subject) -> tuple:
    with connection.cursor() as cursor:
        cursor.execute("SELECT subject_id, built_at, items::text, text FROM memory_digest WHERE subject_id = %s",
                       [subject.pk])
        return cursor.fetchone()


def test_the_same_statement_and_row_as_bulk_create_new_and_on_conflict():
    ours, theirs = Subject.objects.create(external_ref="a"), Subject.objects.create(external_ref="b")
    now = timezone.now()
    for items, text in (([{"fact": "1", "importance": 0.5}], "- uno"), ([], ""), ([{"fact": "2", "importance": 1}],
                                                                                  "- dos\n- 'tres' \\ ü")):
        mine = Digest(subject=ours, built_at=now, items=items, text=text)
        other = Digest(subject=theirs, built_at=now, items=items, text=text)
        with CaptureQueriesContext(connection) as sent_mine:
            upsert_one(mine, **_UPSERT)
        with CaptureQueriesContext(connection) as sent_theirs:
            Digest.objects.bulk_create([other], update_conflicts=True, **_UPSERT)
        assert [q["sql"].replace(str(ours.pk.hex), "ID") for q in sent_mine] == \
            [q["sql"].replace(str(theirs.pk.hex), "ID") for q in sent_theirs]
        assert _row(ours)[1:] == _row(theirs)[1:]
        assert (mine._state.adding, mine._state.db, mine.pk) == (other._state.adding, other._state.db, ours.pk)
    assert Digest.objects.filter(subject__in=[ours, theirs]).count() == 2


def test_a_model_with_a_returned_column_is_left_to_bulk_create():
    """An auto-incremented key is returned by bulk_create's statement: upsert_one leaves it to it."""
    from agents_registry.models import Agent

    agent = Agent(slug="upsert-agent", role="r", domain="work")
    with CaptureQueriesContext(connection) as sent:
        upsert_one(agent, unique_fields=["slug"], update_fields=["role"])
    assert "RETURNING" in sent[-1]["sql"] and agent.pk == Agent.objects.get(slug="upsert-agent").pk
