"""Retention sweep (DESIGN §7): expire what has a TTL, and drop read logs and run traces past theirs.

Memory TTLs: ``user_asserted`` memories expire after their predicate's TTL (or the default),
``ephemeral`` ones at session end or after 24 h — the expiry marks the subject so consolidation
re-evaluates the evidence (step 7). Read logs are kept ``QUORUM_READLOG_RETENTION_DAYS`` (180) and
consolidation runs with their decisions ``QUORUM_RUN_RETENTION_DAYS`` (90). The memory layer does
both through its own services; the counts are audited here.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from config.actors import Actor
from config.audit import audit
from memory.services.memories import memory_expire_due
from memory.services.retention import memory_traces_expire


@transaction.atomic
def retention_sweep(*, actor: Actor) -> dict[str, int]:
    """One sweep; the beat task acts as ``Actor.system("retention")``."""
    now = timezone.now()
    expired = memory_expire_due(actor=actor, now=now)
    counts = {"memories_expired": expired, **memory_traces_expire(now=now)}
    audit(actor=actor, action="retention.swept", object_type="retention", object_id=now.date().isoformat(),
          data=counts)
    return counts
