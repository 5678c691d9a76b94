"""Which subjects to consolidate, abandoned runs, and the deep pass over all subjects."""

from __future__ import annotations

import hashlib
import uuid
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import connection, transaction
from django.db.models import Exists, F, OuterRef
from django.utils import timezone

from config.actors import Actor
from config.audit import audit
from memory.consolidation.run import CONSOLIDATOR, consolidation_run_subject
from memory.models import CollectiveFact, ConsolidationRun, Memory, Subject
from memory.services.embedding_backfill import backfill_running, subject_has_pending
from memory.services.memories import memory_expire_due

DEBOUNCE = timedelta(seconds=3)
STALE_RUN = timedelta(minutes=15)


def consolidation_defer(*, subject_id: Any, deferred: int) -> bool:
    """Whether an incremental pass should wait for the running embedding backfill instead of
    embedding the subject's pending rows itself (``QUORUM_CONSOLIDATION_DEFER_SECONDS``, 0: never).

    During a bulk ingest the backfill embeds every pending row anyway; a pass that embeds its
    subject's share takes turns with it on the same cores (the batch lock) and loads the detectors'
    exemplars in a second process. So while a backfill holds its lock and the subject still has
    pending rows, the pass is put off (``deferred`` times so far, at most
    ``QUORUM_CONSOLIDATION_DEFER_MAX``; then it runs and embeds them itself, as without deferral).
    A deferred pass is never lost: the subject stays marked (``subjects_due``, beat's sweep) and
    the task publishes itself again. Nothing is shared earlier: the pass that runs is the full one.
    """
    if settings.QUORUM_CONSOLIDATION_DEFER_SECONDS <= 0 or deferred >= settings.QUORUM_CONSOLIDATION_DEFER_MAX:
        return False
    return subject_has_pending(subject_id) and backfill_running()


def subjects_due(*, limit: int = 500) -> list[Any]:
    """Subjects marked at least ``DEBOUNCE`` ago (so a burst of writes becomes one pass)."""
    cutoff = timezone.now() - DEBOUNCE
    return list(Subject.objects.filter(consolidation_requested_at__lte=cutoff)
                .order_by("consolidation_requested_at").values_list("pk", flat=True)[:limit])


@transaction.atomic
def runs_mark_abandoned(*, actor: Actor) -> int:
    """Runs still 'running' long after their time limit: the worker died (its work rolled back).
    The rows are locked in pk order; each one marked is audited (run and subject ids only)."""
    now = timezone.now()
    stale = list(ConsolidationRun.objects.select_for_update()
                 .filter(status=ConsolidationRun.Status.RUNNING, started_at__lt=now - STALE_RUN)
                 .order_by("pk").values_list("pk", "subject_id"))
    if not stale:
        return 0
    ConsolidationRun.objects.filter(pk__in=[pk for pk, _ in stale]).update(
        status=ConsolidationRun.Status.ABANDONED, finished_at=now)
    for pk, subject_id in stale:
        audit(actor=actor, action="consolidation_run.abandoned", object_type="consolidation_run", object_id=pk,
              data={"subject": str(subject_id) if subject_id else None})
    return len(stale)


def deep_pass_prepare(*, actor: Actor = CONSOLIDATOR) -> dict[str, int]:
    """What a deep pass does before it consolidates: expire what is due, mark abandoned runs."""
    return {"expired": memory_expire_due(actor=actor), "abandoned": runs_mark_abandoned(actor=actor)}


def _deep_subjects() -> Any:
    """Subjects with a private fact or a collective version (EXISTS, so a chain's ``ORDER BY pk
    LIMIT`` walks the primary key instead of de-duplicating a join)."""
    return Subject.objects.filter(
        Exists(Memory.objects.filter(subject=OuterRef("pk"), kind=Memory.Kind.FACT))
        | Exists(CollectiveFact.objects.filter(subject=OuterRef("pk"))))


def deep_pass_subjects(*, subject_ids: Iterable[Any], actor: Actor = CONSOLIDATOR) -> dict[str, int]:
    """A deep consolidation run for each subject, one after the other (each its own transaction)."""
    done = failed = 0
    for subject_id in subject_ids:
        result = consolidation_run_subject(subject_id=subject_id, mode=ConsolidationRun.Mode.DEEP, actor=actor)
        done += 1
        failed += result.status == ConsolidationRun.Status.FAILED
    return {"subjects": done, "failed": failed}


def deep_pass_all() -> dict[str, int]:
    """The whole deep pass in this process (beat's task spreads it over the worker instead:
    :func:`deep_chain_ranges` and :func:`deep_chain_step`)."""
    prepared = deep_pass_prepare()
    report = deep_pass_subjects(subject_ids=_deep_subjects().values_list("pk", flat=True).iterator())
    return {**report, **prepared}


# A deep pass spread over the worker's processes: ``chains`` chains, each walking one slice of the
# subject id space in pk order, ``size`` subjects a step, each step a task that publishes the next.
# So at most ``chains`` deep-pass messages wait in the consolidation queue at any time, and an
# incremental pass published meanwhile waits for one step at most, not for the whole pass.

_UUID_SPACE = 1 << 128


