"""``auth_failures_sweep``: deletes the lockout's database fallback rows past the cut-off, audited
(the task round trip through a real worker is in tests/config/test_celery_and_health.py)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from agents_registry.models import AuthFailure
from agents_registry.services.auth_failures import auth_failures_sweep
from config.actors import Actor
from governance.models import AuditEvent

pytestmark = pytest.mark.django_db


def failure(*, scope: str, age: timedelta) -> AuthFailure:
    row = AuthFailure.objects.create(scope=scope)
    AuthFailure.objects.filter(pk=row.pk).update(created_at=timezone.now() - age)
    return row


def test_deletes_only_rows_older_than_the_cut_off_and_audits_the_count():
    failure(scope="a" * 64, age=timedelta(hours=2))
    failure(scope="b" * 64, age=timedelta(minutes=61))
    fresh = failure(scope="c" * 64, age=timedelta(minutes=59))

    assert auth_failures_sweep(actor=Actor.system("tests"), older_than=timedelta(hours=1)) == 2

    assert list(AuthFailure.objects.values_list("pk", flat=True)) == [fresh.pk]
    event = AuditEvent.objects.get(action="auth_failure.swept")
    assert (event.actor_kind, event.actor_id, event.object_type) == ("system", "tests", "auth_failure_batch")
    assert event.data == {"deleted": 2}
    assert "a" * 64 not in str(event.data)


def test_a_sweep_that_finds_nothing_writes_nothing():
    fresh = failure(scope="d" * 64, age=timedelta(minutes=5))
    before = AuditEvent.objects.count()

    assert auth_failures_sweep(actor=Actor.system("tests"), older_than=timedelta(hours=1)) == 0

    assert AuthFailure.objects.filter(pk=fresh.pk).exists()
    assert AuditEvent.objects.count() == before
