"""Scheduling (memory/consolidation/schedule.py): due subjects, abandoned runs, the deep pass."""

from __future__ import annotations

import uuid
from datetime import timedelta

import pytest
from django.utils import timezone

from config.actors import Actor
from governance.models import AuditEvent
from memory.consolidation.run import CODE_VERSION
from memory.consolidation.schedule import (
    DEBOUNCE,
    STALE_RUN,
    deep_chain_ranges,
    deep_chain_step,
    deep_pass_all,
    runs_mark_abandoned,
    subjects_due,
)
from memory.models import ConsolidationRun, Memory, Subject
from tests.memory.consolidation.support import corroborate_short_reports, current, remember

pytestmark = pytest.mark.django_db


def test_subjects_are_due_only_after_the_debounce(agents):
    corroborate_short_reports(agents)
    subject = Subject.objects.get(external_ref="ana")
    assert subjects_due() == []  # just written: a burst of writes becomes one pass
    Subject.objects.filter(pk=subject.pk).update(consolidation_requested_at=timezone.now() - DEBOUNCE * 2)
    assert subjects_due() == [subject.pk]
    assert subjects_due(limit=0) == []


def _run(subject: Subject, *, started_ago: timedelta, status: str = "running") -> ConsolidationRun:
    run = ConsolidationRun.objects.create(subject=subject, mode="incremental", policy_version="v1",
                                          code_version=CODE_VERSION, budget={}, status=status)
    ConsolidationRun.objects.filter(pk=run.pk).update(started_at=timezone.now() - started_ago)
    return run


def test_runs_left_running_are_marked_abandoned_and_audited(agents):
    corroborate_short_reports(agents)
    subject = Subject.objects.get(external_ref="ana")
    stale = _run(subject, started_ago=STALE_RUN * 2)
    recent = _run(subject, started_ago=timedelta(seconds=5))
    finished = _run(subject, started_ago=STALE_RUN * 2, status="succeeded")
    assert runs_mark_abandoned(actor=Actor.system("consolidator")) == 1
    statuses = dict(ConsolidationRun.objects.values_list("pk", "status"))
    assert (statuses[stale.pk], statuses[recent.pk], statuses[finished.pk]) == ("abandoned", "running", "succeeded")
    assert ConsolidationRun.objects.get(pk=stale.pk).finished_at is not None
    (event,) = AuditEvent.objects.filter(action="consolidation_run.abandoned")
    assert (event.actor_kind, event.actor_id, event.object_type, event.object_id) == (
        "system", "consolidator", "consolidation_run", str(stale.pk))
    assert event.data == {"subject": str(subject.pk)}
    assert runs_mark_abandoned(actor=Actor.system("consolidator")) == 0  # idempotent, and nothing more audited
    assert AuditEvent.objects.filter(action="consolidation_run.abandoned").count() == 1


def test_the_deep_pass_runs_every_subject_with_facts(agents):
    corroborate_short_reports(agents)
    stale = _run(Subject.objects.get(external_ref="ana"), started_ago=STALE_RUN * 2)
    report = deep_pass_all()
    assert report == {"subjects": 1, "failed": 0, "expired": 0, "abandoned": 1}
    assert len(current()) == 1
    assert ConsolidationRun.objects.get(pk=stale.pk).status == "abandoned"
    assert ConsolidationRun.objects.filter(mode="deep", status="succeeded").count() == 1


def _slices_cover_the_space(ranges: list[tuple[int, int]]) -> None:
    assert ranges[0][0] == 0 and ranges[-1][1] == (1 << 128) - 1
    for (_, last), (first, _) in zip(ranges, ranges[1:]):
        assert first == last + 1  # consecutive: every id falls in exactly one slice
    assert all(first <= last for first, last in ranges)


@pytest.mark.parametrize("chains", [1, 2, 3, 7])
def test_the_chains_slice_the_whole_id_space_without_overlap(chains):
    """No subject to visit (or fewer than chains): the space is cut evenly."""
    ranges = [(uuid.UUID(first).int, uuid.UUID(last).int) for first, last in deep_chain_ranges(chains)]
    assert len(ranges) == chains
    assert ranges[0][0] == 0 and ranges[-1][1] == (1 << 128) - 1
    for (_, last), (first, _) in zip(ranges, ranges[1:]):
        assert first == last + 1  # consecutive: every id falls in exactly one slice
    assert all(first <= last for first, last in ranges)


@pytest.mark.parametrize("chains", [2, 3])
def test_the_chains_hold_an_equal_share_of_the_subjects_wherever_their_ids_fall(agents, chains):
    """Nine subjects whose ids all sit in the first sixteenth of the id space: cut evenly, one slice
    would hold all nine; cut at the subjects' ntiles, each holds 9 / chains of them (±1)."""
    for n in range(9):
        Subject.objects.create(pk=uuid.UUID(int=(n + 1) << 120), external_ref=f"low-{n}")
        remember(agents[0], "Prefiere informes breves", session="s1", subject=f"low-{n}")
    assert Subject.objects.filter(external_ref__startswith="low-").count() == Subject.objects.count() == 9
    ranges = deep_chain_ranges(chains)
    _slices_cover_the_space([(uuid.UUID(first).int, uuid.UUID(last).int) for first, last in ranges])
    held = [Subject.objects.filter(pk__gte=first, pk__lte=last).count() for first, last in ranges]
    assert sum(held) == 9 and max(held) - min(held) <= 1


def test_a_chain_walks_its_slice_in_steps_and_skips_subjects_without_facts(agents):
    for n in range(5):
        remember(agents[0], "Prefiere informes breves", session="s1", subject=f"p{n}")
    remember(agents[0], "Llamó el martes", session="s1", subject="events-only")
    Memory.objects.filter(subject__external_ref="events-only").update(kind="event")
    with_facts = sorted(str(pk) for pk in Subject.objects.exclude(external_ref="events-only")
                        .values_list("pk", flat=True))
    ((first, last),) = deep_chain_ranges(1)
    seen, after, steps = [], None, 0
    while True:
        report, after = deep_chain_step(first=first, last=last, after=after, size=2)
        steps += 1
        assert report["failed"] == 0
        seen.append(report["subjects"])
        if after is None:
            break
    assert seen == [2, 2, 1] and steps == 3
    runs = ConsolidationRun.objects.filter(mode="deep")
    assert sorted(str(pk) for pk in runs.values_list("subject_id", flat=True)) == with_facts
    # Two slices split the same subjects between them, each once.
    ConsolidationRun.objects.all().delete()
    for first, last in deep_chain_ranges(2):
        after = None
        while True:
            _, after = deep_chain_step(first=first, last=last, after=after, size=10)
            if after is None:
                break
    assert sorted(str(pk) for pk in runs.values_list("subject_id", flat=True)) == with_facts
