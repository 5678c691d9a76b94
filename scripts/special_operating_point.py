"""The special detector's operating point, measured on authors read one at a time (issue 15).

A measurement, not a change: the shipped detector is ``(lexicon AND NOT vetoed) OR n-gram OR
vector`` (``memory.inspection.special``) with the thresholds of the committed model files (stop 41).
For every spent author of ``evaluation.train_special.SPECIAL_SPENT`` this computes once per note,
with the module's own functions, what each stage decides as a function of its threshold:

* ``lexicon[v]``: whether the write path's lexicon stands at veto value ``v`` of the grid (the
  module's ``special_category_in`` with the n-gram threshold set to +inf and the veto set to ``v``:
  the clause, self-report and name exemptions all run as shipped);
* ``ngram``: the n-gram model's score of what the write path hands it (``lexical_stage``'s reading;
  −inf when shorter than the stage reads);
* ``vector``: the vector model's score of what ``vector_to_read`` says to read, and the n-gram
  score of the text outside ordinary-sense spans (``_vector_outvoted``'s dissent, kept as shipped:
  a finding within ``_VECTOR_BAND`` of the threshold falls when that score is ≤ ``_NGRAM_DISSENT``).

The per-note table is cached under /tmp (``--cache``); the shipped point is checked against the
shipped detector itself (``special_category_in`` and the vector stage unpatched) before any sweep.
Then the grid is swept, and for each of the ``--recent`` newest authors a point is chosen on the
authors before it (highest recall with false positives ≤ ``--fp-cap`` there; ties: fewer false
positives, then nearest the shipped point) and applied to that author. Printed: ids never, texts
never; counts only. No Django writes.

Run: ``nice -n 19 .venv/bin/python scripts/special_operating_point.py [--cache /tmp/op44/table.npz]``
(``--exclude A,B`` leaves authors out: docs/privacy.md's stop-44 figures are ``--exclude BG59,BH60``,
the two authors read at the end of that stop, which the measurement did not use).
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from evaluation import train_special as ts  # noqa: E402

#: Offsets around the shipped thresholds (logit units): vector, n-gram, veto.
VECTOR_STEPS = (-1.0, -0.5, -0.25, 0.0, 0.25, 0.5, 1.0)
NGRAM_STEPS = (-1.0, -0.5, -0.25, 0.0, 0.25, 0.5, 1.0)
VETO_STEPS = (-1.0, -0.5, 0.0, 0.5, 1.0)
#: The committed model files were trained on the authors up to this one (stop 41).
TRAINED_UP_TO = "AP42"
#: The lines each author's figures are read against: recall ≥ 98 %, false positives ≤ 5 %.
LINES = (0.98, 0.05)


def _arg(argv: list[str], name: str, default: str) -> str:
    return argv[argv.index(name) + 1] if name in argv else default


def _patched(obj: object, **values: float) -> dict[str, float]:
    """Set fields of a (frozen) model dataclass in place; returns the old values."""
    old = {k: getattr(obj, k) for k in values}
    for k, v in values.items():
        object.__setattr__(obj, k, v)
    return old


def build_table(names: list[str], cache: Path) -> dict[str, np.ndarray]:
    """Per note: author index, label, the lexicon's verdict per veto step, the n-gram and vector
    scores, the dissent score, and the shipped detector's own flags (for the check)."""
    from memory.embedding import get_embedder  # local import: needs Django settings
    from memory.inspection import special as sp  # local import: needs Django settings
    from memory.inspection.special_model import _load  # local import: needs Django settings
    from memory.inspection.special_ngrams import load  # local import: needs Django settings

    embedder, ngrams, vector_model = get_embedder(), load(), _load()
    shipped_veto = ngrams.veto
    emb_cache: dict[str, np.ndarray] = {}
    for old in ("/tmp/sp43/cache.npz", str(cache.with_name("emb.npz"))):  # other runs' embeddings, read only
        if Path(old).exists():
            emb_cache.update(dict(np.load(old)))
    cols: dict[str, list] = {k: [] for k in ("author", "y", "lexicon", "ngram", "vector", "dissent", "shipped")}
    for i, name in enumerate(names):
        rows = ts.read_rows(ts.SPECIAL_SPENT[name])
        texts = [r["text"] for r in rows]
        vectors = ts.embed(embedder, texts, emb_cache)
        for row, text, vec in zip(rows, texts, vectors, strict=True):
            hit, read = sp.lexical_stage(text)
            stands = []
            for step in VETO_STEPS:
                if hit is None:
                    stands.append(False)
                    continue
                old = _patched(ngrams, threshold=float("inf"), veto=shipped_veto + step)
                stands.append(sp.special_category_in([("content", text)]) is not None)
                _patched(ngrams, **old)
            ngram = ngrams.score(read) if len(read) >= sp._NGRAM_MIN_CHARS else -np.inf
            to_read = sp.vector_to_read(np.asarray(vec, dtype=np.float32), text)
            vscore = vector_model.score(to_read) if to_read is not None else -np.inf
            dissent = ngrams.score(sp.outside_ordinary(text))
            write = sp.special_category_in([("content", text)]) is not None
            vflag = to_read is not None and sp.special_category_by_vector(to_read) is not None \
                and not sp._vector_outvoted(to_read, sp.outside_ordinary(text))
            for k, v in (("author", i), ("y", row["label"] != "none"), ("lexicon", stands), ("ngram", ngram),
                         ("vector", vscore), ("dissent", dissent), ("shipped", write or vflag)):
                cols[k].append(v)
        print(f"{name}: {len(rows)} notes", flush=True)
    np.savez(cache.with_name("emb.npz"), **emb_cache)
    table = {k: np.asarray(v) for k, v in cols.items()}
    table["names"] = np.array(names)
    table["base"] = np.array([vector_model.threshold, ngrams.threshold, shipped_veto])
    table["band"] = np.array([sp._VECTOR_BAND, sp._NGRAM_DISSENT])
    np.savez(cache, **table)
    return table


