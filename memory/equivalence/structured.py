"""(a) The structured judge: same predicate + both values present decides (canonical JSON values)."""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

from memory.equivalence.normalise import fold
from memory.equivalence.types import CardinalityLookup, Judgment, Label, Statement, _is_multi


_NUMERIC_STRING = re.compile(r"^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$")


def _canonical_value(value: object, depth: int = 0) -> object:
    """A hashable normal form so equal-meaning JSON values compare equal.

    Strings fold case/accents/whitespace; numbers (and numeric strings)
    compare by value; lists compare as sets; dicts key by key. Booleans are
    kept apart from numbers because ``True == 1`` would merge "yes" with "1".
    """
    if depth > 20:
        raise ValueError("value nested too deeply")
    if value is None:
        return ("none",)
    if isinstance(value, bool):
        return ("bool", value)
    if isinstance(value, (int, float, Decimal)):
        return _canonical_number(value)
    if isinstance(value, str):
        folded = fold(value)
        if _NUMERIC_STRING.match(folded):
            return _canonical_number(folded)
        return ("str", folded)
    if isinstance(value, (list, tuple, set, frozenset)):
        return ("set", frozenset(_canonical_value(item, depth + 1) for item in value))
    if isinstance(value, dict):
        return (
            "dict",
            frozenset((fold(str(k)), _canonical_value(v, depth + 1)) for k, v in value.items()),
        )
    raise TypeError("unsupported value type")


def _canonical_number(value: object) -> tuple[str, str]:
    try:
        number = Decimal(str(value))
    except InvalidOperation:
        return ("str", fold(str(value)))
    if not number.is_finite():
        return ("num", str(number))
    return ("num", format(number.normalize(), "f") if number else "0")


class PredicateValueJudge:
    """Structured comparison: same predicate + both values present decides.

    The value is what an agent extracted for a registry predicate, so when
    both sides have one it is better evidence than the free text. (The chain
    still lets the local rules veto an ``EQUIVALENT`` whose texts disagree.)
    """

    name = "predicate_value"
    version = "predicate-1"

    def __init__(self, *, cardinality: CardinalityLookup | None = None) -> None:
        """:param cardinality: optional registry lookup; a ``multi`` predicate
        can hold several values at once, so different values are ``UNRELATED``
        (two facts) instead of ``CONTRADICTS``."""
        self._cardinality = cardinality

    def judge(self, a: Statement, b: Statement, *, similarity: float | None) -> Judgment | None:
        if a.predicate and b.predicate and a.predicate != b.predicate:
            return Judgment(Label.UNRELATED, self.name, self.version, "different_predicate", 0.95)
        if not a.predicate or a.predicate != b.predicate or a.value is None or b.value is None:
            return None
        try:
            same = _canonical_value(a.value) == _canonical_value(b.value)
        except (TypeError, ValueError, RecursionError):
            return None  # exotic values: let the text-based judges decide
        if same:
            return Judgment(Label.EQUIVALENT, self.name, self.version, "same_predicate_same_value", 0.99)
        if _is_multi(a.predicate, self._cardinality):
            return Judgment(Label.UNRELATED, self.name, self.version, "multi_predicate_different_value", 0.9)
        return Judgment(Label.CONTRADICTS, self.name, self.version, "same_predicate_different_value", 0.95)
