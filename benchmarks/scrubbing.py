"""``python -m benchmarks scrubbing [--against=DIR]``: what the secrets scan costs per write.

Each string of the issue-15 files (special-category notes and secrets corpora, ES/EN, so the
folded second reading runs on the non-ASCII ones) is written as a memory's ``content`` with a small
JSON value and three identifiers, and ``inspect_secrets`` — the write path's one call — is timed.
With ``--against=DIR`` (a directory holding another version of the package as ``scrub_before``,
e.g. ``git archive <rev> memory/scrubbing`` with its imports renamed), that version's ``scrub`` is
timed on the same strings, alternating call by call, so load on the machine hits both alike.
"""

from __future__ import annotations

import importlib
import json
import statistics
import sys
import time

from benchmarks.common import setup_django
from evaluation import train_special
from evaluation.detector_cv import SECRET_SOURCES


def _texts() -> list[str]:
    """The strings of the spent issue-15 files only: exactly the files of
    ``evaluation.detector_cv.SECRET_SOURCES`` and ``train_special.SOURCES``. Neither a glob over
    ``issue15*`` nor one over those files' directories: a directory may also hold an untouched set
    waiting for its one measurement (``issue15_tenth`` does)."""
    spent = sorted({*SECRET_SOURCES.values(), *train_special.SOURCES.values()})
    texts: list[str] = []
    for path in spent:
        texts += [json.loads(line)["text"] for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return texts


def _line(name: str, samples: list[float]) -> str:
    ordered = sorted(samples)
    return (f"  {name:<8} p50 {statistics.median(ordered) * 1e6:7.1f} µs, p95 {ordered[int(len(ordered) * 0.95)] * 1e6:7.1f} µs,"
            f" mean {statistics.fmean(ordered) * 1e6:7.1f} µs")


def main(argv: list[str]) -> None:
    setup_django()
    from memory.scrubbing import scrub
    from memory.scrubbing.fields import inspect_secrets

    texts = _texts()
    steps = {"write": lambda t: inspect_secrets(content=t, reasoning="", value={"detail": t[:40], "n": 3},
                                                subject="ana", key="note", origin_ref="utt-1", session_id="s-1"),
             "scrub": scrub}
    against = next((a.split("=", 1)[1] for a in argv if a.startswith("--against=")), None)
    if against:
        sys.path.insert(0, against)
        steps["before"] = importlib.import_module("scrub_before").scrub
    for step in steps.values():  # warm the caches (fold, key kinds) for every step alike
        for text in texts:
            step(text)
    timings: dict[str, list[float]] = {name: [] for name in steps}
    order = list(steps.items())
    for rep in range(3):
        for text in texts:
            for name, step in order if rep % 2 == 0 else reversed(order):
                start = time.perf_counter()
                step(text)
                timings[name].append(time.perf_counter() - start)
    print(f"secrets scan per write ({len(texts)} strings × 3)")
    for name, samples in timings.items():
        print(_line(name, samples))
