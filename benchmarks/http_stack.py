"""``python -m benchmarks http_stack [--n=1000] [--worker-class]``: the HTTP stack's own cost.

``GET /api/v1/me`` (authentication, DRF, middleware, rendering; no memory work) three ways, one run:
in process through Django's WSGI handler, and over HTTP against two real gunicorns (4 sync
workers, ``benchmarks.common.gunicorn``) called alternately, request by request: A with the lockout
checked on every request (``QUORUM_AUTH_LOCKOUT_CHECK_SECONDS=0``, before), B as configured (after).
``--worker-class``: A as configured on sync workers, B on ``gthread`` workers (keep-alive honoured).
``--workers=A,B``: both as configured, A with A sync workers and B with B (e.g. ``--workers=1,4``:
how much a request pays for landing on one of several worker processes).
"""

from __future__ import annotations

import http.client
import io
import os
import statistics
import sys
import time

from benchmarks.common import gunicorn, setup_django

ME = "/api/v1/me"


class _Client:
    def __init__(self, port: int, key: str) -> None:
        self.port, self.key = port, key
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def get(self, path: str) -> float:
        for attempt in (1, 2):
            started = time.perf_counter()
            try:
                self.conn.request("GET", path, headers={"Authorization": f"Bearer {self.key}"})
                response = self.conn.getresponse()
                response.read()
            except (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError):
                if attempt == 2:
                    raise
                self.conn.close()
                self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
                continue
            assert response.status == 200, response.status
            return time.perf_counter() - started
        raise RuntimeError("unreachable")


def _in_process(key: str, n: int) -> list[float]:
    from django.core.handlers.wsgi import WSGIHandler

    app = WSGIHandler()

    def call() -> float:
        environ = {"REQUEST_METHOD": "GET", "PATH_INFO": ME, "SERVER_NAME": "127.0.0.1", "SERVER_PORT": "80",
                   "wsgi.input": io.BytesIO(b""), "wsgi.url_scheme": "http", "REMOTE_ADDR": "127.0.0.1",
                   "HTTP_AUTHORIZATION": f"Bearer {key}", "HTTP_HOST": "127.0.0.1", "wsgi.errors": sys.stderr}
        status: list[str] = []
        started = time.perf_counter()
        body = app(environ, lambda s, h: status.append(s))
        b"".join(body)
        body.close()
        elapsed = time.perf_counter() - started
        assert status[0].startswith("200"), status
        return elapsed

    for _ in range(200):
        call()
    return [call() for _ in range(n)]


def _line(label: str, samples: list[float]) -> str:
    ordered = sorted(samples)
    return (f"  {label:<52} p50 {statistics.median(ordered) * 1e3:5.2f} ms"
            f"  p95 {ordered[int(len(ordered) * 0.95)] * 1e3:5.2f} ms")


def main(argv: list[str]) -> None:
    n = next((int(a.split("=", 1)[1]) for a in argv if a.startswith("--n=")), 1000)
    worker_class = "--worker-class" in argv
    counts = next((a.split("=", 1)[1] for a in argv if a.startswith("--workers=")), "")
    workers_a, workers_b = (int(c) for c in counts.split(",")) if counts else (None, None)
    setup_django()
    from benchmarks.memory_api import _reset

    key = _reset("bench-http-stack")
    local = _in_process(key, n)
    base = dict(os.environ)
    env_a = base if worker_class or counts else {**base, "QUORUM_AUTH_LOCKOUT_CHECK_SECONDS": "0"}
    env_b = {**base, "GUNICORN_CMD_ARGS": "--worker-class gthread"} if worker_class else base
    with gunicorn(workers_a, env=env_a, log_name="bench-http-a") as (port_a, _), \
            gunicorn(workers_b, env=env_b, log_name="bench-http-b") as (port_b, _):
        a, b = _Client(port_a, key), _Client(port_b, key)
        for _ in range(200):
            a.get(ME)
            b.get(ME)
        times_a: list[float] = []
        times_b: list[float] = []
        for i in range(n):
            first, second = ((a, times_a), (b, times_b)) if i % 2 else ((b, times_b), (a, times_a))
            first[1].append(first[0].get(ME))
            second[1].append(second[0].get(ME))
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"\nHTTP stack — GET {ME}, n={n} each, A/B alternating; load average {load}")
    print(_line("in process (WSGI handler, no socket)", local))
    if counts:
        print(_line(f"A: gunicorn {workers_a} sync worker(s)", times_a))
        print(_line(f"B: gunicorn {workers_b} sync worker(s)", times_b))
    elif worker_class:
        print(_line("A: gunicorn 4 sync workers", times_a))
        print(_line("B: gunicorn 4 gthread workers (keep-alive)", times_b))
    else:
        print(_line("A: lockout checked on every request (before)", times_a))
        print(_line("B: lockout memo <= 1 s for verified keys (after)", times_b))
