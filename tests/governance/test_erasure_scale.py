"""The one-pass residue scan (decision 0007) keeps the scan's guarantees at any number of values.

Every text/varchar/json/jsonb column of every public table — including a table no model knows —
and every Redis key and value (kombu bodies decoded); counts and store names, never values; and a
cost that does not grow with the number of values searched (the same queries for 1 or 5,000).
"""

from __future__ import annotations

import base64
import json
import uuid

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from config.actors import Actor
from config.redis import get_redis
from governance.services.dsr import dsr_execute, dsr_submit
from governance.services.residue import residue_scan, scan_database
from memory.models import CollectiveFact, Evidence, Memory, MemoryClaim, Subject
from memory.services.memories import memory_record

pytestmark = pytest.mark.django_db

MARKER = "Quenobrial-83 es la palabra que nadie más dice"
DECOYS = [f"valor señuelo número {i:05d} de otra persona" for i in range(5000)]


@pytest.fixture
def probe_table():
    """A table outside every model, with a text, a varchar and a jsonb column (rolled back)."""
    with connection.cursor() as cursor:
        cursor.execute("CREATE TABLE residue_probe (note text, label varchar(80), doc jsonb)")
    return "residue_probe"


@pytest.fixture
def redis_keys():
    created: list[str] = []
    yield created
    if created:
        get_redis().delete(*created)


def plant(redis_keys: list[str]) -> None:
    with connection.cursor() as cursor:
        cursor.execute("INSERT INTO residue_probe VALUES (%s, 'x', NULL), ('nada', 'y', %s::jsonb)",
                       [f"copia: {MARKER}", json.dumps({"deep": ["a", {"b": MARKER}]}, ensure_ascii=False)])
    key = f"quorum:test:{uuid.uuid4().hex}"
    body = base64.b64encode(json.dumps({"args": [MARKER]}, ensure_ascii=False).encode()).decode()
    get_redis().set(key, json.dumps({"body": body, "content-encoding": "utf-8"}))  # a kombu-shaped envelope
    redis_keys.append(key)


def test_planted_residue_is_found_in_any_table_jsonb_and_redis_without_naming_values(probe_table, redis_keys):
    assert residue_scan([MARKER, *DECOYS])["matches"] == 0
    plant(redis_keys)
    report = residue_scan([MARKER, *DECOYS])
    assert report["matches"] == 3
    assert report["where"] == ["redis:string", "residue_probe.doc", "residue_probe.note"]
    assert report["values_searched"] == 5001
    assert "Quenobrial" not in json.dumps(report) and "señuelo" not in json.dumps(report)
    # A value the data does not contain, however many are searched, finds nothing.
    assert residue_scan(DECOYS)["matches"] == 0


def test_large_tables_are_streamed_and_still_searched(probe_table, redis_keys, monkeypatch):
    from governance.services import residue

    monkeypatch.setattr(residue, "STREAM_BYTES", 1)  # every non-empty table through a server-side cursor
    monkeypatch.setattr(residue, "BATCH_ROWS", 1)  # and one row per batch
    plant(redis_keys)
    assert residue_scan([MARKER, *DECOYS[:100]])["matches"] == 3


def test_the_scan_costs_the_same_queries_for_one_value_or_five_thousand(probe_table, redis_keys):
    plant(redis_keys)
    with CaptureQueriesContext(connection) as one:
        assert scan_database([MARKER])[1] == 2
    with CaptureQueriesContext(connection) as many:
        columns, matches = scan_database([*DECOYS, MARKER])
    assert matches == 2 and columns > 50
    assert len(many) == len(one)  # one query per non-empty table, not one per value (or column)
    assert any('FROM "residue_probe"' in q["sql"] for q in many.captured_queries)
    assert not any("LIKE" in q["sql"] or "strpos" in q["sql"] for q in many.captured_queries)


def test_a_clean_whole_person_erasure_then_planted_residue(make_agent, probe_table, redis_keys):
    agents = [make_agent(f"scale-{i}")[0] for i in range(2)]
    for i, agent in enumerate(agents):
        for n, content in enumerate((MARKER, f"Otra nota {i} de la persona, solo suya: {uuid.uuid4().hex}")):
            memory_record(actor=Actor.for_agent(agent), agent=agent, subject_ref="ana-garcia", kind="fact",
                          content=content, session_id=f"s{i}", origin_ref=f"u{i}-{n}", key=f"k{n}-{i}",
                          category="user.behavior", asserted_by="user")
    subject = Subject.objects.get(external_ref="ana-garcia")
    request = dsr_submit(actor=Actor.system("tests"), subject_id=subject.pk, type="erasure", scope={"all": True},
                         verified=True)
    done = dsr_execute(actor=Actor.system("rights"), request_id=request.pk)
    assert done.status == "completed" and done.result["residue"]["matches"] == 0
    assert done.result["counts"]["memories"] == 4 and not Memory.objects.exists()
    assert done.result["residue"]["values_searched"] >= 3  # both contents + the reference
    # The same scan, the same values: the residue a defect would leave is found.
    plant(redis_keys)
    assert residue_scan([MARKER])["matches"] == 3


def test_memory_deletion_handles_every_relation_to_a_memory():
    """``memory.services.erasure._memories_delete`` deletes in SQL: it must know every dependant."""
    relations = {(r.related_model, r.field.name, r.on_delete.__name__) for r in Memory._meta.related_objects}
    assert relations == {(Memory, "supersedes", "SET_NULL"), (Evidence, "memory", "CASCADE"),
                         (MemoryClaim, "memory", "CASCADE")}
    assert CollectiveFact not in {r.related_model for r in Memory._meta.related_objects}
