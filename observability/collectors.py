"""What ``/metrics`` reads from the database at scrape time: state, exact across processes.

One aggregate query per family (``memory.selectors.operations``,
``governance.selectors.requests.requests_open_by_type``, ``config.login_lockout``), so a scrape
costs a handful of index-backed counts whatever the number of processes. If the database cannot
be reached the scrape still answers: ``quorum_database_up 0`` and none of these families, never a
500 or a 503 (the in-process counters are still there).
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from datetime import datetime

from django.utils import timezone
from prometheus_client.core import GaugeMetricFamily, Metric

from config.db import UNAVAILABLE_ERRORS
from config.login_lockout import login_lockouts_active
from governance.models import DataSubjectRequest
from governance.selectors.requests import requests_open_by_type
from memory.selectors.operations import consolidation_state, embedding_backlog

logger = logging.getLogger(__name__)


def _age(now: datetime, then: datetime | None) -> float:
    return max(0.0, (now - then).total_seconds()) if then is not None else 0.0


def _families(now: datetime) -> list[Metric]:
    backlog = embedding_backlog()
    pending = GaugeMetricFamily("quorum_embedding_backlog", "Memories awaiting their embedding.",
                                value=backlog.pending)
    oldest = GaugeMetricFamily("quorum_embedding_backlog_oldest_seconds",
                               "Age of the oldest memory awaiting its embedding (0 when none).",
                               value=_age(now, backlog.oldest_recorded_at))

    state = consolidation_state()
    running = GaugeMetricFamily("quorum_consolidation_runs_running",
                                "Consolidation runs whose row says running.", value=state.running)
    subjects = GaugeMetricFamily("quorum_consolidation_subjects_pending",
                                 "Subjects marked as needing consolidation.", value=state.subjects_pending)
    last = GaugeMetricFamily("quorum_consolidation_last_finished_timestamp_seconds",
                             "When the latest run with each status finished (Unix time).", labels=["status"])
    for status, finished in sorted(state.last_finished.items()):
        last.add_metric([status], finished.timestamp())

    open_requests = GaugeMetricFamily("quorum_dsr_open", "Data-subject requests not yet completed or rejected.",
                                      labels=["type", "status"])
    overdue = GaugeMetricFamily("quorum_dsr_overdue", "Open data-subject requests past their deadline.",
                                labels=["type"])
    nearest = GaugeMetricFamily("quorum_dsr_next_deadline_seconds",
                                "Seconds until the nearest deadline of an open request (negative: overdue).",
                                labels=["type"])
    by_type: dict[str, tuple[int, datetime | None]] = {}
    for group in requests_open_by_type(now=now):
        open_requests.add_metric([group.type, group.status], group.count)
        late, soonest = by_type.get(group.type, (0, None))
        earliest = group.nearest_deadline if soonest is None else min(soonest, group.nearest_deadline)
        by_type[group.type] = (late + group.overdue, earliest)
    for request_type in sorted(DataSubjectRequest.Type.values):  # 0, not absent, when none is late
        late, soonest = by_type.get(request_type, (0, None))
        overdue.add_metric([request_type], late)
        if soonest is not None:
            nearest.add_metric([request_type], (soonest - now).total_seconds())

    locks = GaugeMetricFamily("quorum_login_lockouts_active",
                              "Dashboard sign-in locks in force, by what they cover.", labels=["scope"])
    for scope, count in login_lockouts_active().items():
        locks.add_metric([scope], count)
    return [pending, oldest, running, subjects, last, open_requests, overdue, nearest, locks]


class DatabaseCollector:
    """A prometheus-client collector; ``collect`` runs the queries, so build it per scrape."""

    def collect(self) -> Iterator[Metric]:
        try:
            families = _families(timezone.now())
        except UNAVAILABLE_ERRORS as exc:
            logger.warning("metrics: database unavailable (%s); scrape answered without it",
                           type(exc.__cause__ or exc).__name__)
            families = []
        yield GaugeMetricFamily("quorum_database_up", "1 if this scrape could read the database, else 0.",
                                value=1 if families else 0)
        yield from families
