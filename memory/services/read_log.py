"""Read logging: which fact version was served to which agent, session and purpose (anti-echo)."""

from __future__ import annotations

from collections.abc import Iterable

from agents_registry.models import Agent
from memory.models import CollectiveFact, ReadLog
from memory.scrubbing.fields import refuse_secret_identifiers


def readlog_record(*, agent: Agent, facts: Iterable[CollectiveFact], session_id: str = "",
                   purpose: str = "") -> int:
    """One row per served version. Not audited: it is itself a log (ids only), with a retention."""
    refuse_secret_identifiers(session_id=session_id)  # 400 secret_in_identifier: a session id is stored
    rows = [ReadLog(fact=f, lineage=f.lineage, subject_id=f.subject_id, agent=agent, session_id=session_id[:200],
                    purpose=purpose[:100]) for f in facts]
    ReadLog.objects.bulk_create(rows)
    return len(rows)
