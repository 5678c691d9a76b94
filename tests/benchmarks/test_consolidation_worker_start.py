"""The consolidation benchmark's own readings: the time one pool process ran alone."""

from __future__ import annotations

from benchmarks.consolidation import one_running_seconds


def test_time_with_one_run_going_is_counted_and_overlap_is_not() -> None:
    # two processes side by side from 0 to 4; then one alone until 6; a gap (none running) 6–7; one alone 7–8
    spans = [(0.0, 2.0), (2.0, 4.0), (0.0, 1.5), (1.5, 6.0), (7.0, 8.0)]
    assert one_running_seconds(spans) == 2.0 + 1.0
    assert one_running_seconds([(0.0, 3.0), (0.0, 3.0)]) == 0.0
    assert one_running_seconds([(1.0, 2.5)]) == 1.5
    assert one_running_seconds([]) == 0.0
