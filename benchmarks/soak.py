"""``python -m benchmarks.soak [--n 2000] [--server runserver|gunicorn ...]``: sequential recalls, 0 5xx.

Issue 13: under a sequential client the development server answered 500 ``sorry, too many clients
already`` (connections piled up to PostgreSQL's 100). This soak runs ``--n`` sequential recalls —
a new HTTP connection for each, as a naive client does — against ``manage.py runserver`` and
against gunicorn (``make run``'s 4 sync workers), on the benchmark database, loopback only, and
prints the status counts, p50/p95 and the most server connections PostgreSQL saw for the
benchmark database. Exit status 1 when any answer was a 5xx.

``QUORUM_DB_POOL=0 QUORUM_DB_CONN_MAX_AGE=60`` reproduces the configuration before the pool.
"""

from __future__ import annotations

import argparse
import collections
import http.client
import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager

from benchmarks.common import BENCH_DB, ROOT, percentiles, setup_django

SUBJECT = "soak-person"
QUERIES = ["¿cómo prefiere los informes?", "horario de reuniones", "idioma preferido", "qué le molesta"]
NOTES = ["Prefiere informes breves", "Reuniones por la mañana", "Escribe en español", "No le gustan las llamadas"]


def _agent_key() -> str:
    from agents_registry.selectors.agents import agent_get_by_slug
    from agents_registry.services.agents import agent_create
    from agents_registry.services.credentials import credential_rotate
    from config.actors import Actor

    actor = Actor.system("bench-soak")
    agent = agent_get_by_slug("bench-soak")
    if agent is None:
        return agent_create(actor=actor, slug="bench-soak", role="planner", domain="work",
                            purposes=["essential.service"]).key
    return credential_rotate(actor=actor, agent=agent).key


@contextmanager
def _server(kind: str) -> Iterator[int]:
    from config.embedded import free_port, wait_listening

    port = free_port()
    if kind == "runserver":
        command = [sys.executable, "manage.py", "runserver", "--noreload", f"127.0.0.1:{port}"]
    else:
        command = [sys.executable, "-m", "gunicorn", "config.wsgi", "--bind", f"127.0.0.1:{port}",
                   "--workers", os.environ.get("QUORUM_WEB_WORKERS", "4"), "--log-level", "warning"]
    log = open(ROOT / "var" / f"soak-{kind}.log", "wb")
    proc = subprocess.Popen(command, cwd=ROOT, env=dict(os.environ), stdout=log, stderr=subprocess.STDOUT)
    try:
        if not wait_listening(port, proc=proc, timeout=90):
            raise RuntimeError(f"{kind} did not start; see var/soak-{kind}.log")
        yield port
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()


def _request(port: int, key: str, path: str, body: dict) -> tuple[int, float]:
    """One request on a fresh connection (closed afterwards), as a naive sequential client does."""
    started = time.perf_counter()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        conn.request("POST", path, body=json.dumps(body),
                     headers={"Authorization": f"Bearer {key}", "Content-Type": "application/json",
                              "Connection": "close"})
        response = conn.getresponse()
        response.read()
        return response.status, time.perf_counter() - started
    finally:
        conn.close()


def _db_connections() -> int:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = %s AND pid <> pg_backend_pid()",
                       [BENCH_DB])
        return int(cursor.fetchone()[0])


def soak(kind: str, key: str, n: int) -> dict[str, object]:
    statuses: collections.Counter[int] = collections.Counter()
    samples: list[float] = []
    peak = 0
    with _server(kind) as port:
        for note in NOTES:
            _request(port, key, "/api/v1/memories", {"subject": SUBJECT, "kind": "event", "content": note,
                                                     "session_id": "soak"})
        for i in range(n):
            status, elapsed = _request(port, key, "/api/v1/recall",
                                       {"subject": SUBJECT, "query": QUERIES[i % len(QUERIES)],
                                        "purpose": "essential.service", "session_id": f"soak-{i // 50}"})
            statuses[status] += 1
            samples.append(elapsed)
            if i % 100 == 0:
                peak = max(peak, _db_connections())
        peak = max(peak, _db_connections())
    p50, p95 = percentiles(samples)
    return {"server": kind, "n": n, "statuses": dict(sorted(statuses.items())),
            "5xx": sum(c for s, c in statuses.items() if s >= 500), "p50_ms": p50, "p95_ms": p95,
            "peak_db_connections": peak}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.soak")
    parser.add_argument("--n", type=int, default=2000, help="sequential recalls per server (bounded)")
    parser.add_argument("--server", action="append", choices=["runserver", "gunicorn"])
    args = parser.parse_args(argv)
    n = max(1, min(args.n, 20_000))
    setup_django()
    key = _agent_key()
    from django.db import connection

    connection.close()
    pool = "off" if os.environ.get("QUORUM_DB_POOL") == "0" else (
        f"min {os.environ.get('QUORUM_DB_POOL_MIN', '1')} / max {os.environ.get('QUORUM_DB_POOL_MAX', '8')}")
    print(f"soak: {n} sequential recalls per server, a new connection per request, pool {pool}")
    print(f"{'server':<11}{'requests':>9}{'5xx':>6}{'p50 ms':>9}{'p95 ms':>9}{'peak PG conns':>15}  statuses")
    failed = False
    for kind in args.server or ["runserver", "gunicorn"]:
        result = soak(kind, key, n)
        failed = failed or bool(result["5xx"])
        print(f"{kind:<11}{result['n']:>9}{result['5xx']:>6}{result['p50_ms']:>9.1f}{result['p95_ms']:>9.1f}"
              f"{result['peak_db_connections']:>15}  {result['statuses']}", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
