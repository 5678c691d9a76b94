"""Metrics, suite results and the scorecard they form.

A metric has a value, an optional target with a comparator, and a ``hard`` flag: a failed hard
metric is a broken invariant (a leak, a residue, an echo promotion, a special-category promotion,
a restricted fact delivered) and makes ``evaluate`` exit non-zero. Soft metrics (precision,
latency, utility) pass or fail against their target but never change the exit code.
"""

from __future__ import annotations

import operator
from dataclasses import dataclass, field
from typing import Any

COMPARATORS = {"<=": operator.le, ">=": operator.ge, "==": operator.eq, "<": operator.lt, ">": operator.gt}


@dataclass
class Metric:
    name: str
    value: float | int | None
    target: float | int | None = None
    comparator: str = ">="
    hard: bool = False
    unit: str = ""
    description: str = ""

    @property
    def passed(self) -> bool | None:
        """True/False against the target; None for informational metrics (no target)."""
        if self.target is None:
            return None
        if self.value is None:
            return False
        return bool(COMPARATORS[self.comparator](self.value, self.target))

    def as_dict(self) -> dict[str, Any]:
        return {"name": self.name, "value": self.value, "target": self.target, "comparator": self.comparator,
                "hard": self.hard, "unit": self.unit, "pass": self.passed, "description": self.description}


@dataclass
class SuiteResult:
    name: str
    title: str
    metrics: list[Metric] = field(default_factory=list)
    tables: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    seconds: float = 0.0
    error: str = ""

    def add(self, name: str, value: float | int | None, target: float | int | None = None, comparator: str = ">=",
            *, hard: bool = False, unit: str = "", description: str = "") -> Metric:
        if isinstance(value, float):
            value = round(value, 4)
        metric = Metric(name=name, value=value, target=target, comparator=comparator, hard=hard, unit=unit,
                        description=description)
        self.metrics.append(metric)
        return metric

    @property
    def failed_invariants(self) -> list[str]:
        names = [m.name for m in self.metrics if m.hard and m.passed is False]
        if self.error:
            names.append(f"{self.name}_suite_error")
        return names

    def as_dict(self) -> dict[str, Any]:
        return {"title": self.title, "seconds": round(self.seconds, 2), "error": self.error,
                "metrics": [m.as_dict() for m in self.metrics], "tables": self.tables,
                "failed_invariants": self.failed_invariants}


@dataclass
class Scorecard:
    size: str
    seed: int
    suites: list[SuiteResult] = field(default_factory=list)
    started_at: str = ""
    seconds: float = 0.0
    database: str = ""

    @property
    def failed_invariants(self) -> list[str]:
        return [f"{s.name}.{name}" for s in self.suites for name in s.failed_invariants]

    def as_dict(self) -> dict[str, Any]:
        soft_failed = [f"{s.name}.{m.name}" for s in self.suites for m in s.metrics
                       if not m.hard and m.passed is False]
        return {"schema": "quorum.evaluation/1", "size": self.size, "seed": self.seed,
                "started_at": self.started_at, "seconds": round(self.seconds, 2), "database": self.database,
                "ok": not self.failed_invariants, "failed_invariants": self.failed_invariants,
                "soft_failures": soft_failed, "suites": {s.name: s.as_dict() for s in self.suites}}


def percentile(samples: list[float], q: float) -> float | None:
    """Nearest-rank percentile (q in 0..100) of ``samples``; None when empty."""
    if not samples:
        return None
    ordered = sorted(samples)
    index = max(0, min(len(ordered) - 1, int(round(q / 100 * (len(ordered) - 1)))))
    return ordered[index]


def ratio(numerator: float, denominator: float, empty: float | None = None) -> float | None:
    return numerator / denominator if denominator else empty
