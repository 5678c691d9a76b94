"""The query cache: :class:`QueryCache` (an LRU keyed by hashes, never text) and :class:`CachedEmbedder`."""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Sequence

import numpy as np

from memory.embedding.base import Embedder, _as_text_list, _empty


class QueryCache:
    """Thread-safe LRU of query vectors keyed by ``sha256(name, text)``.

    Keys are digests so that the cache never retains raw query text (which may
    be personal data) beyond the request that produced it. Cached vectors are
    made read-only so a caller mutating a result cannot poison the cache.
    """

    def __init__(self, maxsize: int = 2048) -> None:
        if maxsize < 1:
            raise ValueError("maxsize must be >= 1")
        self.maxsize = maxsize
        self._data: OrderedDict[bytes, np.ndarray] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    @staticmethod
    def key(name: str, text: str) -> bytes:
        """Cache key for ``text`` embedded by the embedder called ``name``."""
        h = hashlib.sha256()
        # Length-prefix the name so ("ab", "c") and ("a", "bc") cannot collide.
        encoded_name = name.encode("utf-8")
        h.update(len(encoded_name).to_bytes(4, "big"))
        h.update(encoded_name)
        h.update(text.encode("utf-8", "surrogatepass"))
        return h.digest()

    def get(self, key: bytes) -> np.ndarray | None:
        """Return the cached vector and mark it recently used, or ``None``."""
        with self._lock:
            vec = self._data.get(key)
            if vec is None:
                self.misses += 1
                return None
            self._data.move_to_end(key)
            self.hits += 1
            return vec

    def put(self, key: bytes, vec: np.ndarray) -> None:
        """Store ``vec`` (copied, read-only), evicting the least recently used."""
        stored = np.array(vec, dtype=np.float32, copy=True)
        stored.setflags(write=False)
        with self._lock:
            self._data[key] = stored
            self._data.move_to_end(key)
            while len(self._data) > self.maxsize:
                self._data.popitem(last=False)

    def clear(self) -> None:
        """Drop every entry and reset the counters."""
        with self._lock:
            self._data.clear()
            self.hits = 0
            self.misses = 0

    def __len__(self) -> int:
        with self._lock:
            return len(self._data)

    def __contains__(self, key: object) -> bool:
        with self._lock:
            return key in self._data


class CachedEmbedder:
    """Wraps an :class:`Embedder`, caching :meth:`embed_queries` results.

    Only queries are cached: recall repeats the same query often, whereas
    passages are embedded once at ingest and stored in the database.
    """

    def __init__(self, inner: Embedder, cache: QueryCache | None = None, maxsize: int = 2048) -> None:
        self.inner = inner
        self.cache = cache if cache is not None else QueryCache(maxsize)
        self.name = inner.name
        self.dim = inner.dim

    def __repr__(self) -> str:
        return f"CachedEmbedder({self.inner!r})"

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        """Embed queries, calling the inner embedder only for unseen texts."""
        items = _as_text_list(texts)
        if not items:
            return _empty(self.dim)
        keys = [QueryCache.key(self.name, t) for t in items]
        found: dict[bytes, np.ndarray] = {}
        missing: dict[bytes, str] = {}  # dict: de-duplicates repeats within one call
        for key, text in zip(keys, items):
            if key in found or key in missing:
                continue
            vec = self.cache.get(key)
            if vec is None:
                missing[key] = text
            else:
                found[key] = vec
        if missing:
            # Computed outside any cache lock: two threads racing on the same
            # new query both embed it, which is cheaper than serialising.
            fresh = self.inner.embed_queries(list(missing.values()))
            for key, vec in zip(missing.keys(), fresh):
                self.cache.put(key, vec)
                found[key] = vec
        return np.stack([found[k] for k in keys]).astype(np.float32, copy=False)

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        """Pass-through: passages are not cached."""
        return self.inner.embed_passages(texts)
