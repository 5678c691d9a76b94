"""The free-text benchmark's deep pass, timed process by process (perf48): where the wall goes that
is not the worker's CPU.

Run from the root of the tree to measure, with the benchmark's database in ``QUORUM_BENCH_DATABASE``
after one ``QUORUM_BENCH_FREETEXT=0.3 python -m benchmarks consolidation`` (as
``scripts/deep_pass_worker_cpu.py``: every benchmark subject's collective layer, runs, decisions,
digest and review items are deleted and committed first, untimed). The benchmark's worker starts
(``config.runner.celery_commands``, unchanged) with one addition: ``--include
benchmarks.deep_timeline``, whose hook writes each task's start and end, each message's receipt and
publication (ids and times only). Meanwhile a thread here reads, every ``--every`` ms, the scheduler
counters (``/proc/<pid>/task/*/schedstat``: on a CPU, runnable but waiting) of the worker's pool
processes, their Apertium pipelines, the embedded PostgreSQL's processes (and the postmaster's
reaped children's CPU) and the machine's ``/proc/stat``.

Prints, for the pass from the call of ``consolidation_deep_task`` to the last run's end: each pool
process's wall split into before its first task, in runs, in tasks between runs, between tasks and
after its last task; its CPU and its wait for a CPU; PostgreSQL's CPU; the machine's other load;
and the pass's tail. Ids-free. ``--json F`` writes the figures. It rewrites the benchmark
database's collective layer.

    python scripts/deep_pass_timeline.py [--every 20] [--json F]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, os.getcwd())  # the tree to measure is the working directory's
sys.path.insert(0, os.path.join(os.getcwd(), "scripts"))


def _threads_schedstat(pid: int) -> tuple[float, float] | None:
    """(on a CPU, waiting for one) seconds of all the process's threads; None once it is gone."""
    on_cpu = waiting = 0.0
    try:
        threads = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return None
    for tid in threads:
        try:
            a, b, _ = Path(f"/proc/{pid}/task/{tid}/schedstat").read_text().split()
        except (OSError, ValueError):
            continue
        on_cpu += int(a) / 1e9
        waiting += int(b) / 1e9
    return on_cpu, waiting


def _reaped_cpu(pid: int) -> float:
    """CPU seconds of a process's children it has waited for (``cutime + cstime``)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[13]) + int(fields[14])) / os.sysconf("SC_CLK_TCK")


def _machine() -> tuple[float, float]:
    """(busy, total) CPU seconds of the whole machine so far, from ``/proc/stat``."""
    values = [int(v) for v in Path("/proc/stat").read_text().splitlines()[0].split()[1:9]]
    total = sum(values)
    idle = values[3] + values[4]
    tick = os.sysconf("SC_CLK_TCK")
    return (total - idle) / tick, total / tick


class Sampler(threading.Thread):
    """Reads the counters of the pass's processes every ``every`` seconds until stopped."""

    def __init__(self, worker_pid: int, postmaster: int, every: float, dsn: dict[str, str] | None = None) -> None:
        super().__init__(daemon=True)
        self.dsn = dsn  # to sample what the pass's backends wait for (pg_stat_activity)
        self.waits: list[tuple[float, dict[str, int]]] = []
        self.worker_pid, self.postmaster, self.every = worker_pid, postmaster, every
        self.samples: list[dict[str, object]] = []
        self.stop_flag = threading.Event()
        self.own_cpu = 0.0
        self.owner: dict[int, int] = {}  # an Apertium process → the pool process it runs for

    def groups(self) -> dict[str, list[int]]:
        import psutil

        root = psutil.Process(self.worker_pid)
        pool, apertium = [], []
        for child in root.children():
            pool.append(child.pid)
            try:
                below = [p.pid for p in child.children(recursive=True)]
            except psutil.NoSuchProcess:
                continue
            apertium.extend(below)
            self.owner.update(dict.fromkeys(below, child.pid))
        postgres = [self.postmaster, *(p.pid for p in psutil.Process(self.postmaster).children())]
        return {"main": [self.worker_pid], "pool": pool, "apertium": apertium, "postgres": postgres}

    def run(self) -> None:
        import psycopg

        started, self.began = time.thread_time(), time.time()
        groups, rescan = self.groups(), time.monotonic()
        activity = psycopg.connect(**self.dsn, autocommit=True) if self.dsn else None
        while not self.stop_flag.is_set():
            if activity is not None:
                rows = activity.execute(
                    "SELECT coalesce(wait_event_type || ':' || wait_event, 'on CPU'), count(*) FROM pg_stat_activity "
                    "WHERE datname = current_database() AND backend_type = 'client backend' AND pid <> pg_backend_pid() "
                    "AND state = 'active' GROUP BY 1").fetchall()
                self.waits.append((time.time(), dict(rows)))
            if time.monotonic() - rescan > 0.25:  # a new backend or pipeline
                groups, rescan = self.groups(), time.monotonic()
            at = time.time()
            sample: dict[str, object] = {"at": at, "machine": _machine(),
                                         "reaped_postgres": _reaped_cpu(self.postmaster)}
            for name, pids in groups.items():
                counters = {pid: _threads_schedstat(pid) for pid in pids}
                sample[name] = {pid: value for pid, value in counters.items() if value is not None}
            self.samples.append(sample)
            self.stop_flag.wait(self.every)
        self.own_cpu, self.ended = time.thread_time() - started, time.time()
        if activity is not None:
            activity.close()


