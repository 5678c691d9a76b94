"""Verbs at opposite WordNet poles (issue 16, round 50; :mod:`memory.equivalence.verb_opposites`).

A flipped verb ("aceptó" / "rejected", "won" / "perdió") is read from WordNet's verb antonymy through
Apertium's analysers (the lemma of an inflected, clitic or reflexive form) and dictionary. Each case is
a veto (it stops a merge, never proves one); a negated antonym, a synonym and a verb said on both
sides must still merge. The similarity is given, as consolidation gives it.

The sentences are written for these tests, not taken from any evaluation file."""

from __future__ import annotations

import pytest

from memory.equivalence import Label, Statement, default_chain
from memory.equivalence.verb_opposites import opposite, opposite_verbs


@pytest.fixture(autouse=True)
def _installed(apertium_installed: None) -> None:
    """Apertium and WordNet must be there (conftest's fixture fails, never skips)."""


def _verdict(a: str, b: str, similarity: float = 0.95) -> Label:
    return default_chain().judge(Statement(a), Statement(b), similarity=similarity).label


@pytest.mark.parametrize(("x", "y"), [
    ("accept", "reject"),
    ("buy", "sell"),  # a converse pair: WordNet lists it as antonyms
    ("win", "lose"),
    ("increase", "decrease"),
    ("go to bed", "get up"),  # multiword verbs, with spaces as Apertium gives them
    ("go up", "go down"),  # first senses: synonyms of "rise" and "fall", whose synsets are linked
])
def test_wordnet_reads_verb_antonyms(x: str, y: str) -> None:
    assert opposite(x, y)
    assert opposite(y, x)


@pytest.mark.parametrize(("x", "y"), [
    ("accept", "accept"),
    ("accept", "take"),  # a synonym in one sense
    ("take", "reject"),  # "take" is "accept" only in a rare sense: the antonym is not its own
    ("buy", "purchase"),
    ("win", "qzxv"),
    ("sell", "dog"),
])
def test_synonyms_rare_senses_and_unknown_words_are_not_opposite(x: str, y: str) -> None:
    assert not opposite(x, y)
    assert not opposite(y, x)


@pytest.mark.parametrize(("a", "la", "b", "lb"), [
    ("Aceptó la oferta de trabajo", "es", "She rejected the job offer", "en"),
    ("Won the final in May", "en", "Perdió la final en mayo", "es"),
    ("Quiere venderlo este año", "es", "Wants to buy it this year", "en"),  # an enclitic: "venderlo"
    ("Has sold the old piano", "en", "Has bought the old piano", "en"),
    ("Se fue de la fiesta a las diez", "es", "Arrived at the party at ten", "en"),  # "se fue" is "irse"
    ("Se levanta a las seis", "es", "Goes to bed at six", "en"),  # "levantarse" is "get up"
    ("Sus ingresos han subido este año", "es", "His income has gone down this year", "en"),
])
def test_opposite_verbs_are_found_in_one_language_and_across(a: str, la: str, b: str, lb: str) -> None:
    assert opposite_verbs(a, la, b, lb)
    assert opposite_verbs(b, lb, a, la)


@pytest.mark.parametrize(("a", "la", "b", "lb"), [
    # a negated antonym says the same thing: by a negator in the clause, or a verb that negates
    ("No aceptó la oferta de trabajo", "es", "She rejected the job offer", "en"),
    ("Did not accept the job offer", "en", "Rechazó la oferta de trabajo", "es"),
    ("No lo aceptó nunca", "es", "Always rejected it", "en"),
    ("Failed to win the final", "en", "Lost the final", "en"),
    ("Lives in Porto with no plans to move", "en", "Intends to stay in Porto", "en"),
    # a synonym, and an antonym pair said on both sides
    ("Compró una bici", "es", "Purchased a bike", "en"),
    ("Leaves work at five and arrives home at six", "en", "Arrives home at six after leaving work at five", "en"),
    # the same verb on the other side in another part of speech or another reading
    ("Sleeps badly and wakes early", "en", "Duerme mal y se despierta temprano", "es"),
])
def test_negated_antonyms_and_synonyms_are_not_opposite(a: str, la: str, b: str, lb: str) -> None:
    assert not opposite_verbs(a, la, b, lb)
    assert not opposite_verbs(b, lb, a, la)


@pytest.mark.parametrize(("a", "b"), [
    # each merged before this check (the listed poles hold "aceptó" / "rejected", not these)
    ("Se olvidó del cumpleaños de su madre", "Remembered his mother's birthday"),
    ("Su hijo obedece a sus profesores", "Her son disobeys his teachers"),
    ("Simplified the tax form", "Complicó el formulario de impuestos"),
    ("Se fue de la fiesta a las diez", "Arrived at the party at ten"),
    ("Se levanta a las seis", "Goes to bed at six"),
])
def test_opposite_verbs_never_merge(a: str, b: str) -> None:
    assert _verdict(a, b) is not Label.EQUIVALENT
    assert _verdict(b, a) is not Label.EQUIVALENT


@pytest.mark.parametrize(("a", "b"), [
    ("Aceptó la oferta de trabajo", "Accepted the job offer"),
    ("Perdió la final", "Lost the final"),
    ("Vendió su coche el año pasado", "Sold his car last year"),
    ("Se levanta a las seis", "Gets up at six"),  # a reflexive read as its pronominal verb, not a flip
])
def test_the_same_verb_across_languages_still_merges(a: str, b: str) -> None:
    # (a negated antonym, "No aceptó" / "rejected", is the signature's negation check's, which runs first)
    assert _verdict(a, b) is Label.EQUIVALENT
