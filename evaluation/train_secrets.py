"""Train and measure a learned scrubbing stage over the tokens the hand rules leave (issue 15, stop 38).

The stage (``evaluation.secret_tokens``) is measured here and **not wired** into the scrubber: on the
last ten readings it found about one more secret for every ordinary string it altered (1,466 → 1,473
of 1,500 found, 19 → 25 of 1,500 altered; docs/privacy.md, "A learned stage over the tokens the
hand rules leave").

Training data: every spent secrets author (``evaluation.detector_cv.SECRET_SOURCES``). Each row
carries its text, ``has_secret``, the secret's value and its kind; the tokens of the **writer's
text** (``secret_tokens.candidates``) are the examples, a token being positive when it overlaps an
occurrence of the secret. Only rows of ``HARD_KINDS`` give positives (the kinds new authors' misses
fall in; with every kind the model spends itself on vendor formats the rules already find: 5 finds
for 15 false redactions on the ten readings below at a 1 % budget); rows of other kinds and rows
whose secret does not occur verbatim are left out. Positive tokens weigh one over their row's
positive tokens (a private key's lines count as one secret), and the classes are balanced. The
model is a logistic regression over the hashed features, fitted by mini-batch Adam from zero in a
fixed order (deterministic).

The stage runs on the text the hand rules return, so it is measured there: a positive row is found
when its secret is no longer in the text after the hand rules and the stage; a negative row is
falsely redacted when either changed it (the measure of ``detector_cv.secrets_table``).

* ``python -m evaluation.train_secrets --cv`` — **leave authors out**: the authors are dealt into
  ``FOLDS`` folds in ``SECRET_SOURCES`` order; for each fold the stage is trained on the others and
  its threshold chosen on them alone (nested: each of the other folds scored by a model trained on
  the remaining four; the threshold is the lowest at which the stage newly alters at most
  ``BUDGET`` of the training folds' negative rows the hand rules left alone), then the hand rules
  alone and the hand rules + stage are measured on the held-out fold. The hand rules themselves
  are fixed and were written with all these authors in view, so "hand alone" is in sample.
* ``python -m evaluation.train_secrets --as-read`` — the honest check: the last ten secrets
  readings (``AS_READ``: authors AV–BE) with the scrubber **as it was when each was read** (the
  commits in docs/privacy.md, unpacked with ``git archive`` into a temporary directory and run in a
  subprocess), and the stage trained on the 48 authors spent before them, its threshold chosen on
  those 48 as above.
* ``python -m evaluation.train_secrets`` — train on every spent author, choose the threshold on
  their out-of-fold scores (``FOLDS`` folds) and report in sample; ``--out FILE.npz`` writes the
  weights (``w`` float16, ``b``, ``threshold``), as a wired stage would load them.
* ``--cost`` — the stage's time per note on one spent set (``COST_AUTHOR``), beside the scrubber's.

``--budget 0.01`` changes ``BUDGET``; ``--json`` prints the figures as JSON.

Figures are printed per fold and pooled; ids only, never text. Two to three minutes a mode on two
loaded cores.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from evaluation import secret_tokens

FOLDS = 6
#: The share of the training folds' untouched negative rows the stage may alter.
BUDGET = 0.005
#: Adam: steps, batch rows, step size, L2. A fixed number of steps, not of epochs: the nested
#: models (fewer authors) must score on the scale of the model whose threshold they choose (with
#: six epochs the out-of-fold false redaction came out twice the budget).
STEPS = 120
BATCH = 4096
RATE = 0.02
L2 = 1e-4
#: The kinds whose secrets give positive tokens (docs/privacy.md: the kinds every new author's
#: misses fall in).
HARD_KINDS = frozenset({"password_prose", "obfuscated", "generic_labelled", "passphrase_spaced", "pin",
                        "hex_after_label"})
COST_AUTHOR = "BE"
#: The last ten readings and the commit each was read on (docs/privacy.md, stop 37).
AS_READ: dict[str, str] = {"AV": "a03b04d", "AW": "a03b04d", "AX": "993de3b", "AY": "993de3b",
                           "AZ": "fff1ab5", "BA": "fff1ab5", "BB": "1d67b1f", "BC": "1d67b1f",
                           "BD": "4392688", "BE": "4392688"}


@dataclass
class Rows:
    """One author's rows: the writer's texts, the hand rules' output, and the tokens of each."""

    author: str
    rows: list[dict[str, Any]]
    hand: list[str]
    #: Training examples from the writer's text: (row index, features, label, weight).
    train: list[tuple[int, np.ndarray, int, float]]
    #: Candidates on the hand rules' output, per row: (start, end, features).
    applied: list[list[tuple[int, int, np.ndarray]]]


