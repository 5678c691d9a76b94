"""Celery wiring, a round trip through a real worker process, and /healthz."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from agents_registry.models import AuthFailure
from agents_registry.tasks import auth_failures_sweep_task
from config import redis as redis_module
from config.celery import app
from governance.tasks import audit_verify_task


def test_celery_is_json_only_with_time_limits_and_three_queues():
    assert app.conf.task_serializer == "json"
    assert app.conf.result_serializer == "json"
    assert app.conf.accept_content == ["json"]
    assert app.conf.task_time_limit and app.conf.task_soft_time_limit
    assert {q.name for q in app.conf.task_queues} == {"default", "consolidation", "rights"}
    assert app.conf.task_acks_late is True


def test_beat_schedule_is_declared_once_and_names_registered_tasks():
    app.loader.import_default_modules()
    schedule = app.conf.beat_schedule
    assert schedule, "beat schedule must be installed from config.schedule"
    for entry in schedule.values():
        assert entry["task"] in app.tasks


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_task_round_trip_through_a_real_worker(celery_worker_process):
    old = AuthFailure.objects.create(scope="a" * 64)
    AuthFailure.objects.filter(pk=old.pk).update(created_at=timezone.now() - timedelta(hours=2))
    fresh = AuthFailure.objects.create(scope="b" * 64)

    result = auth_failures_sweep_task.apply_async(kwargs={"older_than_seconds": 3600})
    assert result.get(timeout=60) == 1
    assert list(AuthFailure.objects.values_list("pk", flat=True)) == [fresh.pk]

    verify = audit_verify_task.delay().get(timeout=60)
    assert verify["ok"] is True


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_healthz_is_200_with_database_broker_and_worker(client, celery_worker_process):
    response = client.get("/healthz")
    body = response.json()
    assert response.status_code == 200, body
    assert body["status"] == "ok"
    assert body["database"]["pgvector"].startswith("0.")
    assert body["broker"]["ok"] and body["workers"]["count"] >= 1


@pytest.mark.django_db
def test_healthz_is_503_when_the_broker_is_down(client, monkeypatch):
    dead = redis_module.make_client("redis://127.0.0.1:1/0")
    monkeypatch.setattr(redis_module, "_client", dead)
    response = client.get("/healthz")
    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "unhealthy"
    assert body["broker"]["ok"] is False and body["database"]["ok"] is True
    monkeypatch.setattr(redis_module, "_client", None)
