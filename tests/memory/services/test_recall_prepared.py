"""Recall's candidate statement runs prepared with a generic plan (issue 17, read path): the same
rows as an unprepared run, and the plan is reused (no planning per call)."""

from __future__ import annotations

import psycopg
import pytest
from django.db import connection
from django.utils import timezone

from config.actors import Actor
from memory.services.embedding_backfill import memory_embed_pending
from memory.services.memories import memory_record
from memory.services.recall import recall
from memory.services.recall_statement import RECALL_SQL, execute_prepared
from memory.services.search import embed_query, search_params

pytestmark = pytest.mark.django_db
PURPOSE = "essential.service"
SNAPSHOT = 9  # the gate row's pg_current_snapshot(): moves whenever any other transaction commits


def stable(rows: list[tuple]) -> list[tuple]:
    """The rows with the gate row's snapshot replaced by a marker, after checking it is one: another
    connection (the CI run's Celery worker, autovacuum) may commit between two runs and move xmax,
    which is no difference in what recall returns."""
    out = []
    for row in rows:
        if row[0] == "g":
            xmin, xmax, _ = row[SNAPSHOT].split(":")
            assert int(xmin) <= int(xmax)
            row = (*row[:SNAPSHOT], "snapshot", *row[SNAPSHOT + 1:])
        out.append(row)
    return out


def test_prepared_generic_plan_returns_the_unprepared_rows(make_agent):
    agent, _ = make_agent("prep", purposes=[PURPOSE])
    for i, text in enumerate(["Prefiere informes breves", "Vive en Valencia", "Tiene dos gatos"]):
        memory_record(actor=Actor.for_agent(agent), agent=agent, subject_ref="ana", kind="event", content=text,
                      session_id="s1")
    memory_embed_pending()
    vector, _ = embed_query("informes")
    params = search_params(agent_pk=agent.pk, subject_ref="ana", query="informes", vector=vector, limit=20,
                           now=timezone.now(), trusts=None, window=None, with_recency=True)
    connection.ensure_connection()
    raw = connection.connection

    def generic_plans() -> int:
        with raw.cursor() as cursor:
            cursor.execute("SELECT coalesce(sum(generic_plans), 0) FROM pg_prepared_statements")
            return int(cursor.fetchone()[0])

    # recall() itself runs prepared with a generic plan: each call adds one generic execution. This
    # comes first: once this test prepares the statement below, psycopg would reuse it for any
    # caller, preparing or not.
    before = generic_plans()
    for _ in range(2):
        assert [i.text for i in recall(agent=agent, subject_ref="ana", query="informes", purpose=PURPOSE).items]
    assert generic_plans() >= before + 2
    with psycopg.Cursor(raw) as cursor:
        cursor.execute(RECALL_SQL, params, binary=True, prepare=False)
        expected = stable(cursor.fetchall())
    assert any(row[0] == "p" for row in expected) and any(row[0] == "g" for row in expected)
    for _ in range(3):
        with raw.transaction(), psycopg.RawCursor(raw) as cursor:
            cursor.execute("SELECT set_config('plan_cache_mode', 'force_generic_plan', true)")
            execute_prepared(cursor, RECALL_SQL, params)  # the $n form (config.db.raw_query), prepared
            assert stable(cursor.fetchall()) == expected
