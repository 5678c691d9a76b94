"""Day against night as a whole is a flipped detail (issue 16, stop 44, written after its end reading).

The daytime axis of :mod:`memory.equivalence.poles` sets the morning against later in the day; a
note about the night and one about the day (a night flight, a day shift) sat on no axis, and across
languages the embedder places "nocturno" next to "during the day". The sentences are written for
these tests, not taken from any evaluation file."""

from __future__ import annotations

import pytest

from memory.equivalence import Label, Statement, default_chain


@pytest.fixture(autouse=True)
def _installed(apertium_installed: None) -> None:
    """Apertium and WordNet must be there (conftest's fixture fails, never skips)."""


@pytest.mark.parametrize(("a", "b"), [
    ("Prefiere los trenes nocturnos.", "Prefers trains during the day."),
    ("Works the night shift at the depot.", "Trabaja en el turno diurno del depósito."),
    ("Prefiere conducir de noche.", "Prefiere conducir de día."),
])
def test_day_against_night_is_not_the_same_fact(a: str, b: str) -> None:
    assert default_chain().judge(Statement(a), Statement(b), similarity=0.93).label is not Label.EQUIVALENT


@pytest.mark.parametrize(("a", "b"), [
    ("Prefiere los trenes nocturnos.", "Prefers overnight trains."),
    ("Trabaja de noche en el depósito.", "Works at the depot at night."),
])
def test_night_said_on_both_sides_still_merges(a: str, b: str) -> None:
    assert default_chain().judge(Statement(a), Statement(b), similarity=0.93).label is Label.EQUIVALENT
