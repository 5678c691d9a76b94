"""A non-restrictive relative clause between the password word and "is" (fourteenth round,
``keywords``). Made-up sentences (no database)."""

from __future__ import annotations

import pytest

from memory.scrubbing import scrub


@pytest.mark.parametrize(("text", "secret"), [
    ("Her bank password, which she changed last week, is 'Tulip_Road42'.", "Tulip_Road42"),
    ("La contraseña del router, que le puso su hijo, es Cometa#7781.", "Cometa#7781"),
    ("The wifi key, that nobody remembers, was \"b4rnOwl!9\" until June.", "b4rnOwl!9"),
])
def test_a_value_after_a_relative_clause_is_redacted(text: str, secret: str) -> None:
    assert secret not in scrub(text).text


@pytest.mark.parametrize("text", [
    "The password, which is long, is stored in the vault.",
    "La contraseña, que caduca cada mes, es obligatoria para todos.",
    "His password, which he forgot again, is being reset by IT.",
])
def test_a_relative_clause_before_a_description_is_kept(text: str) -> None:
    assert scrub(text).text == text
