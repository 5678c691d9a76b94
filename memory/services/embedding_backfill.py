"""Batched embedding of memories whose vector is pending (never on the request path).

The embedding's UPDATE also carries the special-category detector's vector stage
(``memory.services.special_category.special_vector_finding``): a memory is never embedded without
having been inspected, and consolidation (which runs this first, then refuses anything still
pending) never shares a memory before both detector stages ran. The instruction detector's vector
stage (``memory.services.quarantine.quarantine_by_vector``) runs right after each batch's UPDATE,
so a memory it quarantines is out of the pass that embedded it. Inferred claims
(``memory.services.claims``) are computed per batch and written with the batch's UPDATE.

Per batch (up to 64 memories, docs/performance.md "Embedding pipeline"): one SELECT of the oldest
pending rows, one embedder call, one UPDATE writing every vector and the vector stage's findings,
the claims and the quarantine stage — in one transaction.

One backfill embeds at a time (a session advisory lock): on a machine with a few cores a second
one would only halve both, and it would embed the same oldest rows twice. A backfill that finds
the lock taken returns at once; the holder, after releasing it, clears the embedding task's
debounce key and looks again, so a memory written while it ran is never left to beat's sweep.

Every batch — the backfill's and a consolidation pass's one-subject call alike — is read, embedded
and stored under a second session lock (the batch lock), taken blocking: the two callers take turns
batch by batch instead of embedding the same pending rows at the same time (before, a subject's
pass during a bulk ingest re-embedded what the backfill was embedding, on the same 2 cores). A
waiter waits at most one batch (about a second); a crash releases the lock with the session.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from django.db import DatabaseError, connection, transaction

from config.actors import Actor
from config.redis import REDIS_ERRORS, get_redis
from memory.claims import CLAIM_KINDS
from memory.embedding import DIM, Embedder, EmbeddingError, get_embedder, vector_text
from memory.keys import EMBED_DEBOUNCE_KEY
from memory.models import Memory
from memory.services.claims import claims_infer_for_batch, claims_store_inferred
from memory.services.quarantine import quarantine_by_vector
from memory.services.special_category import special_vector_finding

logger = logging.getLogger(__name__)
BACKFILL = Actor.system("embedding_backfill")
BATCH_SIZE = 64
# One backfill at a time ("QuorumE"); consolidation's per-subject call does not take it.
_BACKFILL_LOCK_KEY = 0x51_75_6F_72_75_6D_45
# One batch at a time, whoever embeds it ("QuorumB"): the backfill and the per-subject call.
_BATCH_LOCK_KEY = 0x51_75_6F_72_75_6D_42

# Every row of a batch in one statement; a row whose content changed since it was read (a status
# update in place) or that is no longer pending is left alone. ``cat``/``rule`` carry the special-
# category vector stage's finding ('' for none), applied only where no finding is recorded yet (SET
# expressions read the row as it was, so a lexical finding is kept whole).
_STORE_SQL = """
UPDATE memory_memory AS m
SET embedding = v.embedding::vector, embedding_pending = false, embedding_model = %s,
    special_category = CASE WHEN v.cat <> '' AND m.special_category = '' THEN v.cat ELSE m.special_category END,
    special_rule = CASE WHEN v.cat <> '' AND m.special_category = '' THEN v.rule ELSE m.special_rule END
