"""The front of a room or a vehicle against its back is a flipped detail (issue 16, stop 45, written
after its end reading). Across languages the embedder places "asientos delanteros" next to "seats at
the back". The sentences are written for these tests, not taken from any evaluation file."""

from __future__ import annotations

import pytest

from memory.equivalence import Label, Statement, default_chain


@pytest.fixture(autouse=True)
def _installed(apertium_installed: None) -> None:
    """Apertium and WordNet must be there (conftest's fixture fails, never skips)."""


@pytest.mark.parametrize(("a", "b"), [
    ("Prefiere sentarse en las filas delanteras del teatro.", "Prefers to sit in the back rows at the theatre."),
    ("Always takes a seat at the back of the train.", "Siempre se sienta en la parte delantera del tren."),
    ("Le gusta ir en el asiento trasero del coche.", "Likes to ride in the front seat of the car."),
])
def test_front_against_back_is_not_the_same_fact(a: str, b: str) -> None:
    assert default_chain().judge(Statement(a), Statement(b), similarity=0.93).label is not Label.EQUIVALENT


@pytest.mark.parametrize(("a", "b"), [
    ("Prefiere sentarse en las filas delanteras del teatro.", "Prefers to sit in the front rows at the theatre."),
    ("Always takes a seat at the back of the train.", "Siempre se sienta al fondo del tren."),
])
def test_the_same_end_on_both_sides_still_merges(a: str, b: str) -> None:
    assert default_chain().judge(Statement(a), Statement(b), similarity=0.93).label is Label.EQUIVALENT
