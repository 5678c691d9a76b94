"""``config.queueing``: tasks are published by name after commit, debounced in Redis, and a broker
outage is swallowed (the database stays the source of truth)."""

from __future__ import annotations

import pytest

from config.celery import app as celery_app
from config.queueing import enqueue_after_commit
from config.redis import get_redis

pytestmark = pytest.mark.django_db


@pytest.fixture
def sent(monkeypatch):
    calls: list[tuple[str, dict]] = []
    monkeypatch.setattr(celery_app, "send_task", lambda name, **options: calls.append((name, options)))
    return calls


def test_published_by_name_after_commit_and_debounced(sent, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        enqueue_after_commit("memory.tasks.consolidation_subject_task", debounce_key="quorum:test:debounce",
                             debounce_seconds=5, countdown=3, subject_id="s-1")
        enqueue_after_commit("memory.tasks.consolidation_subject_task", debounce_key="quorum:test:debounce",
                             debounce_seconds=5, countdown=3, subject_id="s-1")
        assert sent == []  # nothing before the commit
    assert sent == [("memory.tasks.consolidation_subject_task",
                     {"kwargs": {"subject_id": "s-1"}, "retry": False, "countdown": 3, "ignore_result": True})]
    assert get_redis().ttl("quorum:test:debounce") > 0
    assert celery_app.amqp.router.route({}, "memory.tasks.consolidation_subject_task")["queue"].name == "consolidation"
    assert celery_app.amqp.router.route({}, "governance.tasks.dsr_execute_task")["queue"].name == "rights"


def test_a_publish_failure_never_fails_the_caller(monkeypatch, django_capture_on_commit_callbacks, caplog):
    def refuse(name, **options):  # noqa: ANN001, ANN003, ANN202
        raise ConnectionError("broker down")

    monkeypatch.setattr(celery_app, "send_task", refuse)
    with django_capture_on_commit_callbacks(execute=True):
        enqueue_after_commit("governance.tasks.dsr_execute_task", request_id="r-1")
    assert "governance.tasks.dsr_execute_task" in caplog.text and "r-1" not in caplog.text


def test_a_publish_asks_for_no_result(monkeypatch, django_capture_on_commit_callbacks):
    """Nothing reads a published task's result: the publish neither subscribes to its result channel
    (a Redis round trip per write in the web process) nor asks the worker to store one."""
    subscribed: list[str] = []
    messages: list[dict] = []
    monkeypatch.setattr(celery_app.backend, "on_task_call", lambda producer, task_id: subscribed.append(task_id))
    monkeypatch.setattr(celery_app.amqp, "send_task_message",
                        lambda producer, name, message, **options: messages.append(message.headers))
    with django_capture_on_commit_callbacks(execute=True):
        enqueue_after_commit("memory.tasks.consolidation_subject_task", countdown=3, subject_id="s-1")
    assert [h["task"] for h in messages] == ["memory.tasks.consolidation_subject_task"]
    assert messages[0]["ignore_result"] is True
    assert subscribed == []
