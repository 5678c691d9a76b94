"""The deep pass's chain CPU by outcome (label, judge, reason) and similarity band (perf47, issue 16).

Run after ``QUORUM_BENCH_FREETEXT=0.3 QUORUM_BENCH_SUBJECTS=64 python -m benchmarks consolidation``
on its database (``QUORUM_DATABASE_NAME``): re-judges exactly the pairs the benchmark's pass judged
with the chain (its ``group`` Decisions, run by run, in their order), every per-text cache of
``memory.equivalence`` emptied first, one :func:`~memory.equivalence.texts_memoised` scope a run as
in the pass. Each judgment is timed twice (CPU of this process, plus the Apertium pipelines' CPU
read from their processes around it):

- **cold**: as in the pass — the first judgment that meets a note pays its readings (analysis,
  signature, Apertium's analyses and translations);
- **warm**: the same run again with the notes' own readings kept and only the pair-level answers
  (``rules._compared``, ``slots.exchanged_around``) dropped — what a judgment costs once both
  notes have been read.

Prints CPU seconds by outcome and band (counts, cold, warm, Apertium), ids and figures only.

    python scripts/deep_pass_outcomes.py [--subjects N] [--no-apertium]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

import psutil

ROOT = Path.cwd()
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))
from config.runner import WORKER_OMP_ENV  # noqa: E402

for _name, _value in WORKER_OMP_ENV.items():
    os.environ.setdefault(_name, _value)


def _band(similarity: float | None) -> str:
    if similarity is None:
        return "none"
    for floor in (0.95, 0.88, 0.87, 0.86, 0.85, 0.84, 0.82, 0.80):
        if similarity >= floor:
            return f">={floor:.2f}"
    return "<0.80"


def _children_cpu() -> float:
    total = 0.0
    for child in psutil.Process().children(recursive=True):
        try:
            total += sum(child.cpu_times()[:2])
        except psutil.Error:
            pass
    return total


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--subjects", type=int, default=0)
    parser.add_argument("--no-apertium", action="store_true",
                        help="do not read the pipelines' CPU around each judgment (its reads disturb the timings)")
    args = parser.parse_args()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.dev")
    import django

    django.setup()
    from profile_deep_pass import _caches_clear, group_judgments

    from governance.selectors.predicates import predicate_cardinalities
    from memory.equivalence import default_chain, memo, rules, slots, texts_memoised

    runs, statements = group_judgments(args.subjects)
    ids = set(statements)
    chain = default_chain(cardinality=predicate_cardinalities().get)
    one = statements[next(iter(ids))]
    chain.judge(one, one, similarity=0.9)  # load the resources
    _caches_clear()
    pair_level = {rules._compared, slots.exchanged_around}
    count: Counter[tuple[str, str]] = Counter()
    cold: defaultdict[tuple[str, str], float] = defaultdict(float)
    warm: defaultdict[tuple[str, str], float] = defaultdict(float)
    pipes: defaultdict[tuple[str, str], float] = defaultdict(float)
    band_cold: defaultdict[str, float] = defaultdict(float)
    band_warm: defaultdict[str, float] = defaultdict(float)
    band_count: Counter[str] = Counter()
    for pairs in runs.values():
        with texts_memoised():
            outcomes = []
            for a, b, score in pairs:
                sa, sb = statements[a], statements[b]
                c0 = 0.0 if args.no_apertium else _children_cpu()
                t0 = time.process_time()
                judgment = chain.judge(sa, sb, similarity=score)
                t1 = time.process_time()
                c1 = 0.0 if args.no_apertium else _children_cpu()
                key = (judgment.label.value, f"{judgment.judge}:{judgment.reason}")
                outcomes.append(key)
                count[key] += 1
                cold[key] += t1 - t0
                pipes[key] += c1 - c0
                band_count[_band(score)] += 1
                band_cold[_band(score)] += t1 - t0
            scope = memo._SCOPE.get()
            assert scope is not None
            for k in [k for k in scope if k[0] in pair_level]:
                del scope[k]
            for (a, b, score), key in zip(pairs, outcomes):
                t0 = time.process_time()
                chain.judge(statements[a], statements[b], similarity=score)
                warm[key] += time.process_time() - t0
                band_warm[_band(score)] += time.process_time() - t0
    pipelines = _children_cpu()
    total_cold, total_warm, total_pipes = sum(cold.values()), sum(warm.values()), sum(pipes.values())
    print(f"{sum(count.values()):,} judgments of {len(runs)} runs; cold {total_cold:.2f} s "
          f"(+ Apertium {total_pipes:.2f} s; the pipelines' CPU since they started {pipelines:.2f} s), warm {total_warm:.2f} s; load {os.getloadavg()[0]:.2f}")
    print(f"{'label':<12} {'judge:reason':<48} {'n':>6} {'cold s':>7} {'warm s':>7} {'apert s':>7} "
          f"{'warm ms/j':>9}")
    for key in sorted(count, key=lambda k: -cold[k]):
        print(f"{key[0]:<12} {key[1]:<48} {count[key]:>6} {cold[key]:>7.3f} {warm[key]:>7.3f} "
              f"{pipes[key]:>7.3f} {1000 * warm[key] / count[key]:>9.3f}")
    by_label: Counter[str] = Counter()
    for key, value in cold.items():
        by_label[key[0]] += value
    print("by label (cold s): " + ", ".join(f"{k} {v:.2f}" for k, v in by_label.most_common()))
    print(f"{'band':<8} {'n':>6} {'cold s':>7} {'warm s':>7}")
    for band in sorted(band_count):
        print(f"{band:<8} {band_count[band]:>6} {band_cold[band]:>7.3f} {band_warm[band]:>7.3f}")


if __name__ == "__main__":
    main()
