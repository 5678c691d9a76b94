"""CPU time of each note's first reading — the analysis and the signature — over the benchmark's notes.

Run from the root of the tree to measure, on the database a ``QUORUM_BENCH_FREETEXT=0.3 python -m
benchmarks consolidation`` run populated (read only): every distinct note of the benchmark's
memories (at most 3,000) is analysed and then signed inside one ``texts_memoised`` scope, the
signature's process cache emptied first, ``--repeat`` times; prints the minimum of each (the other
repetitions carry more of a shared machine's noise). Ids-free: counts and times only.

    python scripts/first_reading_cpu.py [--repeat 7]
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.getcwd())  # the tree to measure is the working directory's


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.dev")
    import django  # local import: the settings module is chosen first

    django.setup()
    from memory.consolidation.group import _statement  # local import: after django.setup()
    from memory.equivalence import signature as signatures  # local import: after django.setup()
    from memory.equivalence import texts_memoised  # local import: after django.setup()
    from memory.equivalence.analysis import _analyse  # local import: after django.setup()
    from memory.models import Memory  # local import: after django.setup()

    texts = sorted({_statement(m).text for m in Memory.objects.select_related("predicate")[:8000]})[:3000]
    spent: dict[str, list[float]] = {"analysis": [], "signature": []}
    for _ in range(args.repeat):
        signatures.signature.cache_clear()
        with texts_memoised():
            started = time.process_time()
            for text in texts:
                _analyse(text)
            analysed = time.process_time()
            for text in texts:
                signatures.signature(text)
            signed = time.process_time()
        spent["analysis"].append(analysed - started)
        spent["signature"].append(signed - analysed)
    print(f"{os.getcwd()}: {len(texts):,} notes; " + "; ".join(
        f"{name} min {1000 * min(times):.1f} ms ({1000 * min(times) / len(texts):.3f} ms a note)"
        for name, times in spent.items()) + f"; load {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
