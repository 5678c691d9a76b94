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

    def publish() -> None:
        try:
            if debounce_key is not None:
                if not get_redis().set(debounce_key, "1", nx=True, ex=debounce_seconds):
                    return
            app.send_task(task_name, kwargs=kwargs, retry=False, countdown=countdown)
        except REDIS_ERRORS + (OSError,):
            logger.warning("broker unavailable; %s left to the beat sweep", task_name)
        except Exception:  # noqa: BLE001 - kombu wraps transport errors in many types
            logger.warning("could not publish %s; left to the beat sweep", task_name, exc_info=False)

    transaction.on_commit(publish)
