"""The counters and histograms processes record as things happen (docs/decisions/0010-metrics.md).

Every label is bounded and carries no personal data: ``operation`` is the resolved URL's name
(``api-memory-detail``, ``config.logs.operation_name``), never the path (which holds ids and subject references); ``method`` is
one of the HTTP methods below; ``status`` an HTTP status code or a run status.

gunicorn runs several workers and Celery its own processes, so these live in prometheus-client's
*multiprocess mode* whenever ``PROMETHEUS_MULTIPROC_DIR`` is set (``make run`` sets it to
``var/prometheus``): each process writes its values to a file there and ``/metrics`` sums the
files of every process (:func:`registry_in_process`). Without it (runserver, tests) the values are
this process's own. Only counters and histograms are kept here; state (backlogs, open requests,
active lockouts) is read from the database at scrape time (``observability.collectors``).
"""

from __future__ import annotations

import functools
import os
import time
from collections.abc import Callable
from typing import Any, TypeVar

from prometheus_client import REGISTRY, CollectorRegistry, Counter, Histogram, disable_created_metrics
from prometheus_client.multiprocess import MultiProcessCollector

F = TypeVar("F", bound=Callable[..., Any])

# No ``*_created`` series: a gauge per labelled series doubling the output, which multiprocess
# mode leaves out anyway, so both modes show the same families.
disable_created_metrics()

METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})

REQUEST_DURATION = Histogram(
    "quorum_http_request_duration_seconds",
    "Time from request to response, by URL name (never the path), method and status.",
    ["operation", "method", "status"],
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0),
)
LOCKOUT_RESPONSES = Counter(
    "quorum_lockout_responses",
    "Requests refused with 429 because a lockout covered them: agent_key (API) or login (dashboard).",
    ["kind"],
)
CONSOLIDATION_RUNS = Counter(
    "quorum_consolidation_runs",
    "Consolidation runs that finished, by the status recorded on the run row.",
    ["status"],
)
CONSOLIDATION_RUN_DURATION = Histogram(
    "quorum_consolidation_run_duration_seconds",
    "Wall time of one consolidation run (pending embeddings included), by status.",
    ["status"],
    buckets=(0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 20.0, 30.0, 60.0, 120.0),
)


def multiprocess_dir() -> str | None:
    """The shared directory of multiprocess mode, or None (each process reports only itself)."""
    return os.environ.get("PROMETHEUS_MULTIPROC_DIR") or None


def registry_in_process() -> CollectorRegistry:
    """What the counters and histograms above hold: summed over every process writing to the
    multiprocess directory, or this process's default registry."""
    path = multiprocess_dir()
    if path is None:
        return REGISTRY
    registry = CollectorRegistry()
    MultiProcessCollector(registry, path=path)
    return registry


def request_observe(*, operation: str, method: str, status: int, seconds: float) -> None:
    method = method if method in METHODS else "other"
    REQUEST_DURATION.labels(operation=operation, method=method, status=str(status)).observe(seconds)


def lockout_observe(*, kind: str) -> None:
    LOCKOUT_RESPONSES.labels(kind=kind).inc()


def consolidation_run_observed(func: F) -> F:
    """Count each run the wrapped entry returns (its ``status``) and time it."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        started = time.monotonic()
        result = func(*args, **kwargs)
        status = str(result.status)
        CONSOLIDATION_RUNS.labels(status=status).inc()
        CONSOLIDATION_RUN_DURATION.labels(status=status).observe(time.monotonic() - started)
        return result

    return wrapper  # type: ignore[return-value]
