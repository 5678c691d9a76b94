"""Value types of the equivalence judge chain: labels, statements, verdicts, the judge protocol.

Frozen dataclasses and a ``Protocol``; no Django. :data:`REASONS` is the closed set of reason codes
the judges of this package emit (never text).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol, runtime_checkable


class Label(StrEnum):
    """Outcome of judging one pair. Only ``EQUIVALENT`` may merge."""

    EQUIVALENT = "EQUIVALENT"
    CONTRADICTS = "CONTRADICTS"
    ENTAILS = "ENTAILS"  # one side says strictly more than the other; never merges
    UNRELATED = "UNRELATED"
    UNSURE = "UNSURE"


@dataclass(frozen=True)
class Statement:
    """What a judge sees of a private memory."""

    text: str  # scrubbed memory content
    predicate: str | None = None  # registry key, e.g. "preference.report_length"
    value: object = None  # structured JSON value or None


@dataclass(frozen=True)
class Judgment:
    """A judge's verdict. ``reason`` is a stable code, never personal text."""

    label: Label
    judge: str
    version: str
    reason: str
    confidence: float = 1.0


@runtime_checkable
class Judge(Protocol):
    """A link of the chain. ``judge`` returns ``None`` for "no opinion"."""

    name: str
    version: str

    def judge(self, a: Statement, b: Statement, *, similarity: float | None) -> Judgment | None: ...


#: Maps a predicate key to ``"single"`` / ``"multi"`` (or ``None`` if unknown).
CardinalityLookup = Callable[[str], str | None]

#: Every reason code the judges of this module emit (for dashboards and docs).
REASONS: frozenset[str] = frozenset({
    "same_predicate_same_value", "same_predicate_different_value", "different_predicate",
    "multi_predicate_different_value", "negation_mismatch", "tense_mismatch", "number_mismatch",
    "date_mismatch", "month_mismatch", "weekday_mismatch", "entity_mismatch", "direction_swap", "antonym",
    "paraphrase_same_predicate", "paraphrase_same_concepts", "cross_language_equivalent", "entails",
    "disjoint_content", "different_subject", "unproven_paraphrase", "low_similarity", "veto_failed",
    "similar_paraphrase", "role_mismatch", "learned_equivalent",
    *(f"vetoed_{r}" for r in ("negation_mismatch", "tense_mismatch", "number_mismatch", "date_mismatch",
                              "month_mismatch", "weekday_mismatch", "entity_mismatch", "direction_swap",
                              "antonym", "modality_mismatch", "scope_mismatch", "entity_mismatch", "near_copy",
                              "detail_added", "role_mismatch", "direction_endpoints",
                              "direction_unclear")),
})


def _is_multi(predicate: str | None, cardinality: CardinalityLookup | None) -> bool:
    """True only when the registry says the predicate holds several values at once."""
    if predicate is None or cardinality is None:
        return False
    try:
        return cardinality(predicate) == "multi"
    except Exception:  # noqa: BLE001 - a broken lookup must not break judging
        return False
