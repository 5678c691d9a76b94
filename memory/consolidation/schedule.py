"""Which subjects to consolidate, abandoned runs, and the deep pass over all subjects."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from config.actors import Actor
from config.audit import audit
from memory.consolidation.run import CONSOLIDATOR, consolidation_run_subject
from memory.models import ConsolidationRun, Memory, Subject
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


def deep_pass_all() -> dict[str, int]:
    actor = CONSOLIDATOR
    expired = memory_expire_due(actor=actor)
    abandoned = runs_mark_abandoned(actor=actor)
    subjects = Subject.objects.filter(Q(memories__kind=Memory.Kind.FACT) | Q(facts__isnull=False)) \
        .distinct().values_list("pk", flat=True)
    done = failed = 0
    for subject_id in subjects.iterator():
        result = consolidation_run_subject(subject_id=subject_id, mode=ConsolidationRun.Mode.DEEP, actor=actor)
        done += 1
        failed += result.status == ConsolidationRun.Status.FAILED
    return {"subjects": done, "failed": failed, "expired": expired, "abandoned": abandoned}
