"""config.db.CompiledOnce: a values_list statement built and compiled once a process returns, for any
later values, exactly the rows (field converters applied) and sends exactly the statement that the
queryset built for those values would; a builder whose SQL depends on the values is refused."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from config.db import CompiledOnce
from memory.models import ConsolidationRun, Subject

pytestmark = pytest.mark.django_db


def _runs(*, subject_id, since):
    return (ConsolidationRun.objects.filter(subject_id=subject_id, started_at__gte=since)
            .exclude(status=ConsolidationRun.Status.FAILED)
            .order_by("started_at", "pk").values_list("pk", "mode", "budget", "stats", "started_at"))


def _subjects_with_runs():
    now = timezone.now()
    subjects = [Subject.objects.create(external_ref=f"compiled-once-{i}") for i in range(3)]
    for n, subject in enumerate(subjects):
        for k in range(n + 2):
            ConsolidationRun.objects.create(subject=subject, mode="deep", policy_version="p", code_version="c",
                                            budget={"max_seconds": k, "nested": {"a": [k, "x"]}},
                                            stats={"k": k}, started_at=now - timedelta(minutes=k),
                                            status="failed" if k == 1 else "succeeded")
    return subjects, now


def test_rows_and_statement_are_the_querysets_for_every_later_value():
    subjects, now = _subjects_with_runs()
    compiled = CompiledOnce(_runs)
    for subject in subjects + subjects[::-1]:
        for since in (now - timedelta(hours=1), now - timedelta(seconds=90)):
            expected = list(_runs(subject_id=subject.pk, since=since))
            with CaptureQueriesContext(connection) as sent:
                rows = compiled.rows(subject_id=subject.pk, since=since)
            assert rows == expected
            assert all(isinstance(row, tuple) for row in rows)
            assert rows and isinstance(rows[0][2], dict)  # the JSON field's converter ran
            with CaptureQueriesContext(connection) as django_sent:
                list(_runs(subject_id=subject.pk, since=since))
            assert [q["sql"] for q in sent.captured_queries] == [q["sql"] for q in django_sent.captured_queries]


def test_values_that_change_the_statement_are_refused():
    subject = Subject.objects.create(external_ref="compiled-once-in")
    compiled = CompiledOnce(lambda *, refs: Subject.objects.filter(external_ref__in=refs.split(",")).values_list("pk"))
    with pytest.raises(ValueError):
        compiled.rows(refs=f"{subject.external_ref},other")


def test_a_value_the_statement_does_not_carry_is_refused():
    compiled = CompiledOnce(lambda *, ref: Subject.objects.filter(external_ref="fixed").values_list("pk"))
    with pytest.raises(ValueError):
        compiled.rows(ref="anything")


def test_only_tuple_rows_are_compiled():
    compiled = CompiledOnce(lambda *, ref: Subject.objects.filter(external_ref=ref).values_list("pk", flat=True))
    with pytest.raises(ValueError):
        compiled.rows(ref="x")


def test_a_leap_day_is_a_value_like_any_other():
    subjects, _ = _subjects_with_runs()
    leap = datetime(2028, 2, 29, 12, 0, tzinfo=UTC)
    compiled = CompiledOnce(_runs)
    assert compiled.rows(subject_id=subjects[0].pk, since=leap) == list(_runs(subject_id=subjects[0].pk, since=leap))
