"""Read logging: which fact version was served to which agent, session and purpose (anti-echo)."""

from __future__ import annotations

import uuid
from collections.abc import Iterable
from datetime import datetime

import psycopg
from django.db import connection
from django.utils import timezone

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


# Recall's one write: the read-log rows of the served fact versions and, in the same statement (a
# data-modifying CTE, always run to completion), the decay-clock stamp of the served memories.
_SERVED_SQL = """
WITH touched AS (
    UPDATE memory_memory SET last_accessed_at = %(touched_at)s WHERE id = ANY(%(touch)s::uuid[]) RETURNING 1
)
INSERT INTO memory_readlog (fact_id, lineage, subject_id, agent_id, session_id, purpose, served_at)
SELECT u.fact_id, u.lineage, u.subject_id, %(agent)s, %(session)s, %(purpose)s, %(served_at)s
FROM unnest(%(facts)s::uuid[], %(lineages)s::uuid[], %(subjects)s::uuid[]) AS u(fact_id, lineage, subject_id)
"""


def readlog_record_served(*, agent: Agent, facts: list[tuple[uuid.UUID, uuid.UUID, uuid.UUID]], session_id: str,
                          purpose: str, touch_memory_ids: list[uuid.UUID], touched_at: datetime) -> int:
    """What recall served, in one statement: one read-log row per served fact version
    ``(fact id, lineage, subject id)`` (ids only, as :func:`readlog_record`) and the served
    memories' ``last_accessed_at`` (a usage stamp; not audited). Nothing to write → no query.

    Runs in the caller's transaction, or autocommits: it is durable before the response is sent."""
    if not facts and not touch_memory_ids:
        return 0
    if facts:
        refuse_secret_identifiers(session_id=session_id)  # 400 secret_in_identifier: a session id is stored
    connection.ensure_connection()
    with psycopg.Cursor(connection.connection) as cursor:
        cursor.execute(_SERVED_SQL, {
            "touched_at": touched_at, "touch": list(touch_memory_ids), "agent": agent.pk,
            "session": session_id[:200], "purpose": purpose[:100], "served_at": timezone.now(),
            "facts": [f[0] for f in facts], "lineages": [f[1] for f in facts], "subjects": [f[2] for f in facts]})
    return len(facts)
