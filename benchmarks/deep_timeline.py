"""The deep pass's timeline in the benchmark's worker (perf48): where its wall time goes besides the
worker's CPU.

Two halves. **The hook**: imported by the worker (``celery worker --include benchmarks.deep_timeline``,
only by ``scripts/deep_pass_timeline.py``; production never imports it) with ``QUORUM_TIMELINE_DIR``
set, it appends one JSON line per event to ``<dir>/<pid>.jsonl`` — a message received by the main
process, a task's start and end in a pool process (with that process's scheduler counters), a
message published by a task, and each deep run a pool process made (the deep pass's call wrapped:
run id, when the call began and returned, the CPU between, the database backend it used). Task and run
ids, names and times only: no argument, no text. **The reading** (pure functions, tested): the events
and the runs' rows become each pool process's timeline over the pass — before its first task, in
runs, in its tasks between runs, between its tasks, after its last — and the pass's tail.

Times are ``time.time()`` (the runs' rows carry the same clock's ``timezone.now()``).
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ENV = "QUORUM_TIMELINE_DIR"


def schedstat(pid: int | str = "self") -> tuple[float, float]:
    """(seconds on a CPU, seconds runnable but waiting for one) of a process's main thread so far,
    from ``/proc/<pid>/schedstat``; (0, 0) if it is gone."""
    try:
        on_cpu, waiting, _slices = Path(f"/proc/{pid}/schedstat").read_text().split()
    except (OSError, ValueError):
        return 0.0, 0.0
    return int(on_cpu) / 1e9, int(waiting) / 1e9


def _write(event: str, **values: Any) -> None:
    directory = os.environ.get(ENV)
    if not directory:
        return
    line = json.dumps({"event": event, "pid": os.getpid(), "at": time.time(), **values})
    with open(Path(directory) / f"{os.getpid()}.jsonl", "a") as out:
        out.write(line + "\n")


def _backend_pid() -> int | None:
    """The database backend of this process's open connection (None: none open; never opens one)."""
    from django.db import connection

    try:
        return int(connection.connection.info.backend_pid) if connection.connection is not None else None
    except Exception:  # noqa: BLE001 - a measurement, never in the task's way
        return None


def _runs_observe() -> None:
    """Wrap the deep pass's ``consolidation_run_subject`` (as ``memory.consolidation.schedule``
    calls it) so each run says which process ran it: its run id, when the call began and returned
    (the row's ``started_at``/``finished_at`` lie inside; the run's commit after the latter)."""
    from memory.consolidation import schedule

    original = schedule.consolidation_run_subject
    if getattr(original, "timeline_observed", False):
        return

    def observed(**kwargs: Any) -> Any:
        entered, (cpu, wait) = time.time(), schedstat()
        result = original(**kwargs)
        after_cpu, after_wait = schedstat()
        _write("run", run=result.run_id, entered=entered, cpu=after_cpu - cpu, wait=after_wait - wait,
               backend=_backend_pid())
        return result

    observed.timeline_observed = True  # type: ignore[attr-defined]
    schedule.consolidation_run_subject = observed


def _install() -> None:
    from celery.signals import before_task_publish, task_postrun, task_prerun, task_received

    @task_received.connect(weak=False)
    def _received(request: Any = None, **kwargs: Any) -> None:
        _write("received", task=request.id, name=request.name)

    @task_prerun.connect(weak=False)
    def _prerun(task_id: str | None = None, task: Any = None, **kwargs: Any) -> None:
        _runs_observe()
        cpu, wait = schedstat()
        _write("start", task=task_id, name=getattr(task, "name", ""), cpu=cpu, wait=wait)

    @task_postrun.connect(weak=False)
    def _postrun(task_id: str | None = None, task: Any = None, **kwargs: Any) -> None:
        cpu, wait = schedstat()
        _write("end", task=task_id, name=getattr(task, "name", ""), cpu=cpu, wait=wait)

    @before_task_publish.connect(weak=False)
    def _published(headers: dict[str, Any] | None = None, **kwargs: Any) -> None:
        _write("publish", task=(headers or {}).get("id"), name=(headers or {}).get("task"))


if os.environ.get(ENV):
    _install()


# ------------------------------------------------------------------------------------ the reading


def events_read(directory: Path) -> list[dict[str, Any]]:
    """Every event the hook wrote under ``directory``, in time order."""
    events = []
    for path in directory.glob("*.jsonl"):
        events.extend(json.loads(line) for line in path.read_text().splitlines() if line.strip())
    return sorted(events, key=lambda e: e["at"])


@dataclass
class Task:
    """One task as a pool process ran it (its start and end, its process's counters at both)."""

    id: str
    pid: int
    start: float
    end: float
    cpu: float  # the process's CPU seconds during the task
    wait: float  # seconds the process was runnable but waiting for a CPU during the task
    received: float | None  # when the worker's main process got its message
    published: float | None  # when it was published (by a task; None: by the caller)


