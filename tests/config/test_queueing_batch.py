"""``config.queueing.enqueue_all_after_commit``: several debounced tasks, their keys checked in one
Redis round trip after commit (the write path's two prompts, issue 17)."""

from __future__ import annotations

import pytest
import redis.client

from config.celery import app as celery_app
from config.queueing import Prompt, enqueue_all_after_commit
from config.redis import get_redis

pytestmark = pytest.mark.django_db

EMBED = Prompt("memory.tasks.memory_embed_pending_task", debounce_key="quorum:test:embed")
CONSOLIDATE = Prompt("memory.tasks.consolidation_subject_task", debounce_key="quorum:test:subject-1",
                     debounce_seconds=5, countdown=3, kwargs={"subject_id": "subject-1"})


@pytest.fixture
def sent(monkeypatch):
    calls: list[tuple[str, dict]] = []
    monkeypatch.setattr(celery_app, "send_task", lambda name, **options: calls.append((name, options)))
    return calls


@pytest.fixture
def pipelines(monkeypatch):
    executed: list[int] = []
    original = redis.client.Pipeline.execute

    def counting(self, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003, ANN202
        executed.append(len(self.command_stack))
        return original(self, *args, **kwargs)

    monkeypatch.setattr(redis.client.Pipeline, "execute", counting)
    return executed


def test_both_keys_in_one_round_trip_then_each_free_task_published(sent, pipelines,
                                                                  django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        enqueue_all_after_commit([EMBED, CONSOLIDATE])
        assert sent == [] and pipelines == []  # nothing before the commit
    assert pipelines == [2]  # one pipeline with both SET NX
    assert sent == [("memory.tasks.memory_embed_pending_task", {"kwargs": {}, "retry": False, "countdown": None, "ignore_result": True}),
                    ("memory.tasks.consolidation_subject_task",
                     {"kwargs": {"subject_id": "subject-1"}, "retry": False, "countdown": 3, "ignore_result": True})]
    assert 0 < get_redis().ttl("quorum:test:embed") <= 2 and 2 < get_redis().ttl("quorum:test:subject-1") <= 5


def test_a_key_already_set_publishes_only_the_other(sent, django_capture_on_commit_callbacks):
    get_redis().set("quorum:test:embed", "1", ex=2)
    with django_capture_on_commit_callbacks(execute=True):
        enqueue_all_after_commit([EMBED, CONSOLIDATE])
    assert [name for name, _ in sent] == ["memory.tasks.consolidation_subject_task"]
    with django_capture_on_commit_callbacks(execute=True):
        enqueue_all_after_commit([EMBED, CONSOLIDATE])
    assert len(sent) == 1  # both debounced now


def test_redis_down_publishes_nothing_and_a_failed_publish_does_not_stop_the_next(
        monkeypatch, django_capture_on_commit_callbacks, caplog):
    from config import redis as redis_module

    attempts: list[str] = []

    def refuse(name, **options):  # noqa: ANN001, ANN003, ANN202
        attempts.append(name)
        raise ConnectionError("broker down")

    monkeypatch.setattr(celery_app, "send_task", refuse)
    with django_capture_on_commit_callbacks(execute=True):
        enqueue_all_after_commit([EMBED, CONSOLIDATE])
    assert attempts == ["memory.tasks.memory_embed_pending_task", "memory.tasks.consolidation_subject_task"]
    assert "subject-1" not in caplog.text

    monkeypatch.setattr(redis_module, "_client", redis_module.make_client("redis://127.0.0.1:1/0"))
    attempts.clear()
    with django_capture_on_commit_callbacks(execute=True):
        enqueue_all_after_commit([EMBED, CONSOLIDATE])
    assert attempts == []
    assert "consolidation_subject_task left to the beat sweep" in caplog.text


def test_the_write_path_checks_its_two_keys_in_one_round_trip(make_agent, sent, pipelines,
                                                              django_capture_on_commit_callbacks):
    from config.actors import Actor
    from memory.services.memories import memory_record

    agent = make_agent("prompts")[0]
    with django_capture_on_commit_callbacks(execute=True):
        memory_record(actor=Actor.for_agent(agent), agent=agent, subject_ref="ana", kind="event",
                      content="Pidió el informe trimestral", session_id="s1")
    assert pipelines == [2]
    assert [name for name, _ in sent] == ["memory.tasks.memory_embed_pending_task",
                                          "memory.tasks.consolidation_subject_task"]
