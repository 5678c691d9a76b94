"""A subject's incremental pass waits for the running embedding backfill (memory.consolidation.schedule
.consolidation_defer, memory.tasks.consolidation_subject_task): never lost, never shares earlier."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import psycopg
import pytest
from django.db import connection
from django.utils import timezone

from config.celery import app as celery_app
from config.redis import get_redis
from memory.consolidation.schedule import DEBOUNCE, consolidation_defer, subjects_due
from memory.models import CollectiveFact, ConsolidationRun, Memory, Subject
from memory.services import embedding_backfill
from memory.services.embedding_backfill import backfill_running, memory_embed_pending
from memory.tasks import consolidation_subject_task, deferred_key
from tests.memory.consolidation.support import corroborate_short_reports

pytestmark = pytest.mark.django_db(transaction=True)


@contextmanager
def backfill_held() -> Iterator[None]:
    """Another session holds the backfill's lock, as a running backfill does."""
    params = connection.get_connection_params()
    wanted = {"host", "port", "user", "dbname", "password"}
    with psycopg.connect(**{k: v for k, v in params.items() if k in wanted}, autocommit=True) as other:
        other.execute("SELECT pg_advisory_lock(%s)", [embedding_backfill._BACKFILL_LOCK_KEY])
        try:
            yield
        finally:
            other.execute("SELECT pg_advisory_unlock(%s)", [embedding_backfill._BACKFILL_LOCK_KEY])


@pytest.fixture
def sent(monkeypatch):
    calls: list[tuple[str, dict]] = []
    monkeypatch.setattr(celery_app, "send_task", lambda name, **options: calls.append((name, options)))
    return calls


def _pending_subject(agents) -> Subject:
    corroborate_short_reports(agents)
    subject = Subject.objects.get(external_ref="ana")
    assert Memory.objects.filter(subject=subject, embedding_pending=True).count() == 2
    return subject


def test_backfill_running_reads_the_lock_without_taking_it():
    assert not backfill_running()
    with backfill_held():
        assert backfill_running()
        # Reading it did not take it: a backfill starting now is busy only because of the holder.
        assert memory_embed_pending().busy
    assert not backfill_running()


def test_a_pass_is_deferred_only_while_a_backfill_embeds_its_subject(agents, settings):
    subject = _pending_subject(agents)
    assert not consolidation_defer(subject_id=subject.pk, deferred=0)  # nobody is embedding: run now
    with backfill_held():
        assert consolidation_defer(subject_id=subject.pk, deferred=0)
        assert not consolidation_defer(subject_id=subject.pk, deferred=settings.QUORUM_CONSOLIDATION_DEFER_MAX)
        settings.QUORUM_CONSOLIDATION_DEFER_SECONDS = 0
        assert not consolidation_defer(subject_id=subject.pk, deferred=0)  # 0: off
        settings.QUORUM_CONSOLIDATION_DEFER_SECONDS = 3
        Memory.objects.filter(subject=subject).update(embedding_pending=False)
        assert not consolidation_defer(subject_id=subject.pk, deferred=0)  # its rows are embedded


def test_a_deferred_pass_publishes_itself_again_once_and_is_never_lost(agents, sent):
    subject = _pending_subject(agents)
    sent.clear()  # what the writes published
    Subject.objects.filter(pk=subject.pk).update(consolidation_requested_at=timezone.now() - DEBOUNCE * 2)
    with backfill_held():
        assert consolidation_subject_task(str(subject.pk)) == {"deferred": 1}
        # A second pass (a later write's) finds the chain's key held: the chain carries on.
        assert consolidation_subject_task(str(subject.pk)) == {"deferred": 1}
    assert sent == [("memory.tasks.consolidation_subject_task",
                     {"kwargs": {"subject_id": str(subject.pk), "mode": "incremental", "deferred": 1},
                      "retry": False, "countdown": 3.0, "ignore_result": True})]
    assert get_redis().ttl(deferred_key(subject.pk)) > 0
    assert not ConsolidationRun.objects.filter(subject=subject).exists()  # nothing ran, nothing shared
    assert not CollectiveFact.objects.filter(subject=subject).exists()
    assert subjects_due() == [subject.pk]  # still marked: beat's sweep covers a lost publish

    # The chained pass, with the backfill gone: it clears the chain's key, embeds and runs in full.
    result = consolidation_subject_task(str(subject.pk), deferred=1)
    assert result["status"] == ConsolidationRun.Status.SUCCEEDED
    assert not get_redis().exists(deferred_key(subject.pk))
    assert not Memory.objects.filter(subject=subject, embedding_pending=True).exists()
    assert CollectiveFact.objects.filter(subject=subject, status=CollectiveFact.Status.CURRENT).exists()
    assert subjects_due() == []


def test_a_deep_pass_is_never_deferred(agents, sent):
    subject = _pending_subject(agents)
    sent.clear()  # what the writes published
    with backfill_held():
        result = consolidation_subject_task(str(subject.pk), mode="deep")
    assert result["status"] == ConsolidationRun.Status.SUCCEEDED and sent == []
