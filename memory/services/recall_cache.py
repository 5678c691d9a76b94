"""Recall's result cache: the same question, asked again with nothing changed, answered from memory.

An agent asking the same thing about the same person several times in a row (one turn's tools, a
retry, a loop) gets the answer the first recall computed, **only if nothing that could change it
happened since**, checked against the database on every hit:

- **Data and governance**: the answer remembers its statement's snapshot
  (``pg_current_snapshot()``, in the gate row of ``memory.services.recall_statement``) and the
  person's id. Row triggers (migration ``memory.0010_recall_changes``) log one
  ``(subject_id, txid)`` per writing transaction and person in ``memory_recallchange`` for every
  table recall reads: the person's memories (the agent's own and other agents', with their
  embeddings, statuses, access stamps), spaces, collective facts and their evidence, open trust
  conflicts, restrictions and objections, data-subject requests (erasures), and — under the
  all-zero id — the sharing policy. A hit is served only if no such row has a ``txid`` the
  remembered snapshot did not see: exact, whatever the commit order, and writers never wait on one
  another (no shared counter row).
- **The agent**: its id, ``updated_at``, purposes, domain, lineage and ``is_active`` (as the
  request authenticated it) are part of the key; so are every request parameter (query, purpose,
  session, max_items, max_chars, min_trust).
- **Time**: an entry is served at most ``QUORUM_RECALL_CACHE_SECONDS`` (5 s) after it was computed
  (recency and decayed confidence drift with the clock: by ≤ 5 s, i.e. < 10⁻⁴ of a day's decay);
  the query's time reference ("yesterday") must parse to the same window; and a served memory
  whose decay clock a fresh recall would restart (its access stamp ≥ 1 h old) makes it a miss.
- **Not cached**: a degraded answer, an unknown person, a pending erasure, the workspace subject,
  an explicit ``now``, a recall inside an outer transaction (its own uncommitted writes are not in
  the change log yet), and an answer blocked by a restriction.

**A hit writes exactly what a miss writes**: the read-log rows of the served fact versions (anti-
echo) — in the very statement that checks the change log, inserted only when nothing changed — and
no decay-clock stamp (a hit is never served when one would be due). Trouble (the check fails for
any reason) → no hit: the full recall runs. ``QUORUM_RECALL_CACHE`` turns it off.

The cache is per process (a dict, LRU, ``QUORUM_RECALL_CACHE_ENTRIES``; entries past their age are
dropped whenever one is stored, so an answer does not outlive its usefulness in memory); query
text lives only in this process's memory, as in the query-embedding cache, never in logs.

**The change log is pruned** (:func:`recall_changes_prune`, beat every minute): a row is needed
only while some live entry's snapshot could have missed it. The check ignores rows below the
snapshot's ``xmin``, so each run deletes the rows below the ``xmin`` the *previous* run recorded,
if that was at least the entries' age plus a margin ago (every entry still served was computed
later, so its ``xmin`` is at least that one). The watermark lives in Valkey; losing it only delays
the next prune by a run.
"""

from __future__ import annotations

import threading
import time
import uuid
from collections import OrderedDict
from dataclasses import dataclass, replace
from datetime import datetime

import psycopg
from django.conf import settings
from django.db import DatabaseError, connection

from agents_registry.models import Agent
from config.db import allow_explicit_prepare
from memory.retrieval.temporal import TimeWindow, parse_time_reference
from memory.scrubbing.fields import refuse_secret_identifiers
from memory.services.search import ACCESS_STAMP_RESOLUTION

GLOBAL_SUBJECT = uuid.UUID(int=0)

# The check and the hit's read log in one statement: the read-log rows are inserted only when no
# change of the person (or the policy) is missing from the entry's snapshot; the statement says
# whether that was the case (a data-modifying CTE always runs to completion, in the same snapshot).
_HIT_SQL = """
WITH changed AS (
    SELECT EXISTS (
        SELECT 1 FROM memory_recallchange c
        WHERE c.subject_id = ANY(%(subjects)s::uuid[])
          AND c.txid >= pg_snapshot_xmin(%(snapshot)s::pg_snapshot)
          AND NOT pg_visible_in_snapshot(c.txid, %(snapshot)s::pg_snapshot)
    ) AS yes
),
logged AS (
    INSERT INTO memory_readlog (fact_id, lineage, subject_id, agent_id, session_id, purpose, served_at)
    SELECT u.fact_id, u.lineage, u.subject_id, %(agent)s, %(session)s, %(purpose)s, %(served_at)s
    FROM unnest(%(facts)s::uuid[], %(lineages)s::uuid[], %(fact_subjects)s::uuid[])
         AS u(fact_id, lineage, subject_id)
    WHERE NOT (SELECT yes FROM changed)
    RETURNING 1
)
SELECT (SELECT yes FROM changed), (SELECT count(*) FROM logged)
"""


@dataclass(frozen=True)
class Entry:
    result: object  # memory.services.recall.RecallResult (not imported: recall imports this module)
    subject_id: uuid.UUID
    snapshot: str
    window: TimeWindow | None
    served_facts: tuple[tuple[uuid.UUID, uuid.UUID, uuid.UUID], ...]
    accessed: tuple[datetime, ...]  # the served private memories' access stamps
    created: float  # time.monotonic()


