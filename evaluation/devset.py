"""The labelled equivalence development set (343 synthetic pairs, Spanish and English).

Shipped with the product because ``manage.py evaluate`` measures promotion on it; the test suite
and ``tests/memory/equivalence/eval_equivalence.py`` read it from here too. Synthetic sentences only.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from memory.equivalence import Label, Statement

DATA = Path(__file__).resolve().parent / "data" / "equivalence_pairs.jsonl"
GROUPS = ("equivalent", "partial_implication", "misleading_similarity", "unrelated")


@dataclass(frozen=True)
class Pair:
    """One labelled development pair."""

    index: int
    a: Statement
    b: Statement
    expected: Label
    group: str
    lang: str


def load_pairs(path: Path = DATA) -> list[Pair]:
    """Read and validate the JSONL development set."""
    pairs: list[Pair] = []
    with path.open(encoding="utf-8") as fh:
        for index, line in enumerate(fh):
            if not line.strip():
                continue
            row: dict[str, Any] = json.loads(line)
            if row["group"] not in GROUPS or row["lang"] not in ("es", "en", "mixed"):
                raise ValueError(f"line {index + 1}: bad group or lang")
            pairs.append(Pair(index=index, a=Statement(row["a"], row.get("predicate_a"), row.get("value_a")),
                              b=Statement(row["b"], row.get("predicate_b"), row.get("value_b")),
                              expected=Label(row["expected"]), group=row["group"], lang=row["lang"]))
    return pairs