def _secret_spans(text: str, secret: str) -> list[tuple[int, int]]:
    spans, at = [], text.find(secret)
    while secret and at >= 0:
        spans.append((at, at + len(secret)))
        at = text.find(secret, at + 1)
    return spans


def prepare(author: str, rows: list[dict[str, Any]], hand: list[str]) -> Rows:
    
    train: list[tuple[int, np.ndarray, int, float]] = []
    applied = []
    for i, (row, out) in enumerate(zip(rows, hand, strict=True)):
        spans = _secret_spans(row["text"], row["secret"]) if row["has_secret"] else []
        if row["has_secret"] and (not spans or row["kind"] not in HARD_KINDS):
            tokens = []
        else:
            tokens = [(c.features, int(any(c.start < e and s < c.end for s, e in spans)))
                      for c in secret_tokens.candidates(row["text"])]
        positives = sum(y for _, y in tokens)
        train += [(i, f, y, 1.0 / positives if y else 1.0) for f, y in tokens]
        applied.append([(c.start, c.end, c.features) for c in secret_tokens.candidates(out)])
    return Rows(author, rows, hand, train, applied)


def fit(data: list[Rows]) -> tuple[np.ndarray, float]:
    """Class-balanced logistic regression over the training tokens of ``data`` (mini-batch Adam)."""
    examples = [(f, y, sw) for d in data for _, f, y, sw in d.train]
    order = np.random.default_rng(0).permutation(len(examples))
    feats = [examples[i][0] for i in order]
    y = np.array([examples[i][1] for i in order], dtype=np.float64)
    sw = np.array([examples[i][2] for i in order], dtype=np.float64)
    sw[y == 1] *= 0.5 / sw[y == 1].sum() * len(y)
    sw[y == 0] *= 0.5 / sw[y == 0].sum() * len(y)
    lengths = np.array([len(f) for f in feats])
    indptr = np.concatenate([[0], np.cumsum(lengths)])
    indices = np.concatenate(feats)
    values = np.repeat(1 / np.sqrt(lengths), lengths)
    w = np.zeros(secret_tokens.BUCKETS)
    b = 0.0
    m, v = np.zeros(secret_tokens.BUCKETS), np.zeros(secret_tokens.BUCKETS)
    mb = vb = 0.0
    starts = list(range(0, len(y), BATCH))
    for k in range(STEPS):
        lo = starts[k % len(starts)]
        hi = min(lo + BATCH, len(y))
        a, z = indptr[lo], indptr[hi]
        rows = np.repeat(np.arange(hi - lo), lengths[lo:hi])
        idx, val = indices[a:z], values[a:z]
        logit = np.bincount(rows, weights=val * w[idx], minlength=hi - lo) + b
        g = (1 / (1 + np.exp(-logit)) - y[lo:hi]) * sw[lo:hi] / (hi - lo)
        gw = np.bincount(idx, weights=val * g[rows], minlength=secret_tokens.BUCKETS) + L2 * w
        gb = g.sum()
        m = 0.9 * m + 0.1 * gw
        v = 0.999 * v + 0.001 * gw * gw
        w -= RATE * (m / (1 - 0.9 ** (k + 1))) / (np.sqrt(v / (1 - 0.999 ** (k + 1))) + 1e-8)
        mb = 0.9 * mb + 0.1 * gb
        vb = 0.999 * vb + 0.001 * gb * gb
        b -= RATE * (mb / (1 - 0.9 ** (k + 1))) / (np.sqrt(vb / (1 - 0.999 ** (k + 1))) + 1e-8)
    return w.astype(np.float16).astype(np.float32), float(b)


