"""Every verdict of the default equivalence chain over every spent pair source, to compare two trees.

A change meant to make the chain faster must not change what it says. This script judges every
pair of ``evaluation.freetext_cv.SOURCES`` (the spent issue-16 sets, as that module lists them;
never a set it does not list) and of the 343-pair development set (``evaluation/data``: as free
text, and with its predicates and values as ``tests/memory/equivalence/eval_equivalence.py`` reads
them) with the default chain, at a grid of similarities that puts a point in every interval between
the thresholds the chain compares with (so each branch a real cosine could take is taken), and
writes one line per judgment: source, pair id, variant, similarity → label, judge, reason. No text.

Within each source every judgment runs inside one ``texts_memoised`` scope when the tree has it (as
a consolidation run does: a note's readings are shared by every pair it is in), so a reading that
one pair changed would show up as another pair's changed verdict.

    python scripts/equivalence_verdicts.py --out verdicts-new.jsonl
    (cd /path/to/base-tree && python /path/to/scripts/equivalence_verdicts.py --out verdicts-base.jsonl)
    python scripts/equivalence_verdicts.py --compare verdicts-base.jsonl verdicts-new.jsonl

``--compare`` prints the number of judgments, how many differ, and each difference by id (with
whether it adds a merge of a pair labelled misleading). Run from the root of the tree to judge
with: the chain is imported from the working directory.

The consolidation tests' own pairs (their notes, predicates, values and real similarities, through
real consolidation runs) are recorded by loading this module as a pytest plugin: every
``JudgeChain.judge`` call appends a digest of its inputs (SHA-256, no text) and the verdict::

    QUORUM_VERDICTS_OUT=tests-<tree>.jsonl python -m pytest -p scripts.equivalence_verdicts tests/memory/consolidation
    python scripts/equivalence_verdicts.py --compare-recorded tests-base.jsonl tests-new.jsonl
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, os.getcwd())  # the tree to judge with is the working directory's

#: One point in every interval between the similarities the chain compares with: the exit's 0.80
#: and 0.88, the rules' 0.84 / 0.86 / 0.90, the similarity judge's floors 0.86 / 0.88 and their
#: review band (0.85 / 0.87), its review of vetoed pairs at 0.95; and no similarity at all.
GRID: tuple[float | None, ...] = (None, 0.75, 0.83, 0.845, 0.855, 0.865, 0.875, 0.885, 0.92, 0.97)


def _rows() -> list[dict[str, Any]]:
    from evaluation.devset import DATA as OLD_DATA
    from evaluation.freetext_cv import SOURCES

    rows: list[dict[str, Any]] = []
    for src, path in SOURCES.items():
        with path.open(encoding="utf-8") as fh:
            for n, line in enumerate(x for x in fh if x.strip()):
                row = json.loads(line)
                rows.append({"src": src, "id": row.get("id", f"{src}-{n}"), "a": row["a"], "b": row["b"]})
    with OLD_DATA.open(encoding="utf-8") as fh:
        for n, line in enumerate(x for x in fh if x.strip()):
            row = json.loads(line)
            rows.append({"src": "old", "id": f"old-{n}", "a": row["a"], "b": row["b"]})
            rows.append({"src": "old-structured", "id": f"old-{n}", "a": row["a"], "b": row["b"],
                         "pa": row.get("predicate_a"), "pb": row.get("predicate_b"),
                         "va": row.get("value_a"), "vb": row.get("value_b")})
    return rows


def judge_all(out: Path) -> None:
    from memory.equivalence import Statement, default_chain

    try:
        from memory.equivalence import texts_memoised as scope
    except ImportError:  # a tree from before the per-text memo
        scope = contextlib.nullcontext  # type: ignore[assignment]
    chain = default_chain()
    rows = _rows()
    by_source: dict[str, list[dict[str, Any]]] = {}
    for row in rows:
        by_source.setdefault(row["src"], []).append(row)
    started_cpu, started = time.process_time(), time.perf_counter()
    judged = 0
    with out.open("w", encoding="utf-8") as fh:
        for src, group in by_source.items():
            with scope():
                for sim in GRID:
                    for row in group:
                        a = Statement(row["a"], predicate=row.get("pa"), value=row.get("va"))
                        b = Statement(row["b"], predicate=row.get("pb"), value=row.get("vb"))
                        verdict = chain.judge(a, b, similarity=sim)
                        judged += 1
                        fh.write(json.dumps({"src": src, "id": row["id"], "sim": sim, "label": verdict.label.value,
                                             "judge": verdict.judge, "reason": verdict.reason}) + "\n")
    cpu = time.process_time() - started_cpu
    print(f"{judged:,} judgments ({len(rows):,} pairs × {len(GRID)} similarities) in {cpu:.1f} s CPU "
          f"({time.perf_counter() - started:.1f} s wall, load {os.getloadavg()[0]:.2f}): "
          f"{1000 * cpu / judged:.3f} ms CPU a judgment → {out}")


def _load(path: Path) -> dict[tuple[Any, ...], dict[str, Any]]:
    verdicts: dict[tuple[Any, ...], dict[str, Any]] = {}
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            row = json.loads(line)
            key = (row["src"], row["id"], row["sim"])
            if key in verdicts:  # a source that repeats an id: keep every verdict, in order
                key = (*key, sum(1 for k in verdicts if k[:3] == key[:3]))
            verdicts[key] = row
    return verdicts


def compare(before: Path, after: Path) -> int:
    from evaluation.freetext_cv import load_sources

    labels: dict[tuple[str, str], str] = {}

    for row in load_sources():
        labels[(row["src"], str(row["id"]))] = row["label"]
    old, new = _load(before), _load(after)
    if old.keys() != new.keys():
        print(f"different judgments: {len(old.keys() - new.keys())} only before, {len(new.keys() - old.keys())} only after")
    changed = [k for k in old.keys() & new.keys()
               if (old[k]["label"], old[k]["judge"], old[k]["reason"]) != (new[k]["label"], new[k]["judge"], new[k]["reason"])]
    by_label = Counter((old[k]["label"], new[k]["label"]) for k in changed)
    print(f"{len(old):,} judgments before, {len(new):,} after; {len(changed)} differ in label, judge or reason")
    for (was, now), n in sorted(by_label.items()):
        print(f"  {was} → {now}: {n}")
    for k in sorted(changed, key=str)[:200]:
        label = labels.get((k[0].removesuffix("-structured"), str(k[1])), "?")
        merge = " ADDS A MERGE of a misleading pair" if new[k]["label"] == "EQUIVALENT" and label == "misleading" else ""
        print(f"  {k[0]} {k[1]} sim={k[2]} ({label}): {old[k]['label']}/{old[k]['reason']} → "
              f"{new[k]['label']}/{new[k]['reason']}{merge}")
    return 1 if changed or old.keys() != new.keys() else 0


def pytest_configure(config: Any) -> None:
    """As a pytest plugin (``-p scripts.equivalence_verdicts``) with ``QUORUM_VERDICTS_OUT`` set: record
    every chain verdict of the run, keyed by a digest of its inputs."""
    out = os.environ.get("QUORUM_VERDICTS_OUT")
    if not out:
        return
    import hashlib

    from memory.equivalence.chain import JudgeChain

    original = JudgeChain.judge

    def judge(self: Any, a: Any, b: Any, *, similarity: float | None) -> Any:
        verdict = original(self, a, b, similarity=similarity)
        inputs = [a.text, a.predicate, repr(a.value), b.text, b.predicate, repr(b.value),
                  None if similarity is None else round(float(similarity), 6)]
        key = hashlib.sha256(json.dumps(inputs, ensure_ascii=False).encode()).hexdigest()
        with open(out, "a", encoding="utf-8") as fh:
            fh.write(json.dumps({"key": key, "label": verdict.label.value, "judge": verdict.judge,
                                 "reason": verdict.reason}) + "\n")
        return verdict

    JudgeChain.judge = judge  # type: ignore[method-assign]


def compare_recorded(before: Path, after: Path) -> int:
    """Two recordings of the consolidation tests: every input digest's verdicts, before and after."""
    def load(path: Path) -> dict[str, set[tuple[str, str, str]]]:
        seen: dict[str, set[tuple[str, str, str]]] = {}
        with path.open(encoding="utf-8") as fh:
            for line in fh:
                row = json.loads(line)
                seen.setdefault(row["key"], set()).add((row["label"], row["judge"], row["reason"]))
        return seen

    old, new = load(before), load(after)
    both = old.keys() & new.keys()
    changed = [k for k in both if old[k] != new[k]]
    print(f"{len(old):,} distinct judged inputs before, {len(new):,} after, {len(both):,} in both; "
          f"{len(changed)} with another verdict; {len(old.keys() - new.keys())} only before, "
          f"{len(new.keys() - old.keys())} only after")
    for k in changed:
        print(f"  {k[:12]}: {sorted(old[k])} → {sorted(new[k])}")
    return 1 if changed else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path)
    parser.add_argument("--compare", nargs=2, type=Path, metavar=("BEFORE", "AFTER"))
    parser.add_argument("--compare-recorded", nargs=2, type=Path, metavar=("BEFORE", "AFTER"))
    args = parser.parse_args()
    if args.compare:
        return compare(*args.compare)
    if args.compare_recorded:
        return compare_recorded(*args.compare_recorded)
    if not args.out:
        parser.error("--out FILE or --compare BEFORE AFTER")
    judge_all(args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
