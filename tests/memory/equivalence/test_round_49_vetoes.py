"""Vetoes of free-text round 49 (issue 16): every occasion against a part of the day or week. Each is a veto (it
stops a merge, never proves one); each class also has a paraphrase that must still merge or a
reading the check leaves alone. Pure Python: the similarity is given, as consolidation gives it.

The sentences are written for these tests, not taken from any evaluation file."""

from __future__ import annotations

import pytest

from memory.equivalence import Label, Statement, default_chain
from memory.equivalence.normalise import fold
from memory.equivalence.signature import _padded
from memory.equivalence.timescope import universal_against_part


def _merges(a: str, b: str, similarity: float = 0.96) -> bool:
    return default_chain().judge(Statement(a), Statement(b), similarity=similarity).label is Label.EQUIVALENT


def _p(text: str) -> str:
    return _padded(fold(text))


@pytest.mark.parametrize(("a", "b"), [
    ("Keeps the phone off at all times", "Keeps the phone off in the afternoon"),
    ("No coffee after lunch, every day of the week", "No coffee after lunch at weekends"),
    ("Apaga el móvil a todas horas", "Apaga el móvil por la tarde"),
    ("Nunca bebe alcohol", "Bebe alcohol solo entre semana"),
])
def test_every_occasion_against_a_part_of_the_day_or_week_never_merges(a: str, b: str) -> None:
    assert universal_against_part(_p(a), _p(b))
    assert universal_against_part(_p(b), _p(a))
    assert not _merges(a, b)


@pytest.mark.parametrize(("a", "b"), [
    ("Goes running every morning", "Goes running in the mornings"),  # the universal says the part too
    ("Reads every night before bed", "Reads at night before bed"),
    ("Keeps the phone off at all times", "Always keeps the phone off"),  # no part on either side
    ("Gym every morning at 7", "Goes to the gym daily at 7 a.m."),  # both universal: the clock says the part
    ("Has the team call every weekday at 10", "Daily team call at 10, Monday to Friday"),  # a range says the part
])
def test_a_part_the_universal_side_says_too_is_no_narrowing(a: str, b: str) -> None:
    assert not universal_against_part(_p(a), _p(b))
