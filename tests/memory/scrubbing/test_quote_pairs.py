"""A password label inside a quoted prompt is no statement (thirteenth round, ``measures.closes_a_quote``):
the quote after its colon closes the prompt, it opens no value. Made-up sentences (no database)."""

from __future__ import annotations

import pytest

from memory.scrubbing import scrub
from memory.scrubbing.measures import closes_a_quote

PROMPTS = [
    'read -s -p "Password: " DBPW && psql -U ops -W "$DBPW" shop  # asks, stores nothing',
    'El script hace input("Contraseña: ") y luego compara con el hash guardado',
    'echo "Enter passphrase: " then `read -s PHRASE` in the wrapper',
]


@pytest.mark.parametrize("text", PROMPTS)
def test_a_prompt_text_is_kept(text: str) -> None:
    assert scrub(text).text == text


STATED = [
    'read -p "User: " U; password="Kq7!mWz2pL"  # the second quote pair opens a value',
    'Config line: "db_password": "Kq7!mWz2pL"',
    'Su contraseña es "caballo verde salta alto" desde ayer.',
]


@pytest.mark.parametrize("text", STATED)
def test_a_quoted_value_after_a_closed_string_is_still_redacted(text: str) -> None:
    assert "[REDACTED:" in scrub(text).text


def test_closes_a_quote_counts_only_straight_quotes() -> None:
    text = 'a "b" "c'
    assert (closes_a_quote(text, 2), closes_a_quote(text, 4), closes_a_quote(text, 6)) == (False, True, False)
    assert not closes_a_quote("it's “x” 'y'", 9)
