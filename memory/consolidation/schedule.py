"""Which subjects to consolidate, and the deep pass over all of them."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.db.models import Q
from django.utils import timezone

from config.actors import Actor
from memory.models import ConsolidationRun, Memory, Subject
from memory.services.consolidation import consolidation_run_subject
from memory.services.records import memory_expire_due

DEBOUNCE = timedelta(seconds=3)
STALE_RUN = timedelta(minutes=15)


def subjects_due(*, limit: int = 500) -> list[Any]:
    """Subjects marked at least ``DEBOUNCE`` ago (so a burst of writes becomes one pass)."""
    cutoff = timezone.now() - DEBOUNCE
    return list(Subject.objects.filter(consolidation_requested_at__lte=cutoff)
                .order_by("consolidation_requested_at").values_list("pk", flat=True)[:limit])


def runs_mark_abandoned() -> int:
    """Runs still 'running' long after their time limit: the worker died (its work rolled back)."""
    return ConsolidationRun.objects.filter(status=ConsolidationRun.Status.RUNNING,
                                           started_at__lt=timezone.now() - STALE_RUN).update(
        status=ConsolidationRun.Status.ABANDONED, finished_at=timezone.now())


def deep_pass_all() -> dict[str, int]:
    actor = Actor.system("consolidator")
    expired = memory_expire_due(actor=actor)
    abandoned = runs_mark_abandoned()
    subjects = Subject.objects.filter(Q(memories__kind=Memory.Kind.FACT) | Q(facts__isnull=False)) \
        .distinct().values_list("pk", flat=True)
    done = failed = 0
    for subject_id in subjects.iterator():
        result = consolidation_run_subject(subject_id=subject_id, mode=ConsolidationRun.Mode.DEEP, actor=actor)
        done += 1
        failed += result.status == ConsolidationRun.Status.FAILED
    return {"subjects": done, "failed": failed, "expired": expired, "abandoned": abandoned}
