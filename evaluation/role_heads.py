"""eq72: the loose readings of the Spanish role head (:mod:`memory.equivalence.role_nouns`) against the as-read record.

Usage (from the repository root; deterministic; about two minutes once the vectors are cached)::

    nice -n 10 .venv/bin/python -m evaluation.role_heads --cache /tmp/cg

For each combination of :mod:`.role_nouns`' loose readings (``unknown``, ``nonperson``, ``nominal``,
and ``participle`` on request) it applies ``roles_differ`` alone to every ES↔EN row of the misleading
record (``evaluation/heldout/issue16_history/misleading_merged.jsonl``; the chain tells the two
languages apart) and to the ES↔EN equivalents of every spent source that today's offline chain merges
(:func:`evaluation.cross_gates.prepare`, judged without eq72's two checks: the cost), and prints, per half of the authors (odd and even
pairsNN), the record rows it stops (all, and read since pairs47 when the translator was in the chain)
and the equivalents it costs; then the same for :func:`memory.equivalence.converse.ends_exchanged`.
Prints ids and counts only, never pair text.
"""

from __future__ import annotations

import argparse
import itertools
from pathlib import Path
from typing import Any
from unittest.mock import patch

from evaluation.cross_gates import _author, prepare
from memory.equivalence import converse, role_nouns
from memory.equivalence.analysis import _analyse

READINGS = ("unknown", "nonperson", "nominal")
SINCE = 47  # the record's rows read on chains with the translator (eq67)


def _sides(r: dict[str, Any]) -> tuple[str, str] | None:
    la, lb = _analyse(r["a"]).lang, _analyse(r["b"]).lang
    if {la, lb} != {"es", "en"}:
        return None
    return (r["a"], r["b"]) if la == "es" else (r["b"], r["a"])


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--cache", type=Path, help="scratch directory for the passage vectors")
    parser.add_argument("--readings", nargs="*", default=list(READINGS))
    args = parser.parse_args(argv)
    # the cost is on what the chain merged before eq72: prepare's judging runs without its two checks
    strict = role_nouns.roles_differ
    with patch.object(role_nouns, "roles_differ", lambda es, en, loose=frozenset(): strict(es, en, loose)), \
            patch.object(converse, "ends_exchanged", lambda es, en: None):
        record, rows, _ = prepare(args.cache, None)
    merged = [r for r in rows if r.get("eligible") == "cross" and r["sim"] >= 0.86 and r["label"] == "equivalent"]
    for r in record + merged:
        r["sides"] = _sides(r)
    out: dict[str, Any] = {}
    print(f"record: {len(record)} ES-EN rows; ES-EN equivalents today's chain merges: {len(merged)}")
    for n in range(len(args.readings) + 1):
        for combo in itertools.combinations(args.readings, n):
            loose = frozenset(combo)

            def fires(r: dict[str, Any], loose: frozenset[str] = loose) -> bool:
                return r["sides"] is not None and bool(role_nouns.roles_differ(*r["sides"], loose=loose))

            rec = [r["id"] for r in record if fires(r)]
            cost = [r["id"] for r in merged if fires(r)]
            by_half = {h: ([i for i in rec if _author(i) % 2 == h], [r["id"] for r in merged if fires(r)
                                                                     and (_author(r["src"]) or 0) % 2 == h
                                                                     and _author(r["src"])])
                       for h in (1, 0)}
            name = ",".join(combo) or "round 61 (none)"
            out[name] = {"record": rec, "cost": cost}
            print(f"{name:34s} record {len(rec):2d} (since pairs{SINCE}: {sum(_author(i) >= SINCE for i in rec)}); "
                  f"odd {len(by_half[1][0])} / even {len(by_half[0][0])}; cost {len(cost)} "
                  f"(odd {len(by_half[1][1])}, even {len(by_half[0][1])}); stopped {' '.join(rec)}")
    _report("converse.ends_exchanged (direction_swap)", lambda es, en: converse.ends_exchanged(es, en),
            record, merged, out)
    return out


def _report(name: str, check: Any, record: list[dict[str, Any]], merged: list[dict[str, Any]],
            out: dict[str, Any]) -> None:
    def fires(r: dict[str, Any]) -> bool:
        return r["sides"] is not None and bool(check(*r["sides"]))

    rec = [r["id"] for r in record if fires(r)]
    cost = [r for r in merged if fires(r)]
    odd = [r["id"] for r in cost if (_author(r["src"]) or 0) % 2 == 1]
    even = [r["id"] for r in cost if _author(r["src"]) and _author(r["src"]) % 2 == 0]
    out[name] = {"record": rec, "cost": [r["id"] for r in cost]}
    print(f"{name}: record {len(rec)} (since pairs{SINCE}: {sum(_author(i) >= SINCE for i in rec)}; odd "
          f"{sum(_author(i) % 2 for i in rec)} / even {sum(1 - _author(i) % 2 for i in rec)}); cost {len(cost)} "
          f"(odd {len(odd)}, even {len(even)}); stopped {' '.join(rec)}; cost ids {' '.join(r['id'] for r in cost)}")


if __name__ == "__main__":
    main()