def deep_chain_ranges(chains: int) -> list[tuple[str, str]]:
    """``chains`` consecutive slices of the UUID space, as (first, last) ids, inclusive, that cover
    it whole (a subject written after the cut still falls in exactly one slice) and hold an equal
    share of the subjects the pass will visit (±1): each cut is the first id of a ``ntile`` of them.

    Cut evenly in the id space instead, the slices held as many subjects only on average: 64
    subjects split 33/31 or 36/28 by chance (binomial), and the process with the shorter chain
    waited for the other at the end of the pass (docs/performance.md, perf45). With fewer subjects
    than chains the space is cut evenly, as before."""
    if chains > 1:
        with connection.cursor() as cursor:
            sql, params = _deep_subjects().values(due_id=F("pk")).query.sql_with_params()
            cursor.execute(f"SELECT DISTINCT ON (tile) due_id FROM (SELECT due_id, ntile(%s) OVER (ORDER BY due_id)"
                           f" AS tile FROM ({sql}) AS due) AS tiles ORDER BY tile, due_id", [chains, *params])
            cuts = [row[0].int for row in cursor.fetchall()][1:]
        if len(cuts) == chains - 1:
            bounds = [0, *cuts, _UUID_SPACE]
            return [(str(uuid.UUID(int=lo)), str(uuid.UUID(int=hi - 1))) for lo, hi in zip(bounds, bounds[1:])]
    bounds = [(_UUID_SPACE * i) // chains for i in range(chains + 1)]
    return [(str(uuid.UUID(int=lo)), str(uuid.UUID(int=hi - 1))) for lo, hi in zip(bounds, bounds[1:])]


def deep_chain_step(*, first: str, last: str, after: str | None, size: int,
                    since: datetime | None = None) -> tuple[dict[str, int], str | None]:
    """One step of a chain: a deep run for the next ``size`` subjects of ``[first, last]`` after
    ``after`` (pk order). Returns the report and where the next step starts (None: the slice is done).

    ``since`` (the pass's start): each subject is claimed first (:func:`deep_run_claim`), so one a
    helping chain (:func:`deep_help_step`) ran or is running is skipped, not run twice."""
    subjects = _deep_subjects().filter(pk__gte=first, pk__lte=last)
    if after is not None:
        subjects = subjects.filter(pk__gt=after)
    ids = list(subjects.order_by("pk").values_list("pk", flat=True)[:size])
    if since is None:
        report = deep_pass_subjects(subject_ids=ids)
    else:
        report = {"subjects": 0, "failed": 0}
        with _claims() as keys:
            for subject_id in ids:
                _count(report, _deep_run_claimed(subject_id, since, keys))
    return report, (str(ids[-1]) if len(ids) == size else None)


# A chain whose slice is done helps the others instead of idling: it takes the subjects of the
# pass that no run has reached yet from the top of the id space down, while each slice's own chain
# walks up, so they meet inside a slice. Measured before this (docs/performance.md, perf45/perf46):
# with equal shares the chains still ended up to a few tenths of a second apart on a quiet machine
# and seconds apart on a busy one (the subjects' cost varies), one pool process idle meanwhile.

_CLAIM_NAMESPACE = 0x51_44  # "QD": a deep pass's claim on a subject, held for its run (session lock)


def deep_help_step(*, since: datetime, size: int) -> tuple[dict[str, int], bool]:
    """A helping chain's step: a deep run for up to ``size`` subjects of the pass that have no deep
    run started at or after ``since``, highest id first, each claimed as a chain's own are. Returns
    the report and whether to go on (False once no such subject is left)."""
    report = {"subjects": 0, "failed": 0}
    with _claims() as keys:
        while report["subjects"] < size:
            left = list(_deep_subjects().exclude(Exists(ConsolidationRun.objects.filter(
                subject=OuterRef("pk"), mode=ConsolidationRun.Mode.DEEP, started_at__gte=since)))
                .order_by("-pk").values_list("pk", flat=True)[:2])
            for subject_id in left:
                outcome = _deep_run_claimed(subject_id, since, keys)
                if outcome is not None:
                    _count(report, outcome)
                    break
            else:
                # Nothing left, or what is left is being claimed by another chain right now.
                return report, False
    return report, True


def _count(report: dict[str, int], outcome: ConsolidationRun.Status | None) -> None:
    if outcome is not None:
        report["subjects"] += 1
        report["failed"] += outcome == ConsolidationRun.Status.FAILED


@contextmanager
def _claims() -> Iterator[list[int]]:
    """The claims a step takes (:func:`_deep_run_claimed`), released together when it ends (one
    statement a step, not one a subject): a claim outliving its subject's finished run is harmless,
    since that run's row already tells every chain the subject is done."""
    keys: list[int] = []
    try:
        yield keys
    finally:
        if keys:
            with connection.cursor() as cursor:
                cursor.execute("SELECT count(pg_advisory_unlock(%s, k)) FROM unnest(%s::int[]) AS k",
                               [_CLAIM_NAMESPACE, keys])


def _deep_run_claimed(subject_id: Any, since: datetime, keys: list[int]) -> ConsolidationRun.Status | None:
    """The subject's deep run, unless another chain holds its claim or a deep run since ``since``
    has finished (None: skipped). The claim is a session advisory lock, taken before the check and
    held past the run (``keys``, released by :func:`_claims`): the run's row is committed when it
    starts, so a chain that takes the claim later sees it. A run that started and never finished
    (its worker lost, which also ends the lost session's claims) is run again, as a redelivered
    step always did."""
    key = int.from_bytes(hashlib.sha256(str(subject_id).encode()).digest()[:4], "big", signed=True)
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_try_advisory_lock(%s, %s)", [_CLAIM_NAMESPACE, key])
        if not cursor.fetchone()[0]:
            return None
    keys.append(key)
    if ConsolidationRun.objects.filter(subject_id=subject_id, mode=ConsolidationRun.Mode.DEEP,
                                       started_at__gte=since, finished_at__isnull=False).exists():
        return None
    result = consolidation_run_subject(subject_id=subject_id, mode=ConsolidationRun.Mode.DEEP, actor=CONSOLIDATOR)
    return ConsolidationRun.Status(result.status)
