"""The audit chain: append-only in the database, hash-chained, verifiable (DESIGN §8)."""

from __future__ import annotations

import threading
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import DatabaseError, connection, transaction

from config.actors import Actor
from config.audit import audit
from governance.models import AuditEvent
from governance.services.audit import GENESIS_HASH, audit_chain_verify, audit_event_record

pytestmark = pytest.mark.django_db
ACTOR = Actor.system("tests")


def record(n: int) -> list[AuditEvent]:
    return [audit_event_record(actor=ACTOR, action="test.event", object_type="thing", object_id=str(i),
                               data={"i": i, "ids": [i, i + 1]}) for i in range(n)]


def test_events_chain_to_their_predecessor():
    events = record(3)
    assert events[0].prev_hash == GENESIS_HASH
    assert events[1].prev_hash == events[0].hash
    assert events[2].prev_hash == events[1].hash
    assert audit_chain_verify().ok


def test_update_is_refused_by_the_database():
    event = record(1)[0]
    with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute("UPDATE governance_auditevent SET action = 'x' WHERE id = %s", [event.pk])
    with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():
        AuditEvent.objects.filter(pk=event.pk).update(object_id="other")


def test_delete_is_refused_by_the_database():
    event = record(1)[0]
    with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():
        AuditEvent.objects.filter(pk=event.pk).delete()
    assert AuditEvent.objects.filter(pk=event.pk).exists()


def test_truncate_is_refused_without_the_test_only_opt_in():
    record(1)
    with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute("SET LOCAL quorum.allow_audit_truncate = 'off'")
            cursor.execute("TRUNCATE governance_auditevent")


def test_audit_verify_passes_on_an_untouched_chain():
    record(5)
    out = StringIO()
    call_command("audit_verify", stdout=out)
    assert "audit chain OK: 5 event(s)" in out.getvalue()


def _tamper(sql: str, params: list[object]) -> None:
    with connection.cursor() as cursor:
        cursor.execute("ALTER TABLE governance_auditevent DISABLE TRIGGER governance_auditevent_append_only")
        cursor.execute(sql, params)
        cursor.execute("ALTER TABLE governance_auditevent ENABLE TRIGGER governance_auditevent_append_only")


def test_audit_verify_fails_on_a_tampered_row():
    events = record(4)
    _tamper("UPDATE governance_auditevent SET data = '{\"i\": 99}' WHERE id = %s", [events[2].pk])
    with pytest.raises(CommandError, match=f"BROKEN at event #{events[2].pk}"):
        call_command("audit_verify", stdout=StringIO())


def test_audit_verify_fails_on_a_deleted_row():
    events = record(4)
    _tamper("DELETE FROM governance_auditevent WHERE id = %s", [events[1].pk])
    report = audit_chain_verify()
    assert not report.ok and report.first_bad_id == events[2].pk


def test_audit_verify_fails_when_a_hash_is_recomputed_without_its_successors():
    events = record(3)
    _tamper("UPDATE governance_auditevent SET actor_id = 'intruder' WHERE id = %s", [events[0].pk])
    assert audit_chain_verify().first_bad_id == events[0].pk


def test_audit_data_is_size_capped():
    with pytest.raises(ValueError, match="ids and hashes only"):
        audit_event_record(actor=ACTOR, action="x", object_type="y", object_id="1", data={"text": "a" * 5000})


def test_hook_routes_to_the_governance_recorder():
    event = audit(actor=Actor(kind="agent", id="7"), action="memory.recorded", object_type="memory",
                  object_id=42, data={"kind": "fact"})
    assert isinstance(event, AuditEvent)
    assert (event.actor_kind, event.actor_id, event.object_id) == ("agent", "7", "42")


@pytest.mark.django_db(transaction=True)
def test_concurrent_appends_keep_one_chain():
    errors: list[BaseException] = []

    def worker(offset: int) -> None:
        try:
            for i in range(10):
                audit_event_record(actor=ACTOR, action="test.concurrent", object_type="t",
                                   object_id=str(offset + i))
        except BaseException as exc:  # noqa: BLE001 - surfaced by the assertion below
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=worker, args=(n * 100,)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors
    report = audit_chain_verify()
    assert report.ok and report.checked == 40


def test_audit_many_appends_in_order_on_the_same_chain():
    from config.audit import audit_many

    first = record(1)[0]
    audit_many([{"actor": ACTOR, "action": "test.many", "object_type": "thing", "object_id": i, "data": {"i": i}}
                for i in range(3)])
    rows = list(AuditEvent.objects.filter(pk__gt=first.pk).order_by("pk"))
    assert [(e.action, e.object_id, e.data) for e in rows] == [("test.many", str(i), {"i": i}) for i in range(3)]
    assert rows[0].prev_hash == first.hash and rows[1].prev_hash == rows[0].hash
    assert audit_chain_verify().ok
    with pytest.raises(ValueError, match="ids and hashes only"):
        audit_many([{"actor": ACTOR, "action": "x", "object_type": "y", "object_id": 1, "data": {"t": "a" * 5000}}])
