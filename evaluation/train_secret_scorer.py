"""Train the secrets token scorer (``memory.scrubbing.token_scorer``) and measure it out of author.

``python -m evaluation.train_secret_scorer [--upto AUTHOR] [--folds N] [--budget F] [--write]``

* Samples: every credential-shaped candidate of every labelled string of the spent secrets authors
  (``detector_cv.SECRET_SOURCES`` up to ``--upto``, default all), in the writer's text and in the
  inspection fold; a candidate is positive when it overlaps the labelled secret.
* Out of author: the authors are split into ``--folds`` groups (default 8, round robin in source
  order); each group's candidates are scored by a model trained on the others only.
* Threshold: the lowest logit at which the out-of-author candidates flag at most ``--budget``
  (default 0.0005) of the ordinary strings, counting a string as flagged when any of its candidates
  scores above it.
* Then every group's strings are scrubbed by the *whole* scrubber with that group's model put in
  (``token_scorer.override``): recall and false redaction per author, pooled, before (no scorer)
  and after, and the scorer's own recall on the secrets it reaches alone. Ids only, never text.
* ``--write`` trains on every selected author and writes ``memory/scrubbing/token_scores.npz``.

The committed ``token_scores.npz`` (stop 41, sec41) was written with ``--upto BS --write``: the 72
authors A1–BS; BT and BU, read untouched at the end of stop 41 on it, were spent after. Stop 45 (sec45)
retrained it with ``--upto CG`` (86 authors, CH/CI left out) and did **not** ship the result: the
same figures on CH/CI and over all 88 authors, one false redaction more out of author on BT–CG
(docs/privacy.md, "The forty-fourth secrets round").

Class-balanced logistic regression on L2-normalised binary hashed features, Adam, deterministic.
"""

from __future__ import annotations

import sys
from typing import Any

import numpy as np

from evaluation import train_special as ts

L2 = 1e-6
STEPS = 250
RATE = 0.05


def _rows(upto: str | None) -> dict[str, list[dict[str, Any]]]:
    from evaluation.detector_cv import SECRET_SOURCES  # local import: the sources table imports train_special

    names = list(SECRET_SOURCES)
    if upto is not None:
        names = names[:names.index(upto) + 1]
    return {name: ts.read_rows(SECRET_SOURCES[name]) for name in names}


def samples(row: dict[str, Any]) -> list[tuple[np.ndarray, int]]:
    """(buckets, label) for every candidate of one string, in each reading the scrubber makes."""
    from memory.scrubbing import token_scorer as tsc  # local import: needs Django settings
    from memory.scrubbing.driver import _LOWER_TABLE  # local import: needs Django settings
    from memory.scrubbing.folding import folded_view  # local import: needs Django settings

    text = row["text"]
    secret = row["secret"] if row["has_secret"] else None
    spans = []
    if secret:
        i = text.find(secret)
        while i >= 0:
            spans.append((i, i + len(secret)))
            i = text.find(secret, i + 1)
    out = []
    readings: list[tuple[str, str, Any]] = [(text, text.translate(_LOWER_TABLE), None)]
    view = folded_view(text)
    if view is not None:
        readings.append((view.text, view.lower, view))
    for reading, lower, v in readings:
        for cand in tsc.candidates(reading, lower):
            start, end = (cand.start, cand.end) if v is None else v.source_span(cand.start, cand.end)
            label = int(any(start < e and s < end for s, e in spans))
            out.append((cand.buckets, label))
    return out


def fit(x: list[np.ndarray], y: np.ndarray) -> tuple[np.ndarray, float]:
    width = 1 << 16
    rows = np.concatenate([np.full(len(b), r) for r, b in enumerate(x)])
    idx = np.concatenate(x)
    val = np.concatenate([np.full(len(b), 1 / np.sqrt(max(1, len(b)))) for b in x])
    n = len(x)
    pos = y.mean()
    weight = np.where(y == 1, 0.5 / pos, 0.5 / (1 - pos))
    w = np.zeros(width)
    b = 0.0
    m = np.zeros(width + 1)
    v = np.zeros(width + 1)
    for t in range(1, STEPS + 1):
        z = np.bincount(rows, weights=val * w[idx], minlength=n) + b
        p = 1 / (1 + np.exp(-z))
        g = (p - y) * weight
        grad = np.empty(width + 1)
        grad[:width] = np.bincount(idx, weights=val * g[rows], minlength=width) / n + L2 * w
        grad[width] = g.mean()
        m = 0.9 * m + 0.1 * grad
        v = 0.999 * v + 0.001 * grad * grad
        step = RATE * (m / (1 - 0.9 ** t)) / (np.sqrt(v / (1 - 0.999 ** t)) + 1e-8)
        w -= step[:width]
        b -= step[width]
    return w, float(b)


