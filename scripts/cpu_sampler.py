"""A statistical CPU profile (perf46): the main thread's stack sampled about every millisecond of CPU.

``cProfile`` charges each Python call a fixed overhead, so code made of many small calls (a field's
preparation, a Celery publish) looks several times heavier than it is: on the write path a step that
was 4 % of a cProfile measured 1 % by the clock. A sampler costs the same whatever the code does:
``ITIMER_PROF`` fires after each millisecond of this process's CPU (user + system; in practice each
kernel tick, 5–9 ms of CPU a sample on this loaded machine), and the handler
counts the function on top of the stack (self: its own bytecode and the C calls it made) and every
function on the stack (cumulative, once per sample). Only the main thread is seen (the signal is
delivered there); time in child processes (Apertium) is not counted. Ids and function names only.

    python scripts/cpu_sampler.py OUT.md SCRIPT [ARGS…]   # runs SCRIPT as __main__ under the sampler

``QUORUM_SAMPLE_ONLY=NAME``: count only the samples whose stack holds a function named ``NAME``
(e.g. ``consolidation_run_subject``: the runs, without the script's imports and set-up).
"""

from __future__ import annotations

import os
import runpy
import signal
import sys
from collections import Counter
from types import FrameType

INTERVAL = 0.001


class Sampler:
    """Counts samples per function while started; :meth:`table` prints the top ones."""

    def __init__(self, only: str = "") -> None:
        self.own: Counter[str] = Counter()
        self.total: Counter[str] = Counter()
        self.samples = 0
        self.only = only

    def _take(self, _signum: int, frame: FrameType | None) -> None:
        names: list[str] = []
        while frame is not None:
            code = frame.f_code
            names.append(f"{_short(code.co_filename)}:{code.co_firstlineno} {code.co_name}")
            frame = frame.f_back
        if self.only and not any(name.endswith(f" {self.only}") for name in names):
            return
        self.samples += 1
        if names:
            self.own[names[0]] += 1
        for name in set(names):
            self.total[name] += 1

    def start(self) -> None:
        signal.signal(signal.SIGPROF, self._take)
        signal.setitimer(signal.ITIMER_PROF, INTERVAL, INTERVAL)

    def stop(self) -> None:
        signal.setitimer(signal.ITIMER_PROF, 0, 0)
        signal.signal(signal.SIGPROF, signal.SIG_DFL)

    def table(self, n: int = 15, skip: tuple[str, ...] = ()) -> str:
        """Markdown: the top ``n`` functions by cumulative and by self samples (≈ ms of CPU),
        leaving out names that contain one of ``skip`` (pass-through frames: the script, runpy)."""
        lines = [f"{self.samples:,} samples (one per timer expiry of process CPU; the kernel rounds the 1 ms "
                 "interval up to its tick, so divide the CPU spent by the samples for ms a sample)"]
        for label, counts in (("cumulative", self.total), ("self", self.own)):
            lines += ["", f"by {label} CPU", "", "| # | function | samples | share |", "| --- | --- | --- | --- |"]
            shown = [(k, v) for k, v in counts.most_common() if not any(s in k for s in skip)][:n]
            lines += [f"| {i} | `{k}` | {v:,} | {v / max(self.samples, 1):.1%} |" for i, (k, v) in enumerate(shown, 1)]
        return "\n".join(lines)


def _short(path: str) -> str:
    for marker in ("site-packages/", "lib/python3.11/"):
        if marker in path:
            return path.split(marker, 1)[1]
    cwd = os.getcwd() + "/"
    return path[len(cwd):] if path.startswith(cwd) else path


def main() -> None:
    out, script, *args = sys.argv[1:]
    sys.argv = [script, *args]
    sys.path.insert(0, os.path.dirname(os.path.abspath(script)))
    sampler = Sampler(only=os.environ.get("QUORUM_SAMPLE_ONLY", ""))
    sampler.start()
    try:
        runpy.run_path(script, run_name="__main__")
    finally:
        sampler.stop()
        with open(out, "w") as handle:
            handle.write(sampler.table(25, skip=("runpy", "cpu_sampler.py", script.rsplit("/", 1)[-1])) + "\n")


if __name__ == "__main__":
    main()
