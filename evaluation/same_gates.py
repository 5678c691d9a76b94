"""Generic gates on same-language merges, measured against the as-read record (issue 16, stop 49).

Usage (from the repository root; deterministic)::

    nice -n 10 .venv/bin/python -m evaluation.same_gates --cache /tmp/sg --json out.json

The sibling of :mod:`evaluation.cross_gates` for the 51 same-language rows (36 EN, 15 ES) of
``evaluation/heldout/issue16_history/misleading_merged.jsonl``: misleading pairs the similarity judge
merged as ``similar_paraphrase`` when their set was read. Each *gate* is a condition that does not
come from particular rows and stops a same-language merge (a veto, or ``UNSURE``: a reviewer's item):

* **A** the same-language threshold raised from 0.88 to T (or the band [0.88, T) sent to review);
* **B** a least share of each side's content words (nouns, names, verbs, adjectives by Apertium's
  tags) *aligned* to the other side: the same lemma or stem (derivations),
  a cognate or contained spelling, a shared dictionary translation (Apertium's bilingual lemmas: two
  words one translation), or through their English forms a WordNet synonym or near hypernym (nouns),
  one adjective cluster (adjectives), a shared synset (verbs, adverbs); **B'** the same below T;
* **S** one slot substituted: every slot word (content words, adverbs, quantifier determiners and
  pronouns, degree words) aligned except at most ``k`` on each side (k = 1: *S1*, k = 2: *S2*), at
  least one on each, those having no relation above; below T; **SQ** S1 where a substituted word is a
  quantifier, frequency or degree word; **SP1/SP2** S1/S2 where the two sides' unaligned words share
  a part of speech (a noun for a noun, a quantifier for a quantifier); **R** S2 where the cosine of
  the two residual texts (each side's unaligned words, embedded alone) is below tau (``--residual``);
* **F** frame only: no noun, name, adjective or adverb aligned (what the two share is at most a verb
  — "quiere" / "prefiere" — and function words), each side with a content word of its own;
* **U** each side has a content word the other does not align, below T.

Two figures per gate, as in :mod:`evaluation.cross_gates`: (1) the **stop rate on the record** (the
gate alone on each of the 51 rows, whatever today's other vetoes say; separately on the rows read
since pairs47); (2) the **cost**: the same-language equivalents of every spent source that today's
offline chain merges (:func:`evaluation.freetext_cv.judge_all`, ``similar_paraphrase`` at >= 0.88)
and the gate would stop, in percentage points of all equivalents. Projection: misleading ≈ 1.41 % ×
(1 − 51/147 × stop rate), equivalents ≈ 54.0 % − cost. A gate is chosen on the odd pairsNN authors
(the most record rows stopped at cost <= 1.0 point) and reported on the even ones, and the reverse;
the line: >= 30 % of the record stopped at <= 1.0 point on the half it was not chosen on, both ways.
Also the **review load** a gate adds if it sends to review instead of vetoing: the merged same-language
pairs of every label it stops (each is at >= 0.88, so each opens a review item). Prints ids,
counts and figures — never pair text.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from evaluation import freetext_cv as ft
from evaluation.cross_gates import _author, _fold, chosen_on_half, history, with_cosines
from memory.equivalence import bilingual, wordnet
from memory.equivalence.analysis import _analyse
from memory.equivalence.normalise import _stem

SAME = 0.88  # the shipped same-language threshold (SimilarityJudge)
MISLEADING_NOW, EQUIVALENTS_NOW = 1.41, 54.0  # % pooled over the untouched readings (brief eq70)
SAME_SHARE = 51 / 147  # the record's same-language share
LINE_STOP, LINE_COST = 0.30, 1.0
#: Apertium tags of the words that carry content here (a determiner or pronoun only as a quantifier)
_CONTENT = {"n", "np", "vblex", "adj", "adv"}
_QUANTIFIER_TAGS = {"qnt", "ind", "tn"}
_NO_CONTENT = {"be", "have", "do", "ser", "estar", "haber", "tener", "hacer", "prpers", "the", "a", "el", "un"}


def _slots(words: tuple[bilingual.Word, ...]) -> list[bilingual.Word]:
    """The words that can be a substituted slot: content words and quantifier / frequency words."""
    out = []
    for w in words:
        if not w.lemma or any(c.isdigit() for c in w.lemma) or w.lemma in _NO_CONTENT:
            continue
        if w.pos in _CONTENT or w.pos == "preadv" \
                or (w.pos in ("det", "prn", "predet") and _QUANTIFIER_TAGS & set(w.tags)):
            out.append(w)
    return out


def _english(w: bilingual.Word, lang: str) -> set[str]:
    return {w.lemma} if lang == "en" else set(w.translations)


def _spanish(w: bilingual.Word, lang: str) -> set[str]:
    return {w.lemma} if lang == "es" else set(w.translations)


#: part-of-speech classes a substituted slot keeps: a noun for a noun, a quantifier / adverb for another
_CLASS = {"np": "n", "det": "q", "prn": "q", "predet": "q", "preadv": "q", "adv": "q"}
_WN_POS = {"n": "noun", "np": "noun", "vblex": "verb", "adj": "adj", "adv": "adv"}


def related(x: bilingual.Word, y: bilingual.Word, lang: str) -> bool:
    """``x`` and ``y`` (two words of notes in ``lang``) say one thing: same lemma or stem, a cognate or
    contained spelling, a shared translation either way, or a WordNet relation of their English forms."""
    lx, ly = _fold(x.lemma), _fold(y.lemma)
    if lx == ly or _stem(lx) == _stem(ly) or (min(len(lx), len(ly)) >= 4 and bilingual._same_spelling(lx, ly)):
        return True
    if _english(x, lang) & _english(y, lang) or _spanish(x, lang) & _spanish(y, lang):
        return True
    if not wordnet.available():
        return False
    ex, ey = _english(x, lang), _english(y, lang)
    px, py = _WN_POS.get(x.pos), _WN_POS.get(y.pos)
    if px == py == "noun":
        return any(wordnet.related(a, b) for a in ex for b in ey)
    if px == py == "adj":
        return any(wordnet.one_cluster(a, b) for a in ex for b in ey)
    if px is not None and px == py:
        return any(set(wordnet.synsets(a, px)) & set(wordnet.synsets(b, px)) for a in ex for b in ey)
    return False


def features(r: dict[str, Any]) -> None:
    """The gate inputs of one same-language row (in place)."""
    lang = r["lang"]
    wa, wb = bilingual.analyse(lang, r["a"]), bilingual.analyse(lang, r["b"])
    r["ok"] = wa is not None and wb is not None
    if not r["ok"]:
        return
    sa, sb = _slots(wa), _slots(wb)
    una = [w for w in sa if not any(related(w, o, lang) for o in sb)]
    unb = [w for w in sb if not any(related(w, o, lang) for o in sa)]
    core = ("n", "vblex", "adj", "np")
    ca, cb = [w for w in sa if w.pos in core], [w for w in sb if w.pos in core]
    r["share"] = min(1 - sum(w in una for w in ca) / len(ca) if ca else 1.0,
                     1 - sum(w in unb for w in cb) / len(cb) if cb else 1.0)
    r["una"], r["unb"] = len(una), len(unb)
    r["residual"] = (" ".join(w.lemma for w in una), " ".join(w.lemma for w in unb))
    r["same_pos"] = bool({_CLASS.get(w.pos, w.pos) for w in una} & {_CLASS.get(w.pos, w.pos) for w in unb})
    r["quant_slot"] = any(_CLASS.get(w.pos) == "q" for w in una + unb)
    shared_nonverb = [w for w in sa if w not in una and w.pos in ("n", "np", "adj", "adv")]
    r["frame_only"] = not shared_nonverb and bool([w for w in una if w.pos != "vblex"]) \
        and bool([w for w in unb if w.pos != "vblex"])


Gate = Callable[[dict[str, Any]], bool]


def _slot(r: dict[str, Any], k: int) -> bool:
    """At most ``k`` content words on each side left unaligned, at least one on each."""
    return bool(r.get("ok")) and 1 <= r["una"] <= k and 1 <= r["unb"] <= k


def gates() -> dict[str, tuple[str, float, Gate]]:
    """name → (family, tuned number, stops this row?)."""
    out: dict[str, tuple[str, float, Gate]] = {}

    def ok(r: dict[str, Any]) -> bool:
        return bool(r.get("ok"))

    slot = _slot

    tops = (0.89, 0.90, 0.91, 0.92, 0.93, 0.94, 0.95, 0.96, 2.0)
    for t in tops[:-1]:
        out[f"A same threshold {t:.2f}"] = ("A", t, lambda r, t=t: r["sim"] < t)
    for c in (0.5, 0.6, 0.67, 0.75, 0.8, 1.0):
        for top in tops:
            out[f"B aligned share >= {c} below {top:.2f}"] = (
                f"B{c}", top, lambda r, c=c, top=top: r["sim"] < top and ok(r) and r["share"] < c)
    for k in (1, 2):
        for top in tops:
            out[f"S{k} slot of <= {k} word(s) each side, below {top:.2f}"] = (
                f"S{k}", top, lambda r, k=k, top=top: r["sim"] < top and slot(r, k))
    for top in tops:
        out[f"SQ S1 with a quantifier / adverb slot, below {top:.2f}"] = (
            "SQ", top, lambda r, top=top: r["sim"] < top and slot(r, 1) and r["quant_slot"])
        for k in (1, 2):
            out[f"SP{k} S{k} with the same part of speech each side, below {top:.2f}"] = (
                f"SP{k}", top, lambda r, k=k, top=top: r["sim"] < top and slot(r, k) and r["same_pos"])
        for tau in (0.82, 0.84, 0.86, 0.88, 0.90):
            out[f"R S2 with the residual words' cosine < {tau}, below {top:.2f}"] = (
                f"R{tau}", top, lambda r, tau=tau, top=top: r["sim"] < top and r.get("residual_sim", 2.0) < tau)
        out[f"F frame only, below {top:.2f}"] = ("F", top, lambda r, top=top: r["sim"] < top and ok(r)
                                                 and r["frame_only"])
        out[f"U unaligned word each side, below {top:.2f}"] = (
            "U", top, lambda r, top=top: r["sim"] < top and ok(r) and r["una"] >= 1 and r["unb"] >= 1)
    return out


def measure(gate: Gate, record: list[dict[str, Any]], merged: list[dict[str, Any]], equivalents: int,
            others: list[dict[str, Any]], half: int | None = None) -> dict[str, Any]:
    """Stop rate on the record, cost in points of all equivalents, review load added, projection
    (``half``: 1 odd authors, 0 even, None all; the older sources count only in None)."""
    def keep(n: int | None) -> bool:
        return half is None or (n is not None and n % 2 == half)

    rec = [r for r in record if keep(r["author"])]
    cost_rows = [r for r in merged if keep(r["author"])]
    stopped = [r["id"] for r in rec if gate(r)]
    recent = [r for r in rec if (r["author"] or 0) >= 47]
    today = [r for r in rec if r.get("merges_today")]
    cost = sum(map(gate, cost_rows))
    rate = len(stopped) / max(1, len(rec))
    cost_pp = 100 * cost / max(1, equivalents)
    review = cost + sum(gate(r) for r in others if keep(r["author"]))
    return {"stopped": len(stopped), "record": len(rec), "stop_rate": rate, "recent_stopped": sum(map(gate, recent)),
            "recent": len(recent), "today_stopped": sum(map(gate, today)), "today": len(today), "cost": cost,
            "merged": len(cost_rows), "cost_pp": cost_pp, "review_added": review,
            "projected_misleading": MISLEADING_NOW * (1 - SAME_SHARE * rate),
            "projected_equivalents": EQUIVALENTS_NOW - cost_pp, "stopped_ids": sorted(stopped)}


Rows = list[dict[str, Any]]


def prepare(cache: Path | None, residual: bool = False) -> tuple[Rows, Rows, Rows, Counter[int | None], int]:
    """The record's same-language rows; every spent same-language equivalent today's chain merges;
    the other labels' merged same-language pairs (for the review load); the equivalents per author;
    the number of spent pairs (the review load's denominator: nearly every pair is a candidate)."""
    every = ft.load_sources()
    equivalents = Counter(_author(r["src"]) for r in every if r["label"] == "equivalent")
    record = [r for r in history() if r["lang"] != "es-en"]
    rows = [r for r in every if r["lang"] in ("es", "en")]
    for r in rows:
        r["sim"] = 0.999  # eligibility does not depend on the cosine above the candidate floor (judge_all)
    ft.judge_all(rows)
    rows = [r for r in rows if r["eligible"] == "same"]
    with_cosines(record, rows, cache)
    ft.judge_all(record)  # which rows today's chain still merges (the rest a later round's veto stops)
    for r in record:
        r["merges_today"] = r["eligible"] == "same" and r["sim"] >= SAME
    merged = [r for r in rows if r["label"] == "equivalent" and r["sim"] >= SAME]
    others = [r for r in rows if r["label"] != "equivalent" and r["sim"] >= SAME]
    for r in record + merged + others:
        features(r)
    if residual:  # the residual texts' cosine, for the pairs a slot gate can stop (short texts: cheap)
        slotted = [r for r in record + merged + others if _slot(r, 2)]
        short = sorted({t for r in slotted for t in r["residual"]})
        vecs = dict(zip(short, embed(short), strict=True))
        for r in slotted:
            r["residual_sim"] = float(vecs[r["residual"][0]] @ vecs[r["residual"][1]])
    return record, merged, others, equivalents, len(every)


def table(record: Rows, merged: Rows, others: Rows, equivalents: Counter[int | None], pairs: int) -> dict[str, Any]:
    total = sum(equivalents.values())

    def n_eq(half: int | None) -> int:
        return sum(v for n, v in equivalents.items() if half is None or (n is not None and n % 2 == half))

    out: dict[str, Any] = {"all": {}, "halves": {}}
    print(f"record: {len(record)} same-language rows ({sum((r['author'] or 0) >= 47 for r in record)} since "
          f"pairs47); same-language equivalents today's chain merges: {len(merged)}; all equivalents {total}; "
          f"spent pairs {pairs}; other merged same-language pairs (review load): {len(others)} "
          f"({dict(Counter(r['label'] for r in others))})")
    for name, (_, _, gate) in gates().items():
        f = measure(gate, record, merged, total, others)
        out["all"][name] = f
        print(f"{name:52s} record {f['stopped']:2d}/{f['record']} ({100 * f['stop_rate']:5.1f} %, since p47 "
              f"{f['recent_stopped']:2d}/{f['recent']}, still merged today {f['today_stopped']}/{f['today']})  cost "
              f"{f['cost']:4d}/{f['merged']} = {f['cost_pp']:5.2f} pt  review +{f['review_added']} "
              f"(+{100 * f['review_added'] / pairs:.2f} pt)  -> {f['projected_misleading']:.2f} % / "
              f"{f['projected_equivalents']:.1f} %")
    print("\nchosen on one half (most record rows stopped with cost <= 1.0 pt), reported on the other:")
    by_family: dict[str, list[tuple[str, Gate]]] = {}
    for name, (family, _, gate) in gates().items():
        by_family.setdefault(family, []).append((name, gate))
    for family, members in by_family.items():
        for tune, test in ((1, 0), (0, 1)):
            best = chosen_on_half(members, lambda g, half: measure(g, record, merged, n_eq(half), others, half),
                                  tune, LINE_COST)
            if best is None:
                print(f"  {family:5s} tuned on {'odd' if tune else 'even'}: no value within the cost line")
                continue
            f = measure(best[2], record, merged, n_eq(test), others, test)
            meets = f["stop_rate"] >= LINE_STOP and f["cost_pp"] <= LINE_COST
            out["halves"][f"{family}:{tune}"] = {"chosen": best[1], "tuned": best[0], "test": f, "meets": meets}
            print(f"  {family:5s} tuned on {'odd' if tune else 'even'} -> {best[1]}: tuned record "
                  f"{best[0]['stopped']}/{best[0]['record']}, cost {best[0]['cost_pp']:.2f} pt; on the "
                  f"{'even' if tune else 'odd'} half record {f['stopped']}/{f['record']} "
                  f"({100 * f['stop_rate']:.1f} %; since p47 {f['recent_stopped']}/{f['recent']}), cost "
                  f"{f['cost']}/{f['merged']} = {f['cost_pp']:.2f} pt, review +{f['review_added']} -> "
                  f"{f['projected_misleading']:.2f} % / {f['projected_equivalents']:.1f} %{'  MEETS' if meets else ''}")
    return out


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--cache", type=Path, help="scratch directory for the passage vectors (SHA-256 keys)")
    parser.add_argument("--json", type=Path, help="write every figure to this file")
    parser.add_argument("--residual", action="store_true", help="also gate R (embeds the residual words)")
    args = parser.parse_args(argv)
    if args.cache is not None:
        args.cache.mkdir(parents=True, exist_ok=True)
    record, merged, others, equivalents, pairs = prepare(args.cache, args.residual)
    out = table(record, merged, others, equivalents, pairs)
    if args.json:
        args.json.write_text(json.dumps(out, indent=1, sort_keys=True), encoding="utf-8")
    return out


if __name__ == "__main__":
    main()
