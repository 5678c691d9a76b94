"""What each Celery pool process does as it starts (``config.celery``'s ``worker_process_init``).

1. The warm-up (``QUORUM_WORKER_WARMUP``): :func:`memory.equivalence.warm.warm_up` starts the
   process's Apertium pipelines and loads the equivalence chain's lazy tables before its first task.
   ``auto`` (the default) warms the processes of a worker that consumes the ``consolidation`` queue
   (or every queue: no ``-Q``), where the chain runs, and not those of a ``rights,default`` worker,
   which would only carry the pipelines' ~170 MB; ``on``/``off`` force it. It never raises; a
   missing or broken Apertium is a warning with the failure's type.
2. ``gc.freeze()``: what start-up built moves to the collector's permanent generation. Then the
   youngest generation's threshold is raised to ``QUORUM_WORKER_GC_YOUNG`` (10,000; 0 keeps Python's
   700): a deep pass allocates many short-lived containers, and at 700 the collector ran ≈ 355 young
   collections a pass for ≈ 0.16–0.18 s of a process's 3.4–4.1 s (perf50d); the older generations'
   thresholds are Python's. No code here depends on when a cycle is freed (perf51b: no ``__del__``,
   weak reference or cache keyed by a freed object's ``id`` in the paths a task runs).
3. With ``QUORUM_WORKER_READY_DIR`` set (the consolidation benchmark sets it), the process writes
   ``<pid>.json`` there — its pid, the seconds its start took and the warm-up's share — so a caller
   can wait until *every* pool process has started, not only the main process that answers a ping.

Celery kills a pool process that has not reported up within ``worker_proc_alive_timeout``
(``CELERY_WORKER_PROC_ALIVE_TIMEOUT``, raised in the settings so a warm-up on a loaded machine fits).
"""

from __future__ import annotations

import gc
import json
import logging
import os
import time
from pathlib import Path
from typing import Any

from django.conf import settings

logger = logging.getLogger(__name__)

#: The queues the worker consumes, recorded by :func:`worker_queues_record` in the main process
#: before the pool forks (so every pool process inherits it); None: every queue (no ``-Q``).
_CONSUMES: frozenset[str] | None = None
_ON, _OFF = {"on", "1", "true", "yes"}, {"off", "0", "false", "no"}


def worker_queues_record(queues: object) -> None:
    """Remember the worker's queues (``worker.app.amqp.queues.consume_from``: names, or None)."""
    global _CONSUMES
    _CONSUMES = None if queues is None else frozenset(queues)  # type: ignore[arg-type]


def warmup_wanted() -> bool:
    """``QUORUM_WORKER_WARMUP``: on, off, or auto (on where the worker consumes ``consolidation``)."""
    mode = str(settings.QUORUM_WORKER_WARMUP).strip().lower()
    if mode in _ON:
        return True
    if mode in _OFF:
        return False
    return _CONSUMES is None or "consolidation" in _CONSUMES


def pool_process_start() -> dict[str, Any]:
    """The start of one pool process (module docstring); returns what :func:`ready_write` writes."""
    started = time.perf_counter()
    cpu = time.process_time()
    report: dict[str, Any] = {"pid": os.getpid(), "warmup": warmup_wanted(),
                              "warmup_seconds": 0.0, "apertium_seconds": 0.0, "warmup_ok": True}
    if report["warmup"]:
        from memory.equivalence.warm import warm_up  # local import: the chain loads only where a worker warms it

        warm = warm_up()
        report.update(warmup_seconds=warm.seconds, apertium_seconds=warm.apertium_seconds,
                      apertium=warm.apertium, warmup_ok=warm.ok)
        logger.info("pool process %s warmed in %.2f s (Apertium pipelines %.2f s, %s)", report["pid"],
                    warm.seconds, warm.apertium_seconds, "started" if warm.apertium else "not started")
    gc.collect()
    gc.freeze()
    young = settings.QUORUM_WORKER_GC_YOUNG
    if young > 0:
        gc.set_threshold(young, *gc.get_threshold()[1:])
    report["gc_threshold"] = list(gc.get_threshold())
    report.update(start_seconds=time.perf_counter() - started, start_cpu_seconds=time.process_time() - cpu)
    ready_write(report)
    return report


def ready_write(report: dict[str, Any]) -> None:
    """``<QUORUM_WORKER_READY_DIR>/<pid>.json`` (ids and seconds only), when the directory is set."""
    directory = settings.QUORUM_WORKER_READY_DIR
    if not directory:
        return
    try:
        path = Path(directory) / f"{report['pid']}.json"
        path.with_suffix(".tmp").write_text(json.dumps(report))
        path.with_suffix(".tmp").replace(path)  # whole or absent: a reader never sees half a file
    except OSError as exc:
        logger.warning("pool process %s could not write its ready file (%s)", report["pid"], type(exc).__name__)
