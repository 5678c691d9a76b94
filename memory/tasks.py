"""Memory tasks: ids and JSON values only, idempotent, time-limited."""

from __future__ import annotations

from celery import shared_task

from config.actors import Actor
from config.redis import REDIS_ERRORS, get_redis
from memory.services.embeddings import memory_embed_pending
from memory.services.records import EMBED_DEBOUNCE_KEY, memory_expire_due


@shared_task(name="memory.tasks.memory_embed_pending_task", time_limit=300, soft_time_limit=270,
             ignore_result=True)
def memory_embed_pending_task() -> dict[str, int]:
    """Embed every pending memory (batched). Clears the debounce key first so later writes re-enqueue."""
    try:
        get_redis().delete(EMBED_DEBOUNCE_KEY)
    except REDIS_ERRORS:
        pass
    report = memory_embed_pending()
    return {"embedded": report.embedded, "failed_batches": report.failed_batches, "remaining": report.remaining}


@shared_task(name="memory.tasks.memory_expire_due_task", time_limit=300, soft_time_limit=270)
def memory_expire_due_task() -> int:
    return memory_expire_due(actor=Actor.system("retention"))
