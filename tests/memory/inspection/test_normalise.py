"""The inspection normalisation folds the disguises a writer can use, keeps ordinary text readable,
and maps every folded character back to the writer's text."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memory.inspection.normalise import fold, fold_text


@pytest.mark.parametrize(("text", "folded"), [
    ("Tiene d3pr3sión", "tiene depresion"),                     # leet + accent
    ("Va a la m e z q u i t a", "va a la mezquita"),             # spaced out
    ("Es mu\u200bsul\u200dmán", "es musulman"),                   # zero-width characters
    ("ｄｉａｂｅｔｅｓ", "diabetes"),                               # fullwidth
    ("Tiene di\u0430betes", "tiene diabetes"),                   # Cyrillic a
    ("contrasen\u0303a", "contrasena"),                          # combining tilde
    ("V.I.H. positivo", "vih. positivo"),
    ("\u202eevil\u202c text", "evil text"),                      # bidi controls
    ("gEnEtIc TeSt", "genetic test"),                            # mixed case
    ("dia\u0301lisis", "dialisis"),                              # combining acute
    ("Ca\u200bt\u00f3\u2060lico", "catolico"),                   # word joiner + precomposed accent
    ("\u0440\u0435\u0441\u043e", "peco"),                          # all-Cyrillic look-alike
    ("s i n d i c a t o", "sindicato"),
    ("H0m0s3xu4l", "homosexual"),
    ("\u041d\u0406V+ \u0399BM", "hiv+ ibm"),                      # capital I look-alikes (Cyrillic, Greek): i, not l
])
def test_disguises_fold_to_the_plain_word(text: str, folded: str) -> None:
    assert fold_text(text) == folded


@pytest.mark.parametrize("text", ["plan a y b", "version 2.3.1 released 2024-05-01", "ticket 4f3a9c",
                                  "room 101", "q3 report"])
def test_ordinary_text_numbers_and_one_letter_words_stay(text: str) -> None:
    assert fold_text(text) == text


def test_characters_only_keeps_digits_and_spacing_for_secret_detectors() -> None:
    assert fold_text("ｇｈｐ_S3cr3t m e z", words=False) == "ghp_s3cr3t m e z"


def test_a_finding_maps_back_to_the_writers_characters() -> None:
    text = "token: ｇｈｐ_Ab\u200bCd ok"
    folded = fold(text, words=False)
    start = folded.text.index("ghp_")
    a, b = folded.span(start, start + len("ghp_abcd"))
    assert text[a:b] == "ｇｈｐ_Ab\u200bCd"


@given(st.text(max_size=60))
def test_every_folded_character_points_into_the_source(text: str) -> None:
    for words in (True, False):
        folded = fold(text, words=words)
        assert len(folded.offsets) == len(folded.text)
        assert all(0 <= i < len(text) for i in folded.offsets)
        assert list(folded.offsets) == sorted(folded.offsets)


def test_readings_add_the_bolder_word_forms_only_where_they_differ() -> None:
    from memory.inspection.normalise import readings

    assert readings("Prefiere informes breves") == ["prefiere informes breves"]
    assert readings("Es D3l3g4d4 sindical") == ["es d3l3g4d4 sindical", "es delegada sindical"]
    assert readings("t u s datos") == ["t u s datos", "tus datos"]
    assert readings("ticket 4f3a9c") == ["ticket 4f3a9c", "ticket afeagc"]  # the plain form always comes first
