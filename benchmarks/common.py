"""Helpers shared by benchmarks: a throwaway database, a real gunicorn server, HTTP timing."""

from __future__ import annotations

import http.client
import json
import os
import signal
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BENCH_DB = os.environ.get("QUORUM_BENCH_DATABASE", "quorum_bench")


def setup_django(*, database: str = "", fresh: bool = False) -> None:
    """Point Django at the benchmark database (created and migrated if needed).

    ``database``: another database than the shared ``BENCH_DB``; ``fresh``: dropped and created
    again first (for a benchmark whose figures depend on the append-only audit table's size)."""
    name = database or BENCH_DB
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.dev")
    os.environ["QUORUM_DATABASE_NAME"] = name
    # Redis db 5 unless QUORUM_BENCH_REDIS_DB names another (two people benchmarking on one machine would
    # otherwise share a Celery queue); not QUORUM_REDIS_DB, which may point at a developer's own worker.
    os.environ["QUORUM_REDIS_DB"] = os.environ.get("QUORUM_BENCH_REDIS_DB", "5")
    sys.path.insert(0, str(ROOT))
    from config import embedded

    if not os.environ.get("DATABASE_URL"):
        endpoint = embedded.postgres_up()
        import psycopg

        with psycopg.connect(host=endpoint.host, port=endpoint.port, user=endpoint.user, dbname="postgres",
                             autocommit=True) as conn:
            if fresh:
                conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            if not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone():
                conn.execute(f'CREATE DATABASE "{name}"')
    import django
    from django.apps import apps

    if apps.ready:  # an earlier benchmark in this process set Django up: switch its connection
        from django.db import connection

        connection.close()
        connection.settings_dict["NAME"] = name
    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


@contextmanager
def gunicorn(workers: int | None = None, threads: int | None = None, *, root: Path = ROOT,
             env: dict[str, str] | None = None, log_name: str = "bench-web",
             ) -> Iterator[tuple[int, subprocess.Popen[bytes]]]:
    """A real gunicorn serving the tree at ``root`` (default: this one; the A/B modes pass another
    commit's exported tree). Default: 4 sync workers (requests run on each process's main thread,
    where the OpenMP embedder is 3× faster than on a worker thread; see docs/performance.md)."""
    workers = workers or int(os.environ.get("QUORUM_BENCH_WORKERS", "4"))
    threads = threads or int(os.environ.get("QUORUM_BENCH_THREADS", "1"))
    from config.embedded import free_port

    port = free_port()
    log = open(ROOT / "var" / f"{log_name}.log", "wb")
    proc = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "config.wsgi", "--bind", f"127.0.0.1:{port}", "--workers",
         str(workers), "--threads", str(threads), "--keep-alive", "30", "--log-level", "warning"],
        cwd=root, env=dict(os.environ) if env is None else env, stdout=log, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            try:
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
                conn.request("GET", "/api/schema/")
                conn.getresponse().read()
                break
            except OSError:
                time.sleep(0.3)
        yield port, proc
    finally:
        proc.terminate()
        proc.wait(timeout=30)
        log.close()


class Client:
    """A keep-alive JSON client for one thread."""

    def __init__(self, port: int, key: str) -> None:
        self.port = port
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.headers = {"Authorization": f"Bearer {key}", "Content-Type": "application/json"}

    def post(self, path: str, body: dict) -> tuple[int, dict, float]:
        payload = json.dumps(body)
        for attempt in (1, 2):
            started = time.perf_counter()
            try:
                self.conn.request("POST", path, body=payload, headers=self.headers)
                response = self.conn.getresponse()
                data = response.read()
            except (BrokenPipeError, ConnectionResetError, http.client.RemoteDisconnected):
                if attempt == 2:
                    raise
                self.conn.close()
                self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
                continue
            elapsed = time.perf_counter() - started
            return response.status, json.loads(data or b"{}"), elapsed
        raise RuntimeError("unreachable")


def percentiles(samples: list[float]) -> tuple[float, float]:
    ordered = sorted(samples)
    p50 = statistics.median(ordered)
    p95 = ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]
    return p50 * 1000, p95 * 1000


def time_calls(fn: Callable[[], object], n: int) -> list[float]:
    samples = []
    for _ in range(n):
        started = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - started)
    return samples


def rss_mb(pid: int) -> float:
    import psutil

    return psutil.Process(pid).memory_info().rss / 1e6


def child_rss_mb(proc: subprocess.Popen[bytes]) -> list[float]:
    import psutil

    return [c.memory_info().rss / 1e6 for c in psutil.Process(proc.pid).children()]


def rounded(value: object) -> object:
    """``value`` with every float rounded to 3 places, through dicts, lists and tuples (JSON lines)."""
    if isinstance(value, float):
        return round(value, 3)
    if isinstance(value, dict):
        return {k: rounded(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [rounded(v) for v in value]
    return value


def process_group_stop(proc: subprocess.Popen[bytes]) -> None:
    """Stop a process started with ``start_new_session=True`` and its children: SIGTERM to the
    group, SIGKILL after 30 s (a Celery worker and its pool, a gunicorn master and its workers)."""
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)
