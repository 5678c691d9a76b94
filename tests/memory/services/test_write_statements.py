"""The write path's round trips (issue 17): a plain append is the space lock plus one statement
(dedupe, insert, consolidation marker, audit row), with the same behaviour as the general path."""

from __future__ import annotations

import threading

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from config.actors import Actor
from governance.models import AuditEvent
from governance.services.audit import audit_chain_verify
from memory.models import Memory, Subject
from memory.services.memories import memory_record


def rec(agent, **kwargs):
    defaults = {"actor": Actor.for_agent(agent), "agent": agent, "subject_ref": "person-1", "kind": "event",
                "content": "Asked for the Q3 report", "session_id": "s1"}
    defaults.update(kwargs)
    return memory_record(**defaults)


def _statements(ctx: CaptureQueriesContext) -> list[str]:
    return [q["sql"] for q in ctx.captured_queries
            if not q["sql"].startswith(("SAVEPOINT", "RELEASE SAVEPOINT", "BEGIN", "COMMIT"))]


@pytest.mark.django_db
def test_a_plain_append_is_the_space_lock_and_one_statement(make_agent):
    agent = make_agent("rt")[0]
    rec(agent, content="first note creates the space")
    with CaptureQueriesContext(connection) as ctx:
        result = rec(agent, content="Asked about the Atlas rollout", session_id="s2")
    statements = _statements(ctx)
    assert len(statements) == 2, statements
    assert "FOR UPDATE" in statements[0] and "quorum_audit_append" in statements[1]
    memory = Memory.objects.get(pk=result.memory.pk)
    assert result.created and memory.content == "Asked about the Atlas rollout" and memory.embedding_pending
    assert memory.content_tsv  # the generated column is computed by the database, not sent
    event = AuditEvent.objects.get(action="memory.recorded", object_id=str(memory.pk))
    assert event.data == {"space": str(memory.space_id), "kind": "event", "trust": memory.trust, "redactions": 0,
                          "quarantined": False, "supersedes": [], "conflict": None}
    assert Subject.objects.get(external_ref="person-1").consolidation_requested_at >= memory.recorded_at
    assert audit_chain_verify().ok


@pytest.mark.django_db
def test_the_one_statement_dedupe_confirms_and_stores_nothing(make_agent):
    agent = make_agent("dd")[0]
    first = rec(agent, content="Vive en Valencia")
    marked = Subject.objects.get(external_ref="person-1").consolidation_requested_at
    second = rec(agent, content="Vive en Valencia", session_id="s9")
    assert second.deduplicated and not second.created and second.memory.pk == first.memory.pk
    assert Memory.objects.filter(content="Vive en Valencia").count() == 1
    assert AuditEvent.objects.filter(action="memory.confirmed", object_id=str(first.memory.pk)).count() == 1
    assert AuditEvent.objects.filter(action="memory.recorded").count() == 1
    assert Subject.objects.get(external_ref="person-1").consolidation_requested_at == marked  # not re-marked
    other_kind = rec(agent, kind="fact", content="Vive en Valencia")  # dedupe is per kind, as before
    assert other_kind.created


@pytest.mark.django_db
def test_secrets_and_special_categories_are_applied_on_the_one_statement_path(make_agent):
    agent = make_agent("insp")[0]
    result = rec(agent, content="Mi clave es sk-proj-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789 y tengo diabetes")
    memory = Memory.objects.get(pk=result.memory.pk)
    assert "sk-proj-AbCdEf" not in memory.content and memory.redaction_count >= 1 and result.redactions >= 1
    assert memory.special_category  # the lexical special-category stage ran and was stored
    assert "sk-proj" not in str(AuditEvent.objects.get(object_id=str(memory.pk)).data)


@pytest.mark.django_db(transaction=True)
def test_concurrent_writers_keep_dedupe_and_one_audit_chain(make_agent):
    agent = make_agent("conc")[0]
    rec(agent, content="warm the space")
    errors: list[BaseException] = []
    results = []

    def writer(n: int) -> None:
        try:
            for i in range(6):
                results.append(rec(agent, content="the same note from everyone"))
                results.append(rec(agent, content=f"writer {n} note {i}"))
        except BaseException as exc:  # noqa: BLE001 - surfaced by the assertion below
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=writer, args=(n,)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors
    assert Memory.objects.filter(content="the same note from everyone").count() == 1
    assert sum(r.created for r in results) == 1 + 24
    assert Memory.objects.count() == 1 + 1 + 24
    report = audit_chain_verify()
    assert report.ok and AuditEvent.objects.filter(action="memory.confirmed").count() == 23
