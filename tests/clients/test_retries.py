"""Retries over real sockets: a small scripted HTTP server (http.server in a thread) on 127.0.0.1.

A transport test, not a stand-in for Quorum's database: it answers what a Quorum behind an outage
or a lockout answers (503/429 with ``Retry-After``) and counts what the client sends.
"""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import httpx
import pytest
from quorum_client import AsyncQuorum, InvalidInput, LockedOut, Quorum, TransportError, Unavailable

from config.embedded import free_port

KEY = "qk_retry_test_key"
PREDICATES = {"predicates": []}
RECALL = {"items": [], "degraded": False, "generated_at": "2026-12-01T10:00:00Z"}
CREATED = {"id": "m1", "subject": "ana", "kind": "event", "content": "x", "status": "active", "trust": "inferred",
           "session_id": "s1", "deduplicated": False}


class Script:
    """Answers per path, consumed in order (the last one repeats), and every request received."""

    def __init__(self) -> None:
        self.answers: dict[str, list[tuple[int, dict[str, str], Any]]] = {}
        self.received: list[tuple[str, str]] = []
        self.lock = threading.Lock()

    def on(self, method: str, path: str, *answers: tuple[int, dict[str, str], Any]) -> None:
        self.answers[f"{method} {path}"] = list(answers)

    def next(self, method: str, path: str) -> tuple[int, dict[str, str], Any]:
        with self.lock:
            self.received.append((method, path))
            queue = self.answers[f"{method} {path}"]
            return queue.pop(0) if len(queue) > 1 else queue[0]

    def count(self, path: str) -> int:
        return sum(1 for _, p in self.received if p == path)


def outage(seconds: str | None = "0") -> tuple[int, dict[str, str], Any]:
    headers = {"Retry-After": seconds} if seconds is not None else {}
    return 503, headers, {"code": "unavailable", "message": "Retry shortly.", "extra": {}}


@pytest.fixture
def server() -> Iterator[tuple[str, Script]]:
    script = Script()

    class Handler(BaseHTTPRequestHandler):
        def _answer(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            if length:
                self.rfile.read(length)
            status, headers, body = script.next(self.command, self.path.split("?")[0])
            payload = json.dumps(body).encode()
            self.send_response(status)
            for name, value in {**headers, "Content-Type": "application/json"}.items():
                self.send_header(name, value)
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)

        do_GET = do_POST = _answer  # noqa: N815 - http.server's names

        def log_message(self, *args: Any) -> None:  # keep the test output clean
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", free_port()), Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}", script
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join(timeout=5)


def test_a_read_is_retried_after_503_with_retry_after_until_it_succeeds(server):
    url, script = server
    script.on("GET", "/api/v1/predicates", outage("0"), outage("0"), (200, {}, PREDICATES))
    assert Quorum(url, KEY, max_retries=2).predicates().predicates == []
    assert script.count("/api/v1/predicates") == 3


def test_retries_are_bounded_by_max_retries_and_the_wait_is_honoured(server):
    url, script = server
    script.on("POST", "/api/v1/recall", outage("1"))
    started = time.monotonic()
    with pytest.raises(Unavailable) as caught:
        Quorum(url, KEY, max_retries=2).recall(subject="ana", query="q", purpose="essential.service")
    elapsed = time.monotonic() - started
    assert script.count("/api/v1/recall") == 3  # the first try and two retries, then the error
    assert elapsed >= 1.9  # slept Retry-After (1 s) before each retry
    assert caught.value.retry_after == 1.0
    script.received.clear()
    with pytest.raises(Unavailable):
        Quorum(url, KEY, max_retries=0).recall(subject="ana", query="q", purpose="essential.service")
    assert script.count("/api/v1/recall") == 1


def test_writes_are_never_retried(server):
    url, script = server
    script.on("POST", "/api/v1/memories", outage("0"), outage("0"), (201, {}, CREATED))
    script.on("POST", "/api/v1/sessions/s1/end", outage("0"), (201, {}, {"decision_id": "d1"}))
    quorum = Quorum(url, KEY, max_retries=5)
    with pytest.raises(Unavailable):
        quorum.remember(subject="ana", kind="event", content="x", session_id="s1")
    with pytest.raises(Unavailable):
        quorum.end_session(session_id="s1", subject="ana", done="d", went_wrong="w", improve="i")
    assert script.count("/api/v1/memories") == 1 and script.count("/api/v1/sessions/s1/end") == 1
    # The low-level request is a write unless told otherwise.
    with pytest.raises(Unavailable):
        quorum.request("POST", "memories", json={})
    assert script.count("/api/v1/memories") == 2


def test_no_retry_without_retry_after_or_past_the_cap_or_on_other_4xx(server):
    url, script = server
    script.on("GET", "/api/v1/me", outage(None))
    script.on("GET", "/api/v1/stats", (429, {"Retry-After": "120"},
                                       {"code": "locked_out", "message": "Locked.", "extra": {"retry_after": 120}}))
    script.on("GET", "/api/v1/predicates", (400, {"Retry-After": "0"},
                                            {"code": "unknown_field", "message": "No.", "extra": {}}))
    quorum = Quorum(url, KEY, max_retries=3)
    with pytest.raises(Unavailable) as down:
        quorum.me()
    assert down.value.retry_after is None
    started = time.monotonic()
    with pytest.raises(LockedOut) as locked:
        quorum.stats(subject="ana")  # 120 s > the 30 s cap: raised at once, not waited for
    assert time.monotonic() - started < 2 and locked.value.retry_after == 120.0
    with pytest.raises(InvalidInput):
        quorum.predicates()
    assert [script.count(p) for p in ("/api/v1/me", "/api/v1/stats", "/api/v1/predicates")] == [1, 1, 1]


def test_a_short_lockout_is_waited_out_by_a_read(server):
    url, script = server
    script.on("GET", "/api/v1/me", (429, {"Retry-After": "1"}, {"code": "locked_out", "message": "", "extra": {}}),
              (200, {}, {"agent": {"slug": "a", "role": "r", "domain": "work", "purposes": []}}))
    assert Quorum(url, KEY).me().agent.slug == "a"
    assert script.count("/api/v1/me") == 2


def test_the_async_client_retries_reads_and_not_writes(server):
    url, script = server
    script.on("POST", "/api/v1/recall", outage("0"), (200, {}, RECALL))
    script.on("POST", "/api/v1/memories", outage("0"), (201, {}, CREATED))

    async def run() -> Any:
        async with AsyncQuorum(url, KEY) as quorum:
            recalled = await quorum.recall(subject="ana", query="q", purpose="essential.service")
            with pytest.raises(Unavailable):
                await quorum.remember(subject="ana", kind="event", content="x", session_id="s1")
            return recalled

    assert asyncio.run(run()).degraded is False
    assert script.count("/api/v1/recall") == 2 and script.count("/api/v1/memories") == 1


class CountingTransport(httpx.HTTPTransport):
    def __init__(self) -> None:
        super().__init__()
        self.sent = 0

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        self.sent += 1
        return super().handle_request(request)


def test_a_refused_connection_is_retried_for_reads_only():
    url = f"http://127.0.0.1:{free_port()}"  # closed again before use: nothing listens there
    reads, writes = CountingTransport(), CountingTransport()
    with pytest.raises(TransportError):
        Quorum(url, KEY, max_retries=2, transport=reads).predicates()
    with pytest.raises(TransportError):
        Quorum(url, KEY, max_retries=2, transport=writes).remember(subject="a", kind="event", content="x",
                                                                   session_id="s")
    assert (reads.sent, writes.sent) == (3, 1)
