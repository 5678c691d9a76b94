"""Adjectives at opposite WordNet poles (issue 16, round 48; :mod:`memory.equivalence.opposites`).

An axis no list of :mod:`~memory.equivalence.poles` holds ("generoso" / "stingy") is read from
WordNet's antonym clusters through Apertium's analysers and dictionary. Each case is a veto (it stops
a merge, never proves one); a synonym, a negated antonym and a word said on both sides must still
merge. The similarity is given, as consolidation gives it.

The sentences are written for these tests, not taken from any evaluation file."""

from __future__ import annotations

import pytest

from memory.equivalence import Label, Statement, default_chain, wordnet
from memory.equivalence.opposites import opposite_adjectives


@pytest.fixture(autouse=True)
def _installed(apertium_installed: None) -> None:
    """Apertium and WordNet must be there (conftest's fixture fails, never skips)."""


def _verdict(a: str, b: str, similarity: float = 0.95) -> Label:
    return default_chain().judge(Statement(a), Statement(b), similarity=similarity).label


@pytest.mark.parametrize(("x", "y"), [
    ("generous", "stingy"),  # "stingy" is a sense of the head "ungenerous"
    ("tidy", "messy"),  # "messy" is similar to "untidy", the antonym of "tidy"
    ("strict", "lenient"),
    ("strict", "indulgent"),
    ("optimistic", "pessimistic"),
])
def test_wordnet_reads_antonyms_directly_or_through_a_similar_to_step(x: str, y: str) -> None:
    assert wordnet.opposite(x, y)
    assert wordnet.opposite(y, x)


@pytest.mark.parametrize(("x", "y"), [
    ("generous", "big-hearted"),  # one cluster
    ("strict", "rigorous"),
    ("soft", "lenient"),  # one synset in one of their senses
    ("generous", "generous"),
    ("generous", "qzxv"),
    ("tidy", "dog"),
])
def test_synonyms_and_unknown_words_are_not_opposite(x: str, y: str) -> None:
    assert not wordnet.opposite(x, y)
    assert not wordnet.opposite(y, x)


@pytest.mark.parametrize(("a", "la", "b", "lb"), [
    ("Es muy generoso con sus amigos", "es", "He is stingy with his friends", "en"),
    ("Su jefa es muy estricta", "es", "Her boss is lenient", "en"),
    ("Tiene la casa ordenada", "es", "Keeps the house messy", "en"),
    ("Keeps his desk tidy", "en", "Keeps his desk messy", "en"),
    ("Su jefe es muy estricto", "es", "Su jefe es muy indulgente", "es"),
    ("Es una persona sociable", "es", "Is an unsociable person", "en"),
])
def test_opposite_adjectives_are_found_in_one_language_and_across(a: str, la: str, b: str, lb: str) -> None:
    assert opposite_adjectives(a, la, b, lb)
    assert opposite_adjectives(b, lb, a, la)


@pytest.mark.parametrize(("a", "la", "b", "lb"), [
    # a negated or diminished antonym says the same thing
    ("No es nada generoso con sus amigos", "es", "He is stingy with his friends", "en"),
    ("Es muy generoso con sus amigos", "es", "He is not stingy with his friends", "en"),
    ("Es una persona poco sociable", "es", "Is an unsociable person", "en"),
    ("Is hardly tidy at home", "en", "Is messy at home", "en"),
    # a synonym, and the same word said on both sides
    ("Su jefe es muy estricto", "es", "Her boss is rigorous", "en"),
    ("Es generoso con su tiempo", "es", "He is generous with his time", "en"),
    # the other side says the word's pole too, by another word of its cluster
    ("Prefers long reports", "en", "Likes short summaries, not lengthy write-ups", "en"),
    # an adjective after a preposition is a time of life; a participle before one, a passive verb
    ("Toca el piano desde pequeño", "es", "Has played the old piano since childhood", "en"),
    ("Grew up in a small village", "en", "Was raised in a village", "en"),
])
def test_negated_antonyms_and_synonyms_are_not_opposite(a: str, la: str, b: str, lb: str) -> None:
    assert not opposite_adjectives(a, la, b, lb)
    assert not opposite_adjectives(b, lb, a, la)


@pytest.mark.parametrize(("a", "b"), [
    ("Es muy generoso con sus amigos", "He is stingy with his friends"),
    ("Siempre tiene el escritorio ordenado", "His desk is always messy"),
    ("Es una persona sociable", "Is an unsociable person"),
    ("Her brother is very generous", "Her brother is rather stingy"),  # one language, no near copy
])
def test_opposite_adjectives_never_merge(a: str, b: str) -> None:
    assert _verdict(a, b) is not Label.EQUIVALENT
    assert _verdict(b, a) is not Label.EQUIVALENT


@pytest.mark.parametrize(("a", "b"), [
    ("Es muy generoso con sus amigos", "He is very generous with his friends"),
    ("Su jefe es muy estricto", "Her boss is very strict"),
])
def test_the_same_adjective_across_languages_still_merges(a: str, b: str) -> None:
    assert _verdict(a, b) is Label.EQUIVALENT
