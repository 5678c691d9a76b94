"""``python -m benchmarks inspection``: what content inspection costs on the write path, per memory.

Times the three write-path detectors (secrets in every field, instruction rules over every field,
the special-category lexicon) on the development notes of ``evaluation/heldout/issue15`` (each note
as ``content`` with a small JSON value and three identifiers), cold (fold cache cleared) and as a
write runs them (one fold shared by the three). No database, no HTTP: the detectors alone.
"""

from __future__ import annotations

import json
import statistics
import time

from benchmarks.common import ROOT, setup_django

NOTES = ROOT / "evaluation" / "heldout" / "issue15" / "special_dev.jsonl"


def _ms(samples: list[float]) -> str:
    ordered = sorted(samples)
    return f"p50 {statistics.median(ordered) * 1000:.3f} ms, p95 {ordered[int(len(ordered) * 0.95)] * 1000:.3f} ms"


def main(argv: list[str]) -> None:
    setup_django()
    from memory.inspection.fields import memory_strings
    from memory.inspection.normalise import fold
    from memory.inspection.special import special_category_in
    from memory.poisoning import check_memory_fields
    from memory.scrubbing.fields import inspect_secrets

    texts = [json.loads(line)["text"] for line in NOTES.read_text(encoding="utf-8").splitlines() if line.strip()]
    timings: dict[str, list[float]] = {"secrets": [], "instructions": [], "special": [], "all three": []}
    for text in texts:
        fields = {"content": text, "key": "note", "origin_ref": "utt-1", "session_id": "s-1",
                  "value": {"detail": text[:40], "n": 3}}
        steps = {
            "secrets": lambda: inspect_secrets(content=text, reasoning="", value=fields["value"], subject="ana",
                                               key="note", origin_ref="utt-1", session_id="s-1"),
            "instructions": lambda: check_memory_fields(fields),
            "special": lambda: special_category_in(memory_strings(fields)),
        }
        for name, step in steps.items():
            fold.cache_clear()
            start = time.perf_counter()
            step()
            timings[name].append(time.perf_counter() - start)
        fold.cache_clear()
        start = time.perf_counter()
        for step in steps.values():
            step()
        timings["all three"].append(time.perf_counter() - start)
    print(f"content inspection on the write path ({len(texts)} notes, {NOTES.name})")
    for name, samples in timings.items():
        print(f"  {name:<14}{_ms(samples)}")