FROM unnest(%s::uuid[], %s::text[], %s::text[], %s::text[], %s::text[]) AS v(id, sha, embedding, cat, rule)
WHERE m.id = v.id AND m.content_sha256 = v.sha AND m.embedding_pending
RETURNING m.id
"""


@dataclass(frozen=True)
class EmbedReport:
    embedded: int
    failed_batches: int
    remaining: int
    busy: bool = False  # another backfill held the lock: this call embedded nothing


def memory_embed_pending(*, batch_size: int = BATCH_SIZE, max_batches: int = 50, subject_id: object | None = None,
                         budget_seconds: float | None = None) -> EmbedReport:
    """Embed pending memories in batches, oldest first (all of them, or one subject's).

    No row locks are held while the model runs: each batch is read, embedded, then written only
    where the content hash is unchanged and the row is still pending (a concurrent status update
    re-marks its row pending and wins). An embedder failure (or a crash) leaves rows pending for
    the next run or sweep; nothing is lost. ``budget_seconds`` stops starting new batches after
    that long (the task re-enqueues itself for the rest).
    """
    started = time.monotonic()
    deadline = started + budget_seconds if budget_seconds is not None else None
    if subject_id is not None:
        if not Memory.objects.filter(embedding_pending=True, subject_id=subject_id).exists():
            # Every consolidation run asks first: nothing pending is one query, no batch lock.
            return EmbedReport(embedded=0, failed_batches=0, remaining=0)
        embedded, failed = _embed_batches(batch_size=batch_size, max_batches=max_batches, subject_id=subject_id,
                                          deadline=deadline)
        _log_done("subject", embedded, started)
        return EmbedReport(embedded=embedded, failed_batches=failed, remaining=_remaining(subject_id))
    embedded = failed = idle_rounds = 0
    while True:
        if not _try_lock():
            return EmbedReport(embedded=embedded, failed_batches=failed, remaining=_remaining(None),
                               busy=embedded == 0)
        pass_started = time.monotonic()
        try:
            done, errors = _embed_batches(batch_size=batch_size, max_batches=max_batches, subject_id=None,
                                          deadline=deadline)
        finally:
            _unlock()
        _log_done("all", done, pass_started)
        embedded, failed = embedded + done, failed + errors
        idle_rounds = idle_rounds + 1 if done == 0 else 0
        _clear_debounce()  # before looking again: a write committed after the look publishes a task
        out_of_time = deadline is not None and time.monotonic() >= deadline
        if errors or out_of_time or idle_rounds >= 3 or not _pending_exists():
            break
    return EmbedReport(embedded=embedded, failed_batches=failed, remaining=_remaining(None))


def _log_done(scope: str, embedded: int, started: float) -> None:
    if embedded:  # counts only (``benchmarks.end_to_end`` reads these lines)
        logger.info("embedding backfill (%s): %d memories in %.2f s", scope, embedded, time.monotonic() - started)


def _embed_batches(*, batch_size: int, max_batches: int, subject_id: object | None,
                   deadline: float | None) -> tuple[int, int]:
    embedder = get_embedder()
    embedded = 0
    for _ in range(max_batches):
        if deadline is not None and time.monotonic() >= deadline:
            break
        _lock(_BATCH_LOCK_KEY)
        try:
            outcome = _embed_one_batch(embedder, batch_size=batch_size, subject_id=subject_id)
        finally:
            _unlock(_BATCH_LOCK_KEY)
        if outcome is None:
            return embedded, 1
        read, stored = outcome
        if not read:
            break
        embedded += stored
    return embedded, 0


def _embed_one_batch(embedder: Embedder, *, batch_size: int, subject_id: object | None) -> tuple[int, int] | None:
    """Read, embed and store one batch, then run the instruction detector's vector stage on it (the
    caller holds the batch lock): (rows read, rows stored), or None when the embedder failed."""
    pending = Memory.objects.filter(embedding_pending=True)
    if subject_id is not None:
        pending = pending.filter(subject_id=subject_id)
    batch = list(pending.order_by("recorded_at").values_list(
        "pk", "content", "content_sha256", "kind", "predicate_id", "quarantined")[:batch_size])
    if not batch:
        return 0, 0
    try:
        vectors = embedder.embed_passages([row[1] for row in batch])
        # Inferred claims (memory.claims) for claim-less facts and statuses, before the batch counts
        # as embedded: consolidation never sees an embedded memory whose claims were not resolved.
        inferred = claims_infer_for_batch(embedder=embedder, rows=[
            (pk, content, kind in CLAIM_KINDS and predicate_id is None and not quarantined, vector)
            for (pk, content, _, kind, predicate_id, quarantined), vector in zip(batch, vectors, strict=True)])
    except EmbeddingError:
        logger.error("embedding failed for a batch of %d memories; left pending", len(batch))
        return None
    with transaction.atomic():
        stored = _store(embedder, batch, vectors)
        for pk, _ in stored:
            if pk in inferred:
                claims_store_inferred(memory_id=pk, claims=inferred[pk])
    # The instruction detector's vector stage: quarantines what the write path's rules missed. Still
    # under the batch lock, so whoever embeds next sees this batch's quarantines.
    quarantine_by_vector(actor=BACKFILL, memory_ids_and_vectors=stored)
    return len(batch), len(stored)


def _store(embedder: Embedder, batch: Sequence[tuple[Any, ...]], vectors: Sequence[Any]) -> list[tuple[Any, Any]]:
    """Write the batch's vectors and the vector stage's findings in one statement (in the caller's
    transaction); returns the rows stored."""
    if not batch:
        return []
    model = embedder.name[:100]
    ids, digests, texts, categories, rules = [], [], [], [], []
    for (pk, content, digest, *_), vector in zip(batch, vectors, strict=True):
        finding = special_vector_finding(vector, content)
        ids.append(pk)
        digests.append(digest)
        categories.append(finding[0] if finding else "")
        rules.append(finding[1] if finding else "")
    matrix = np.asarray(vectors, dtype=np.float32)
    if matrix.shape != (len(batch), DIM) or not np.isfinite(matrix).all():
        raise ValueError(f"embedding batch has shape {matrix.shape}, expected ({len(batch)}, {DIM})")
    texts = [vector_text(row) for row in matrix.tolist()]  # exact float32 text (memory.embedding.base)
    with connection.cursor() as cursor:
        cursor.execute(_STORE_SQL, [model, ids, digests, texts, categories, rules])
        written = {row[0] for row in cursor.fetchall()}
    return [(pk, vector) for pk, vector in zip(ids, vectors, strict=True) if pk in written]


def _remaining(subject_id: object | None) -> int:
    pending = Memory.objects.filter(embedding_pending=True)
    return (pending.filter(subject_id=subject_id) if subject_id is not None else pending).count()


def backfill_running() -> bool:
    """True while some session holds the backfill's lock (a backfill is embedding right now).

    Read from ``pg_locks``, never by trying the lock: a probe that held it even briefly would make
    a backfill starting at that moment return at once as busy, leaving its rows to beat's sweep."""
    key = _BACKFILL_LOCK_KEY
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND granted"
            " AND classid = %s AND objid = %s AND objsubid = 1"
            " AND database = (SELECT oid FROM pg_database WHERE datname = current_database()))",
            [key >> 32, key & 0xFFFF_FFFF])
        return bool(cursor.fetchone()[0])


def subject_has_pending(subject_id: object) -> bool:
    """Whether any of the subject's memories still waits for its embedding."""
    return Memory.objects.filter(subject_id=subject_id, embedding_pending=True).exists()


def _pending_exists() -> bool:
    return Memory.objects.filter(embedding_pending=True).exists()


def _try_lock(key: int = _BACKFILL_LOCK_KEY) -> bool:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_try_advisory_lock(%s)", [key])
        return bool(cursor.fetchone()[0])


def _lock(key: int) -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_advisory_lock(%s)", [key])


def _unlock(key: int = _BACKFILL_LOCK_KEY) -> None:
    """Release a session lock; if the session cannot run a statement any more, end it (a lock
    left on a pooled connection would stop every later backfill)."""
    try:
        if not connection.needs_rollback:
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_advisory_unlock(%s)", [key])
            return
    except DatabaseError:
        pass
    connection.close()


def _clear_debounce() -> None:
    try:
        get_redis().delete(EMBED_DEBOUNCE_KEY)
    except REDIS_ERRORS:
        pass
