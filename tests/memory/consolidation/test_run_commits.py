"""A consolidation run's commits (memory/consolidation/run.py, perf46, perf50c): its row when it starts
(so a run in progress says ``running``; without waiting for the disk: ``config.db.insert_without_flush_wait``),
then its work together with the row saying how it ended — waiting for the disk, except a deep run's
(docs/decisions/0023), and never anything else's on the same session afterwards."""

from __future__ import annotations

import pytest
from django.db import DEFAULT_DB_ALIAS, connection, connections, transaction

from config.actors import Actor
from memory.consolidation import run as run_module
from memory.consolidation.run import consolidation_run_subject
from memory.models import ConsolidationRun, Decision, Subject
from memory.services.embedding_backfill import memory_embed_pending
from memory.services.erasure import subject_erase
from tests.memory.consolidation.support import corroborate_short_reports, remember

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_run_commits_its_row_then_its_work_with_the_row_finished(agents, monkeypatch):
    corroborate_short_reports(agents)
    subject_id = Subject.objects.get(external_ref="ana").pk
    ConsolidationRun.objects.all().delete()
    memory_embed_pending(subject_id=subject_id)  # as after the write path's backfill: nothing pending
    writes_alone: list[str] = []  # statements that commit on their own (autocommit, no atomic block)
    commits: list[int] = []
    settings_seen: list[tuple[int, str]] = []

    def record(execute, sql, params, many, context):
        if "synchronous_commit" in sql:
            settings_seen.append((len(commits), sql.strip()))
        if not connection.in_atomic_block and sql.lstrip().split(" ", 1)[0].upper() in {"INSERT", "UPDATE", "DELETE"}:
            writes_alone.append(sql.lstrip().split(" ", 1)[0].upper())
        return execute(sql, params, many, context)

    wrapper = connections[DEFAULT_DB_ALIAS]
    real_commit = wrapper.commit
    monkeypatch.setattr(wrapper, "commit", lambda: (commits.append(1), real_commit())[1])
    with connection.execute_wrapper(record):
        result = consolidation_run_subject(subject_id=subject_id, actor=Actor.system("test"), mode="deep")
    assert result.status == "succeeded"
    # The run's row (saying running) on its own, without waiting for the disk; nothing after the work.
    # Then the deep run's own transaction relaxes itself in its lock statement (test below).
    assert writes_alone == ["INSERT"] and len(settings_seen) == 2
    assert "set_config('synchronous_commit', 'off', true)" in settings_seen[0][1] and settings_seen[0][0] == 0
    assert "pg_try_advisory_xact_lock" in settings_seen[1][1] and settings_seen[1][0] == 0
    assert len(commits) == 1  # the work, and the row's end state with it
    with connection.cursor() as cursor:  # the session's own setting is untouched
        cursor.execute("SHOW synchronous_commit")
        assert cursor.fetchone()[0] == "on"
    row = ConsolidationRun.objects.get(pk=result.run_id)
    assert row.status == "succeeded" and row.finished_at is not None and row.stats["ms"] >= 0
    assert Decision.objects.filter(run_id=result.run_id).exists()


def test_a_run_that_fails_leaves_no_work_and_its_row_says_failed(agents, monkeypatch):
    corroborate_short_reports(agents)
    subject_id = Subject.objects.get(external_ref="ana").pk
    ConsolidationRun.objects.all().delete()
    def broken_digest(*, subject):
        raise RuntimeError("late failure")

    monkeypatch.setattr(run_module.digest, "digest_rebuild", broken_digest)
    result = consolidation_run_subject(subject_id=subject_id, actor=Actor.system("test"), mode="deep")
    row = ConsolidationRun.objects.get(pk=result.run_id)
    assert result.status == row.status == "failed" and row.error == "RuntimeError" and row.finished_at
    assert not Decision.objects.filter(run_id=result.run_id).exists()


def test_inside_a_callers_transaction_the_run_leaves_its_durability_alone(agents):
    corroborate_short_reports(agents)
    subject_id = Subject.objects.get(external_ref="ana").pk
    seen: list[str] = []

    def record(execute, sql, params, many, context):
        seen.append(sql)
        return execute(sql, params, many, context)

    with transaction.atomic(), connection.execute_wrapper(record):
        result = consolidation_run_subject(subject_id=subject_id, actor=Actor.system("test"), mode="deep")
        with connection.cursor() as cursor:
            cursor.execute("SHOW synchronous_commit")
            assert cursor.fetchone()[0] == "on"
    assert result.status == "succeeded"
    assert not [sql for sql in seen if "set_config" in sql]


def _settings_at_commit(monkeypatch) -> list[str]:
    """The session's ``synchronous_commit`` as each commit of the test's connection starts."""
    seen: list[str] = []
    wrapper = connections[DEFAULT_DB_ALIAS]
    real_commit = wrapper.commit

    def commit():
        with wrapper.cursor() as cursor:
            cursor.execute("SELECT current_setting('synchronous_commit')")
            seen.append(cursor.fetchone()[0])
        return real_commit()

    monkeypatch.setattr(wrapper, "commit", commit)
    return seen


@pytest.mark.parametrize(("mode", "expected"), [("deep", "off"), ("incremental", "on")])
def test_only_a_deep_runs_commit_returns_without_waiting_for_the_disk(agents, monkeypatch, mode, expected):
    corroborate_short_reports(agents)
    subject_id = Subject.objects.get(external_ref="ana").pk
    memory_embed_pending(subject_id=subject_id)
    at_commit = _settings_at_commit(monkeypatch)
    result = consolidation_run_subject(subject_id=subject_id, actor=Actor.system("test"), mode=mode)
    assert result.status == "succeeded" and ConsolidationRun.objects.get(pk=result.run_id).finished_at
    assert at_commit == [expected]  # the run's one transaction
    with connection.cursor() as cursor:  # local to that transaction: the session is back to waiting
        cursor.execute("SHOW synchronous_commit")
        assert cursor.fetchone()[0] == "on"


def test_after_a_deep_run_a_write_and_an_erasure_on_the_same_session_still_wait(agents, monkeypatch):
    corroborate_short_reports(agents)
    subject_id = Subject.objects.get(external_ref="ana").pk
    memory_embed_pending(subject_id=subject_id)
    at_commit = _settings_at_commit(monkeypatch)
    assert consolidation_run_subject(subject_id=subject_id, actor=Actor.system("test"), mode="deep").status == "succeeded"
    remember(agents[0], "Prefiere informes largos", session="s3", origin="u3",
             predicate="preference.report_length", value="long")
    subject_erase(actor=Actor.system("test"), subject_id=subject_id, scope={"all": True})
    assert not Subject.objects.filter(pk=subject_id).exists()  # the erasure committed its work
    assert at_commit[0] == "off" and len(at_commit) >= 3 and set(at_commit[1:]) == {"on"}