def _score(w: np.ndarray, b: float, buckets: np.ndarray) -> float:
    return float(w[buckets].sum() / np.sqrt(max(1, len(buckets))) + b)


def main(argv: list[str]) -> int:
    ts.setup()
    from memory.scrubbing import scrub  # local import: needs Django settings
    from memory.scrubbing import token_scorer as tsc  # local import: needs Django settings

    upto = argv[argv.index("--upto") + 1] if "--upto" in argv else None
    folds = int(argv[argv.index("--folds") + 1]) if "--folds" in argv else 8
    budget = float(argv[argv.index("--budget") + 1]) if "--budget" in argv else 0.0005
    authors = _rows(upto)
    names = list(authors)
    per_row = {name: [samples(r) for r in rows] for name, rows in authors.items()}
    group = {name: i % folds for i, name in enumerate(names)}
    models: dict[int, tuple[np.ndarray, float]] = {}
    for g in range(folds):
        xs, ys = [], []
        for name in names:
            if group[name] != g:
                for s in per_row[name]:
                    for buckets, label in s:
                        xs.append(buckets)
                        ys.append(label)
        models[g] = fit(xs, np.array(ys, dtype=float))
    # Out-of-author: each string's highest candidate logit.
    neg_max, pos_cover, dump = [], [], []
    for name in names:
        w, b = models[group[name]]
        for row, s in zip(authors[name], per_row[name], strict=True):
            scores = [(_score(w, b, bk), lab) for bk, lab in s]
            if row["has_secret"]:
                pos_cover.append(max((sc for sc, lab in scores if lab), default=-np.inf))
                dump.append((name, row["id"], row["kind"], 1, pos_cover[-1]))
            else:
                neg_max.append(max((sc for sc, _ in scores), default=-np.inf))
                dump.append((name, row["id"], row["kind"], 0, neg_max[-1]))
    if "--dump" in argv:
        import json  # local import: only the diagnostic dump needs it
        with open(argv[argv.index("--dump") + 1], "w", encoding="utf-8") as fh:
            json.dump(dump, fh)
    neg = np.sort(np.array(neg_max))[::-1]
    allowed = int(budget * len(neg))
    threshold = float(neg[allowed]) if allowed < len(neg) else float(neg[-1])
    alone = int((np.array(pos_cover) > threshold).sum())
    print(f"threshold {threshold:.3f}: ordinary strings with a candidate above it {int((neg > threshold).sum())}/{len(neg)}; "
          f"secrets with a candidate above it {alone}/{len(pos_cover)}")
    if "--write" in argv:
        xs = [bk for name in names for s in per_row[name] for bk, _ in s]
        ys = np.array([lab for name in names for s in per_row[name] for _, lab in s], dtype=float)
        w, b = fit(xs, ys)
        np.savez_compressed(tsc.MODEL_PATH, w=w.astype(np.float16), b=np.float64(b), threshold=np.float64(threshold))
        print(f"wrote {tsc.MODEL_PATH.name} ({len(names)} authors, {len(ys)} candidates)")
        return 0
    if "--curve-only" in argv:
        return 0
    totals = {"before": [0, 0, 0, 0], "after": [0, 0, 0, 0]}
    for name in names:
        w, b = models[group[name]]
        line = []
        for phase in ("before", "after"):
            tsc.override = (tsc.TokenModel(w.astype(np.float16).astype(np.float32), b, threshold) if phase == "after"
                            else tsc.TokenModel(np.zeros(1 << 16, np.float32), -1.0, 1.0))
            hit = pos = fr = negs = 0
            misses, false = [], []
            for row in authors[name]:
                out = scrub(row["text"])
                if row["has_secret"]:
                    pos += 1
                    ok = row["secret"] not in out.text
                    hit += ok
                    if not ok:
                        misses.append(row["id"])
                else:
                    negs += 1
                    if out.count:
                        fr += 1
                        false.append(row["id"])
            for i, v in enumerate((hit, pos, fr, negs)):
                totals[phase][i] += v
            line.append(f"{phase} {hit}/{pos} fr {fr}/{negs} miss {misses} false {false}")
        print(name, " | ".join(line))
    tsc.override = None
    for phase, (hit, pos, fr, negs) in totals.items():
        print(f"pooled {phase}: recall {hit}/{pos} ({hit / pos * 100:.2f} %), false redaction {fr}/{negs} ({fr / negs * 100:.2f} %)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
