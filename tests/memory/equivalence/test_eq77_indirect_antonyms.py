"""eq77 (stop 52): antonyms that still merged on new authors, for :mod:`memory.equivalence.predicative`,
the distance reading of :mod:`memory.equivalence.poles` and the untold-language reading of the WordNet
checks in :mod:`memory.equivalence.similarity`.

Each flip is stopped and, beside it, a pair that says the same thing still merges. The sentences are
written for these tests, not taken from any evaluation file."""

from __future__ import annotations

import pytest

from memory.equivalence import Judgment, Label, Statement, default_chain
from memory.equivalence import opposites, predicative, verb_opposites, wordnet
from memory.equivalence.analysis import _analyse
from memory.equivalence.bilingual import analyse
from memory.equivalence.poles import poles


@pytest.fixture(autouse=True)
def _installed(apertium_installed: None) -> None:
    """Apertium and WordNet must be there (conftest's fixture fails, never skips)."""


def _judge(a: str, b: str, similarity: float = 0.92) -> Judgment:
    return default_chain().judge(Statement(a), Statement(b), similarity=similarity)


def _both_ways(a: str, b: str) -> list[Judgment]:
    return [_judge(a, b), _judge(b, a)]


# --- 1. adjectives: a present participle or a predicate noun, against the opposite cluster -------

def test_a_satellite_is_opposite_its_heads_antonyms_satellites() -> None:
    # "boring" is similar to "uninteresting", the direct antonym of "interesting" ("amusing" is its satellite)
    assert wordnet.opposite("boring", "amusing")
    assert wordnet.opposite("boring", "interesting")
    assert not wordnet.opposite("boring", "tedious")  # one cluster


def test_a_gerund_said_as_a_predicate_is_read_as_its_adjective() -> None:
    words = analyse("en", "Finds the weekly reports boring.")
    assert words is not None
    i = next(k for k, w in enumerate(words) if w.lemma == "bore")
    assert predicative.adjective_readings(words, i) == {"boring"}
    verb = analyse("en", "Is reading books in the garden.")
    assert verb is not None
    k = next(k for k, w in enumerate(verb) if w.lemma == "read")
    assert predicative.adjective_readings(verb, k) == set()  # an object follows: a verb


def test_a_predicate_noun_is_read_through_its_derived_adjectives() -> None:
    assert "amusing" in wordnet.derived_adjectives("fun")
    assert wordnet.derived_adjectives("coffee") == ()
    assert opposites.opposite_adjectives("Finds the weekly reports boring.", "en",
                                         "Finds the weekly reports fun.", "en")


@pytest.mark.parametrize(("a", "b"), [
    ("Finds tax spreadsheets boring.", "Finds tax spreadsheets fun."),
])
def test_boring_against_fun_is_an_antonym(a: str, b: str) -> None:
    for verdict in _both_ways(a, b):
        assert verdict.label is Label.CONTRADICTS
        assert verdict.reason == "vetoed_antonym"


def test_a_spanish_participle_after_parecer_is_also_read_as_its_ing_adjective() -> None:
    readings = opposites._adjectives("es", "Le parecen aburridas las auditorías trimestrales.")
    assert readings is not None and any("boring" in r for r, _ in readings)
    assert not opposites._adjectives("es", "Está aburrido en el trabajo.")  # estar: how the person feels
    for verdict in _both_ways("Finds the quarterly audits fun.", "Le parecen aburridas las auditorías trimestrales."):
        assert verdict.reason == "vetoed_antonym"
    for verdict in _both_ways("Finds the quarterly audits boring.", "Le parecen aburridas las auditorías trimestrales."):
        assert verdict.label is Label.EQUIVALENT


@pytest.mark.parametrize(("a", "b"), [
    ("Finds tax spreadsheets boring.", "Finds tax spreadsheets tedious."),
    ("Finds tax spreadsheets fun.", "Finds tax spreadsheets entertaining."),
    ("Finds tax spreadsheets fun.", "Finds tax spreadsheets enjoyable."),
])
def test_the_same_cluster_still_merges(a: str, b: str) -> None:
    for verdict in _both_ways(a, b):
        assert verdict.label is Label.EQUIVALENT


