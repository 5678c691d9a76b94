"""An embedder wrapper for claims tests: it records the texts the code under test asks to embed."""

from __future__ import annotations

from typing import Any


class CountingEmbedder:
    """Delegates to ``real`` and keeps every text passed to ``embed_passages`` in ``embedded``."""

    def __init__(self, real: Any) -> None:
        self.real = real
        self.name = real.name
        self.embedded: list[str] = []

    def embed_passages(self, texts: list[str]) -> Any:
        self.embedded.extend(texts)
        return self.real.embed_passages(texts)

    def __getattr__(self, attr: str) -> Any:
        return getattr(self.real, attr)
