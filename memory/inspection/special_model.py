"""The trained special-category model stage (issue 15): a logistic regression on a note's own
passage embedding, loaded from ``special_model.npz`` beside this module (written by
``python -m evaluation.train_special``, deterministic, trained on the development authors only).

The file holds the weights ``w`` (one per embedding dimension), the bias ``b``, the decision
``threshold`` on ``vector · w + b``, a per-category softmax model (``category_w``, ``category_b``
over ``categories``, the detector labels) that names the category of a flagged note, and the
``embedder`` name it was trained with: a vector from
another embedder (another name or width) has no model here, and the caller falls back to the
labelled exemplars. Loaded once per process; a missing or unreadable file is no model.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np

logger = logging.getLogger(__name__)

MODEL_PATH = Path(__file__).resolve().with_name("special_model.npz")


@dataclass(frozen=True)
class SpecialModel:
    weights: np.ndarray
    bias: float
    threshold: float
    embedder: str
    category_weights: np.ndarray
    category_bias: np.ndarray
    categories: tuple[str, ...]

    def score(self, vector: np.ndarray) -> float:
        """``vector · w + b`` (the logit: above ``threshold`` is special)."""
        return float(np.asarray(vector, dtype=np.float32).reshape(-1) @ self.weights + self.bias)

    def special(self, vector: np.ndarray) -> bool:
        return self.score(vector) > self.threshold

    def category(self, vector: np.ndarray) -> str:
        """The detector label the per-category model finds likeliest for a (flagged) note."""
        logits = self.category_weights @ np.asarray(vector, dtype=np.float32).reshape(-1) + self.category_bias
        return self.categories[int(np.argmax(logits))]


@lru_cache(maxsize=1)
def _load(path: Path | None = None) -> SpecialModel | None:
    """The model in ``path`` (default ``MODEL_PATH``, read at the call: ``evaluation.detector_cv
    --models`` points it at candidate files and clears this cache)."""
    try:
        with np.load(MODEL_PATH if path is None else path, allow_pickle=False) as data:
            return SpecialModel(np.asarray(data["w"], dtype=np.float32), float(data["b"]),
                                float(data["threshold"]), str(data["embedder"]),
                                np.asarray(data["category_w"], dtype=np.float32),
                                np.asarray(data["category_b"], dtype=np.float32),
                                tuple(str(c) for c in data["categories"]))
    except (OSError, KeyError, ValueError):
        logger.warning("special-category model not loaded; the exemplar stage decides")
        return None


def model_for(embedder: str, dim: int) -> SpecialModel | None:
    """The trained model when it was made for ``embedder`` vectors of width ``dim``, else None."""
    model = _load()
    if model is None or model.embedder != embedder or model.weights.shape[0] != dim:
        return None
    return model