def scores(data: Rows, w: np.ndarray, b: float) -> list[np.ndarray]:
    """The logit of every candidate on the hand rules' output, per row."""
    return [np.array([w[f].sum() / np.sqrt(len(f)) + b for _, _, f in row]) for row in data.applied]


def measure(data: Rows, row_scores: list[np.ndarray], threshold: float) -> dict[str, Any]:
    """Found / falsely redacted rows with the stage at ``threshold`` (``inf``: the hand rules alone)."""
    found, false, misses, false_ids, positives, negatives = 0, 0, [], [], 0, 0
    for row, out, cands, s in zip(data.rows, data.hand, data.applied, row_scores, strict=True):
        flagged = [(a, e) for (a, e, _), x in zip(cands, s, strict=True) if x > threshold]
        text = out
        for a, e in reversed(flagged):
            text = text[:a] + "[REDACTED:secret]" + text[e:]
        if row["has_secret"]:
            positives += 1
            hit = row["secret"] not in text
            found += hit
            if not hit:
                misses.append(row["id"])
        else:
            negatives += 1
            if text != row["text"]:
                false += 1
                false_ids.append(row["id"])
    return {"recall": [found, positives], "false_redaction": [false, negatives], "misses": misses,
            "false_positive_ids": false_ids}


def choose_threshold(data: list[Rows], row_scores: list[list[np.ndarray]], budget: float = BUDGET) -> float:
    """The lowest threshold at which the stage newly alters at most ``budget`` of the negative rows
    the hand rules left unchanged (each row counts by its highest-scoring candidate)."""
    tops = [float(s.max()) if len(s) else -np.inf
            for d, rs in zip(data, row_scores, strict=True)
            for row, out, s in zip(d.rows, d.hand, rs, strict=True) if not row["has_secret"] and out == row["text"]]
    tops.sort(reverse=True)
    allowed = int(budget * len(tops))
    return tops[allowed] if allowed < len(tops) else -np.inf


def _folds(authors: list[Rows], k: int = FOLDS) -> list[list[Rows]]:
    return [authors[i::k] for i in range(k)]


def out_of_fold(folds: list[list[Rows]]) -> list[list[list[np.ndarray]]]:
    """Every fold's rows scored by a model trained on the other folds."""
    result = []
    for i, fold in enumerate(folds):
        w, b = fit([a for j, f in enumerate(folds) if j != i for a in f])
        result.append([scores(a, w, b) for a in fold])
    return result


def train_with_threshold(authors: list[Rows], budget: float = BUDGET, k: int = FOLDS - 1) -> tuple[np.ndarray, float, float]:
    """Weights, bias and the threshold chosen on ``authors`` alone: out-of-fold scores over ``k``
    folds of them (nested inside ``cross_validate``'s folds, hence one fewer by default)."""
    folds = _folds(authors, k)
    oof = out_of_fold(folds)
    threshold = choose_threshold([a for f in folds for a in f], [s for fs in oof for s in fs], budget)
    w, b = fit(authors)
    return w, b, threshold


def _pool(tables: list[dict[str, Any]]) -> dict[str, list[int]]:
    return {k: [sum(t[k][0] for t in tables), sum(t[k][1] for t in tables)] for k in ("recall", "false_redaction")}


def _pct(pair: list[int]) -> str:
    return f"{pair[0]}/{pair[1]} ({pair[0] / pair[1] * 100:.2f} %)"


def load_authors(sources: dict[str, Path]) -> list[Rows]:
    from evaluation import train_special as ts  # local import: the shared row reader
    from memory.scrubbing import scrub  # local import: needs Django settings (set up in main)

    authors = []
    for name, path in sources.items():
        rows = ts.read_rows(path)
        authors.append(prepare(name, rows, [scrub(r["text"]).text for r in rows]))
    return authors


