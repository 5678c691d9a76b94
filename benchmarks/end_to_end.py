"""Searchable end to end, A/B interleaved: ``python -m benchmarks end_to_end``.

What ``side_by_side`` step 1 measures, alone and repeated: ``--threads`` clients POST the retrieval
corpus (``benchmarks.retrieval_corpus``, seed 202) through a real gunicorn while the Celery worker
and beat — started with ``make run``'s commands (``config.runner.celery_commands``) — embed it;
timed from the first POST until every memory has its embedding (polled in SQL). Each round uses a
fresh database, a fresh gunicorn and fresh Celery processes, so no round inherits a warm model.

``--base=PATH`` (a checkout of another commit, e.g. ``git archive main | tar -x -C /tmp/base``)
runs the Celery processes from that tree with main's commands (``BASE_COMMANDS``) in alternate
rounds — A (base), B (this tree), A, B … — so both see the same machine state; the web server runs
from the round's tree too (what a write enqueues is part of the variant). A base tree that has
``config.runner.celery_commands`` is started with its own commands (else ``BASE_COMMANDS``). Without
it every round is B. The embedder alone (batched, in this process,
nothing else of ours running) is measured before each round as the floor. Each round also samples,
every 0.5 s, how many memories are embedded and the CPU seconds of the worker, beat, web and
PostgreSQL process trees, and prints how many were embedded by the end of the writes and who used
the cores while writing and after.

Flags (or env ``QUORUM_BENCH_E2E_<NAME>``): ``--people=3`` corpus people (~200 memories each),
``--threads=4`` write clients, ``--rounds=2`` (per variant), ``--timeout=300`` s after the last
write, ``--base=PATH``, ``--exemplars=warm`` (``cold``: delete this tree's exemplar vector cache,
``var/exemplar-vectors``, before every B round, so B pays the first-ever start's embedding of the
detectors' exemplars as A does). Prints one line per round, a summary, and the JSON.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

from benchmarks.common import ROOT, gunicorn, percentiles, rounded, setup_django

DATABASE = "quorum_bench_e2e"
CORPUS_SEED = 202
#: The Celery processes as ``make run`` started them on main (commit 3839380): one worker, two children.
BASE_COMMANDS = {
    "worker": ([sys.executable, "-m", "celery", "-A", "config", "worker", "-Q", "rights,default,consolidation",
                "--concurrency", "2", "--hostname", "bench-e2e@%h", "--loglevel", "INFO"], {}),
    "beat": ([sys.executable, "-m", "celery", "-A", "config", "beat", "--loglevel", "WARNING"], {}),
}
_BACKFILL = re.compile(r"embedding backfill \((\w+)\): (\d+) memories in ([0-9.]+) s")
_SUCCEEDED = re.compile(r"Task (memory\.tasks\.\w+)\[[^\]]+\] succeeded in ([0-9.]+)s: (.*)$")


def _option(argv: list[str], name: str, default: str) -> str:
    for arg in argv:
        if arg.startswith(f"--{name}="):
            return arg.split("=", 1)[1]
    return os.environ.get(f"QUORUM_BENCH_E2E_{name.upper()}", default)


def _base_celery_commands(base: Path):
    """The base tree's own ``config.runner.celery_commands`` (loaded from its file: it imports only
    the standard library), or None for a tree older than it."""
    import importlib.util

    path = base / "config" / "runner.py"
    if not path.exists() or "def celery_commands" not in path.read_text():
        return None
    spec = importlib.util.spec_from_file_location("_base_runner", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.PY = sys.executable
    return module.celery_commands


def _commands(variant: str, base: Path | None, schedule: Path) -> tuple[Path, dict[str, tuple[list[str], dict]]]:
    if variant == "A":
        assert base is not None
        base_commands = _base_celery_commands(base)
        if base_commands is not None:
            commands = {name: (list(argv), dict(env)) for name, (argv, env) in
                        base_commands(hostname="bench-e2e@%h", loglevel="INFO", schedule=schedule).items()}
        else:
            commands = {name: (list(argv), dict(env)) for name, (argv, env) in BASE_COMMANDS.items()}
            commands["beat"][0].extend(["--schedule", str(schedule)])
        for _, env in commands.values():
            env["QUORUM_VAR_DIR"] = str(ROOT / "var")  # this tree's embedded PostgreSQL and Valkey
        return base, commands
    from config.runner import celery_commands

    return ROOT, celery_commands(hostname="bench-e2e@%h", loglevel="INFO", schedule=schedule)


def _start(tree: Path, commands: dict[str, tuple[list[str], dict]], tag: str) -> dict[str, tuple]:
    procs = {}
    for name, (argv, extra_env) in commands.items():
        log_path = ROOT / "var" / f"bench-e2e-{tag}-{name}.log"
        log = open(log_path, "wb")
        env = {**os.environ, **extra_env}
        procs[name] = (subprocess.Popen(argv, cwd=tree, env=env, stdout=log, stderr=subprocess.STDOUT,
                                        start_new_session=True), log, log_path)
    return procs


def _stop_all(procs: dict[str, tuple]) -> None:
    for proc, _, _ in procs.values():
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
    for proc, log, _ in procs.values():
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=10)
        log.close()


def task_summary(lines: list[str]) -> dict[str, dict[str, float]]:
    """Per task name: how many succeeded, their total seconds, and (embed task) memories embedded;
    per backfill scope (``embedding backfill (all|subject)`` log lines): calls, seconds, memories (pure)."""
    out: dict[str, dict[str, float]] = {}
    for line in lines:
        backfill = _BACKFILL.search(line)
        if backfill:
            row = out.setdefault(f"backfill:{backfill.group(1)}", {"n": 0, "seconds": 0.0, "embedded": 0})
            row["n"] += 1
            row["seconds"] += float(backfill.group(3))
            row["embedded"] += int(backfill.group(2))
            continue
        match = _SUCCEEDED.search(line)
        if not match:
            continue
        name = match.group(1).rsplit(".", 1)[1]
        row = out.setdefault(name, {"n": 0, "seconds": 0.0, "embedded": 0})
        row["n"] += 1
        row["seconds"] += float(match.group(2))
        embedded = re.search(r"'embedded': (\d+)", match.group(3))
        if embedded:
            row["embedded"] += int(embedded.group(1))
    return out


class _Timeline:
    """Samples, every ``period`` s from the first POST, how many memories have their embedding, and
    the CPU seconds used by each group of processes (worker, beat, web, PostgreSQL), so a round says
    how fast the worker embedded while the writes ran and after, and who had the cores."""

    def __init__(self, groups: dict[str, int], period: float = 0.5) -> None:
        import threading

        self.groups, self.period = groups, period
        self.samples: list[tuple[float, int, dict[str, float]]] = []
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)

    @staticmethod
    def _cpu(pid: int) -> float:
        import psutil

        try:
            root = psutil.Process(pid)
            total = 0.0
            for proc in [root, *root.children(recursive=True)]:
                try:
                    times = proc.cpu_times()
                    total += times.user + times.system
                except psutil.Error:
                    pass
            return total
        except psutil.Error:
            return 0.0

    @staticmethod
    def _machine() -> float:
        """CPU seconds every core spent busy (anyone's processes, other helpers' included)."""
        import psutil

        t = psutil.cpu_times()
        return t.user + t.nice + t.system + getattr(t, "irq", 0) + getattr(t, "softirq", 0)

    def _run(self) -> None:
        from django.db import connection

        started = time.perf_counter()
        try:
            while not self.stop.is_set():
                with connection.cursor() as cursor:
                    cursor.execute("SELECT count(*) FROM memory_memory WHERE embedding IS NOT NULL")
                    embedded = cursor.fetchone()[0]
                cpu = {name: self._cpu(pid) for name, pid in self.groups.items()}
                cpu["bench"] = sum(os.times()[:2])  # this process: the write clients and this sampler
                cpu["machine"] = self._machine()
                self.samples.append((time.perf_counter() - started, embedded, cpu))
                self.stop.wait(self.period)
        finally:
            connection.close()

    def __enter__(self) -> "_Timeline":
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        self.thread.join(timeout=10)

    def summary(self, writes_s: float) -> dict[str, object]:
        """Embedded by the end of the writes; CPU seconds per group during the writes and after."""
        if not self.samples:
            return {}
        during = min(self.samples, key=lambda s: abs(s[0] - writes_s))
        first, last = self.samples[0], self.samples[-1]
        return {"embedded_at_writes_end": during[1],
                "cpu_during_writes": {k: during[2][k] - first[2][k] for k in first[2]},
                "cpu_after_writes": {k: last[2][k] - during[2][k] for k in first[2]},
                "after_writes_s": last[0] - during[0],
                "curve": [(round(t, 1), n) for t, n, _ in self.samples[::4]]}


def _postmaster_pid() -> int:
    from config.embedded import var_dir

    return int((var_dir() / "pgdata" / "postmaster.pid").read_text().split()[0])


def _purge() -> None:
    from config.celery import app

    with app.connection_for_write() as conn:
        for queue in ("default", "consolidation", "rights", "embedding"):
            conn.default_channel.queue_purge(queue)


def _round(variant: str, base: Path | None, items, threads: int, timeout: float, index: int,
           cold_exemplars: bool = False) -> dict[str, object]:
    from benchmarks.side_by_side import (
        _agent_key,
        _embedding_floor,
        _post_all,
        _wait_embedded,
        _wait_worker,
    )

    load = os.getloadavg()
    setup_django(database=DATABASE, fresh=True)
    floor = _embedding_floor([i.text for i in items[:256]])
    key = _agent_key()
    schedule = ROOT / "var" / f"bench-e2e-celerybeat-{index}"
    for stale in schedule.parent.glob(schedule.name + "*"):
        stale.unlink()
    tree, commands = _commands(variant, base, schedule)
    if cold_exemplars and variant == "B":
        import shutil

        shutil.rmtree(ROOT / "var" / "exemplar-vectors", ignore_errors=True)
    _purge()  # tasks a previous round left queued would run against this round's fresh database
    web_env = {**os.environ, "QUORUM_VAR_DIR": str(ROOT / "var")} if tree != ROOT else None
    with gunicorn(root=tree, env=web_env) as (port, _proc):
        procs = _start(tree, commands, tag=f"{index}{variant}")
        try:
            _wait_worker()
            groups = {"worker": procs["worker"][0].pid, "beat": procs["beat"][0].pid, "web": _proc.pid,
                      "postgres": _postmaster_pid()}
            with _Timeline(groups) as timeline:
                posted = _post_all(port, key, items, threads, tag="e2e")
                written, done, pending = _wait_embedded(posted["ids"], timeout, poll=0.1)
            time.sleep(2.0)  # the backfill pass that embedded the last memory logs its count as it ends
        finally:
            _stop_all(procs)
    lines = procs["worker"][2].read_text(errors="replace").splitlines()
    if "embedding" in procs:
        lines += procs["embedding"][2].read_text(errors="replace").splitlines()
    n = len(set(posted["ids"]))
    elapsed = done - posted["started"]
    return {"variant": variant, "n": n, "pending": pending, "writes_s": written - posted["started"],
            "elapsed_s": elapsed, "per_s": None if pending else n / elapsed, "floor_per_s": floor,
            "write": percentiles(posted["latencies"]), "errors": posted["errors"], "load": load,
            "tasks": task_summary(lines), "timeline": timeline.summary(written - posted["started"])}


def _timeline_line(result: dict[str, object]) -> str:
    tl = result.get("timeline") or {}
    if not tl:
        return ""
    during, after = tl["cpu_during_writes"], tl["cpu_after_writes"]
    cpu = lambda d: " ".join(f"{k} {v:.1f}" for k, v in d.items())  # noqa: E731
    return (f"\n      embedded by the end of the writes: {tl['embedded_at_writes_end']} of {result['n']}; CPU s while "
            f"writing ({result['writes_s']:.1f} s): {cpu(during)}; after ({tl['after_writes_s']:.1f} s): {cpu(after)}")


def main(argv: list[str]) -> None:
    from benchmarks.retrieval_corpus import generate
    from benchmarks.side_by_side import _items

    people = int(_option(argv, "people", "3"))
    threads = int(_option(argv, "threads", "4"))
    rounds = int(_option(argv, "rounds", "2"))
    timeout = float(_option(argv, "timeout", "300"))
    base_arg = _option(argv, "base", "")
    base = Path(base_arg).resolve() if base_arg else None
    cold_exemplars = _option(argv, "exemplars", "warm") == "cold"
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    items = _items(generate(CORPUS_SEED, people=people))
    variants = ["A", "B"] if base else ["B"]
    load_before = os.getloadavg()
    print(f"end_to_end: {len(items)} memories ({people} people), {threads} clients, {rounds} round(s) of "
          f"{'/'.join(variants)}{f'; A = {base}' if base else ''}; exemplar cache {'cold' if cold_exemplars else 'warm'}; "
          f"load average {load_before[0]:.2f}", flush=True)
    results = []
    for r in range(rounds):
        for variant in variants:
            result = _round(variant, base, items, threads, timeout, index=len(results),
                            cold_exemplars=cold_exemplars)
            results.append(result)
            tasks = ", ".join(f"{k} ×{v['n']:.0f} {v['seconds']:.0f} s" + (f" ({v['embedded']:.0f} embedded)"
                              if v["embedded"] else "") for k, v in sorted(result["tasks"].items()))
            print(f"  round {r + 1} {variant}: load {result['load'][0]:5.2f}  written in {result['writes_s']:5.1f} s, "
                  + (f"all embedded {result['elapsed_s']:5.1f} s after the first POST: {result['per_s']:5.1f}/s"
                     if not result["pending"] else f"{result['pending']} STILL PENDING (timed out)")
                  + f"  (embedder alone {result['floor_per_s']:.0f}/s; write p50 {result['write'][0]:.1f} ms)"
                  + f"\n      tasks: {tasks}" + _timeline_line(result), flush=True)
    load_after = os.getloadavg()
    print(f"load average {load_before[0]:.2f} {load_before[1]:.2f} {load_before[2]:.2f} at the start, "
          f"{load_after[0]:.2f} {load_after[1]:.2f} {load_after[2]:.2f} at the end")
    for variant in variants:
        rates = [r["per_s"] for r in results if r["variant"] == variant]
        shown = ", ".join("timed out" if v is None else f"{v:.1f}" for v in rates)
        print(f"  {variant}: searchable end to end per round (memories/s): {shown}")
    print("json:", json.dumps(rounded({"people": people, "threads": threads, "rounds": results,
                                       "exemplars": "cold" if cold_exemplars else "warm",
                                       "load_before": load_before, "load_after": load_after})))


if __name__ == "__main__":
    main(sys.argv[1:])
