"""Spanish pasts too short for the endings the tense reading looks for, and a noun it read as a past
(issue 16, stop 45, written after pairs94 was read).

"dio", "daba", "iba" (dar, ir) carry no ending the preterite and imperfect patterns know, so "Dio
clases de guitarra" read as a present and merged with "Teaches guitar"; and "trabajo en" was a past
marker once accents were folded away, so "Va al trabajo en bici" (the noun) read as "trabajó en" and
a present habit met "Used to cycle to work" as two pasts. A condition on one side against "whatever
the weather" on the other is a scope. The sentences are written for these tests, not taken from any
evaluation file."""

from __future__ import annotations

import pytest

from memory.equivalence import Label, Statement, default_chain
from memory.equivalence.signature import signature


@pytest.fixture(autouse=True)
def _installed(apertium_installed: None) -> None:
    """Apertium and WordNet must be there (conftest's fixture fails, never skips)."""


@pytest.mark.parametrize("text", ["Dio clases de piano en un conservatorio.", "Daba charlas en institutos.",
                                  "Iba a nadar los martes.", "Vio todos los partidos del Mundial."])
def test_short_spanish_pasts_are_pasts(text: str) -> None:
    assert "past" in signature(text).tense


@pytest.mark.parametrize("text", ["Va al trabajo en tren.", "Su trabajo en la fundación le ocupa las mañanas."])
def test_the_noun_trabajo_is_not_a_past(text: str) -> None:
    assert "past" not in signature(text).tense


@pytest.mark.parametrize(("a", "b"), [
    ("Dio clases de piano en un conservatorio.", "Teaches piano at a conservatory."),
    ("Used to take the train to work.", "Va al trabajo en tren."),
    ("Walks the dog when it isn't raining.", "Saca al perro cada tarde, llueva o no."),
])
def test_a_past_against_a_present_and_a_condition_against_any_weather_do_not_merge(a: str, b: str) -> None:
    assert default_chain().judge(Statement(a), Statement(b), similarity=0.93).label is not Label.EQUIVALENT


@pytest.mark.parametrize(("a", "b"), [
    ("Va al trabajo en tren.", "Goes to work by train."),
    ("Daba clases de piano en un conservatorio.", "Used to teach piano at a conservatory."),
])
def test_the_same_tense_on_both_sides_still_merges(a: str, b: str) -> None:
    assert default_chain().judge(Statement(a), Statement(b), similarity=0.93).label is Label.EQUIVALENT
