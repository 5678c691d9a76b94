"""A deep pass's chains help each other at the end (memory/consolidation/schedule.py, perf46): a chain
whose slice is done takes the pass's unreached subjects from the top down, each subject is claimed
before its run, and every subject still gets exactly one deep run."""

from __future__ import annotations

import hashlib
from datetime import timedelta

import psycopg
import pytest
from django.db import connection
from django.utils import timezone

from memory.consolidation import schedule
from memory.consolidation.schedule import deep_chain_ranges, deep_chain_step, deep_help_step
from memory.models import ConsolidationRun, Subject
from tests.memory.consolidation.support import remember

pytestmark = pytest.mark.django_db


def _subjects(agents, n: int) -> list[str]:
    for i in range(n):
        remember(agents[0], "Prefiere informes breves", session="s1", subject=f"p{i}")
    ConsolidationRun.objects.all().delete()  # the writes' incremental runs are not the pass's
    return sorted(str(pk) for pk in Subject.objects.values_list("pk", flat=True))


def _deep_runs() -> list[str]:
    return sorted(str(pk) for pk in ConsolidationRun.objects.filter(mode="deep").values_list("subject_id", flat=True))


def test_a_helping_chain_takes_the_unreached_subjects_from_the_top_down(agents):
    ids = _subjects(agents, 5)
    since = timezone.now()
    report, more = deep_help_step(since=since, size=2)
    assert report == {"subjects": 2, "failed": 0} and more
    assert _deep_runs() == ids[-2:]  # the two highest ids, the far end of the last slice
    # The slice's own chain walks up and skips what the helper ran; then the helper finds nothing.
    ((first, last),) = deep_chain_ranges(1)
    report, after = deep_chain_step(first=first, last=last, after=None, size=10, since=since)
    assert report == {"subjects": 3, "failed": 0} and after is None
    assert _deep_runs() == ids  # each subject once
    assert deep_help_step(since=since, size=2) == ({"subjects": 0, "failed": 0}, False)


def test_chains_and_helpers_interleaved_run_every_subject_exactly_once(agents):
    ids = _subjects(agents, 7)
    since = timezone.now()
    (low, high) = deep_chain_ranges(2)
    # The low chain is slow: one step of one subject, then the high chain finishes and helps.
    _, low_after = deep_chain_step(first=low[0], last=low[1], after=None, size=1, since=since)
    after = None
    while True:
        _, after = deep_chain_step(first=high[0], last=high[1], after=after, size=10, since=since)
        if after is None:
            break
    helped, more = deep_help_step(since=since, size=1)
    assert helped["subjects"] == 1 and more
    while low_after is not None:
        _, low_after = deep_chain_step(first=low[0], last=low[1], after=low_after, size=1, since=since)
    assert deep_help_step(since=since, size=1)[1] is False
    assert _deep_runs() == ids


def test_a_run_from_before_the_pass_does_not_count_and_an_unfinished_one_is_run_again(agents):
    ids = _subjects(agents, 3)
    since = timezone.now()
    earlier = ConsolidationRun.objects.create(subject_id=ids[0], mode="deep", status="succeeded",
                                              policy_version=1, code_version="x", budget={})
    ConsolidationRun.objects.filter(pk=earlier.pk).update(started_at=since - timedelta(hours=6),
                                                          finished_at=since - timedelta(hours=6))
    # A run of this pass whose worker was lost: started, never finished.
    ConsolidationRun.objects.create(subject_id=ids[1], mode="deep", policy_version=1, code_version="x", budget={})
    ((first, last),) = deep_chain_ranges(1)
    report, _ = deep_chain_step(first=first, last=last, after=None, size=10, since=since)
    assert report == {"subjects": 3, "failed": 0}
    finished = ConsolidationRun.objects.filter(mode="deep", started_at__gte=since, finished_at__isnull=False)
    assert sorted(str(pk) for pk in finished.values_list("subject_id", flat=True)) == ids


def test_a_finished_run_of_this_pass_is_not_repeated(agents):
    ids = _subjects(agents, 2)
    since = timezone.now()
    ((first, last),) = deep_chain_ranges(1)
    deep_chain_step(first=first, last=last, after=None, size=10, since=since)
    report, _ = deep_chain_step(first=first, last=last, after=None, size=10, since=since)  # redelivered
    assert report == {"subjects": 0, "failed": 0}
    assert _deep_runs() == ids
    # Without ``since`` (a step published by an older version) the slice is walked as before.
    report, _ = deep_chain_step(first=first, last=last, after=None, size=10)
    assert report == {"subjects": 2, "failed": 0}


def test_a_subject_another_chain_holds_is_skipped_and_its_claim_released_after_a_run(agents):
    ids = _subjects(agents, 2)
    since = timezone.now()
    key = int.from_bytes(hashlib.sha256(ids[1].encode()).digest()[:4], "big", signed=True)
    params = connection.get_connection_params()
    with psycopg.connect(**{k: v for k, v in params.items() if k in {"host", "port", "user", "dbname", "password"}},
                         autocommit=True) as other:
        other.execute("SELECT pg_advisory_lock(%s, %s)", [schedule._CLAIM_NAMESPACE, key])
        report, more = deep_help_step(since=since, size=5)
        assert report == {"subjects": 1, "failed": 0} and more is False  # ids[1] is the other chain's
        assert _deep_runs() == ids[:1]
        other.execute("SELECT pg_advisory_unlock(%s, %s)", [schedule._CLAIM_NAMESPACE, key])
    with connection.cursor() as cursor:  # this session released every claim it took
        cursor.execute("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND classid = %s "
                       "AND pid = pg_backend_pid()", [schedule._CLAIM_NAMESPACE])
        assert cursor.fetchone()[0] == 0
