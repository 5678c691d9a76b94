"""Run the suites in the sandbox and collect the scorecard."""

from __future__ import annotations

import importlib
import logging
import time
import traceback
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

from evaluation.metrics import Scorecard, SuiteResult
from evaluation.progress import Progress
from evaluation.runtime import Run
from evaluation.sandbox import sandbox
from evaluation.synth import Synth

logger = logging.getLogger(__name__)

SUITES = {
    "promotion": "Promotion precision and recall (equivalence dev set)",
    "freetext": "Free text: plain notes merged only when equivalent (issue-16 pairs)",
    "independence": "Independence of evidence and anti-echo",
    "temporality": "Contradiction and temporality",
    "isolation": "Isolation between agents, people, purposes and domains",
    "rights": "Data-subject rights traced to every derivative",
    "utility": "Utility: repetitions avoided, private memory kept private",
    "operation": "Operation: latency, throughput, budget, degradation",
    "injection": "Instruction-shaped text in every field: quarantined, never promoted",
    "hygiene": "Hygiene: no secret stored through any field",
    "special": "Special categories: content outranks the declared category",
}


def evaluate(*, suites: list[str], size: str, seed: int, in_place: bool, progress: bool,
             pairs: Path | None = None) -> Scorecard:
    card = Scorecard(size=size, seed=seed, started_at=datetime.now(UTC).isoformat(timespec="seconds"))
    started = time.monotonic()
    with sandbox(in_place=in_place), _quiet_noisy_loggers():
        card.database = "in_place" if in_place else "throwaway"
        run = Run(size=size, seed=seed, synth=Synth(seed, prefix=f"ev{seed % 1000}"), progress=Progress(enabled=progress),
                  pairs=pairs)
        for name in suites:
            module = importlib.import_module(f"evaluation.suites.{name}")
            suite_started = time.monotonic()
            try:
                result = module.run(run)
            except Exception as exc:  # noqa: BLE001 - a crashed suite is reported, and fails the run
                logger.error("evaluation suite %s crashed: %s", name, type(exc).__name__)
                frame = traceback.extract_tb(exc.__traceback__)[-1]
                result = SuiteResult(name, SUITES[name], error=f"{type(exc).__name__} at "
                                     f"{Path(frame.filename).name}:{frame.lineno}")
            result.seconds = time.monotonic() - suite_started
            card.suites.append(result)
    card.seconds = time.monotonic() - started
    return card


@contextmanager
def _quiet_noisy_loggers() -> Iterator[None]:
    """Expected warnings (a simulated outage, a locked table) are part of the scenarios. The levels
    are put back afterwards: the process (a test session) may go on and rely on those logs."""
    loggers = [logging.getLogger(name) for name in ("memory.services.recall", "config.queueing",
                                                    "memory.consolidation.run", "django.request",
                                                    "celery.app.trace")]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.setLevel(logging.ERROR)
    try:
        yield
    finally:
        for logger, level in zip(loggers, levels, strict=True):
            logger.setLevel(level)