def cross_validate(authors: list[Rows], budget: float = BUDGET) -> dict[str, Any]:
    folds = _folds(authors)
    report: dict[str, Any] = {"folds": []}
    hand_all, learned_all = [], []
    for i, fold in enumerate(folds):
        training = [a for j, f in enumerate(folds) if j != i for a in f]
        w, b, threshold = train_with_threshold(training, budget)
        hand = [measure(a, scores(a, w, b), np.inf) for a in fold]
        both = [measure(a, scores(a, w, b), threshold) for a in fold]
        hand_all += hand
        learned_all += both
        report["folds"].append({"authors": [a.author for a in fold], "threshold": threshold,
                                "hand": _pool(hand), "hand+learned": _pool(both),
                                "new_finds": sorted({m for t in hand for m in t["misses"]} - {m for t in both for m in t["misses"]}),
                                "new_false": sorted({m for t in both for m in t["false_positive_ids"]}
                                                    - {m for t in hand for m in t["false_positive_ids"]})})
    report["pooled"] = {"hand": _pool(hand_all), "hand+learned": _pool(learned_all)}
    return report


def _scrub_as_read(commit: str, paths: list[Path]) -> dict[str, str]:
    """The scrubber of ``commit`` on the rows of ``paths``: the tree unpacked into a temporary
    directory, run in a subprocess with that tree first on the path."""
    root = Path(__file__).resolve().parents[1]
    program = ("import json, os, sys\nos.environ.setdefault('DJANGO_SETTINGS_MODULE', 'config.settings')\n"
               "import django\ndjango.setup()\nimport memory.scrubbing as ms\n"
               "assert ms.__file__.startswith(os.getcwd()), ms.__file__\n"
               "out = {}\nfor p in sys.argv[2:]:\n    for line in open(p, encoding='utf-8'):\n"
               "        if line.strip():\n            r = json.loads(line)\n"
               "            out[r['id']] = ms.scrub(r['text']).text\njson.dump(out, open(sys.argv[1], 'w'))\n")
    with tempfile.TemporaryDirectory() as tmp:
        archive = subprocess.run(["git", "-C", str(root), "archive", commit, "memory", "config",
                                  "evaluation/__init__.py", "evaluation/apps.py"], check=True, capture_output=True)
        subprocess.run(["tar", "-x", "-C", tmp], input=archive.stdout, check=True)
        result = Path(tmp) / "out.json"
        subprocess.run([sys.executable, "-c", program, str(result), *map(str, paths)], cwd=tmp, check=True,
                       env={**os.environ, "PYTHONPATH": tmp})
        return json.loads(result.read_text())


def as_read(authors: list[Rows], budget: float = BUDGET) -> dict[str, Any]:
    from evaluation.detector_cv import SECRET_SOURCES  # local import: needs the evaluation app

    before = [a for a in authors if a.author not in AS_READ]
    w, b, threshold = train_with_threshold(before, budget)
    hand_all, both_all, per = [], [], {}
    for commit in dict.fromkeys(AS_READ.values()):
        names = [n for n, c in AS_READ.items() if c == commit]
        old = _scrub_as_read(commit, [SECRET_SOURCES[n] for n in names])
        for a in authors:
            if a.author in names:
                then = prepare(a.author, a.rows, [old[r["id"]] for r in a.rows])
                hand, both = measure(then, scores(then, w, b), np.inf), measure(then, scores(then, w, b), threshold)
                hand_all.append(hand)
                both_all.append(both)
                per[a.author] = {"commit": commit, "hand": _pool([hand]), "hand+learned": _pool([both]),
                                 "hand_misses": hand["misses"], "misses": both["misses"],
                                 "hand_false": hand["false_positive_ids"], "false": both["false_positive_ids"]}
    return {"threshold": threshold, "authors": per, "pooled": {"hand": _pool(hand_all), "hand+learned": _pool(both_all)}}


