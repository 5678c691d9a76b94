"""An ES↔EN pair read a second time, each note translated into the other's language (issue 16).

Through Apertium's whole Spanish–English translator (Debian's ``apertium-eng-spa``; ``.ci/run`` and
``make run`` install it). The sentences are written for these tests, not taken from any evaluation
file."""

from __future__ import annotations

import pytest

from memory.equivalence import Statement, bilingual, translation
from memory.equivalence.similarity import SimilarityJudge


@pytest.fixture(autouse=True)
def _apertium_installed() -> None:
    bilingual.available.cache_clear()
    translation.available.cache_clear()
    if not translation.available():
        pytest.fail("Apertium's Spanish–English translator is missing: "
                    "`apt-get install -y apertium-eng-spa` (scripts/system_packages.sh does)")


def _veto(a: str, b: str) -> str | None:
    return SimilarityJudge().veto(Statement(a), Statement(b), across_languages=False)


def test_a_note_is_translated_both_ways() -> None:
    assert "opens" in (translation.translate("es", "Abre la tienda a las nueve") or "").lower()
    assert "cierra" in (translation.translate("en", "Closes the shop at nine") or "").lower()


@pytest.mark.parametrize(("spanish", "english", "axis"), [
    ("Abre la tienda a las nueve", "Closes the shop at nine", "antonym"),
    ("Entra a trabajar temprano los lunes", "Starts work early on Tuesdays", "weekday_mismatch"),
])
def test_the_translated_readings_veto_a_different_fact(spanish: str, english: str, axis: str) -> None:
    assert translation.translated_veto(spanish, english, _veto) == axis


@pytest.mark.parametrize(("spanish", "english"), [
    ("No todos sus primos viven en Lima.", "Not all of his cousins live in Lima."),  # "No all his cousins"
    ("Prefiere el té verde por las tardes.", "Prefers green tea in the afternoon."),  # "by the evenings"
    ("Guarda la bicicleta en el garaje.", "Keeps the bike in the garage."),
    ("Trabaja desde casa los viernes", "Works from home on Fridays"),
])
def test_the_same_fact_passes_both_readings(spanish: str, english: str) -> None:
    assert translation.translated_veto(spanish, english, _veto) is None


def _readings(english_axis: str | None, spanish_axis: str | None):
    """A veto that answers by reading, whatever order it is asked in: ``english_axis`` for the English
    note against the Spanish one's translation, ``spanish_axis`` for the Spanish note against the
    English one's."""
    return lambda a, b: english_axis if a == "Closes the shop" else spanish_axis


def test_the_spanish_reading_alone_is_enough_the_english_reading_alone_is_not() -> None:
    # the English reading vetoes, the Spanish one does not
    assert translation.translated_veto("Abre la tienda", "Closes the shop", _readings("antonym", None)) is None
    # only the Spanish reading vetoes, on a listed axis
    assert translation.translated_veto("Abre la tienda", "Closes the shop",
                                       _readings(None, "role_mismatch")) == "role_mismatch"
    # both veto, neither on a listed axis
    assert translation.translated_veto("Abre la tienda", "Closes the shop",
                                       _readings("negation_mismatch", "tense_mismatch")) is None
    assert translation.translated_veto("Abre la tienda", "Closes the shop", lambda a, b: "negation_mismatch") is None
    # both readings veto: the English reading's axis
    assert translation.translated_veto("Abre la tienda", "Closes the shop",
                                       _readings("antonym", "role_mismatch")) == "antonym"


def test_the_english_reading_is_not_asked_when_the_spanish_one_passes() -> None:
    asked: list[str] = []

    def veto(a: str, b: str) -> str | None:
        asked.append(a)
        return None

    assert translation.translated_veto("Abre la tienda", "Closes the shop", veto) is None
    assert asked == ["Abre la tienda"]


def test_it_abstains_when_apertium_is_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("QUORUM_APERTIUM", "off")
    bilingual.available.cache_clear()
    translation.available.cache_clear()
    translation.translate.cache_clear()
    try:
        assert translation.translate("es", "Abre la tienda a las nueve") is None
        assert translation.translated_veto("Abre la tienda a las nueve", "Closes the shop at nine", _veto) is None
    finally:
        monkeypatch.delenv("QUORUM_APERTIUM")
        bilingual.available.cache_clear()
        translation.available.cache_clear()
        translation.translate.cache_clear()