def _wal_sync() -> tuple[float, float]:
    """(fsyncs, milliseconds in them) of the WAL so far, every backend type (``pg_stat_io``; the
    times need ``track_wal_io_timing``)."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_stat_clear_snapshot()")
        cursor.execute("SELECT coalesce(sum(fsyncs), 0), coalesce(sum(fsync_time), 0) FROM pg_stat_io "
                       "WHERE object = 'wal'")
        fsyncs, ms = cursor.fetchone()
    return float(fsyncs), float(ms)


def _nearest(samples: list[dict[str, object]], at: float) -> dict[str, object]:
    return min(samples, key=lambda s: abs(float(s["at"]) - at))  # type: ignore[arg-type]


def _delta(samples: list[dict[str, object]], t0: float, t1: float, group: str) -> dict[int, tuple[float, float]]:
    """Per process of ``group``: (CPU, wait) from the sample nearest ``t0`` to its last sample up to
    the one nearest ``t1`` (a process that ended in between counts up to its last sample, one that
    started in between from zero)."""
    first, last = _nearest(samples, t0), _nearest(samples, t1)
    window = [s for s in samples if float(first["at"]) <= float(s["at"]) <= float(last["at"])]  # type: ignore[arg-type]
    base = first[group]  # type: ignore[index]
    latest: dict[int, tuple[float, float]] = {}
    for sample in window:
        latest.update(sample[group])  # type: ignore[arg-type]
    return {pid: (cpu - base.get(pid, (0.0, 0.0))[0], wait - base.get(pid, (0.0, 0.0))[1])  # type: ignore[union-attr]
            for pid, (cpu, wait) in latest.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--every", type=float, default=20.0, help="sampling period, ms")
    parser.add_argument("--json", help="write the figures to this file")
    options = parser.parse_args()

    from benchmarks.common import setup_django

    setup_django()
    from django.db import connection, transaction
    from django.utils import timezone

    from benchmarks.consolidation import _stop, _worker
    from benchmarks.deep_timeline import (
        ENV,
        backends_by_process,
        events_read,
        run_gaps,
        runs_by_process,
        tasks_of,
        timelines,
    )
    from consolidation_identity import subject_layer_clear
    from memory.models import ConsolidationRun, Subject
    from memory.tasks import DEEP_STEP_TASK, consolidation_deep_task

    subjects = list(Subject.objects.filter(external_ref__startswith="cons-").values_list("pk", flat=True))
    with transaction.atomic():
        for subject_id in subjects:
            subject_layer_clear(subject_id)
        Subject.objects.update(consolidation_requested_at=None)
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_postmaster_start_time(), setting FROM pg_settings WHERE name = 'data_directory'")
        data_dir = cursor.fetchone()[1]
    postmaster = int(Path(data_dir, "postmaster.pid").read_text().splitlines()[0])
    events_dir = Path(tempfile.mkdtemp(prefix="quorum-timeline-"))
    proc, log, _startup = _worker(extra_argv=("--include", "benchmarks.deep_timeline"),
                                  extra_env={ENV: str(events_dir)})
    try:
        settings_dict = connection.settings_dict
        dsn = {"host": settings_dict["HOST"], "port": settings_dict["PORT"] or "5432", "user": settings_dict["USER"],
               "dbname": settings_dict["NAME"]}
        sampler = Sampler(proc.pid, postmaster, options.every / 1000, dsn)
        sampler.start()
        time.sleep(0.2)
        deep = ConsolidationRun.objects.filter(mode=ConsolidationRun.Mode.DEEP, finished_at__isnull=False)
        wal_before = _wal_sync()
        called, t0 = timezone.now(), time.time()
        consolidation_deep_task()
        published = time.time()
        while deep.filter(started_at__gte=called).count() < len(subjects):
            if proc.poll() is not None:
                raise RuntimeError("the Celery worker stopped; see var/bench-consolidation-worker.log")
            time.sleep(0.05)
        seen = time.time()
        wal_after = _wal_sync()
        time.sleep(0.3)  # the last task's end event and a sample after the last run
        sampler.stop_flag.set()
        sampler.join()
        rows = {str(pk): (a.timestamp(), b.timestamp()) for pk, a, b in
                deep.filter(started_at__gte=called).values_list("pk", "started_at", "finished_at")}
    finally:
        _stop(proc, log)
    t1 = max(b for _, b in rows.values())
    events = events_read(events_dir)
    runs = runs_by_process(events, rows)
    calls = {e["run"]: e for e in events if e["event"] == "run" and e["run"] in rows}
    before_row = [rows[r][0] - e["entered"] for r, e in calls.items()]  # the policy read, the row's build
    after_row = [e["at"] - rows[r][1] for r, e in calls.items()]  # the run's commit, the metrics
    tasks = tasks_of(events, DEEP_STEP_TASK)
    lines = timelines(tasks, runs, t0, t1)
    wall = t1 - t0
    first, last = _nearest(sampler.samples, t0), _nearest(sampler.samples, t1)
    span = float(last["at"]) - float(first["at"])  # type: ignore[arg-type]
    pool = _delta(sampler.samples, t0, t1, "pool")
    apertium = _delta(sampler.samples, t0, t1, "apertium")
    postgres = _delta(sampler.samples, t0, t1, "postgres")
    reaped = float(last["reaped_postgres"]) - float(first["reaped_postgres"])  # type: ignore[arg-type]
    main_cpu = _delta(sampler.samples, t0, t1, "main")
    busy = last["machine"][0] - first["machine"][0]  # type: ignore[index]
    total = last["machine"][1] - first["machine"][1]  # type: ignore[index]
    cores = total / span if span else 2.0
    sampler_in_window = sampler.own_cpu * span / (sampler.ended - sampler.began)
    backends = backends_by_process(events)
    # Backends that ended in the pass are counted to their last sample (the postmaster's reaped CPU
    # is only a check of that: it also holds connections that came and went between samples).
    pass_cpu = (sum(c for c, _ in pool.values()) + sum(c for c, _ in apertium.values())
                + sum(c for c, _ in postgres.values()) + sum(c for c, _ in main_cpu.values()))
    memories = 100 * len(subjects)
    load = os.getloadavg()
    print(f"{os.getcwd()}: {len(subjects)} subjects, {len(rows)} runs ({len(runs)} seen by the hook), "
          f"{len(tasks)} step tasks; load {load[0]:.1f}")
    print(f"the pass, from the call to the last run's end: {wall:.2f} s → {memories / wall:,.0f} memories/s "
          f"(the benchmark's poll saw it {seen - t1:.2f} s later; the call itself, prepare and publish, "
          f"{published - t0:.2f} s); samples every {options.every:.0f} ms over {span:.2f} s, sampler CPU "
          f"{sampler.own_cpu:.2f} s in all")
    print(f"machine: {cores:.1f} cores × {span:.2f} s = {total:.2f} CPU s, busy {busy:.2f} s ({busy / total:.0%}); "
          f"the pass's processes {pass_cpu:.2f} s, others {busy - pass_cpu - sampler_in_window:.2f} s "
          f"(the sampler's own {sampler_in_window:.2f} s apart)")
    print(f"  pool processes {sum(c for c, _ in pool.values()):.2f} s CPU (waiting for a CPU "
          f"{sum(w for _, w in pool.values()):.2f} s), Apertium {sum(c for c, _ in apertium.values()):.2f} s, "
          f"PostgreSQL {sum(c for c, _ in postgres.values()):.2f} s (the postmaster reaped {reaped:.2f} s of ended backends; "
          f"waiting for a CPU {sum(w for _, w in postgres.values()):.2f} s), worker main "
          f"{sum(c for c, _ in main_cpu.values()):.2f} s")
    for pg_pid, (cpu, wait) in sorted(postgres.items(), key=lambda kv: -kv[1][0])[:4]:
        owner = next((f"pool {p}'s backend" for p, b in backends.items() if pg_pid in b), "other")
        print(f"    postgres {pg_pid} ({owner}): CPU {cpu:.2f} s, waiting {wait:.2f} s")
    report: dict[str, object] = {"wall": wall, "memories_per_s": memories / wall, "load": load, "cores": cores,
                                 "machine_busy": busy, "machine_total": total, "pass_cpu": pass_cpu,
                                 "postgres_cpu": sum(c for c, _ in postgres.values()),
                                 "apertium_cpu": sum(c for c, _ in apertium.values()), "processes": []}
    window_waits = [w for at, w in sampler.waits if t0 <= at <= t1]
    if window_waits:
        counts: dict[str, int] = {}
        for waits in window_waits:
            for name, n in waits.items():
                counts[name] = counts.get(name, 0) + n
        period = (t1 - t0) / len(window_waits)
        print(f"  the pass's active backends, sampled {len(window_waits)} times (≈ {period * 1000:.0f} ms apart; "
              f"sample-seconds ≈ count × period, the benchmark's own poll included): "
              + ", ".join(f"{name} {n} ({n * period:.2f} s)" for name, n in sorted(counts.items(), key=lambda kv: -kv[1])))
        report["backend_waits"] = {name: n * period for name, n in counts.items()}
    fsyncs, fsync_ms = wal_after[0] - wal_before[0], wal_after[1] - wal_before[1]
    print(f"  WAL fsyncs during the pass (pg_stat_io, every backend type): {fsyncs:.0f}, {fsync_ms / 1000:.2f} s "
          f"in all ({fsync_ms / max(fsyncs, 1):.1f} ms each)")
    report["wal_fsyncs"], report["wal_fsync_seconds"] = fsyncs, fsync_ms / 1000
    gaps_all = run_gaps(runs, tasks)
    for line in lines:
        cpu, waiting = pool.get(line.pid, (0.0, 0.0))
        blocked = wall - cpu - waiting
        own_pg = [postgres.get(b, (0.0, 0.0)) for b in backends.get(line.pid, ())]
        unseen = [b for b in backends.get(line.pid, ()) if b not in postgres]
        own_ap = [v for pid, v in apertium.items() if sampler.owner.get(pid) == line.pid]
        pg_cpu, pg_wait = sum(c for c, _ in own_pg), sum(w for _, w in own_pg)
        ap_cpu, ap_wait = sum(c for c, _ in own_ap), sum(w for _, w in own_ap)
        rest = blocked - pg_cpu - pg_wait - ap_cpu - ap_wait
        in_calls = sum(e["cpu"] for e in calls.values() if e["pid"] == line.pid)
        print(f"  pool {line.pid}: {line.tasks} tasks, {line.runs} runs; before its first task "
              f"{line.before_first:.3f} s, in runs {line.in_runs:.2f} s, in tasks between runs "
              f"{line.in_tasks_between_runs:.3f} s, between tasks {line.between_tasks:.3f} s, after its last "
              f"{line.after_last:.3f} s; its last run ended {t1 - line.last_run_end:.3f} s before the pass's")
        print(f"    its wall {wall:.2f} s = its CPU {cpu:.2f} + its wait for a CPU {waiting:.2f} + blocked {blocked:.2f} s; "
              f"while blocked: its backend's CPU {pg_cpu:.2f} + wait {pg_wait:.2f}, its Apertium's CPU {ap_cpu:.2f} + "
              f"wait {ap_wait:.2f}, the rest (disk, sockets, idle) {rest:.2f} s; its CPU in tasks "
              f"{line.cpu_in_tasks:.2f} s, of it in the runs' calls {in_calls:.2f} s"
              + (f"; {len(unseen)} of its backends never sampled" if unseen else ""))
        for k, (to_received, to_start) in enumerate(line.gaps):
            print(f"    gap {k + 1}: end → next message received {to_received * 1000:.1f} ms, "
                  f"received → start {to_start * 1000:.1f} ms")
        report["processes"].append({**line.__dict__, "cpu": cpu, "wait": waiting, "pg_cpu": pg_cpu, "pg_wait": pg_wait,
                                    "apertium_cpu": ap_cpu, "apertium_wait": ap_wait, "rest": rest})  # type: ignore[union-attr]
    if gaps_all:
        print(f"  between runs inside a task: {len(gaps_all)} gaps, median {statistics.median(gaps_all) * 1000:.1f} ms, "
              f"sum {sum(gaps_all):.2f} s")
    if calls:
        print(f"  a run's call around its row: before started_at median {statistics.median(before_row) * 1000:.1f} ms "
              f"(sum {sum(before_row):.2f} s), after finished_at (its commit) median "
              f"{statistics.median(after_row) * 1000:.1f} ms (sum {sum(after_row):.2f} s)")
        report["run_call"] = {"before_row": before_row, "after_row": after_row, "between_runs": gaps_all}
    ends = sorted(line.last_run_end for line in lines)
    print(f"tail: the first process's last run ended {t1 - ends[0]:.3f} s before the last run's end")
    if options.json:
        Path(options.json).write_text(json.dumps(report, default=str, indent=1))


if __name__ == "__main__":
    main()
