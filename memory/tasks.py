"""Memory tasks: ids and JSON values only, idempotent, time-limited.

Services enqueue these by name (``config.queueing``); tasks call services, never the reverse.
"""

from __future__ import annotations

from datetime import datetime

from celery import shared_task
from django.conf import settings
from django.utils import timezone

from config.queueing import enqueue_after_commit
from config.redis import REDIS_ERRORS, get_redis
from memory.keys import consolidation_debounce_key
from memory.consolidation.run import CONSOLIDATOR, consolidation_run_subject
from memory.consolidation.schedule import (
    consolidation_defer,
    deep_chain_ranges,
    deep_chain_step,
    deep_help_step,
    deep_pass_prepare,
    subjects_due,
)
from memory.services.embedding_backfill import BATCH_SIZE, memory_embed_pending
from memory.services.recall_cache import recall_changes_prune

# Well inside the task's soft time limit (270 s): a batch of 64 takes about a second.
EMBED_BUDGET_SECONDS = 200.0
EMBED_TASK = "memory.tasks.memory_embed_pending_task"


@shared_task(name="memory.tasks.memory_embed_pending_task", time_limit=300, soft_time_limit=270,
             ignore_result=True)
def memory_embed_pending_task() -> dict[str, int]:
    """Embed every pending memory, 64 per batch, until none is left (or the time budget is spent:
    then it enqueues itself again). If another backfill is running it returns at once: that one
    clears the debounce key and looks again before it stops (``memory.services.embedding_backfill``)."""
    report = memory_embed_pending(batch_size=BATCH_SIZE, max_batches=1_000_000, budget_seconds=EMBED_BUDGET_SECONDS)
    if report.remaining and report.embedded and not report.busy and not report.failed_batches:
        enqueue_after_commit(EMBED_TASK, countdown=1)  # the budget ran out with work left
    return {"embedded": report.embedded, "failed_batches": report.failed_batches, "remaining": report.remaining}


def deferred_key(subject_id: object) -> str:
    """Held while one deferred pass of the subject waits in the queue (ids only)."""
    return f"quorum:consolidate-deferred:{subject_id}"


@shared_task(name="memory.tasks.consolidation_subject_task", time_limit=120, soft_time_limit=100,
             acks_late=True)
def consolidation_subject_task(subject_id: str, mode: str = "incremental", deferred: int = 0) -> dict[str, object]:
    """One consolidation pass over one subject (idempotent: a re-run recomputes the same state).

    An incremental pass whose subject still has rows the running backfill is embedding publishes
    itself again instead (``consolidation_defer``). One such chain per subject: its key
    (:func:`deferred_key`) is held while a deferred pass waits in the queue, a pass that finds it
    held returns (the chain carries on), and a chained pass clears it before it looks again. The
    subject's marker stays set throughout, so beat's sweep still covers a lost publish."""
    try:
        get_redis().delete(consolidation_debounce_key(subject_id), *([deferred_key(subject_id)] if deferred else []))
    except REDIS_ERRORS:
        pass
    if mode == "incremental" and consolidation_defer(subject_id=subject_id, deferred=deferred):
        wait = settings.QUORUM_CONSOLIDATION_DEFER_SECONDS
        enqueue_after_commit(consolidation_subject_task.name, debounce_key=deferred_key(subject_id),
                             debounce_seconds=int(2 * wait) + 5, countdown=wait, subject_id=subject_id, mode=mode,
                             deferred=deferred + 1)
        return {"deferred": deferred + 1}
    result = consolidation_run_subject(actor=CONSOLIDATOR, subject_id=subject_id, mode=mode)
    return {"run": result.run_id, "status": result.status}


@shared_task(name="memory.tasks.consolidation_sweep_task", time_limit=120, soft_time_limit=100)
def consolidation_sweep_task(limit: int = 500) -> int:
    """Enqueue incremental passes for subjects marked in the database (covers broker outages)."""
    due = subjects_due(limit=limit)
    for subject_id in due:
        consolidation_subject_task.apply_async(args=[str(subject_id)], kwargs={"mode": "incremental"})
    return len(due)


DEEP_STEP_TASK = "memory.tasks.consolidation_deep_step_task"


@shared_task(name="memory.tasks.consolidation_deep_task", time_limit=600, soft_time_limit=540)
def consolidation_deep_task() -> dict[str, int]:
    """Every 6 h: expire what is due, mark abandoned runs, then start the deep pass as
    ``QUORUM_CONSOLIDATION_DEEP_CHAINS`` chains of steps (``schedule.deep_chain_step``) that the
    worker's processes run side by side."""
    report = deep_pass_prepare()
    since = timezone.now().isoformat()  # the pass's start: which deep runs are this pass's
    ranges = deep_chain_ranges(max(1, settings.QUORUM_CONSOLIDATION_DEEP_CHAINS))
    for first, last in ranges:
        enqueue_after_commit(DEEP_STEP_TASK, first=first, last=last, after=None, since=since)
    return {**report, "chains": len(ranges)}


@shared_task(name="memory.tasks.consolidation_deep_step_task", time_limit=1800, soft_time_limit=1700,
             acks_late=True)
def consolidation_deep_step_task(first: str, last: str, after: str | None = None, since: str | None = None,
                                 helping: bool = False) -> dict[str, object]:
    """One step of a deep-pass chain: ``QUORUM_CONSOLIDATION_DEEP_STEP`` subjects of the id slice
    ``[first, last]`` after ``after``, then the next step is published (ids only). Once its slice
    is done, a chain helps the others (``helping``: ``schedule.deep_help_step``, the pass's
    subjects no run has reached since ``since``, the pass's start) until none is left. Idempotent:
    a step redelivered after a lost worker re-runs the subjects whose deep run did not finish. A
    publish lost to a broker outage ends the chain early; the subjects no chain reached wait for
    the next deep pass (their incremental passes still run when they are written to). A step
    without ``since`` (published by an older version) walks its slice alone, as before."""
    size = max(1, settings.QUORUM_CONSOLIDATION_DEEP_STEP)
    started = datetime.fromisoformat(since) if since else None
    if helping and started is not None:
        report, more = deep_help_step(since=started, size=size)
        if more:
            enqueue_after_commit(DEEP_STEP_TASK, first=first, last=last, after=None, since=since, helping=True)
        return {**report, "next": "help" if more else None}
    report, next_after = deep_chain_step(first=first, last=last, after=after, size=size, since=started)
    if next_after is not None:
        enqueue_after_commit(DEEP_STEP_TASK, first=first, last=last, after=next_after, since=since)
    elif since is not None:
        enqueue_after_commit(DEEP_STEP_TASK, first=first, last=last, after=None, since=since, helping=True)
    return {**report, "next": next_after}


@shared_task(name="memory.tasks.recall_changes_prune_task", time_limit=120, soft_time_limit=100)
def recall_changes_prune_task() -> int:
    """Prune recall's change log (rows no live cache entry can need; memory.services.recall_cache)."""
    return recall_changes_prune()