_LOCK = threading.Lock()
_ENTRIES: OrderedDict[tuple, Entry] = OrderedDict()
HITS = 0  # answers served from this process's cache (tests and benchmarks read it)


def enabled() -> bool:
    return bool(getattr(settings, "QUORUM_RECALL_CACHE", True)) and _max_age() > 0


def _max_age() -> float:
    return float(getattr(settings, "QUORUM_RECALL_CACHE_SECONDS", 5))


def usable_here() -> bool:
    """Not inside an outer transaction: its uncommitted writes are not in the change log's view."""
    return enabled() and not connection.in_atomic_block


def key_for(*, agent: Agent, subject_ref: str, query: str, purpose: str, session_id: str, max_items: int,
            max_chars: int, min_trust: str | None) -> tuple:
    return (agent.pk, agent.updated_at, tuple(agent.purposes), agent.domain, agent.lineage, agent.is_active,
            subject_ref, query, purpose, session_id, max_items, max_chars, min_trust)


def store(key: tuple, *, result: object, subject_id: uuid.UUID | None, snapshot: str | None,
          window: TimeWindow | None, served_facts: list[tuple[uuid.UUID, uuid.UUID, uuid.UUID]],
          accessed: list[datetime]) -> None:
    if subject_id is None or not snapshot:
        return
    entry = Entry(result=result, subject_id=subject_id, snapshot=snapshot, window=window,
                  served_facts=tuple(served_facts), accessed=tuple(accessed), created=time.monotonic())
    limit = int(getattr(settings, "QUORUM_RECALL_CACHE_ENTRIES", 1024))
    oldest = entry.created - _max_age()
    with _LOCK:
        _ENTRIES[key] = entry
        _ENTRIES.move_to_end(key)
        while len(_ENTRIES) > max(limit, 0):
            _ENTRIES.popitem(last=False)
        # Least recently stored first: drop the front while it is past its age (never served again).
        while _ENTRIES and next(iter(_ENTRIES.values())).created < oldest:
            _ENTRIES.popitem(last=False)


def clear() -> None:
    with _LOCK:
        _ENTRIES.clear()


def serve(key: tuple, *, agent: Agent, query: str, session_id: str, purpose: str, now: datetime) -> object | None:
    """The remembered answer for ``key`` if nothing that could change it happened (its read log
    written, as a miss writes it), else None (the caller runs the full recall)."""
    with _LOCK:
        entry = _ENTRIES.get(key)
    if entry is None:
        return None
    if time.monotonic() - entry.created > _max_age() or any(
            now - stamp >= ACCESS_STAMP_RESOLUTION for stamp in entry.accessed):
        _drop(key, entry)
        return None
    if (parse_time_reference(query, now) if query.strip() else None) != entry.window:
        _drop(key, entry)
        return None
    if entry.served_facts:
        refuse_secret_identifiers(session_id=session_id)  # as the miss's read log does
    try:
        connection.ensure_connection()
        raw = connection.connection
        allow_explicit_prepare(raw)
        with psycopg.Cursor(raw) as cursor:
            # Prepared once per connection: a hit no longer plans the check and the insert each time.
            cursor.execute(_HIT_SQL, prepare=True, params={
                "subjects": [entry.subject_id, GLOBAL_SUBJECT], "snapshot": entry.snapshot, "agent": agent.pk,
                "session": session_id[:200], "purpose": purpose[:100], "served_at": now,
                "facts": [f[0] for f in entry.served_facts], "lineages": [f[1] for f in entry.served_facts],
                "fact_subjects": [f[2] for f in entry.served_facts]})
            changed, _ = cursor.fetchone()
    except (DatabaseError, psycopg.Error):
        _drop(key, entry)
        return None  # fail closed: the full recall runs (and degrades as it always did)
    if changed:
        _drop(key, entry)
        return None
    global HITS
    HITS += 1
    return replace(entry.result)  # type: ignore[type-var]


def _drop(key: tuple, entry: Entry) -> None:
    with _LOCK:
        if _ENTRIES.get(key) is entry:
            del _ENTRIES[key]


WATERMARK_KEY = "quorum:recall_change:watermark"
PRUNE_MARGIN_SECONDS = 30.0


def recall_changes_prune(*, now: float | None = None) -> int:
    """Delete the change-log rows no live cache entry can need; how many were deleted.

    Records the current snapshot's ``xmin`` with the time (Valkey); deletes rows below the one the
    previous run recorded once that is older than the entries' age + ``PRUNE_MARGIN_SECONDS``."""
    from config.redis import get_redis  # local import: only the beat task prunes

    now = time.time() if now is None else now
    redis = get_redis()
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_snapshot_xmin(pg_current_snapshot())::text")
        current = cursor.fetchone()[0]
        previous = redis.get(WATERMARK_KEY)
        deleted = 0
        if previous is not None:
            xmin, _, recorded = (previous.decode() if isinstance(previous, bytes) else previous).partition("@")
            if now - float(recorded) < _max_age() + PRUNE_MARGIN_SECONDS:
                return 0  # too recent to rely on: keep it, look again next run
            cursor.execute("DELETE FROM memory_recallchange WHERE txid < %s::xid8", [xmin])
            deleted = cursor.rowcount
    redis.set(WATERMARK_KEY, f"{current}@{now}")
    return deleted
