"""Beat's deep pass through a real Celery worker (memory.tasks.consolidation_deep_task): the task
starts the chains, the worker runs their steps, and every subject with facts gets one deep run."""

from __future__ import annotations

import pytest

from memory.models import ConsolidationRun, Subject
from memory.tasks import consolidation_deep_task
from tests.conftest import wait_until
from tests.memory.consolidation.support import corroborate_short_reports, current, remember

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]


def test_the_deep_task_runs_every_subject_through_chains_of_steps(agents, settings, celery_worker_process):
    settings.QUORUM_CONSOLIDATION_DEEP_CHAINS = 2
    corroborate_short_reports(agents)
    for n in range(4):
        remember(agents[0], "Prefiere informes breves", session="s1", subject=f"p{n}")
    # The incremental passes the writes asked for run first (a deep run would find their lock).
    assert wait_until(lambda: not Subject.objects.filter(consolidation_requested_at__isnull=False).exists(),
                      timeout=90)
    ConsolidationRun.objects.all().delete()
    # The worker reads its own settings: a step of 50 covers this world in one step per chain.
    report = consolidation_deep_task()
    assert report == {"expired": 0, "abandoned": 0, "chains": 2}
    subjects = set(Subject.objects.values_list("pk", flat=True))
    assert len(subjects) == 5

    def deep_runs() -> list:
        return list(ConsolidationRun.objects.filter(mode="deep", status="succeeded").values_list("subject_id", flat=True))

    assert wait_until(lambda: set(deep_runs()) == subjects, timeout=90)
    assert sorted(deep_runs()) == sorted(subjects)  # each subject once
    assert len(current()) == 1  # the corroborated fact was promoted by the deep pass
