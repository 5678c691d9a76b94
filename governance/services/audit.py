"""The audit chain: append one event (in the caller's transaction) and verify the whole chain."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db import connection, transaction
from django.utils import timezone

from config.actors import Actor
from config.audit import AuditCall
from governance.models import AuditEvent

GENESIS_HASH = "0" * 64
# Serialises appends so each row chains to the row committed just before it (taken inside
# quorum_audit_append, governance migration 0012; benchmarks/erasure.py takes it too).
_CHAIN_LOCK_KEY = 0x51_75_6F_72_75_6D_41  # "QuorumA"
_MAX_DATA_BYTES = 4096


def canonical_content(*, occurred_at: datetime, actor_kind: str, actor_id: str, action: str,
                      object_type: str, object_id: str, data: Mapping[str, Any]) -> str:
    return json.dumps(
        {
            "occurred_at": occurred_at.isoformat(timespec="microseconds"),
            "actor": [actor_kind, actor_id],
            "action": action,
            "object": [object_type, object_id],
            "data": data,
        },
        sort_keys=True,
        separators=(",", ":"),
        ensure_ascii=True,
        default=str,
    )


def chain_hash(prev_hash: str, content: str) -> str:
    return hashlib.sha256(f"{prev_hash}\n{content}".encode()).hexdigest()


# The chain's lock, the tail read (with a snapshot taken after the lock) and the insert, in one
# round trip: governance migration 0012 (docs/decisions/0013). Same formula as `chain_hash`.
APPEND_CALL = "quorum_audit_append(%s, %s, %s, %s, %s, %s, %s::jsonb, %s)"


def audit_event_prepare(*, actor: Actor, action: str, object_type: str, object_id: str,
                        data: Mapping[str, Any] | None = None) -> AuditCall:
    """Validate one event and return it as a SQL call (``quorum_audit_append(...)``, a row
    ``(id, prev_hash, hash)``) for the caller to run in its transaction, alone or inside a larger
    statement. ``data`` must hold ids, counts, labels and hashes only; it is size-capped so that free
    text cannot sneak in by accident."""
    payload = json.loads(json.dumps(dict(data or {}), default=str))
    if len(json.dumps(payload)) > _MAX_DATA_BYTES:
        raise ValueError("audit data too large: audit rows hold ids and hashes only")
    # Microsecond precision survives the database round trip, so verification recomputes exactly.
    occurred_at = timezone.now()
    event = AuditEvent(occurred_at=occurred_at, actor_kind=actor.kind, actor_id=actor.id, action=action,
                       object_type=object_type, object_id=object_id, data=payload)
    # Field checks only (no query): the chain fields are filled in by the database.
    event.full_clean(exclude=["prev_hash", "hash"], validate_unique=False, validate_constraints=False)
    content = canonical_content(occurred_at=occurred_at, actor_kind=actor.kind, actor_id=actor.id,
                                action=action, object_type=object_type, object_id=object_id, data=payload)
    return AuditCall(sql=APPEND_CALL, params=[occurred_at, actor.kind, actor.id, action, object_type, object_id,
                                              json.dumps(payload), content], event=event)


# savepoint=False: inside a caller's transaction a failed audit append must fail the whole change,
# and skipping the savepoint saves two round trips on every write.
@transaction.atomic(savepoint=False)
def audit_event_record(*, actor: Actor, action: str, object_type: str, object_id: str,
                       data: Mapping[str, Any] | None = None) -> AuditEvent:
    """Append an event to the chain inside the caller's transaction (one statement)."""
    call = audit_event_prepare(actor=actor, action=action, object_type=object_type, object_id=object_id,
                               data=data)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT id, prev_hash, hash FROM {call.sql}", call.params)
        return call.saved(*cursor.fetchone())


@dataclass(frozen=True)
class ChainReport:
    checked: int
    ok: bool
    first_bad_id: int | None = None
    problem: str | None = None


def _rows(batch: int = 2000) -> Iterator[AuditEvent]:
    return AuditEvent.objects.order_by("id").iterator(chunk_size=batch)


def audit_chain_verify() -> ChainReport:
    """Recompute every hash in id order; report the first row that breaks the chain."""
    prev_hash = GENESIS_HASH
    checked = 0
    for event in _rows():
        checked += 1
        if event.prev_hash != prev_hash:
            return ChainReport(checked, False, event.pk, "prev_hash does not match the previous row")
        content = canonical_content(occurred_at=event.occurred_at, actor_kind=event.actor_kind,
                                    actor_id=event.actor_id, action=event.action,
                                    object_type=event.object_type, object_id=event.object_id,
                                    data=event.data)
        if chain_hash(prev_hash, content) != event.hash:
            return ChainReport(checked, False, event.pk, "row content does not match its hash")
        prev_hash = event.hash
    return ChainReport(checked, True)


CHAIN_STATUS_CACHE_KEY = "governance:audit_chain_status"


def audit_chain_check() -> ChainReport:
    """Verify the chain and keep the outcome (counts and ids only) for the operator overview."""
    from django.core.cache import cache

    report = audit_chain_verify()
    cache.set(CHAIN_STATUS_CACHE_KEY, {"ok": report.ok, "checked": report.checked, "first_bad_id": report.first_bad_id,
                                       "problem": report.problem, "at": timezone.now().isoformat()}, timeout=None)
    return report


def audit_chain_last_status() -> dict | None:
    """The latest recorded verification (from the beat task or the overview's "verify now")."""
    from django.core.cache import cache
    from django.core.cache.backends.base import InvalidCacheBackendError

    try:
        return cache.get(CHAIN_STATUS_CACHE_KEY)
    except (InvalidCacheBackendError, ConnectionError, OSError):
        return None
