"""Retention sweep (DESIGN §7): expire what has a TTL, and drop read logs and run traces past theirs.

Memory TTLs: ``user_asserted`` memories expire after their predicate's TTL (or the default),
``ephemeral`` ones at session end or after 24 h — the expiry marks the subject so consolidation
re-evaluates the evidence (step 7). Read logs are kept ``QUORUM_READLOG_RETENTION_DAYS`` (180) and
consolidation runs with their decisions ``QUORUM_RUN_RETENTION_DAYS`` (90). Counts are audited.
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from config.actors import Actor
from config.audit import audit


@transaction.atomic
def retention_sweep(*, actor: Actor | None = None) -> dict[str, int]:
    from memory.models import ConsolidationRun, ReadLog
    from memory.services.records import memory_expire_due

    actor = actor or Actor.system("retention")
    now = timezone.now()
    expired = memory_expire_due(actor=actor, now=now)
    reads = ReadLog.objects.filter(
        served_at__lt=now - timedelta(days=settings.QUORUM_READLOG_RETENTION_DAYS)).delete()[0]
    runs = ConsolidationRun.objects.filter(
        started_at__lt=now - timedelta(days=settings.QUORUM_RUN_RETENTION_DAYS)).delete()[1]
    counts = {"memories_expired": expired, "read_logs_deleted": reads,
              "runs_deleted": runs.get("memory.ConsolidationRun", 0),
              "decisions_deleted": runs.get("memory.Decision", 0)}
    audit(actor=actor, action="retention.swept", object_type="retention", object_id=now.date().isoformat(),
          data=counts)
    return counts
