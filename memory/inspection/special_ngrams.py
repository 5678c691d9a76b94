"""The character n-gram stage of the special-category detector (issue 15, third round).

A class-balanced logistic regression over hashed features of a string's inspection form
(``memory.inspection.normalise.fold_text``: NFKC, zero-width removed, confusables, accents,
spaced-out and leet spellings joined): character 3- to 5-grams inside word boundaries
(``" diab"``, ``"abet"``, ``"mezq"``) plus word unigrams and bigrams. Character n-grams read
morphology and spellings the lexicon has no pattern for (``diabetica``, ``sindicalista``,
``musulmana``, a misspelt or half-obfuscated stem), at write-path cost (a few hundred hash
look-ups per note, well under a millisecond).

Weights come from ``special_ngrams.npz`` beside this module, written by
``python -m evaluation.train_special`` on the six sources' labelled notes (deterministic); the
decision ``threshold`` on the logit was chosen by leave-one-author-out cross-validation
(``python -m evaluation.detector_cv``). The file holds ``w`` (one weight per hash bucket,
float16), ``b``, ``threshold``, ``veto`` (below it the stage is confident a string is ordinary:
the lexicon's hit on it is dropped; the score under which only a small share of the special notes the
lexicon caught fell, out of author: ``train_special.VETO_SHARE``), and a softmax over the nine detector labels (``category_w``
over ``CATEGORY_BUCKETS`` folded buckets, ``category_b``, ``categories``) that names the category
of a flagged string; a missing or unreadable file is no stage (the lexicon and the
vector stage still run). Nothing here keeps or logs the text.
"""

from __future__ import annotations

import logging
import re
import zlib
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise
from pathlib import Path

import numpy as np

from memory.inspection.normalise import fold_text

logger = logging.getLogger(__name__)

MODEL_PATH = Path(__file__).resolve().with_name("special_ngrams.npz")
#: Hash buckets (a power of two): collisions are rare at the corpus's vocabulary size.
BUCKETS = 1 << 16
#: The category model's buckets (``bucket % CATEGORY_BUCKETS``): nine rows of weights, kept small.
CATEGORY_BUCKETS = 1 << 13
_NGRAMS = (3, 4, 5)
_TOKEN = re.compile(r"[a-z0-9]+")


def features(text: str) -> tuple[np.ndarray, np.ndarray]:
    """The hashed feature ``(indices, values)`` of one string: distinct buckets, values
    L2-normalised (binary presence), as the trainer and the stage both read them."""
    tokens = _TOKEN.findall(fold_text(text))
    keys: set[int] = set()
    for token in tokens:
        padded = f" {token} "
        for n in _NGRAMS:
            for i in range(max(1, len(padded) - n + 1)):
                keys.add(zlib.crc32(padded[i:i + n].encode()) & (BUCKETS - 1))
        keys.add(zlib.crc32(b"w:" + token.encode()) & (BUCKETS - 1))
    for first, second in pairwise(tokens):
        keys.add(zlib.crc32(f"b:{first} {second}".encode()) & (BUCKETS - 1))
    if not keys:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.float32)
    indices = np.fromiter(sorted(keys), dtype=np.int64, count=len(keys))
    return indices, np.full(len(keys), 1.0 / np.sqrt(len(keys)), dtype=np.float32)


@dataclass(frozen=True)
class NgramModel:
    weights: np.ndarray
    bias: float
    threshold: float
    category_weights: np.ndarray
    category_bias: np.ndarray
    categories: tuple[str, ...]
    #: Below this logit the stage vetoes a lexicon hit (-inf: no veto).
    veto: float = float("-inf")

    def score(self, text: str) -> float:
        """The logit ``x · w + b`` of one string (above ``threshold`` is special)."""
        indices, values = features(text)
        return float(values @ self.weights[indices]) + self.bias if len(indices) else self.bias

    def special(self, text: str) -> bool:
        return self.score(text) > self.threshold

    def vetoes(self, text: str) -> bool:
        """Whether the stage is confident enough that ``text`` is ordinary to drop a lexicon hit."""
        return self.score(text) < self.veto

    def category(self, text: str) -> str:
        """The detector label the per-category model finds likeliest for a (flagged) string."""
        indices, values = features(text)
        logits = self.category_weights[:, indices % CATEGORY_BUCKETS] @ values + self.category_bias
        return self.categories[int(np.argmax(logits))]


@lru_cache(maxsize=1)
def load(path: Path | None = None) -> NgramModel | None:
    """The trained stage in ``path`` (default ``MODEL_PATH``, read at the call), once per process;
    None when the file is missing or unreadable."""
    try:
        with np.load(MODEL_PATH if path is None else path, allow_pickle=False) as data:
            weights = np.asarray(data["w"], dtype=np.float32)
            if weights.shape != (BUCKETS,):
                raise ValueError("bucket count")
            categories = np.asarray(data["category_w"], dtype=np.float32)
            if categories.shape[1] != CATEGORY_BUCKETS:
                raise ValueError("category bucket count")
            return NgramModel(weights, float(data["b"]), float(data["threshold"]), categories,
                              np.asarray(data["category_b"], dtype=np.float32),
                              tuple(str(c) for c in data["categories"]),
                              float(data["veto"]) if "veto" in data.files else float("-inf"))
    except (OSError, KeyError, ValueError):
        logger.warning("special-category n-gram model not loaded; the lexicon and vector stages decide")
        return None
