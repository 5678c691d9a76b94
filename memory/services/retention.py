"""Retention in the memory layer (DESIGN §7): drop read logs and consolidation traces past their time.

Called by governance's retention sweep (``governance.services.retention``), which audits the
counts returned here in the same transaction (``retention.swept``).
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction

from memory.models import ConsolidationRun, ReadLog


@transaction.atomic
def memory_traces_expire(*, now: datetime) -> dict[str, int]:
    """Delete read logs older than ``QUORUM_READLOG_RETENTION_DAYS`` and consolidation runs (with
    their decisions) older than ``QUORUM_RUN_RETENTION_DAYS``. Returns the counts."""
    reads = ReadLog.objects.filter(
        served_at__lt=now - timedelta(days=settings.QUORUM_READLOG_RETENTION_DAYS)).delete()[0]
    runs = ConsolidationRun.objects.filter(
        started_at__lt=now - timedelta(days=settings.QUORUM_RUN_RETENTION_DAYS)).delete()[1]
    return {"read_logs_deleted": reads, "runs_deleted": runs.get("memory.ConsolidationRun", 0),
            "decisions_deleted": runs.get("memory.Decision", 0)}
