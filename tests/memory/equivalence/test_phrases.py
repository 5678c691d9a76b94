"""Noun phrases read through Apertium's tags (issue 16, round 43): one thing against several, all of a
kind against a kind of it.

Read through Apertium's Spanish–English taggers and dictionary and WordNet (``.ci/run`` and ``make
run`` install them). The sentences are written for these tests, not taken from any evaluation file."""

from __future__ import annotations

import pytest

from memory.equivalence import Label, Statement, bilingual, default_chain, phrases, wordnet


pytestmark = pytest.mark.usefixtures("apertium_installed")


def _label(a: str, b: str, similarity: float = 0.95) -> Label:
    return default_chain().judge(Statement(a), Statement(b), similarity=similarity).label


@pytest.mark.parametrize(("one", "several"), [
    ("Tiene un perro en el piso", "Tiene perros en el piso"),  # the object of one verb
    ("Owns a holiday cottage in Devon", "Owns holiday cottages in Devon"),  # a compound's head
    ("Vive con una amiga en Sevilla", "Lives with friends in Seville"),  # with whom, across languages
    ("Alquila una furgoneta los sábados", "Alquila unas furgonetas los sábados"),  # an indefinite plural
    ("Tiene un piso en Cádiz", "Owns flats in Cádiz"),  # the verbs of having are one slot
    ("Cuida a un nieto los lunes", "Looks after grandchildren on Mondays"),  # a personal "a", caring
    ("Has hired a designer", "Has hired designers"),
    ("Keeps a rabbit in the garden", "Keeps rabbits in the garden"),  # an opening verb, subject dropped
    ("Rents out a studio in Lisbon", "Rents out studios in Lisbon"),  # a verb and its particle
])
def test_one_against_several_of_the_same_thing_never_merges(one: str, several: str) -> None:
    assert phrases.one_against_several(one, several)
    assert phrases.one_against_several(several, one)
    assert _label(one, several) is not Label.EQUIVALENT
    assert _label(several, one) is not Label.EQUIVALENT


@pytest.mark.parametrize(("one", "several"), [
    ("Prefers a window seat on long flights", "Prefers window seats on long flights"),  # a kind liked
    ("Takes notes in a paper notebook", "Takes notes in paper notebooks"),  # a setting, not a count
    ("Eats an apple every morning", "Eats apples every morning"),  # a habit: the verb holds nothing
    ("Lee una novela cada mes", "Lee novelas cada mes"),
    ("Keeps the photos in a box", "Keeps the photos in boxes"),  # a holding verb, but a setting
    ("Tiene un perro en el piso", "Tiene dos perros en el piso"),  # a number: the signature's matter
])
def test_a_kind_or_a_setting_is_no_count(one: str, several: str) -> None:
    assert not phrases.one_against_several(one, several)


@pytest.mark.parametrize(("all_of_it", "a_kind"), [
    ("No come ningún tipo de pescado", "No come pescado azul"),  # the same noun, narrowed by a modifier
    ("Avoids all fish", "Avoids salmon"),  # WordNet: a salmon is a kind of fish
    ("Es alérgico a todos los frutos secos", "Is allergic to almonds"),  # across languages
    ("Avoids any sugar", "Evita el azúcar moreno"),
    ("Doesn't eat fish of any kind", "Doesn't eat oily fish"),  # the quantifier after its noun
    ("No come carne de ningún tipo", "No come carne de cerdo"),
    ("Has given up all meat", "Has given up chicken"),  # chicken, poultry, meat
])
def test_all_of_a_kind_against_a_kind_of_it_never_merges(all_of_it: str, a_kind: str) -> None:
    assert phrases.kind_narrowed(all_of_it, a_kind)
    assert phrases.kind_narrowed(a_kind, all_of_it)
    assert _label(all_of_it, a_kind, 0.93) is not Label.EQUIVALENT
    assert _label(a_kind, all_of_it, 0.93) is not Label.EQUIVALENT


@pytest.mark.parametrize(("a", "b"), [
    ("Is allergic to all nuts", "Is allergic to every kind of nut"),  # the same kind, quantified twice
    ("Works nights every other week", "Works nights on alternate weeks"),  # alternate, not all
    ("No bebe nada de alcohol", "No toma ninguna bebida alcohólica"),  # the drink narrowed is the alcohol
    ("Pays for all her shopping with Google Pay", "Pays with Google Pay"),  # a word of a name is no kind
    ("Avoids all fish", "Cooks salmon on Fridays"),  # another slot
])
def test_the_same_scope_said_otherwise_is_no_narrowing(a: str, b: str) -> None:
    assert not phrases.kind_narrowed(a, b)


@pytest.mark.parametrize(("rank", "count"), [
    ("Came third in the city marathon", "Has run three city marathons"),
    ("Quedó segunda en el torneo de ajedrez", "Ha ganado dos torneos de ajedrez"),
])
def test_a_rank_against_a_count_never_merges(rank: str, count: str) -> None:
    assert phrases.rank_against_count(rank, count)
    assert phrases.rank_against_count(count, rank)
    assert _label(rank, count) is not Label.EQUIVALENT
    assert _label(count, rank) is not Label.EQUIVALENT


@pytest.mark.parametrize(("a", "b"), [
    ("Vive en la tercera planta", "Vive en la planta 3"),  # a number after its noun is a label
    ("Lives on the 3rd floor", "Lives on floor three"),
    ("Came third in two races", "Came third in 2 races"),  # both rank and count alike
])
def test_an_ordinal_said_as_a_label_is_no_count(a: str, b: str) -> None:
    assert not phrases.rank_against_count(a, b)


def test_without_apertium_nothing_is_read(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("QUORUM_APERTIUM", "off")
    bilingual.available.cache_clear()
    phrases.phrases.cache_clear()
    try:
        assert phrases.phrases("es", "Tiene un perro en el piso") == ()
        assert not phrases.one_against_several("Tiene un perro en el piso", "Tiene perros en el piso")
        assert not phrases.kind_narrowed("Avoids all fish", "Avoids salmon")
    finally:
        monkeypatch.delenv("QUORUM_APERTIUM")
        bilingual.available.cache_clear()
        phrases.phrases.cache_clear()


def test_a_kind_is_read_downwards_only_and_a_synonym_is_none() -> None:
    assert wordnet.kind_of("nut", "walnut")
    assert wordnet.kind_of("meat", "chicken")  # three steps: chicken, poultry, meat
    assert not wordnet.kind_of("walnut", "nut")
    assert not wordnet.kind_of("bike", "bicycle")  # one synset: the same thing
    assert not wordnet.kind_of("dog", "cat")  # co-hyponyms


def test_a_pair_without_the_words_the_checks_need_asks_no_analyser(monkeypatch: pytest.MonkeyPatch) -> None:
    """No article or "one", no quantifier, no ordinal: Apertium is not asked (about 3 ms a new note)."""
    def refuse(lang: str, text: str) -> None:
        raise AssertionError("Apertium was asked")

    monkeypatch.setattr(bilingual, "analyse", refuse)
    phrases.phrases.cache_clear()
    a, b = "Trabaja los lunes en la oficina de Madrid", "Trabaja en la oficina de Madrid los lunes"
    assert not phrases.one_against_several(a, b)
    assert not phrases.kind_narrowed(a, b)
    assert not phrases.rank_against_count(a, b)
