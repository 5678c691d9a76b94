"""What a change to the write-path rules gains and costs over every spent special set, fast (issue 15, sp36).

``python -m evaluation.detector_cv --special-spent`` runs both stages on every note (the embedding
is most of its > 20 CPU-minutes, about two hours on two shared cores). A change that only adds
write-path rules or readings leaves the vector stage's verdicts as they were, and a note's detector
verdict changes only where its write-path verdict does, so:

* ``python -m evaluation.special_delta --write FILE.json`` — the write path alone on every note of
  ``SPECIAL_SPENT`` with the code on ``PYTHONPATH`` (run once with the tree before the change, once
  with the tree after): per author, per note id, ``[special, flagged]``; a few minutes;
* ``python -m evaluation.special_delta --compare BEFORE.json AFTER.json`` — embeds only the notes whose
  write-path verdict differs and runs the vector stage on them (a note the vector stage already
  flags changes nothing); per author, the special notes gained and lost and the ordinary notes added
  and cleared. Ids only, never text.

Exact only where the vector stage's verdicts do not depend on the change (rules and readings added,
no ordinary span or model changed); ``detector_cv --special-spent`` stays the reference.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import numpy as np

from evaluation import train_special as ts


def _write_path(rows: list[dict[str, Any]]) -> list[bool]:
    from memory.inspection.special import special_category_in  # local import: needs Django settings

    return [special_category_in([("content", r["text"])]) is not None for r in rows]


def write_verdicts() -> dict[str, Any]:
    """Per author, per note id: ``[label is special, write path flags]``."""
    result: dict[str, Any] = {}
    for name, path in ts.SPECIAL_SPENT.items():
        rows = ts.read_rows(path)
        result[name] = {r["id"]: [r["label"] != "none", w] for r, w in zip(rows, _write_path(rows), strict=True)}
    return result


def compare(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    """Per author with a change: special ids gained/lost, ordinary ids added/cleared (a change the
    vector stage's verdict makes moot not counted)."""
    from memory.embedding import get_embedder  # local import: needs Django settings
    from memory.inspection.special import vector_stage  # local import: needs Django settings

    out: dict[str, Any] = {}
    for name, path in ts.SPECIAL_SPENT.items():
        changed = {i for i, (_, flagged) in before[name].items() if after[name][i][1] != flagged}
        if not changed:
            continue
        rows = [r for r in ts.read_rows(path) if r["id"] in changed]
        vectors = get_embedder().embed_passages([r["text"] for r in rows])
        delta: dict[str, list[str]] = {"gained": [], "lost": [], "added": [], "cleared": []}
        for row, vector in zip(rows, vectors, strict=True):
            if vector_stage(np.asarray(vector, dtype=np.float32), row["text"]) is not None:
                continue
            now = after[name][row["id"]][1]
            delta[("gained" if now else "lost") if row["label"] != "none" else ("added" if now else "cleared")].append(row["id"])
        if any(delta.values()):
            out[name] = delta
    return out


def main(argv: list[str]) -> int:
    ts.setup()
    if "--write" in argv:
        Path(argv[argv.index("--write") + 1]).write_text(json.dumps(write_verdicts()), encoding="utf-8")
        return 0
    at = argv.index("--compare")
    before, after = (json.loads(Path(argv[at + k]).read_text(encoding="utf-8")) for k in (1, 2))
    result = compare(before, after)
    for name, delta in result.items():
        print(name, json.dumps(delta))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
