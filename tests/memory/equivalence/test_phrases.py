"""Noun phrases read through Apertium's tags (issue 16, round 43): one thing against several.

Read through Apertium's Spanish–English taggers and dictionary and WordNet (``.ci/run`` and ``make
run`` install them). The sentences are written for these tests, not taken from any evaluation file."""

from __future__ import annotations

import pytest

from memory.equivalence import Label, Statement, bilingual, default_chain, phrases, wordnet


@pytest.fixture(autouse=True)
def _apertium_installed() -> None:
    bilingual.available.cache_clear()
    if not (bilingual.available() and wordnet.available()):
        pytest.fail("Apertium's Spanish–English pair or WordNet is missing: "
                    "`apt-get install -y apertium-eng-spa wordnet-base` (scripts/system_packages.sh does)")


def _label(a: str, b: str, similarity: float = 0.95) -> Label:
    return default_chain().judge(Statement(a), Statement(b), similarity=similarity).label


@pytest.mark.parametrize(("one", "several"), [
    ("Tiene un perro en el piso", "Tiene perros en el piso"),  # the object of one verb
    ("Owns a holiday cottage in Devon", "Owns holiday cottages in Devon"),  # a compound's head
    ("Vive con una amiga en Sevilla", "Lives with friends in Seville"),  # with whom, across languages
    ("Alquila una furgoneta los sábados", "Alquila unas furgonetas los sábados"),  # an indefinite plural
])
def test_one_against_several_of_the_same_thing_never_merges(one: str, several: str) -> None:
    assert phrases.one_against_several(one, several)
    assert phrases.one_against_several(several, one)
    assert _label(one, several) is not Label.EQUIVALENT
    assert _label(several, one) is not Label.EQUIVALENT


@pytest.mark.parametrize(("one", "several"), [
    ("Prefers a window seat on long flights", "Prefers window seats on long flights"),  # a kind liked
    ("Takes notes in a paper notebook", "Takes notes in paper notebooks"),  # a setting, not a count
    ("Tiene un perro en el piso", "Tiene dos perros en el piso"),  # a number: the signature's matter
])
def test_a_kind_or_a_setting_is_no_count(one: str, several: str) -> None:
    assert not phrases.one_against_several(one, several)


def test_without_apertium_nothing_is_read(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("QUORUM_APERTIUM", "off")
    bilingual.available.cache_clear()
    phrases.phrases.cache_clear()
    try:
        assert phrases.phrases("es", "Tiene un perro en el piso") == ()
        assert not phrases.one_against_several("Tiene un perro en el piso", "Tiene perros en el piso")
    finally:
        monkeypatch.delenv("QUORUM_APERTIUM")
        bilingual.available.cache_clear()
        phrases.phrases.cache_clear()
