"""A quoted recipe for a password is no password (thirteenth round, ``keywords.is_vague_description``):
personal facts joined by "plus", "+", "followed by", "seguido de", "más el…". Made-up sentences
(no database)."""

from __future__ import annotations

import pytest

from memory.scrubbing import scrub

RECIPES = [
    'She said her password is "the name of her first cat plus the year", which is a terrible idea.',
    'Su contraseña es "el nombre del perro seguido de su año de nacimiento", me lo contó riendo.',
    "The Wi-Fi password: \"Dad's birthday + the street number\" (per Mum).",
]


@pytest.mark.parametrize("text", RECIPES)
def test_a_quoted_recipe_is_kept(text: str) -> None:
    assert scrub(text).text == text


PASSPHRASES = [
    'Su contraseña es "el sol más brillante del año" desde marzo.',   # "más" without an article
    'The vault passphrase is "seven plus nine makes sixteen"',        # a join but no personal fact
    'Password: "my name is Inigo Montoya 1987"',                      # a fact but no join
]


@pytest.mark.parametrize("text", PASSPHRASES)
def test_quoted_passphrases_are_still_redacted(text: str) -> None:
    assert "[REDACTED:" in scrub(text).text
