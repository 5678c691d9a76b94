"""The consolidation benchmark's free-text variant: which pair sets feed it, and its pool embedder."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from benchmarks import consolidation_freetext as freetext


def _write(root: Path, n: int, rows: list[tuple[str, str, str]]) -> None:
    directory = root / "evaluation" / "heldout" / f"issue16_pairs{n}"
    directory.mkdir(parents=True)
    lines = [json.dumps({"id": f"p{n}-{i}", "a": a, "b": b, "label": label, "lang": "en", "kind": "x"})
             for i, (a, b, label) in enumerate(rows)]
    (directory / "pairs_untouched.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")


def test_the_pool_reads_spent_sets_only_and_uses_each_text_once(tmp_path, monkeypatch) -> None:
    _write(tmp_path, 3, [("one", "two", "equivalent"), ("three", "four", "misleading")])
    _write(tmp_path, 40, [("two", "five", "equivalent"), ("six", "seven", "partial")])  # "two" seen: skipped
    _write(tmp_path, 56, [("untouched a", "untouched b", "equivalent")])  # an untouched set: never read
    monkeypatch.setattr(freetext, "ROOT", tmp_path)
    pairs = freetext.pool_pairs()
    texts = [t for pair in pairs for t in (pair.a, pair.b)]
    assert sorted(texts) == sorted(["one", "two", "three", "four", "six", "seven"])
    assert len(texts) == len(set(texts))
    assert pairs == freetext.pool_pairs()  # one fixed order


class _Engine:
    name, dim = "engine", 3

    def __init__(self) -> None:
        self.asked: list[str] = []

    def embed_passages(self, texts):
        self.asked.extend(texts)
        return np.ones((len(texts), 3), dtype=np.float32)


class _QueryCache:  # stands for memory.embedding.CachedEmbedder: the engine is its ``inner``
    def __init__(self, inner: _Engine) -> None:
        self.inner, self.name, self.dim = inner, inner.name, inner.dim


def test_the_pool_embedder_serves_pool_vectors_and_embeds_the_rest_for_real() -> None:
    engine = _Engine()
    pooled = np.array([0.0, 1.0, 0.0], dtype=np.float32)
    embedder = freetext.PoolEmbedder(_QueryCache(engine), {"a note": pooled})
    out = embedder.embed_passages(["a note", "a sentence of it"])
    assert np.array_equal(out[0], pooled) and np.array_equal(out[1], np.ones(3))
    assert engine.asked == ["a sentence of it"]
    assert (embedder.served, embedder.embedded) == (1, 1)
    # Unwrapped to the engine and named like it: stored embedding_model and exemplar caches unchanged.
    assert embedder.inner is engine and embedder.name == "engine" and embedder.dim == 3
