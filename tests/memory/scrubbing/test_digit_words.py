"""A PIN spelled in digit words alone after a long label (fourteenth round, ``long_labels``).
Made-up sentences (no database)."""

from __future__ import annotations

import pytest

from memory.scrubbing import scrub


@pytest.mark.parametrize(("text", "secret"), [
    ("Grandma's PIN, which she dictated slowly so nobody else would hear: two six one eight.",
     "two six one eight"),
    ("PIN de la tarjeta nueva del abuelo, dictado despacio por teléfono: siete, uno, cuatro, cuatro.",
     "siete, uno, cuatro, cuatro"),
    ("El PIN de la tarjeta del abuelo, dicho por teléfono: cinco, dos, nueve, cero.", "cinco, dos, nueve, cero"),
])
def test_a_pin_in_digit_words_is_redacted(text: str, secret: str) -> None:
    assert secret not in scrub(text).text


@pytest.mark.parametrize("text", [
    "El PIN de la tarjeta, explicado a los niños con un juego: cuatro cinco seis siete ocho nueve son cifras.",
    "The PIN, as the bank's leaflet puts it for the kids: one two three four is a bad choice",
])
def test_digit_words_that_do_not_close_the_clause_are_kept(text: str) -> None:
    assert scrub(text).text == text
