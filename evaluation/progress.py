"""A plain-text progress bar on stderr (off when stderr is not a terminal, or with --quiet)."""

from __future__ import annotations

import sys
from typing import TextIO

WIDTH = 24


class Progress:
    def __init__(self, *, enabled: bool, stream: TextIO | None = None) -> None:
        self.stream = stream or sys.stderr
        self.enabled = enabled
        self.label = ""
        self.total = 1
        self.done = 0

    def start(self, label: str, total: int) -> None:
        self.label, self.total, self.done = label, max(1, total), 0
        self._draw()

    def step(self, n: int = 1) -> None:
        self.done = min(self.total, self.done + n)
        self._draw()

    def finish(self) -> None:
        self.done = self.total
        self._draw()
        if self.enabled:
            self.stream.write("\n")
            self.stream.flush()

    def _draw(self) -> None:
        if not self.enabled:
            return
        filled = int(WIDTH * self.done / self.total)
        bar = "█" * filled + "░" * (WIDTH - filled)
        self.stream.write(f"\r[{self.label}] {self.done}/{self.total} {bar}")
        self.stream.flush()
