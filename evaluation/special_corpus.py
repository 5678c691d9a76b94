"""Measure the special-category detector on a labelled corpus (issue 15).

``measure(path)`` reads a ``special_*.jsonl`` file (``evaluation/heldout/issue15/README.md``: one
note per line with ``text``, ``label`` — a detector label or ``none`` — and ``form``), runs both
stages of ``memory.inspection.special`` on every note — the lexical stage on the text, the vector
stage on the note's passage embedding from the project's embedder — and returns::

    {"overall": {"recall", "fpr", "n_special", "n_ordinary"},          # lexical + vector
     "lexical": {"recall", "fpr", "n_special", "n_ordinary"},          # lexical stage alone
     "by_category": {label: {"n", "recall", "lexical_recall", "category_agreement"}},
     "by_form": {form: {"n", "rate", "lexical_rate", "special"}},      # rate = recall for special
                                                                        # forms, fpr for near_miss/ordinary
     "misses": [id, ...], "false_positives": [id, ...]}                # ids only, never text

``recall`` counts a special note flagged with any special category (a flagged note is never
shared, whichever category it got); ``category_agreement`` is the share of a label's flagged
notes given that label. The return shape is stable: ``manage.py evaluate`` reads it.

Run: ``python -m evaluation.special_corpus dev2`` (a split name of ``SPLITS`` or a path)
(needs Django settings for the embedder; ``DJANGO_SETTINGS_MODULE`` defaults to config.settings).
"""

from __future__ import annotations

import json
import os
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

import numpy as np

from memory.embedding import get_embedder
from memory.inspection.special import (
    CATEGORY_KEYS,
    special_category_in,
    vector_stage,
)

HERE = Path(__file__).resolve().parent / "heldout" / "issue15"
#: The splits, one author each except ``dev``/``spent`` (the same first author). All are spent:
#: development and training data (``heldout`` is the third split, measured once untouched before
#: it was spent; docs/privacy.md). Any new file in this format: ``python -m evaluation.detector_cv``.
DEV = HERE / "special_dev.jsonl"
SPENT = HERE / "special_heldout.jsonl"
FRESH = HERE.with_name("issue15_fresh") / "special_heldout2.jsonl"
DEV2 = HERE.with_name("issue15_dev2") / "special_dev2.jsonl"
HELDOUT = HERE.with_name("issue15_third") / "special_heldout3.jsonl"
FOURTH = HERE.with_name("issue15_fourth") / "special_untouched4.jsonl"
SPLITS = {"dev": DEV, "spent": SPENT, "fresh": FRESH, "dev2": DEV2, "heldout": HELDOUT, "fourth": FOURTH}
_LABEL_OF_KEY = {key: label for label, key in CATEGORY_KEYS.items()}


def _ratio(a: int, b: int) -> float:
    return round(a / b, 4) if b else 0.0


def _rates(rows: list[dict[str, Any]], flag: str) -> dict[str, Any]:
    special = [r for r in rows if r["label"] != "none"]
    ordinary = [r for r in rows if r["label"] == "none"]
    return {"recall": _ratio(sum(r[flag] is not None for r in special), len(special)),
            "fpr": _ratio(sum(r[flag] is not None for r in ordinary), len(ordinary)),
            "n_special": len(special), "n_ordinary": len(ordinary)}


def flags(rows: list[dict[str, Any]]) -> np.ndarray:
    """Whether the shipped detector (write-path stage, then the vector stage on the note's own
    passage embedding, or on that of what lies outside its ordinary-sense spans, as the backfill's
    does) flags each row's ``text``."""
    vectors = get_embedder().embed_passages([r["text"] for r in rows])
    return np.array([special_category_in([("content", r["text"])]) is not None
                     or vector_stage(np.asarray(v, dtype=np.float32), r["text"]) is not None
                     for r, v in zip(rows, vectors, strict=True)])


def measure(path: str | Path) -> dict[str, Any]:
    """Both stages on every note of ``path``; figures as in the module docstring."""
    rows = [json.loads(line) for line in Path(path).read_text(encoding="utf-8").splitlines() if line.strip()]
    vectors = get_embedder().embed_passages([r["text"] for r in rows])
    for row, vector in zip(rows, vectors, strict=True):
        lexical = special_category_in([("content", row["text"])])
        vector_finding = vector_stage(np.asarray(vector, dtype=np.float32), row["text"])
        row["lex"] = lexical.category if lexical else None
        row["both"] = row["lex"] or (vector_finding.category if vector_finding else None)

    by_category: dict[str, Any] = {}
    for label in CATEGORY_KEYS:
        mine = [r for r in rows if r["label"] == label]
        flagged = [r for r in mine if r["both"] is not None]
        by_category[label] = {
            "n": len(mine),
            "recall": _ratio(len(flagged), len(mine)),
            "lexical_recall": _ratio(sum(r["lex"] is not None for r in mine), len(mine)),
            "category_agreement": _ratio(sum(_LABEL_OF_KEY.get(r["both"]) == label for r in flagged), len(flagged)),
        }
    forms: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in rows:
        forms[r["form"]].append(r)
    by_form = {}
    for form, mine in sorted(forms.items()):
        special = mine[0]["label"] != "none"
        by_form[form] = {"n": len(mine), "special": special,
                         "rate": _ratio(sum(r["both"] is not None for r in mine), len(mine)),
                         "lexical_rate": _ratio(sum(r["lex"] is not None for r in mine), len(mine))}
    return {
        "overall": _rates(rows, "both"),
        "lexical": _rates(rows, "lex"),
        "by_category": by_category,
        "by_form": by_form,
        "misses": [r["id"] for r in rows if r["label"] != "none" and r["both"] is None],
        "false_positives": [r["id"] for r in rows if r["label"] == "none" and r["both"] is not None],
    }


def main(argv: list[str]) -> int:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django  # local import: Django is set up only when run as a script

    django.setup()
    path = SPLITS.get(argv[1], argv[1]) if len(argv) > 1 else DEV
    print(json.dumps(measure(path), indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
