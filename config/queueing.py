"""Enqueue Celery tasks after commit, by name, without ever failing the request when the broker is down.

Services name the task (``"memory.tasks.consolidation_subject_task"``) instead of importing it,
so no service module depends on a tasks module (tasks call services, never the reverse). The
Celery app routes a named task to its queue exactly as it routes an imported one.

The database is the source of truth for pending work (``embedding_pending``, the subject's
consolidation marker); beat sweeps it. So a publish failure is logged (task name only) and
swallowed, and the request still succeeds.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction

from config.celery import app
from config.redis import REDIS_ERRORS, get_redis

logger = logging.getLogger(__name__)


def enqueue_after_commit(task_name: str, *, debounce_key: str | None = None, debounce_seconds: int = 2,
                         countdown: float | None = None, **kwargs: Any) -> None:
    """Publish the task named ``task_name`` with JSON ``kwargs`` (ids only) once the transaction commits.

    ``debounce_key``: at most one publish per key per ``debounce_seconds`` (a Redis SET NX);
    the task itself clears the key when it starts, so nothing written afterwards waits for beat.
    """
    enqueue_all_after_commit([Prompt(task_name, debounce_key=debounce_key, debounce_seconds=debounce_seconds,
                                     countdown=countdown, kwargs=kwargs)])


@dataclass(frozen=True)
class Prompt:
    """One task to publish after commit, as :func:`enqueue_after_commit`'s arguments."""

    task_name: str
    debounce_key: str | None = None
    debounce_seconds: int = 2
    countdown: float | None = None
    kwargs: Mapping[str, Any] = field(default_factory=dict)


def enqueue_all_after_commit(prompts: Sequence[Prompt]) -> None:
    """:func:`enqueue_after_commit` for several tasks at once: every debounce key is checked in one
    Redis round trip (a pipeline of SET NX), then each task whose key was free is published. A Redis
    failure publishes none of them (as a failed debounce check publishes nothing); a failed publish
    does not stop the others."""

    def publish() -> None:
        keyed = [p for p in prompts if p.debounce_key is not None]
        free: list[bool] = []
        if keyed:
            try:
                pipe = get_redis().pipeline(transaction=False)
                for prompt in keyed:
                    pipe.set(prompt.debounce_key, "1", nx=True, ex=prompt.debounce_seconds)
                free = [bool(ok) for ok in pipe.execute()]
            except REDIS_ERRORS + (OSError,):
                for prompt in prompts:
                    logger.warning("broker unavailable; %s left to the beat sweep", prompt.task_name)
                return
        won = iter(free)
        for prompt in prompts:
            if prompt.debounce_key is None or next(won):
                _send(prompt)

    transaction.on_commit(publish)


def _send(prompt: Prompt) -> None:
    # ``ignore_result``: nothing reads a published task's result (its id is dropped here), so the web
    # process does not subscribe to the result's channel on every publish (one Redis round trip to
    # subscribe and one to unsubscribe when the handle is collected) and the worker stores none.
    try:
        app.send_task(prompt.task_name, kwargs=dict(prompt.kwargs), retry=False, countdown=prompt.countdown,
                      ignore_result=True)
    except REDIS_ERRORS + (OSError,):
        logger.warning("broker unavailable; %s left to the beat sweep", prompt.task_name)
    except Exception:  # noqa: BLE001 - kombu wraps transport errors in many types
        logger.warning("could not publish %s; left to the beat sweep", prompt.task_name, exc_info=False)
