"""Countries and languages named in a note, read through CLDR (Babel), in Spanish and English (issue 16).

The sentences are written for these tests, not taken from any evaluation file."""

from __future__ import annotations

import pytest

from memory.equivalence import Label, Statement, default_chain
from memory.equivalence.cldr import countries, languages


def _merges(a: str, b: str, similarity: float = 0.92) -> bool:
    return default_chain().judge(Statement(a), Statement(b), similarity=similarity).label is Label.EQUIVALENT


def test_a_country_is_one_code_in_either_language() -> None:
    assert set(countries("Vive en el Reino Unido desde 2019.")) == {"GB"}
    assert set(countries("Has lived in the United Kingdom since 2019.")) == {"GB"}
    assert set(countries("Se muda a Países Bajos.")) == set(countries("Moving to the Netherlands.")) == {"NL"}


def test_only_capitalised_words_name_a_country() -> None:
    assert countries("Roasts a turkey every December and wears a jersey.") == {}


def test_a_language_is_one_code_in_either_language() -> None:
    assert set(languages("Está aprendiendo gallego.")) == set(languages("Is learning Galician.")) == {"gl"}
    assert set(languages("Habla euskera y castellano.")) == {"eu", "es"}


def test_ordinary_words_that_are_also_language_names_are_not_languages() -> None:
    assert languages("Cree que se ha ido de vacaciones.") == {}  # "cree" believes, "ido" gone
    assert languages("Needs to polish the CV.") == {}  # English language names are capitalised


@pytest.mark.parametrize(("a", "b"), [
    ("Se muda a Alemania en junio.", "Is moving to Germany in June."),
    ("Vive en el Reino Unido desde 2019.", "Has lived in the United Kingdom since 2019."),
    ("Está aprendiendo gallego.", "Is learning Galician."),
])
def test_the_same_country_or_language_written_in_each_language_merges(a: str, b: str) -> None:
    assert _merges(a, b)


@pytest.mark.parametrize(("a", "b"), [
    ("Se muda a Alemania en junio.", "Is moving to Austria in June."),
    ("Está aprendiendo gallego.", "Is learning Portuguese."),
    ("Da clases de neerlandés los martes.", "Teaches Danish on Tuesdays."),
])
def test_another_country_or_language_never_merges(a: str, b: str) -> None:
    assert not _merges(a, b)
    assert not _merges(b, a)
