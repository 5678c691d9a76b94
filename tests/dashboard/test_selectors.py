"""The operator overview's figures come from the runs' statistics, summed by the database."""

from datetime import timedelta

import pytest
from django.utils import timezone

from dashboard.selectors import ops_run_series, ops_runs
from memory.models import ConsolidationRun

pytestmark = pytest.mark.django_db


def run(days_ago: int, **stats) -> ConsolidationRun:  # noqa: ANN003
    started = timezone.now() - timedelta(days=days_ago)
    return ConsolidationRun.objects.create(
        mode="incremental", status="succeeded", policy_version="v1", code_version="t", started_at=started,
        finished_at=started + timedelta(seconds=2), budget={"max_seconds": 20, "max_candidates": 100},
        used={"seconds": 2, "candidates": 50}, stats={**stats, "used": {"seconds": 2}, "budget_exhausted": False})


def test_daily_series_sums_outcomes_per_day_and_ignores_other_statistics():
    run(0, promoted=2, review=1, gate_special_category=1, gate_purpose=2, discount_echo_read_log=3,
        discount_derived_from=1, discount_same_agent=5, memories=40)
    run(0, promoted=1, reason="locked")
    run(3, discount_echo_timing=4)
    run(20, promoted=9)  # outside the 14 days
    series = ops_run_series()
    assert len(series) == 14
    today, three_days_ago = series[-1], series[-4]
    assert {k: today[k] for k in ("runs", "promoted", "rejected", "review", "echo")} == \
        {"runs": 2, "promoted": 3, "rejected": 3, "review": 1, "echo": 4}
    assert (three_days_ago["runs"], three_days_ago["echo"], three_days_ago["promoted"]) == (1, 4, 0)
    assert sum(day["promoted"] for day in series) == 3
    assert today["promoted_h"] > 0 and series[0]["promoted_h"] == 0


def test_recent_runs_show_the_largest_share_of_the_budget_used():
    run(0, promoted=1, gate_purpose=2)
    row = ops_runs()[0]
    assert row["budget_pct"] == 50.0  # 50 of 100 candidates outweighs 2 of 20 seconds
    assert (row["promoted"], row["rejected"], row["duration"]) == (1, 2, 2.0)
