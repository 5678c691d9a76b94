"""``python -m benchmarks [name ...]``: run the benchmarks and print their tables."""

from __future__ import annotations

import sys

from benchmarks import consolidation, erasure, memory_api, recall

BENCHMARKS = {"memory_api": memory_api.main, "consolidation": consolidation.main, "recall": recall.main,
              "erasure": erasure.main}


def main(argv: list[str]) -> int:
    names = argv or list(BENCHMARKS)
    for name in names:
        if name not in BENCHMARKS:
            print(f"unknown benchmark {name!r}; choose from {', '.join(BENCHMARKS)}")
            return 2
        BENCHMARKS[name]([])
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
