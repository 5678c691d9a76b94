"""The deep pass's timeline reading (benchmarks.deep_timeline): pure functions over hook events."""

from __future__ import annotations

import json
import math

import pytest

from benchmarks import deep_timeline
from benchmarks.deep_timeline import backends_by_process, events_read, run_gaps, runs_by_process, schedstat, tasks_of, timelines

STEP = "memory.tasks.consolidation_deep_step_task"


def _task_events(task: str, pid: int, published: float | None, received: float, start: float, end: float,
                 cpu: tuple[float, float] = (0.0, 0.0), name: str = STEP) -> list[dict]:
    events = [{"event": "received", "pid": 1, "at": received, "task": task, "name": name},
              {"event": "start", "pid": pid, "at": start, "task": task, "name": name, "cpu": cpu[0], "wait": 0.0},
              {"event": "end", "pid": pid, "at": end, "task": task, "name": name, "cpu": cpu[1], "wait": 0.5}]
    if published is not None:
        events.append({"event": "publish", "pid": pid, "at": published, "task": task, "name": name})
    return events


def test_tasks_pair_start_and_end_with_receipt_and_publication() -> None:
    events = sorted(_task_events("a", 11, None, 0.1, 0.2, 1.0, cpu=(5.0, 5.6))
                    + _task_events("b", 11, 0.9, 1.05, 1.1, 2.0)
                    + _task_events("other", 12, None, 0.1, 0.3, 0.4, name="memory.tasks.something_else"),
                    key=lambda e: e["at"])
    tasks = tasks_of(events, STEP)
    assert [t.id for t in tasks] == ["a", "b"]
    assert tasks[0].cpu == pytest.approx(0.6) and tasks[0].wait == pytest.approx(0.5)
    assert tasks[0].published is None and tasks[1].published == 0.9
    assert tasks[1].received == 1.05


def test_timeline_parts_sum_to_the_window_for_each_process() -> None:
    # Process 11: two tasks with a gap; process 12: one task that ends early (a tail).
    events = (_task_events("a", 11, None, 0.05, 0.1, 1.0) + _task_events("b", 11, 0.98, 1.02, 1.05, 2.0)
              + _task_events("c", 12, None, 0.06, 0.2, 1.5))
    tasks = tasks_of(sorted(events, key=lambda e: e["at"]), STEP)
    runs = [(11, 0.15, 0.5), (11, 0.55, 0.95), (11, 1.1, 1.9), (12, 0.25, 1.4)]  # 12's run starts in 11's task
    lines = {line.pid: line for line in timelines(tasks, runs, t0=0.0, t1=1.9)}
    for line in lines.values():
        parts = (line.before_first + line.in_runs + line.in_tasks_between_runs + line.between_tasks
                 + line.after_last)
        assert parts == pytest.approx(1.9)
    first, second = lines[11], lines[12]
    assert first.runs == 3 and second.runs == 1
    assert first.before_first == pytest.approx(0.1)
    assert first.in_runs == pytest.approx(0.35 + 0.4 + 0.8)
    assert first.between_tasks == pytest.approx(0.05)
    assert first.after_last == 0.0  # its last task runs past the last run's end: clipped
    assert first.gaps == [(pytest.approx(0.02), pytest.approx(0.03))]
    assert second.after_last == pytest.approx(0.4) and second.last_run_end == 1.4
    assert second.in_tasks_between_runs == pytest.approx(1.3 - 1.15)


def test_a_gap_without_a_receipt_is_not_a_number() -> None:
    events = _task_events("a", 11, None, 0.05, 0.1, 1.0) + _task_events("b", 11, None, 1.0, 1.05, 2.0)
    events = [e for e in events if not (e["event"] == "received" and e["task"] == "b")]
    (line,) = timelines(tasks_of(sorted(events, key=lambda e: e["at"]), STEP), [], 0.0, 2.0)
    assert all(math.isnan(x) for x in line.gaps[0])


def test_run_gaps_are_within_a_task_only() -> None:
    events = _task_events("a", 11, None, 0.0, 0.1, 1.0) + _task_events("b", 11, None, 1.0, 1.2, 2.0)
    tasks = tasks_of(sorted(events, key=lambda e: e["at"]), STEP)
    runs = [(11, 0.2, 0.4), (11, 0.45, 0.9), (12, 0.5, 0.6), (11, 1.3, 1.5), (11, 1.6, 1.9)]
    # Within a task and its own process only: not 0.9 → 1.3 (between tasks), not 12's run.
    assert run_gaps(runs, tasks) == [pytest.approx(0.05), pytest.approx(0.1)]


def test_runs_take_their_process_from_the_hook_and_their_times_from_the_rows() -> None:
    events = [{"event": "run", "pid": 12, "at": 0.9, "run": "r2", "entered": 0.3},
              {"event": "run", "pid": 11, "at": 0.5, "run": "r1", "entered": 0.1},
              {"event": "run", "pid": 11, "at": 0.6, "run": "gone", "entered": 0.5}]
    rows = {"r1": (0.12, 0.45), "r2": (0.31, 0.88)}
    assert runs_by_process(events, rows) == [(11, 0.12, 0.45), (12, 0.31, 0.88)]


def test_backends_are_read_from_the_runs() -> None:
    events = [{"event": "run", "pid": 11, "run": "r1", "backend": 501}, {"event": "run", "pid": 11, "run": "r2",
              "backend": 501}, {"event": "run", "pid": 12, "run": "r3", "backend": None},
              {"event": "run", "pid": 12, "run": "r4", "backend": 502}, {"event": "start", "pid": 13, "task": "t"}]
    assert backends_by_process(events) == {11: {501}, 12: {502}}


def test_the_hook_writes_ids_and_times_only(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv(deep_timeline.ENV, str(tmp_path))
    deep_timeline._write("start", task="t-1", name=STEP, cpu=1.0, wait=0.0)
    deep_timeline._write("end", task="t-1", name=STEP, cpu=1.5, wait=0.1)
    (path,) = tmp_path.glob("*.jsonl")
    rows = [json.loads(line) for line in path.read_text().splitlines()]
    assert [set(r) for r in rows] == [{"event", "pid", "at", "task", "name", "cpu", "wait"}] * 2
    assert [e["event"] for e in events_read(tmp_path)] == ["start", "end"]


def test_the_hook_writes_nothing_without_its_directory(tmp_path, monkeypatch) -> None:
    monkeypatch.delenv(deep_timeline.ENV, raising=False)
    monkeypatch.chdir(tmp_path)
    deep_timeline._write("start", task="t-1", name=STEP)
    assert not list(tmp_path.iterdir())


def test_schedstat_reads_this_process_and_a_missing_one() -> None:
    cpu, wait = schedstat()
    assert cpu > 0 and wait >= 0
    assert schedstat(2 ** 22 + 7) == (0.0, 0.0)
