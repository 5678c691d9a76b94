"""eq75 (stop 51): a phrasal verb's particle as its pole, for :mod:`memory.equivalence.phrasal_poles`.

WordNet does not link "turn up" and "turn down" (nor Apertium's "go up" for *subir* and "turn down"),
so an ES↔EN pair that flips only the particle passed every veto. Each flip is stopped, and beside it
the same act with the same particle still merges. The sentences are written for these tests, not
taken from any evaluation file."""

from __future__ import annotations

import pytest

from memory.equivalence import Judgment, Label, Statement, default_chain
from memory.equivalence import phrasal_poles, verb_opposites


@pytest.fixture(autouse=True)
def _installed(apertium_installed: None) -> None:
    """Apertium and WordNet must be there (conftest's fixture fails, never skips)."""


def _judge(a: str, b: str, similarity: float = 0.92) -> Judgment:
    return default_chain().judge(Statement(a), Statement(b), similarity=similarity)


FLIPPED = [
    ("Sube la música en la cocina", "Turns the music down in the kitchen"),
    ("Baja la persiana por la tarde", "Pulls the blind up in the afternoon"),
]
SAME = [
    ("Sube la música en la cocina", "Turns the music up in the kitchen"),
    ("Baja la persiana por la tarde", "Pulls the blind down in the afternoon"),
]


@pytest.mark.parametrize(("spanish", "english"), FLIPPED)
def test_a_flipped_particle_across_languages_is_an_antonym(spanish: str, english: str) -> None:
    for a, b in ((spanish, english), (english, spanish)):
        verdict = _judge(a, b)
        assert verdict.label is Label.CONTRADICTS
        assert verdict.reason == "vetoed_antonym"


@pytest.mark.parametrize(("spanish", "english"), SAME)
def test_the_same_particle_across_languages_still_merges(spanish: str, english: str) -> None:
    for a, b in ((spanish, english), (english, spanish)):
        assert _judge(a, b).label is Label.EQUIVALENT


def test_particles_are_opposite_only_as_wordnet_links_them() -> None:
    assert phrasal_poles.opposite("turn down", "go_up")
    assert phrasal_poles.opposite("switch on", "turn off")
    # "in" / "out" have no direct antonym link: "fill in" and "fill out" are one act
    assert not phrasal_poles.opposite("fill in", "fill out")
    # "give up" has no "give down": its particle is no direction
    assert not phrasal_poles.polar("give", "up")
    assert not phrasal_poles.opposite("give up", "go down")


def test_a_particle_after_the_object_is_read_with_its_verb() -> None:
    readings, _ = verb_opposites._verbs("en", "Turns the music down in the kitchen")
    assert frozenset({"turn down"}) in {r for r, _ in readings}


def test_a_preposition_before_its_object_is_no_particle() -> None:
    # "on Friday afternoons" is a preposition's phrase: no "work on" against "take off"
    readings, _ = verb_opposites._verbs("en", "Is off work on Friday afternoons")
    assert not any(" " in r for rs, _ in readings for r in rs)
    assert not verb_opposites.opposite_verbs("Takes Friday afternoons off", "en",
                                             "Is off work on Friday afternoons", "en")
    assert _judge("Takes Friday afternoons off", "Is off work on Friday afternoons").label is Label.EQUIVALENT