def test_a_note_of_untold_language_is_read_in_apertiums_language() -> None:
    # too short for the lexicon to tell its language; the WordNet checks still read it as English
    assert _analyse("Finds tax spreadsheets boring.").lang is None
    assert _judge("Finds tax spreadsheets boring.", "Finds tax spreadsheets fun.").reason == "vetoed_antonym"


# --- 2. "far from the centre": the other pole of "where in a town" ------------------------------

@pytest.mark.parametrize(("padded", "expected"), [
    (" prefiere los hoteles alejados del centro ", {"town-"}),
    (" vive lejos del centro ", {"distance-", "town-"}),
    (" lives far from the city centre ", {"distance-", "town-"}),
    (" lives far from the centre ", {"distance-", "town-"}),
    (" vive cerca del centro ", {"distance+", "town+"}),
    (" prefiere los hoteles centricos ", {"town+"}),
    (" far from perfect ", {"distance-"}),
])
def test_a_distance_word_flips_the_town_pole(padded: str, expected: set[str]) -> None:
    assert poles(padded) == expected


def test_central_against_far_from_the_centre_is_an_antonym() -> None:
    for a, b in (("Busca pisos céntricos para alquilar.", "Busca pisos alejados del centro para alquilar."),
                 ("Busca pisos céntricos para alquilar.", "Looks for flats to rent far from the city centre.")):
        for verdict in _both_ways(a, b):
            assert verdict.label is Label.CONTRADICTS
            assert verdict.reason == "vetoed_antonym"


@pytest.mark.parametrize(("a", "b"), [
    ("Busca pisos alejados del centro para alquilar.", "Busca pisos de las afueras para alquilar."),
    ("Lives far from the city centre.", "Lives on the outskirts."),
    ("Busca pisos céntricos para alquilar.", "Looks for flats to rent in the city centre."),
])
def test_the_same_place_still_merges(a: str, b: str) -> None:
    for verdict in _both_ways(a, b):
        assert verdict.label is Label.EQUIVALENT


# --- 3. rise against fall across languages: the verb the tagger read as a noun or an adjective ---

def test_a_clause_verb_tagged_a_plural_noun_is_read_as_the_verb() -> None:
    readings, _ = verb_opposites._verbs("en", "Buys fruit when the price rises.")
    assert frozenset({"rise"}) in {r for r, _ in readings}
    readings, _ = verb_opposites._verbs("en", "Sells the company shares.")
    assert frozenset({"share"}) not in {r for r, _ in readings}  # an object, not a clause


def test_a_spanish_clause_verb_tagged_an_adjective_is_read_as_the_verb() -> None:
    readings, _ = verb_opposites._verbs("es", "Compra fruta cuando el precio baja.")
    assert any("go down" in r for r, _ in readings)


@pytest.mark.parametrize(("spanish", "english"), [
    ("Compra dólares cuando el euro sube.", "Buys dollars when the euro falls."),
    ("Compra fruta cuando el precio baja.", "Buys fruit when the price rises."),
    ("Abre las ventanas cuando la temperatura baja.", "Opens the windows when the temperature rises."),
])
def test_rise_against_fall_across_languages_is_an_antonym(spanish: str, english: str) -> None:
    for verdict in _both_ways(spanish, english):
        assert verdict.label is Label.CONTRADICTS
        assert verdict.reason == "vetoed_antonym"


@pytest.mark.parametrize(("spanish", "english"), [
    ("Compra dólares cuando el euro sube.", "Buys dollars when the euro rises."),
    ("Compra fruta cuando el precio baja.", "Buys fruit when the price drops."),
    ("Abre las ventanas cuando la temperatura baja.", "Opens the windows when the temperature drops."),
])
def test_the_same_movement_across_languages_still_merges(spanish: str, english: str) -> None:
    for verdict in _both_ways(spanish, english):
        assert verdict.label is Label.EQUIVALENT
