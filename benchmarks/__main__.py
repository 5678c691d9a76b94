"""``python -m benchmarks [name ...] [--flag ...]``: run the benchmarks and print their tables."""

from __future__ import annotations

import sys

from benchmarks import (
    consolidation,
    end_to_end,
    erasure,
    http_stack,
    inspection,
    memory_api,
    recall,
    retrieval,
    scrubbing,
    side_by_side,
)

BENCHMARKS = {"memory_api": memory_api.main, "consolidation": consolidation.main, "recall": recall.main,
              "erasure": erasure.main, "inspection": inspection.main, "retrieval": retrieval.main,
              "side_by_side": side_by_side.main, "scrubbing": scrubbing.main, "end_to_end": end_to_end.main,
              "http_stack": http_stack.main}
#: Run only when named: ``side_by_side``'s step 1 already measures it once in the default run.
ON_REQUEST = {"end_to_end", "http_stack"}


def main(argv: list[str]) -> int:
    """Names choose benchmarks (default: all); ``--flags`` are passed to each of them.
    ``-h``/``--help`` prints the names and runs nothing."""
    if "-h" in argv or "--help" in argv:
        print(__doc__)
        for name, run in BENCHMARKS.items():
            module = sys.modules[run.__module__]
            summary = (module.__doc__ or "").strip().splitlines()[0] if module.__doc__ else ""
            print(f"  {name:<14}{' (only when named)' if name in ON_REQUEST else ''}  {summary}")
        return 0
    flags = [a for a in argv if a.startswith("--")]
    names = [a for a in argv if not a.startswith("--")] or [n for n in BENCHMARKS if n not in ON_REQUEST]
    for name in names:
        if name not in BENCHMARKS:
            print(f"unknown benchmark {name!r}; choose from {', '.join(BENCHMARKS)}")
            return 2
    for name in names:
        BENCHMARKS[name](flags)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
