"""The Celery application ``config`` (``celery -A config worker|beat``).

Queues: ``rights`` (data-subject requests, high priority), ``default``, ``consolidation`` (low
priority). JSON only; task arguments carry ids and JSON-safe values, never personal text. The beat
schedule is declared in one place: ``config.schedule.BEAT_SCHEDULE``.
"""

import os

from celery import Celery
from celery.signals import worker_init, worker_process_init
from kombu import Queue

from config.schedule import BEAT_SCHEDULE

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.dev")

app = Celery("config")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.conf.task_queues = (Queue("default"), Queue("consolidation"), Queue("rights"))
app.conf.task_routes = {
    "memory.tasks.consolidation_*": {"queue": "consolidation"},
    "governance.tasks.dsr_*": {"queue": "rights"},
}


@app.on_after_finalize.connect
def _install_beat_schedule(sender: Celery, **kwargs: object) -> None:
    sender.conf.beat_schedule = BEAT_SCHEDULE


@worker_init.connect
def _worker_queues_record(sender: object, **kwargs: object) -> None:
    """In the main worker process, before the pool forks: which queues it consumes (the warm-up's
    ``auto`` reads it in each pool process)."""
    from config.worker_start import worker_queues_record  # local import: Django's settings are read only once a worker runs

    worker_queues_record(sender.app.amqp.queues.consume_from)  # type: ignore[attr-defined]


@worker_process_init.connect
def _pool_process_start(**kwargs: object) -> None:
    """In each pool process, once forked: the warm-up (``QUORUM_WORKER_WARMUP``), then the freeze.

    The warm-up (:func:`memory.equivalence.warm.warm_up`) starts this process's Apertium pipelines
    and loads the equivalence chain's lazy tables, so its first deep pass does not pay them
    (docs/performance.md, "Deep consolidation"); it never raises. Then what start-up built (Django,
    the apps, numpy, the task modules, the warm-up's tables — hundreds of thousands of objects that
    live as long as the process) moves to the collector's permanent generation, so the full
    collections a task's allocations trigger no longer walk it. In a one-off in-process profile of a
    steady 200-memory incremental pass (freeze after start-up), its candidate pairs took 9 ms
    instead of 23 ms; not measured in the worker alone. Last, with ``QUORUM_WORKER_READY_DIR`` set,
    the process says it is ready (:func:`config.worker_start.ready_write`: ids and seconds only)."""
    from config.worker_start import pool_process_start  # local import: Django's settings are read only once a worker runs

    pool_process_start()


app.autodiscover_tasks()
