"""The shipped special-category detector on spent authors with one or more pairs of learned-stage files (issue 15).

A measurement, not a change: for every named pair of files (a folder holding ``special_model.npz`` and
``special_ngrams.npz``, as ``python -m evaluation.train_special --out-dir`` writes them, or
``memory/inspection`` for the committed ones) the detector decides each note of each spent author
exactly as ``evaluation.special_corpus.flags`` does (write-path stage, then the vector stage on the
note's passage embedding or on its remainder outside ordinary-sense spans), with the passage
embeddings read from the trainer's cache (``train_special --cache FILE``, keyed by the embedder and
the author's texts; a missing author is embedded and not saved) and each remainder embedded once for
all pairs. ``detector_cv --special PATH [--models DIR]`` gives the same ids (checked on BS71–BV74 with
the committed files, stop 48); this reads 75 authors in minutes instead of hours on the loaded machine.

Output: per pair and author, special found / special, ordinary flagged / ordinary, and the ids missed
and flagged (ids only, never text), as JSON to ``OUT``; one count line per author on stdout.

Run: ``OMP_NUM_THREADS=1 nice -n 10 .venv/bin/python scripts/special_files_spent.py CACHE.npz OUT.json
all|A,B,… NAME=DIR [NAME=DIR …]`` (``all``: every author of ``SPECIAL_SPENT``). ``OMP_NUM_THREADS=1``:
on the loaded 2-core machine the embedding engine's OpenMP threads cost 115 ms of CPU a note against
25 ms on one thread (the same vectors, bit for bit; docs/privacy.md, stop 48).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from evaluation import train_special as ts  # noqa: E402
from evaluation.detector_cv import use_models  # noqa: E402


def _memoised(embed: Any) -> Any:
    memo: dict[str, np.ndarray] = {}

    def embed_passages(texts: list[str]) -> list[np.ndarray]:
        missing = [t for t in dict.fromkeys(texts) if t not in memo]
        if missing:
            memo.update(zip(missing, (np.asarray(v) for v in embed(missing)), strict=True))
        return [memo[t] for t in texts]

    return embed_passages


def author_figures(rows: list[dict[str, Any]], vectors: np.ndarray) -> dict[str, Any]:
    from memory.inspection.special import special_category_in, vector_stage  # local import: as above

    flags = [special_category_in([("content", r["text"])]) is not None
             or vector_stage(np.asarray(v, dtype=np.float32), r["text"]) is not None
             for r, v in zip(rows, vectors, strict=True)]
    special = [r["label"] != "none" for r in rows]
    return {"special": sum(special), "ordinary": len(rows) - sum(special),
            "found": sum(f and s for f, s in zip(flags, special, strict=True)),
            "flagged": sum(f and not s for f, s in zip(flags, special, strict=True)),
            "misses": [r["id"] for r, f, s in zip(rows, flags, special, strict=True) if s and not f],
            "false_positives": [r["id"] for r, f, s in zip(rows, flags, special, strict=True) if f and not s]}


def main(argv: list[str]) -> int:
    if len(argv) < 5:
        print(__doc__)
        return 2
    ts.setup()
    from memory.embedding import get_embedder  # local import: needs Django settings (above)

    cache = dict(np.load(argv[1]))
    out = Path(argv[2])
    authors = list(ts.SPECIAL_SPENT) if argv[3] == "all" else argv[3].split(",")
    if set(authors) - set(ts.SPECIAL_SPENT):
        raise SystemExit(f"not spent authors: {sorted(set(authors) - set(ts.SPECIAL_SPENT))}")
    pairs = dict(arg.split("=", 1) for arg in argv[4:])
    embedder = get_embedder()
    embedder.embed_passages = _memoised(embedder.embed_passages)
    result: dict[str, dict[str, Any]] = {}
    for name, directory in pairs.items():
        use_models(Path(directory))
        result[name] = {}
        for author in authors:
            rows = ts.read_rows(ts.SPECIAL_SPENT[author])
            figures = author_figures(rows, ts.embed(embedder, [r["text"] for r in rows], cache))
            result[name][author] = figures
            print(f"{name} {author}: {figures['found']}/{figures['special']}, "
                  f"{figures['flagged']}/{figures['ordinary']}", flush=True)
    out.write_text(json.dumps(result, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