def grid_flags(t: dict[str, np.ndarray]) -> tuple[np.ndarray, list[tuple[float, float, float]]]:
    """Flags (grid points × notes) of the detector at every grid point, and the points' offsets."""
    vbase, nbase, _ = t["base"]
    band, dissent_cut = t["band"]
    points, out = [], []
    for dv in VECTOR_STEPS:
        thr = vbase + dv
        vector = (t["vector"] > thr) & ~((t["vector"] <= thr + band) & (t["dissent"] <= dissent_cut))
        for dn in NGRAM_STEPS:
            write_ngram = t["ngram"] > nbase + dn
            for j, dveto in enumerate(VETO_STEPS):
                out.append(t["lexicon"][:, j] | write_ngram | vector)
                points.append((dv, dn, dveto))
    return np.array(out), points


def counts(flags: np.ndarray, y: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """(caught, special, flagged ordinary, ordinary) per grid point over ``mask``'s notes."""
    s, o = mask & y, mask & ~y
    return np.stack([flags[:, s].sum(1), np.full(len(flags), s.sum()), flags[:, o].sum(1),
                     np.full(len(flags), o.sum())], axis=1)


def choose(c: np.ndarray, points: list[tuple[float, float, float]], cap: float) -> int:
    """The grid point of highest recall with false positives ≤ ``cap``; ties: fewer false positives,
    then nearest the shipped point (the shipped point when none is within the cap)."""
    shipped = points.index((0.0, 0.0, 0.0))
    ok = [k for k in range(len(points)) if c[k, 2] <= cap * c[k, 3]]
    if not ok:
        return shipped
    return min(ok, key=lambda k: (-c[k, 0], c[k, 2], sum(abs(x) for x in points[k])))


def _off(c: np.ndarray) -> bool:
    return bool(c[0] < LINES[0] * c[1] or c[2] > LINES[1] * c[3])


def _fmt(c: np.ndarray) -> str:
    return f"recall {c[0]}/{c[1]} ({c[0] / c[1]:.1%}), false positives {c[2]}/{c[3]} ({c[2] / c[3]:.1%})"


def main(argv: list[str]) -> int:
    cache = Path(_arg(argv, "--cache", "/tmp/op44/table.npz"))
    excluded = set(_arg(argv, "--exclude", "").split(",")) - {""}
    names = [n for n in ts.SPECIAL_SPENT if n not in excluded]
    recent, cap = int(_arg(argv, "--recent", "16")), float(_arg(argv, "--fp-cap", "0.04"))
    if cache.exists() and list(np.load(cache)["names"]) == names:
        t = dict(np.load(cache))
    else:
        cache.parent.mkdir(parents=True, exist_ok=True)
        ts.setup()
        t = build_table(names, cache)
    flags, points = grid_flags(t)
    shipped = points.index((0.0, 0.0, 0.0))
    mismatch = int((flags[shipped] != t["shipped"]).sum())
    print(f"{len(names)} authors, {len(t['y'])} notes; shipped thresholds vector {t['base'][0]:.3f}, "
          f"n-gram {t['base'][1]:.3f}, veto {t['base'][2]:.3f}; simulated shipped point differs from the "
          f"shipped detector on {mismatch} notes")
    y, author = t["y"].astype(bool), t["author"]
    tests = list(range(len(names) - recent, len(names)))
    unseen = names.index(TRAINED_UP_TO) + 1  # first author the committed models were not trained on
    pooled = {k: np.zeros(4, int) for k in ("shipped", "chosen", "unseen")}
    breaches = {k: 0 for k in pooled}
    print("author  chosen on all before / on unseen before  caught/special fp/ordinary: shipped | all | unseen")
    for i in tests:
        before = counts(flags, y, author < i)
        k = choose(before, points, cap)
        ku = choose(counts(flags, y, (author >= unseen) & (author < i)), points, cap) if i > unseen else shipped
        here = counts(flags, y, author == i)
        for key, g in (("shipped", shipped), ("chosen", k), ("unseen", ku)):
            pooled[key] += here[g]
            breaches[key] += _off(here[g])
        print(f"{names[i]:6s}  {points[k]} / {points[ku]}  " + " | ".join(
            f"{here[g][0]}/{here[g][1]} {here[g][2]}/{here[g][3]}" for g in (shipped, k, ku)))
    test_counts = counts(flags, y, author >= tests[0])
    best = choose(test_counts, points, cap)
    print(f"(a) shipped point:        {_fmt(pooled['shipped'])}; authors off the lines {breaches['shipped']}")
    print(f"(b) chosen on all before: {_fmt(pooled['chosen'])}; authors off the lines {breaches['chosen']}")
    print(f"(b') chosen on the authors after {TRAINED_UP_TO} before it (models' scores out of sample): "
          f"{_fmt(pooled['unseen'])}; authors off the lines {breaches['unseen']}")
    print(f"(c) best fixed in hindsight {points[best]} (fitted on these {recent}): {_fmt(test_counts[best])}; "
          f"authors off the lines {sum(_off(counts(flags, y, author == i)[best]) for i in tests)}")
    for label, mask in (("all authors", author >= 0), (f"the {len(names) - recent} before", author < tests[0])):
        c = counts(flags, y, mask)
        print(f"shipped point on {label}: {_fmt(c[shipped])}; best fixed there {points[choose(c, points, cap)]}: "
              f"{_fmt(c[choose(c, points, cap)])}")
    for dim, steps in ((0, VECTOR_STEPS), (1, NGRAM_STEPS), (2, VETO_STEPS)):
        for s in steps:  # one threshold moved, the others shipped
            k = points.index(tuple(s if d == dim else 0.0 for d in range(3)))
            print(f"  {('vector', 'n-gram', 'veto')[dim]} {s:+.2f}: recent {_fmt(test_counts[k])}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
