"""The write path's one round trip (issue 17): outside a caller's transaction, a plain append into a
space this process already knows is BEGIN + space lock + the append statement + COMMIT sent as one
script, with the same row, audit row, marker and response as the general path."""

from __future__ import annotations

import threading

import pytest
from django.db import connection, connections
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from config.actors import Actor
from governance.models import AuditEvent
from governance.services.audit import audit_chain_verify
from memory.apis import MemoryDetailSerializer
from memory.models import Memory, MemorySpace, Subject
from memory.services import memories
from memory.services.memories import memory_record

pytestmark = pytest.mark.django_db(transaction=True)


def rec(agent, **kwargs):
    defaults = {"actor": Actor.for_agent(agent), "agent": agent, "subject_ref": "person-1", "kind": "event",
                "content": "Asked for the Q3 report", "session_id": "s1"}
    defaults.update(kwargs)
    return memory_record(**defaults)


def test_a_known_space_append_is_one_script_with_the_general_paths_result(make_agent):
    agent = make_agent("rt1")[0]
    first = rec(agent, content="first note creates the space")  # general path: the space is remembered
    with CaptureQueriesContext(connection) as ctx:
        result = rec(agent, content="Asked about the Atlas rollout", session_id="s2")
    statements = [q["sql"] for q in ctx.captured_queries]
    assert len(statements) == 1, statements
    script = statements[0]
    assert script.startswith("BEGIN;") and "FOR UPDATE" in script and "quorum_audit_append" in script
    assert script.rstrip().endswith("COMMIT")
    assert connection.connection.info.transaction_status == 0  # IDLE: committed, nothing left open

    memory = Memory.objects.get(pk=result.memory.pk)
    assert result.created and not result.deduplicated and memory.space_id == first.memory.space_id
    assert memory.content == "Asked about the Atlas rollout" and memory.embedding_pending
    assert memory.subject_id == first.memory.subject_id and memory.agent_id == agent.pk
    event = AuditEvent.objects.get(action="memory.recorded", object_id=str(memory.pk))
    assert event.data == {"space": str(memory.space_id), "kind": "event", "trust": memory.trust, "redactions": 0,
                          "quarantined": False, "supersedes": [], "conflict": None}
    assert Subject.objects.get(external_ref="person-1").consolidation_requested_at >= memory.recorded_at
    assert audit_chain_verify().ok

    # The response built from the returned object equals the one built from the stored row.
    now = timezone.now()
    returned = dict(MemoryDetailSerializer(result.memory, context={"now": now, "claims": []}).data)
    stored = dict(MemoryDetailSerializer(Memory.objects.select_related("subject", "predicate").get(pk=memory.pk),
                                         context={"now": now}).data)
    assert returned == stored


def test_a_duplicate_takes_the_general_path_and_is_confirmed(make_agent):
    agent = make_agent("rt2")[0]
    first = rec(agent, content="Vive en Valencia")
    second = rec(agent, content="Vive en Valencia", session_id="s9")
    assert second.deduplicated and not second.created and second.memory.pk == first.memory.pk
    assert Memory.objects.filter(content="Vive en Valencia").count() == 1
    assert AuditEvent.objects.filter(action="memory.confirmed", object_id=str(first.memory.pk)).count() == 1
    assert AuditEvent.objects.filter(action="memory.recorded").count() == 1
    assert audit_chain_verify().ok


def test_a_space_erased_since_it_was_remembered_is_created_again(make_agent):
    agent = make_agent("rt3")[0]
    first = rec(agent, content="before the erasure")
    Memory.objects.filter(space_id=first.memory.space_id).delete()
    MemorySpace.objects.filter(pk=first.memory.space_id).delete()
    Subject.objects.filter(external_ref="person-1").delete()
    after = rec(agent, content="after the erasure")  # the remembered ids are stale: nothing written by them
    assert after.created and after.memory.space_id != first.memory.space_id
    stored = Memory.objects.get(pk=after.memory.pk)
    assert stored.space.subject.external_ref == "person-1" and stored.space.agent_id == agent.pk
    assert Memory.objects.count() == 1
    assert AuditEvent.objects.filter(action="memory.recorded").count() == 2 and audit_chain_verify().ok
    third = rec(agent, content="the new space is remembered")
    assert third.memory.space_id == after.memory.space_id


def test_a_failed_script_writes_nothing_and_leaves_the_connection_usable(make_agent):
    agent = make_agent("rt4")[0]
    first = rec(agent, content="creates the space")
    held, release = threading.Event(), threading.Event()

    def hold_the_space_lock() -> None:
        other = connections.create_connection("default")
        try:
            with other.cursor() as cursor:
                cursor.execute("BEGIN")
                cursor.execute("SELECT 1 FROM memory_memoryspace WHERE id = %s FOR UPDATE", [first.memory.space_id])
                held.set()
                release.wait(10)
                cursor.execute("ROLLBACK")
        finally:
            other.close()

    holder = threading.Thread(target=hold_the_space_lock)
    holder.start()
    try:
        assert held.wait(10)
        with connection.cursor() as cursor:
            cursor.execute("SET lock_timeout = '100ms'")
        with pytest.raises(Exception, match="lock"):
            rec(agent, content="waits for the lock and gives up")
    finally:
        release.set()
        holder.join()
        with connection.cursor() as cursor:
            cursor.execute("SET lock_timeout = 0")
    assert connection.connection.info.transaction_status == 0  # the aborted script was rolled back
    assert not Memory.objects.filter(content="waits for the lock and gives up").exists()
    assert AuditEvent.objects.filter(action="memory.recorded").count() == 1
    again = rec(agent, content="waits for the lock and gives up")  # the same write succeeds afterwards
    assert again.created and audit_chain_verify().ok


def test_inside_a_callers_transaction_the_general_path_runs_and_rolls_back_with_it(make_agent):
    from django.db import transaction

    agent = make_agent("rt5")[0]
    rec(agent, content="creates the space")
    with pytest.raises(RuntimeError, match="caller fails"), transaction.atomic():
        with CaptureQueriesContext(connection) as ctx:
            rec(agent, content="inside the caller's transaction")
        assert not any(q["sql"].startswith("BEGIN;") for q in ctx.captured_queries)
        raise RuntimeError("caller fails")
    assert not Memory.objects.filter(content="inside the caller's transaction").exists()


def test_the_remembered_spaces_are_bounded(make_agent, monkeypatch):
    agent = make_agent("rt6")[0]
    monkeypatch.setattr(memories, "_SPACES_MAX", 3)
    for n in range(5):
        rec(agent, subject_ref=f"bounded-{n}", content=f"note {n}")
    known = [ref for (agent_id, ref) in memories._SPACES if agent_id == agent.pk]
    assert known == ["bounded-2", "bounded-3", "bounded-4"]
