"""The session worker runs tasks only during the tests that use it, and nothing of a finished test
afterwards (tests/conftest.py ``_worker_gate``): the flush between transactional tests never races
a task, and no test's after-commit work runs into another test."""

from __future__ import annotations

import time
from datetime import timedelta

import pytest
from django.utils import timezone

from agents_registry.models import AuthFailure
from agents_registry.tasks import auth_failures_sweep_task
from tests.conftest import _worker_control, database_quiesce, wait_until, worker_drain


def stale_failure() -> AuthFailure:
    row = AuthFailure.objects.create(scope="c" * 64)
    AuthFailure.objects.filter(pk=row.pk).update(created_at=timezone.now() - timedelta(hours=2))
    return row


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_a_drained_worker_runs_nothing_left_over_until_the_gate_opens(celery_worker_process):
    # Open: a task runs.
    first = stale_failure()
    auth_failures_sweep_task.delay(older_than_seconds=3600)
    assert wait_until(lambda: not AuthFailure.objects.filter(pk=first.pk).exists(), timeout=30)
    # A task waiting for its ETA when the test ends is revoked by the drain, never run.
    waiting = stale_failure()
    auth_failures_sweep_task.apply_async(kwargs={"older_than_seconds": 3600}, countdown=2)
    time.sleep(0.5)
    worker_drain()
    # Closed: what is queued now is not consumed (the next worker test purges it first).
    auth_failures_sweep_task.delay(older_than_seconds=3600)
    time.sleep(3)
    assert AuthFailure.objects.filter(pk=waiting.pk).exists()
    _worker_control("add_consumer")  # the test's own teardown drains again


@pytest.mark.django_db(transaction=True)
def test_quiesce_ends_a_connection_left_inside_a_transaction():
    import psycopg
    from django.db import connection

    db = connection.settings_dict
    with psycopg.connect(dbname=db["NAME"], host=db["HOST"], port=db["PORT"] or None, user=db["USER"],
                         autocommit=False) as other:
        other.execute("SELECT * FROM agents_registry_authfailure FOR UPDATE")  # row locks, as a task holds
        started = time.monotonic()
        with pytest.warns(UserWarning, match="still in a transaction"):
            database_quiesce(timeout=0.5)
        assert time.monotonic() - started < 5
        with pytest.raises(psycopg.OperationalError):
            other.execute("SELECT 1")
