"""``evaluation.special_delta`` (sp36): a write-path change is counted per author, and a note the
vector stage already flags changes nothing. Notes written for this test."""

from __future__ import annotations

import json

import numpy as np

from evaluation import special_delta
from evaluation import train_special as ts


class _Embedder:
    def embed_passages(self, texts: list[str]) -> list[np.ndarray]:
        return [np.full(4, float("vector" in text), dtype=np.float32) for text in texts]


def test_compare_counts_only_changes_the_vector_stage_does_not_already_make(tmp_path, monkeypatch) -> None:
    rows = [{"id": "x-1", "text": "special, newly found", "label": "health", "form": "explicit"},
            {"id": "x-2", "text": "special, vector already finds it", "label": "health", "form": "explicit"},
            {"id": "x-3", "text": "ordinary, newly flagged", "label": "none", "form": "ordinary"},
            {"id": "x-4", "text": "ordinary, unchanged", "label": "none", "form": "ordinary"}]
    path = tmp_path / "set.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in rows), encoding="utf-8")
    monkeypatch.setattr(ts, "SPECIAL_SPENT", {"X1": path})
    monkeypatch.setattr("memory.embedding.get_embedder", lambda: _Embedder())
    monkeypatch.setattr("memory.inspection.special.vector_stage",
                        lambda vector, text="": "found" if vector[0] == 1.0 or "already" in text else None)
    before = {"X1": {"x-1": [True, False], "x-2": [True, False], "x-3": [False, False], "x-4": [False, False]}}
    after = {"X1": {"x-1": [True, True], "x-2": [True, True], "x-3": [False, True], "x-4": [False, False]}}
    assert special_delta.compare(before, after) == {"X1": {"gained": ["x-1"], "lost": [], "added": ["x-3"], "cleared": []}}
    assert special_delta.compare(before, before) == {}
