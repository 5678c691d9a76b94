"""config.audit.audits_deferred: a block's audit appends sent at its end, in order, in the caller's
transaction, so the chain's lock is not held through the block (perf48)."""

from __future__ import annotations

import threading

import pytest
from django.db import connection, transaction
from django.db.utils import OperationalError
from django.utils import timezone

from config.actors import Actor
from config.audit import audit, audit_many, audits_deferred
from governance.models import AuditEvent
from governance.services.audit import audit_chain_verify, audit_event_record

ACTOR = Actor.system("tests")


def _last_pk() -> int:
    return AuditEvent.objects.order_by("-pk").values_list("pk", flat=True).first() or 0


@pytest.mark.django_db
def test_appends_wait_for_the_end_of_the_block_and_keep_their_order_and_times() -> None:
    before = _last_pk()
    with transaction.atomic():
        with audits_deferred():
            first = audit(actor=ACTOR, action="test.deferred", object_type="thing", object_id=1, data={"i": 1})
            between = timezone.now()
            audit_many([{"actor": ACTOR, "action": "test.deferred", "object_type": "thing", "object_id": i,
                         "data": {"i": i}} for i in (2, 3)])
            audit(actor=ACTOR, action="test.deferred", object_type="thing", object_id=4, data={"i": 4})
            assert AuditEvent.objects.filter(pk__gt=before).count() == 0  # nothing sent yet
            assert first.pk is None and first.occurred_at <= between
        rows = list(AuditEvent.objects.filter(pk__gt=before).order_by("pk"))
    assert [e.data["i"] for e in rows] == [1, 2, 3, 4]
    # Each event keeps the time it was made, not the time it was sent.
    assert rows[0].occurred_at == first.occurred_at and rows[0].occurred_at <= between < rows[1].occurred_at
    assert all(b.prev_hash == a.hash for a, b in zip(rows, rows[1:]))
    assert audit_chain_verify().ok


@pytest.mark.django_db
def test_an_exception_in_the_block_sends_nothing() -> None:
    before = _last_pk()
    with pytest.raises(ZeroDivisionError), transaction.atomic():
        with audits_deferred():
            audit(actor=ACTOR, action="test.deferred", object_type="thing", object_id=1)
            raise ZeroDivisionError
    with transaction.atomic(), audits_deferred():
        pass  # an empty block sends nothing and fails nothing
    assert AuditEvent.objects.filter(pk__gt=before).count() == 0


@pytest.mark.django_db
def test_nested_blocks_send_once_at_the_outer_end() -> None:
    before = _last_pk()
    with transaction.atomic(), audits_deferred():
        with audits_deferred():
            audit(actor=ACTOR, action="test.deferred", object_type="thing", object_id=1)
        assert AuditEvent.objects.filter(pk__gt=before).count() == 0
        audit(actor=ACTOR, action="test.deferred", object_type="thing", object_id=2)
    assert list(AuditEvent.objects.filter(pk__gt=before).order_by("pk").values_list("object_id", flat=True)) == ["1", "2"]


def _append_elsewhere(result: list[object]) -> None:
    """Another session's audited transaction, giving up after 1 s of waiting for the chain's lock."""
    try:
        with transaction.atomic():
            with connection.cursor() as cursor:
                cursor.execute("SET LOCAL lock_timeout = '1s'")
            audit_event_record(actor=ACTOR, action="test.elsewhere", object_type="thing", object_id="x")
        result.append("appended")
    except OperationalError as exc:
        result.append(type(exc).__name__)
    finally:
        connection.close()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("deferred", [True, False])
def test_another_transaction_can_audit_while_a_deferred_block_works(deferred: bool) -> None:
    """The point of the block: the chain's lock is taken at its end, so a transaction that audited
    in the block does not hold up the others until it commits. Without the block it does (the
    second case is the control: it shows the test can fail)."""
    result: list[object] = []
    with transaction.atomic():
        if deferred:
            with audits_deferred():
                audit(actor=ACTOR, action="test.deferred", object_type="thing", object_id=1)
                other = threading.Thread(target=_append_elsewhere, args=(result,))
                other.start()
                other.join()
        else:
            audit(actor=ACTOR, action="test.deferred", object_type="thing", object_id=1)
            other = threading.Thread(target=_append_elsewhere, args=(result,))
            other.start()
            other.join()
    assert result == (["appended"] if deferred else ["OperationalError"])
    assert audit_chain_verify().ok
