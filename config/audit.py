"""The audit hook that every app's services call, without importing ``governance`` directly.

``agents_registry`` must not import the other apps (DESIGN §2), yet its services must audit in
their own transaction. ``governance`` registers its ``audit_event_record`` service here when the
app registry is ready; calling :func:`audit` before that is a programming error and fails loudly
(never silently skips an audit row).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from django.db import DEFAULT_DB_ALIAS, connection, transaction

from config.actors import Actor

_recorder: Callable[..., Any] | None = None
_preparer: Callable[..., "AuditCall"] | None = None


@dataclass(frozen=True)
class AuditCall:
    """One validated audit append as a SQL call expression and its parameters.

    ``sql`` is a set-returning call (``quorum_audit_append(...)``) yielding one row ``(id,
    prev_hash, hash)``; the caller runs it in its own transaction, alone or as part of a larger
    statement (the memory write path appends its audit row in the statement that inserts the
    memory). ``event`` is the unsaved row; ``saved`` fills in what the database computed.
    """

    sql: str
    params: list[Any]
    event: Any

    def saved(self, pk: int, prev_hash: str, hash_: str) -> Any:
        self.event.pk, self.event.prev_hash, self.event.hash = pk, prev_hash, hash_
        self.event._state.adding = False
        self.event._state.db = DEFAULT_DB_ALIAS
        return self.event


#: The appends an :func:`audits_deferred` block holds back, in call order (None: outside one).
_deferred: ContextVar[list[AuditCall] | None] = ContextVar("quorum_audits_deferred", default=None)


@contextmanager
def audits_deferred() -> Iterator[None]:
    """Hold back the block's audit appends (:func:`audit`, :func:`audit_many`) and send them, in
    the order they were made, when the block ends normally — still in the caller's transaction,
    which must be open around the block: each event is validated and timed (``occurred_at``) when
    it is made, as without the block; only the statement that appends it to the chain comes later.

    Why: the chain's append takes one transaction-scoped lock (``quorum_audit_append``) that every
    audited transaction in the database shares until it commits. A long transaction that audits early
    holds it for the rest of its work, and any other audited transaction waits: the deep pass's two
    chains did, a run's first append (step 2 or 5) to its commit (docs/performance.md, perf48). With
    the appends at the block's end the lock is held from there to the commit. An exception in the
    block sends nothing (the transaction rolls back anyway). Inside a block, :func:`audit` returns
    the unsaved event (no id or hash yet). Nested blocks: the outermost sends."""
    if _deferred.get() is not None:
        yield
        return
    held: list[AuditCall] = []
    token = _deferred.set(held)
    try:
        yield
    finally:
        _deferred.reset(token)
    _send(held)


def _send(calls: Sequence[AuditCall]) -> None:
    """Append prepared calls in order, one pipelined round trip (psycopg's ``executemany``)."""
    if not calls:
        return
    if len({call.sql for call in calls}) != 1:
        raise RuntimeError("audit: the recorder prepared different statements")
    # As audit_event_record: no savepoint (inside a caller's transaction a failed append fails it all).
    with transaction.atomic(savepoint=False), connection.cursor() as cursor:
        cursor.executemany(f"SELECT id, prev_hash, hash FROM {calls[0].sql}", [call.params for call in calls])


def register_recorder(recorder: Callable[..., Any], preparer: Callable[..., AuditCall] | None = None) -> None:
    global _recorder, _preparer
    _recorder = recorder
    _preparer = preparer


def audit(*, actor: Actor, action: str, object_type: str, object_id: str | int,
          data: Mapping[str, Any] | None = None) -> Any:
    """Append one audit event in the caller's transaction. ``data``: ids, counts, hashes only."""
    if _recorder is None:
        raise RuntimeError("no audit recorder registered (is the governance app installed?)")
    held = _deferred.get()
    if held is not None and _preparer is not None:
        call = _preparer(actor=actor, action=action, object_type=object_type, object_id=str(object_id),
                         data=dict(data or {}))
        held.append(call)
        return call.event
    return _recorder(actor=actor, action=action, object_type=object_type, object_id=str(object_id),
                     data=dict(data or {}))


def audit_many(events: Sequence[Mapping[str, Any]]) -> None:
    """Append several events, in this order, in the caller's transaction: what :func:`audit` does
    for each (same validation, same chain), the appends sent together (psycopg's ``executemany``,
    pipelined: one round trip instead of one per event; inside :func:`audits_deferred`, at its end).
    ``events``: :func:`audit`'s keyword arguments, one mapping each. Nothing is returned (the saved
    rows are not read back)."""
    if not events:
        return
    if _preparer is None:
        raise RuntimeError("no audit recorder registered (is the governance app installed?)")
    calls = [_preparer(actor=e["actor"], action=e["action"], object_type=e["object_type"],
                       object_id=str(e["object_id"]), data=dict(e.get("data") or {})) for e in events]
    held = _deferred.get()
    if held is not None:
        held.extend(calls)
        return
    _send(calls)


def audit_call(*, actor: Actor, action: str, object_type: str, object_id: str | int,
               data: Mapping[str, Any] | None = None) -> AuditCall:
    """The same append as :func:`audit`, returned as SQL for the caller to run inside its own
    statement (in the caller's transaction). Not running it is a missing audit row: callers must."""
    if _preparer is None:
        raise RuntimeError("no audit recorder registered (is the governance app installed?)")
    return _preparer(actor=actor, action=action, object_type=object_type, object_id=str(object_id),
                     data=dict(data or {}))
