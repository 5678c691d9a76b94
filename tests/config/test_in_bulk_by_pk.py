"""config.db.in_bulk_by_pk is ``in_bulk``: the same instances from one fixed statement (perf53a)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from agents_registry.models import Agent
from config.db import in_bulk_by_pk
from memory.models import Subject

pytestmark = pytest.mark.django_db


def _loaded(obj: Any) -> dict[str, Any]:
    out = {k: (type(v), v) for k, v in obj.__dict__.items() if k != "_state"}
    out["_state"] = (obj._state.adding, obj._state.db)
    return out


def _same(got: dict, expected: dict) -> None:
    assert list(got) == list(expected) or set(got) == set(expected)
    assert {k: _loaded(v) for k, v in got.items()} == {k: _loaded(v) for k, v in expected.items()}


def test_agents_by_id_are_in_bulks(make_agent):
    made = [make_agent(f"bulk-{i}", domain="work", verified_channel=i == 1)[0] for i in range(4)]
    Agent.objects.filter(pk=made[2].pk).update(purposes=["analytics", "it's \"quoted\""], lineage="shared")
    ids = [a.pk for a in made]
    missing = max(ids) + 1000
    for asked in ([ids[0]], ids, ids[::-1], [str(i) for i in ids[:2]], [ids[1], missing], [missing], set(ids)):
        _same(in_bulk_by_pk(Agent, asked), Agent.objects.in_bulk(asked))
    with CaptureQueriesContext(connection) as sent:
        assert in_bulk_by_pk(Agent, []) == {} == in_bulk_by_pk(Agent, set())
    assert len(sent) == 0


def test_one_statement_whatever_the_count(make_agent):
    made = [make_agent(f"count-{i}", domain="work")[0] for i in range(3)]
    with CaptureQueriesContext(connection) as sent:
        for n in (1, 2, 3):
            in_bulk_by_pk(Agent, [a.pk for a in made[:n]])
    # Django logs the statement with the array interpolated: the same text around it each time.
    assert len(sent) == 3 and len({re.sub(r"ANY\('[^']*'", "ANY(…", q["sql"]) for q in sent}) == 1


def test_a_bad_id_raises_as_in_bulk_raises():
    for bad in ("x", "1.5"):
        with pytest.raises(ValueError):
            Agent.objects.in_bulk([bad])
        with pytest.raises(ValueError):
            in_bulk_by_pk(Agent, [bad])


def test_uuid_keys_too():
    people = [Subject.objects.create(external_ref=f"p{i}") for i in range(3)]
    asked = [people[0].pk, str(people[1].pk)]
    _same(in_bulk_by_pk(Subject, asked), Subject.objects.in_bulk(asked))
