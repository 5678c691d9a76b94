"""Enqueue Celery tasks after commit without ever failing the request when the broker is down.

The database is the source of truth for pending work (``embedding_pending``, the subject's
consolidation marker); beat sweeps it. So a publish failure is logged (task name only) and
swallowed, and the request still succeeds.
"""

from __future__ import annotations

import logging
from typing import Any

from django.db import transaction

logger = logging.getLogger(__name__)


def enqueue_after_commit(task: Any, *, debounce_key: str | None = None, debounce_seconds: int = 2,
                         countdown: float | None = None, **kwargs: Any) -> None:
    """Publish ``task`` with JSON ``kwargs`` (ids only) once the transaction commits.

    ``debounce_key``: at most one publish per key per ``debounce_seconds`` (a Redis SET NX);
    the task itself clears the key when it starts, so nothing written afterwards waits for beat.
    """

    def publish() -> None:
        from config.redis import REDIS_ERRORS, get_redis

        try:
            if debounce_key is not None:
                if not get_redis().set(debounce_key, "1", nx=True, ex=debounce_seconds):
                    return
            task.apply_async(kwargs=kwargs, retry=False, countdown=countdown)
        except REDIS_ERRORS + (OSError,):
            logger.warning("broker unavailable; %s left to the beat sweep", task.name)
        except Exception:  # noqa: BLE001 - kombu wraps transport errors in many types
            logger.warning("could not publish %s; left to the beat sweep", task.name, exc_info=False)

    transaction.on_commit(publish)
