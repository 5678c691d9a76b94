"""Round 59: the same two from–to endpoints said in opposite order across ES↔EN
(:mod:`memory.equivalence.endpoints`).

Each case is a Spanish note and an English note that name one movement or conversion; the check
reads each note's ordered (origin, destination) with a small frame grammar over Apertium's analysis
and compares the ends through the dictionary. A veto stops a merge, never proves one: the same
order, a round trip, or a note without a clear frame must not be stopped by it.

The sentences are written for these tests, not taken from any evaluation file."""

from __future__ import annotations

import pytest

from memory.equivalence import REASONS, Judgment, Label, Statement, bilingual, default_chain
from memory.equivalence.endpoints import frames, reversed_endpoints


@pytest.fixture(autouse=True)
def _installed(apertium_installed: None) -> None:
    """Apertium and WordNet must be there (conftest's fixture fails, never skips)."""


def _judge(a: str, b: str, similarity: float = 0.93) -> Judgment:
    return default_chain().judge(Statement(a), Statement(b), similarity=similarity)


REVERSED = [
    ("Traduce novelas del francés al inglés", "Translates novels from English into French"),  # languages
    ("Pasa dinero de la cuenta corriente a la de ahorro", "Moves money from her savings account to her current account"),
    ("Cada verano conduce de Valencia a Oporto", "Every summer she drives from Oporto to Valencia"),  # places
    ("Vuela a Roma desde Berlín cada mes", "Flies from Rome to Berlin every month"),  # destination said first
    ("Cambió sus ahorros de euros a dólares", "Changed his savings from dollars into euros"),  # a conversion
]


@pytest.mark.parametrize(("spanish", "english"), REVERSED)
def test_reversed_endpoints_are_vetoed_both_ways(spanish: str, english: str) -> None:
    assert reversed_endpoints(spanish, english) is True
    for a, b in ((spanish, english), (english, spanish)):  # ES→EN and EN→ES
        verdict = _judge(a, b)
        assert verdict.label is not Label.EQUIVALENT
        assert verdict.reason in REASONS


def test_the_veto_names_its_class() -> None:
    verdict = _judge("Translates novels from English into French", "Traduce novelas del francés al inglés")
    assert (verdict.label, verdict.reason) == (Label.CONTRADICTS, "vetoed_direction_endpoints")


@pytest.mark.parametrize(("spanish", "english"), [
    ("Traduce novelas del inglés al francés", "Translates novels from English into French"),  # same order
    ("Vuela a Roma desde Berlín cada mes", "Flies from Berlin to Rome every month"),
    ("Viaja de Valencia a Oporto y de Oporto a Valencia", "Travels from Oporto to Valencia"),  # a round trip
    ("Trabaja desde casa a diario", "Works from home to avoid the traffic"),  # a verb after "to": no frame
    ("Le regaló el libro de su padre a su hermano", "Gave his brother a book from his father"),  # possessive "de"
    ("Habla inglés y francés en el trabajo", "Speaks French and English at work"),  # no movement at all
])
def test_no_reversed_frame_is_no_veto(spanish: str, english: str) -> None:
    assert reversed_endpoints(spanish, english) is False


def test_a_possessive_before_the_origin_is_not_an_endpoint() -> None:
    words = bilingual.analyse("es", "Traduce los poemas de su abuela del catalán al castellano")
    assert words is not None
    ends = [(tuple(w.lemma for w in f.origin), tuple(w.lemma for w in f.destination)) for f in frames("es", words)]
    assert ends == [(("catalán",), ("castellano",))]


def test_a_word_both_ends_name_is_left_out() -> None:
    words = bilingual.analyse("en", "Transfers cash from the business account to the personal account")
    assert words is not None
    (frame,) = frames("en", words)
    assert {w.lemma for w in frame.origin} == {"business"} and {w.lemma for w in frame.destination} == {"personal"}


def test_the_same_order_across_languages_still_merges() -> None:
    verdict = _judge("Se mudó de Valencia a Berlín", "Moved from Valencia to Berlin")
    assert verdict.label is Label.EQUIVALENT
    assert _judge("Moved from Valencia to Berlin", "Se mudó de Valencia a Berlín").label is Label.EQUIVALENT
