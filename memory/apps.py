from celery.signals import task_postrun
from django.apps import AppConfig
from django.core.signals import request_finished

from memory.text_caches import forget_texts


class MemoryConfig(AppConfig):
    """Private memory per (agent × subject) and the collective layer built from it."""

    name = "memory"
    verbose_name = "Memory"

    def ready(self) -> None:
        # local import: the app registry is ready only here; importing registers the promoted codes
        from memory import errors  # noqa: F401

        # A note's cached readings live for the task or request that made them (memory.text_caches).
        task_postrun.connect(forget_texts, dispatch_uid="memory.text_caches.task")
        request_finished.connect(forget_texts, dispatch_uid="memory.text_caches.request")
