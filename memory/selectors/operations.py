"""Operator-wide counts for ``/metrics`` (``observability.collectors``): one aggregate query each,
over every subject — never per agent, never a row's content. Not for agents' requests."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db.models import Count, Max, Min, Q

from memory.models import ConsolidationRun, Memory, Subject


@dataclass(frozen=True)
class EmbeddingBacklog:
    pending: int  # memories whose vector the backfill has not written yet
    oldest_recorded_at: datetime | None


@dataclass(frozen=True)
class ConsolidationState:
    running: int  # runs whose row says ``running`` (a crashed one until the stale-run sweep)
    subjects_pending: int  # subjects marked "needs consolidation"
    last_finished: dict[str, datetime]  # run status → when the latest run with it finished


def embedding_backlog() -> EmbeddingBacklog:
    """Memories awaiting embedding (the partial index ``memory_pending_embedding`` answers it)."""
    row = Memory.objects.filter(embedding_pending=True).aggregate(n=Count("pk"), oldest=Min("recorded_at"))
    return EmbeddingBacklog(pending=row["n"], oldest_recorded_at=row["oldest"])


def consolidation_state() -> ConsolidationState:
    by_status = {row["status"]: row for row in ConsolidationRun.objects.order_by().values("status").annotate(
        n=Count("pk"), last=Max("finished_at"))}
    pending = Subject.objects.filter(~Q(consolidation_requested_at=None)).count()
    running = by_status.get(ConsolidationRun.Status.RUNNING, {}).get("n", 0)
    last = {status: row["last"] for status, row in by_status.items() if row["last"] is not None}
    return ConsolidationState(running=running, subjects_pending=pending, last_finished=last)
