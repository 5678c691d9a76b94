"""The vector stage on a note's remainder outside its ordinary-sense spans: folded reading against
the writer's form (issue 15, stop 43; docs/privacy.md, "the vector stage reads the remainder as
written").

Over every spent special author (``evaluation.train_special.SPECIAL_SPENT``), the notes with an
ordinary-sense span that the write path does not flag are run through the vector stage twice — on the
embedding of ``special.outside_ordinary`` (the folded reading, what the stage read before stop 43)
and of ``special.outside_ordinary(…, as_written=True)`` (what it reads now) — and the flags are counted per label,
with the ids that differ. Prints ids and counts, never a note's text.

    PYTHONPATH=. DJANGO_SETTINGS_MODULE=config.settings.dev python scripts/special_vector_remainder.py
"""

from __future__ import annotations

import json

import django

django.setup()

import numpy as np  # noqa: E402  (after django.setup: the inspection modules read settings)

from evaluation.train_special import SPECIAL_SPENT  # noqa: E402
from memory.embedding import get_embedder  # noqa: E402
from memory.inspection import special  # noqa: E402


def _flags(rest: str, text: str) -> bool:
    if len(rest) < special._NGRAM_MIN_CHARS:
        return False
    vector = np.asarray(get_embedder().embed_passages([rest])[0], dtype=np.float32)
    finding = special.special_category_by_vector(vector)
    return finding is not None and not special._vector_outvoted(vector, special.outside_ordinary(text))


def main() -> None:
    counts = {"folded": {"special": 0, "none": 0}, "as_written": {"special": 0, "none": 0}, "notes": {"special": 0, "none": 0}}
    for path in SPECIAL_SPENT.values():
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            row = json.loads(line)
            text = row["text"]
            if special.outside_ordinary(text) is text or special.special_category_in([("content", text)]):
                continue
            kind = "none" if row["label"] == "none" else "special"
            before = _flags(special.outside_ordinary(text), text)
            after = _flags(special.outside_ordinary(text, as_written=True), text)
            counts["notes"][kind] += 1
            counts["folded"][kind] += before
            counts["as_written"][kind] += after
            if before != after:
                print(f"{row['id']} {row['label']}: {'flagged' if before else 'not flagged'} → {'flagged' if after else 'not flagged'}")
    print(json.dumps(counts))


if __name__ == "__main__":
    main()
