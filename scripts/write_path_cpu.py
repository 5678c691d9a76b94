"""One client's writes: the web workers' CPU per write, and where it goes (perf46, stop 46).

Wall-clock p50 on the shared 2-core machine moves with other people's load; the CPU a write costs
the web process does not (much). This runs ``python -m benchmarks memory_api --writes-only``'s
one-client series against its own database (``QUORUM_BENCH_DATABASE``, emptied first as the
benchmark empties it) and reads the gunicorn workers' CPU (``psutil``, user + system) before and
after each series of ``--n`` writes: CPU per write in the web process, besides the wall p50.
PostgreSQL's own CPU is not in the figure (a shared server).

``--cprofile FILE``: instead, the same writes in this process through Django's test client (the
same middleware, view and service; no gunicorn, no socket), under ``cProfile`` (``python -m pstats
FILE``), and the top functions by cumulative and by self time printed. ``--sample``: the same writes
under ``scripts/cpu_sampler.py`` (a sample per millisecond of CPU: cProfile's per-call overhead
inflates code made of many small calls several times). Ids and times only.

    python scripts/write_path_cpu.py [--rounds R] [--n N]
    python scripts/write_path_cpu.py --cprofile FILE [--n N]
    python scripts/write_path_cpu.py --sample [--n N]
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import pstats
import random
import statistics
import sys
import time
import uuid

sys.path.insert(0, os.getcwd())  # the tree to measure is the working directory's


def _payload(i: int) -> dict[str, str]:
    from benchmarks.memory_api import TEXTS

    return {"subject": f"writer-0-{i % 50}", "kind": "event", "session_id": "s0",
            "content": f"{random.choice(TEXTS)} (nota 0-{i} {uuid.uuid4().hex[:8]})"}


def _warm(post, n: int) -> None:  # noqa: ANN001
    from benchmarks.memory_api import SUBJECT, TEXTS

    for i in range(200):  # the benchmark person's real memories, as the benchmark writes them
        post({"subject": SUBJECT, "kind": "fact", "key": f"k{i}", "content": f"{TEXTS[i % len(TEXTS)]} #{i}",
              "session_id": "s0"})
    for i in range(n):
        post(_payload(i))


def _tree_cpu(pid: int) -> float:
    import psutil

    total = 0.0
    for child in psutil.Process(pid).children(recursive=True):
        times = child.cpu_times()
        total += times.user + times.system
    return total


def served(rounds: int, n: int) -> None:
    from benchmarks.common import Client, gunicorn, percentiles
    from benchmarks.memory_api import _reset

    key = _reset("bench-writer")
    with gunicorn() as (port, proc):
        client = Client(port, key)

        def post(body: dict[str, str]) -> float:
            status, _, elapsed = client.post("/api/v1/memories", body)
            if status != 201:
                raise SystemExit(f"write answered {status}")
            return elapsed

        _warm(post, 200)
        rows = []
        for r in range(rounds):
            before = _tree_cpu(proc.pid)
            latencies = [post(_payload(i)) for i in range(n)]
            cpu_ms = (_tree_cpu(proc.pid) - before) / n * 1000
            p50, p95 = percentiles(latencies)
            rows.append({"round": r + 1, "web_cpu_ms_per_write": round(cpu_ms, 3), "p50_ms": round(p50, 3),
                         "p95_ms": round(p95, 3)})
            print(f"round {r + 1}: web CPU {cpu_ms:.2f} ms a write; wall p50 {p50:.2f} ms, p95 {p95:.2f} ms",
                  flush=True)
    print(f"median of {rounds}: web CPU {statistics.median(x['web_cpu_ms_per_write'] for x in rows):.2f} ms a "
          f"write, wall p50 {statistics.median(x['p50_ms'] for x in rows):.2f} ms; load {os.getloadavg()}")
    print("json:", json.dumps(rows))


def profiled(path: str, n: int, *, sample: bool = False) -> None:
    from django.test import Client as DjangoClient

    from benchmarks.memory_api import _reset

    key = _reset("bench-writer")
    client = DjangoClient(HTTP_AUTHORIZATION=f"Bearer {key}", HTTP_HOST="127.0.0.1")

    def post(body: dict[str, str]) -> None:
        response = client.post("/api/v1/memories", data=json.dumps(body), content_type="application/json")
        if response.status_code != 201:
            raise SystemExit(f"write answered {response.status_code}")

    _warm(post, 200)
    bodies = [_payload(i) for i in range(n)]
    if sample:
        from cpu_sampler import Sampler  # local import: this script's directory, as the script runs

        sampler = Sampler()
        started = time.process_time()
        sampler.start()
        for body in bodies:
            post(body)
        sampler.stop()
        print(f"{n} writes in process: {(time.process_time() - started) / n * 1000:.2f} ms CPU a write (sampled)")
        print(sampler.table(15, skip=("write_path_cpu.py", "django/test/client.py", "core/handlers/",
                                      "config/middleware.py", "utils/deprecation.py", "whitenoise/", "django_htmx/",
                                      "axes/middleware.py", "decorators/csrf.py", "generic/base.py")))
        return
    profile = cProfile.Profile(time.process_time)
    started = time.process_time()
    profile.enable()
    for body in bodies:
        post(body)
    profile.disable()
    spent = time.process_time() - started
    profile.dump_stats(path)
    print(f"{n} writes in process: {spent / n * 1000:.2f} ms CPU a write (under the profiler)")
    for order in ("cumulative", "tottime"):
        out = io.StringIO()
        pstats.Stats(path, stream=out).sort_stats(order).print_stats(15)
        print(out.getvalue())


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--cprofile", default="")
    parser.add_argument("--sample", action="store_true")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--n", type=int, default=500)
    args = parser.parse_args()
    from benchmarks.common import setup_django

    setup_django()
    if args.cprofile or args.sample:
        profiled(args.cprofile, args.n, sample=args.sample)
    else:
        served(args.rounds, args.n)


if __name__ == "__main__":
    main()
