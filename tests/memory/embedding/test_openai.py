"""Tests for memory.embedding.openai against a throw-away local HTTP server (no database, no network).

Works both with ``-p no:django`` and under pytest-django: settings are faked by
monkeypatching ``django.conf.settings``, never configured globally. Fixtures: ``conftest.py``.
"""

from __future__ import annotations

import socket
import time
from typing import Any

import numpy as np
import pytest

from memory.embedding import DIM, Embedder, EmbeddingError, OpenAIEmbedder
from tests.memory.embedding.support import (
    SECRET,
    FakeServer,
    assert_no_leak,
    assert_unit_rows,
    expected_rows,
    make_client,
    ok_payload,
)


class TestOpenAIEmbedder:
    def test_request_path_body_and_auth(self, server: FakeServer) -> None:
        client = make_client(server, api_key="sk-test-123")
        texts = ["Prefiere informes breves", "Vive en Valencia"]
        out = client.embed_passages(texts)

        assert_unit_rows(out, 2)
        np.testing.assert_allclose(out, expected_rows(texts), atol=1e-6)
        (req,) = server.requests
        assert req.path == "/v1/embeddings"
        assert req.body == {"model": "text-embedding-test", "input": texts}
        headers = {k.lower(): v for k, v in req.headers.items()}
        assert headers["authorization"] == "Bearer sk-test-123"
        assert headers["content-type"] == "application/json"
        assert isinstance(client, Embedder)
        assert client.name == "openai/text-embedding-test"
        assert "sk-test-123" not in repr(client)

    def test_no_auth_header_without_key(self, server: FakeServer) -> None:
        make_client(server).embed_queries(["hola"])
        assert "authorization" not in {k.lower() for k in server.requests[0].headers}

    @pytest.mark.parametrize(
        ("suffix", "expected_path"),
        [("", "/v1/embeddings"), ("/", "/v1/embeddings"), ("/v1", "/v1/embeddings"),
         ("/v1/", "/v1/embeddings"), ("/proxy/v1", "/proxy/v1/embeddings"),
         ("/v1/embeddings", "/v1/embeddings")],
    )
    def test_url_forms(self, server: FakeServer, suffix: str, expected_path: str) -> None:
        OpenAIEmbedder(server.base_url + suffix, "m").embed_queries(["x"])
        assert server.requests[0].path == expected_path

    def test_batching_and_index_ordering(self, server: FakeServer) -> None:
        texts = [f"memoria {i}" for i in range(130)]
        out = make_client(server).embed_passages(texts)

        assert [len(r.body["input"]) for r in server.requests] == [64, 64, 2]
        assert [t for r in server.requests for t in r.body["input"]] == texts
        assert_unit_rows(out, 130)
        np.testing.assert_allclose(out, expected_rows(texts), atol=1e-6)

    def test_prefixes(self, server: FakeServer) -> None:
        client = make_client(server, query_prefix="query: ", passage_prefix="passage: ")
        client.embed_queries(["a"])
        client.embed_passages(["b"])
        assert server.requests[0].body["input"] == ["query: a"]
        assert server.requests[1].body["input"] == ["passage: b"]
        # Generic default: no prefix at all.
        make_client(server).embed_queries(["c"])
        assert server.requests[2].body["input"] == ["c"]

    def test_empty_input_makes_no_request(self, server: FakeServer) -> None:
        assert make_client(server).embed_queries([]).shape == (0, DIM)
        assert server.requests == []

    def test_retry_on_503_then_success(self, server: FakeServer) -> None:
        server.respond = lambda call, body: (
            (503, {"error": "busy"}, {}) if call == 1 else (200, ok_payload(body), {})
        )
        out = make_client(server).embed_queries(["hola"])
        assert len(server.requests) == 2
        np.testing.assert_allclose(out, expected_rows(["hola"]), atol=1e-6)

    def test_retry_on_429_honours_retry_after(self, server: FakeServer) -> None:
        server.respond = lambda call, body: (
            (429, {"error": "slow down"}, {"Retry-After": "0"}) if call == 1 else (200, ok_payload(body), {})
        )
        make_client(server).embed_queries(["hola"])
        assert len(server.requests) == 2

    def test_persistent_500_raises_after_two_retries(self, server: FakeServer) -> None:
        # The error body echoes the input, as real servers often do.
        server.respond = lambda call, body: (500, {"error": f"bad input {body['input']}"}, {})
        with pytest.raises(EmbeddingError) as info:
            make_client(server).embed_queries([SECRET])
        assert len(server.requests) == 3
        assert "500" in str(info.value)
        assert_no_leak(info.value)

    def test_client_error_is_not_retried(self, server: FakeServer) -> None:
        server.respond = lambda call, body: (400, {"error": f"cannot embed {body['input']}"}, {})
        with pytest.raises(EmbeddingError) as info:
            make_client(server).embed_passages([SECRET])
        assert len(server.requests) == 1
        assert "400" in str(info.value)
        assert_no_leak(info.value)

    def test_redirect_is_not_followed(self, server: FakeServer) -> None:
        server.respond = lambda call, body: (307, {}, {"Location": "http://127.0.0.1:9/steal"})
        with pytest.raises(EmbeddingError, match="307"):
            make_client(server, api_key="sk-x").embed_queries(["hola"])
        assert len(server.requests) == 1

    def test_wrong_dimension(self, server: FakeServer) -> None:
        server.respond = lambda call, body: (200, ok_payload(body, dim=768), {})
        with pytest.raises(EmbeddingError, match="dimension") as info:
            make_client(server).embed_passages([SECRET])
        assert_no_leak(info.value)

    def test_configured_dimension_is_enforced(self, server: FakeServer) -> None:
        with pytest.raises(EmbeddingError, match="expected 768, got 384"):
            make_client(server, dim=768).embed_passages(["x"])

    @pytest.mark.parametrize(
        "payload",
        [
            b"not json",
            {"data": []},
            {"nodata": True},
            {"data": [{"index": 0, "embedding": "AAAA"}]},
            {"data": [{"index": 5, "embedding": [1.0] * DIM}]},
            {"data": [{"index": 0, "embedding": [0.0] * DIM}]},
        ],
    )
    def test_malformed_responses(self, server: FakeServer, payload: Any) -> None:
        server.respond = lambda call, body: (200, payload, {})
        with pytest.raises(EmbeddingError) as info:
            make_client(server).embed_queries([SECRET])
        assert len(server.requests) == 1
        assert_no_leak(info.value)

    def test_timeout(self, server: FakeServer) -> None:
        def slow(call: int, body: Any) -> tuple[int, Any, dict[str, str]]:
            time.sleep(1.0)
            return 200, ok_payload(body), {}

        server.respond = slow
        start = time.perf_counter()
        with pytest.raises(EmbeddingError, match="timed out") as info:
            make_client(server, timeout=0.2).embed_queries([SECRET])
        elapsed = time.perf_counter() - start
        assert elapsed < 0.9  # not retried: latency stays bounded by one timeout
        assert len(server.requests) == 1
        assert_no_leak(info.value)

    def test_connection_refused_is_retried_then_raises(self) -> None:
        sock = socket.socket()
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
        sock.close()  # nothing listens there any more
        client = OpenAIEmbedder(f"http://127.0.0.1:{port}", "m", backoff=0.01)
        with pytest.raises(EmbeddingError, match="3 attempts") as info:
            client.embed_queries([SECRET])
        assert_no_leak(info.value)

    @pytest.mark.parametrize("url", ["file:///etc/passwd", "ftp://example.com", "localhost:8000", ""])
    def test_rejects_non_http_urls(self, url: str) -> None:
        with pytest.raises(ValueError):
            OpenAIEmbedder(url, "m")

    def test_validates_limits(self) -> None:
        with pytest.raises(ValueError):
            OpenAIEmbedder("http://x", "m", batch_size=65)
        with pytest.raises(ValueError):
            OpenAIEmbedder("http://x", "m", max_retries=3)
        with pytest.raises(ValueError):
            OpenAIEmbedder("http://x", "m", timeout=0)