@dataclass
class ProcessTimeline:
    """A pool process over the pass ``[t0, t1]`` (seconds; they sum to ``t1 - t0``)."""

    pid: int
    before_first: float  # t0 to its first task's start
    in_runs: float  # inside the runs it ran (the rows' started_at → finished_at)
    in_tasks_between_runs: float  # inside its tasks, outside runs (claims, the run row, the run's commit, …)
    between_tasks: float  # from one task's end to its next task's start
    after_last: float  # its last task's end (or t1's side) to t1
    runs: int = 0
    tasks: int = 0
    gaps: list[tuple[float, float]] = field(default_factory=list)  # per gap: (end → received, received → start)
    cpu_in_tasks: float = 0.0
    wait_in_tasks: float = 0.0
    last_run_end: float = 0.0


def tasks_of(events: list[dict[str, Any]], name: str) -> list[Task]:
    """The pool processes' tasks named ``name`` (a start and an end each), with when each message
    was received and published."""
    received = {e["task"]: e["at"] for e in events if e["event"] == "received"}
    published = {e["task"]: e["at"] for e in events if e["event"] == "publish"}
    starts = {e["task"]: e for e in events if e["event"] == "start" and e["name"] == name}
    tasks = []
    for e in events:
        if e["event"] == "end" and e["task"] in starts:
            s = starts[e["task"]]
            tasks.append(Task(id=e["task"], pid=e["pid"], start=s["at"], end=e["at"], cpu=e["cpu"] - s["cpu"],
                              wait=e["wait"] - s["wait"], received=received.get(e["task"]),
                              published=published.get(e["task"])))
    return sorted(tasks, key=lambda t: t.start)


def runs_by_process(events: list[dict[str, Any]], rows: dict[str, tuple[float, float]]) -> list[tuple[int, float, float]]:
    """(pid, started_at, finished_at) of each run the hook saw, its times from its row (``rows``:
    run id → the row's times); a run without a row is left out."""
    return sorted((e["pid"], *rows[e["run"]]) for e in events if e["event"] == "run" and e["run"] in rows)


def backends_by_process(events: list[dict[str, Any]]) -> dict[int, set[int]]:
    """The database backends each pool process's runs used (from the runs' events)."""
    found: dict[int, set[int]] = {}
    for e in events:
        if e["event"] == "run" and e.get("backend") is not None:
            found.setdefault(e["pid"], set()).add(e["backend"])
    return found


def timelines(tasks: list[Task], runs: list[tuple[int, float, float]], t0: float, t1: float) -> list[ProcessTimeline]:
    """Each pool process's share of ``[t0, t1]`` (``runs``: (pid, start, end), from
    :func:`runs_by_process`). Parts are clipped to the window, so they sum to ``t1 - t0`` for each
    process."""

    def clip(a: float, b: float) -> float:
        return max(0.0, min(b, t1) - max(a, t0))

    result = []
    for pid in sorted({t.pid for t in tasks}):
        own = [t for t in tasks if t.pid == pid]
        own_runs = [(a, b) for p, a, b in runs if p == pid]
        in_tasks = sum(clip(t.start, t.end) for t in own)
        in_runs = sum(clip(a, b) for a, b in own_runs)
        gaps = [(nxt.received - cur.end if nxt.received is not None else float("nan"),
                 nxt.start - nxt.received if nxt.received is not None else float("nan"))
                for cur, nxt in zip(own, own[1:])]
        between = sum(clip(cur.end, nxt.start) for cur, nxt in zip(own, own[1:]))
        before = clip(t0, own[0].start)
        after = clip(own[-1].end, t1)
        result.append(ProcessTimeline(pid=pid, before_first=before, in_runs=in_runs,
                                      in_tasks_between_runs=in_tasks - in_runs, between_tasks=between,
                                      after_last=after, runs=len(own_runs), tasks=len(own), gaps=gaps,
                                      cpu_in_tasks=sum(t.cpu for t in own), wait_in_tasks=sum(t.wait for t in own),
                                      last_run_end=max((b for _, b in own_runs), default=t0)))
    return result


def run_gaps(runs: list[tuple[int, float, float]], tasks: list[Task]) -> list[float]:
    """Within each task, the seconds from one of its process's runs' end to the next one's start
    (the run's commit, the next subject's claim and checks, the policy read, the row's insert)."""
    gaps = []
    for task in tasks:
        own = sorted((a, b) for p, a, b in runs if p == task.pid and task.start <= a <= task.end)
        gaps.extend(nxt[0] - cur[1] for cur, nxt in zip(own, own[1:]))
    return gaps