def cost(author: Rows, w: np.ndarray, b: float, threshold: float) -> dict[str, float]:
    """Median and mean µs per note: the scrubber, and the stage on the scrubber's output (features,
    score and spans, caches cold on the first of three rounds; the median of the later rounds)."""
    import statistics  # local import: only this report needs it
    import time  # local import: only this report needs it

    from memory.scrubbing import scrub  # local import: needs Django settings (set up in main)

    model = secret_tokens.TokenModel(w.astype(np.float32), b, threshold)
    timings: dict[str, list[float]] = {"scrub": [], "stage": []}
    for _ in range(3):
        for row, out in zip(author.rows, author.hand, strict=True):
            for name, step, text in (("scrub", scrub, row["text"]), ("stage", model.spans, out)):
                start = time.perf_counter()
                step(text)
                timings[name].append(time.perf_counter() - start)
    n = len(author.rows)
    return {f"{name}_{stat}_us": round(f(t[n:]) * 1e6, 1) for name, t in timings.items()
            for stat, f in (("p50", statistics.median), ("mean", statistics.fmean))}


def _print(report: dict[str, Any]) -> None:
    if "threshold" in report:
        print(f"threshold {report['threshold']:.3f}")
    for i, fold in enumerate(report.get("folds", [])):
        print(f"fold {i + 1} ({','.join(fold['authors'])}) threshold {fold['threshold']:.3f}: "
              f"hand {_pct(fold['hand']['recall'])} / {_pct(fold['hand']['false_redaction'])};"
              f" +learned {_pct(fold['hand+learned']['recall'])} / {_pct(fold['hand+learned']['false_redaction'])}")
        print(f"    new finds {' '.join(fold['new_finds']) or '—'}; new false {' '.join(fold['new_false']) or '—'}")
    for name, a in report.get("authors", {}).items():
        print(f"{name} ({a['commit']}): hand {_pct(a['hand']['recall'])} / {_pct(a['hand']['false_redaction'])};"
              f" +learned {_pct(a['hand+learned']['recall'])} / {_pct(a['hand+learned']['false_redaction'])}")
        print(f"    misses {' '.join(a['hand_misses'])} -> {' '.join(a['misses'])}; false {' '.join(a['hand_false'])} -> {' '.join(a['false'])}")
    if "cost" in report:
        print("cost per note (µs):", report["cost"])
    p = report["pooled"]
    print(f"pooled: hand {_pct(p['hand']['recall'])} / {_pct(p['hand']['false_redaction'])};"
          f" +learned {_pct(p['hand+learned']['recall'])} / {_pct(p['hand+learned']['false_redaction'])}")


def main(argv: list[str]) -> int:
    from evaluation.train_special import setup  # local import: the shared Django setup

    setup()
    from evaluation.detector_cv import SECRET_SOURCES  # local import: needs Django settings

    budget = float(argv[argv.index("--budget") + 1]) if "--budget" in argv else BUDGET
    authors = load_authors(SECRET_SOURCES)
    if "--cv" in argv:
        report = cross_validate(authors, budget)
    elif "--as-read" in argv:
        report = as_read(authors, budget)
    else:
        w, b, threshold = train_with_threshold(authors, budget, FOLDS)
        report = {"threshold": threshold, "pooled": _pool([measure(a, scores(a, w, b), threshold) for a in authors])}
        report["pooled"] = {"hand": _pool([measure(a, scores(a, w, b), np.inf) for a in authors]),
                            "hand+learned": report["pooled"]}
        if "--out" in argv:
            np.savez_compressed(argv[argv.index("--out") + 1], w=w.astype(np.float16), b=np.float32(b),
                                threshold=np.float32(threshold))
        if "--cost" in argv:
            report["cost"] = cost(next(a for a in authors if a.author == COST_AUTHOR), w, b, threshold)
        print("in sample:")
    if "--json" in argv:
        print(json.dumps(report, indent=1))
    else:
        _print(report)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
