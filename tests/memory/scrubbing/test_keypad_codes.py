"""Keypad codes (thirteenth round, ``codes``): a value written with a keypad's keys — digits
between ``#``/``*``, or closed by ``#`` — is an access code after a code word. Made-up sentences
(no database)."""

from __future__ import annotations

import pytest

from memory.scrubbing import scrub

KEYPAD_CODES = [
    ("Cancela de la finca: código 7#3#9#1, y la empujas.", "7#3#9#1"),
    ("Shed behind the barn — code 4417#, then lift the handle.", "4417#"),
    ("El código del trastero es 6*0*2*8 desde el lunes.", "6*0*2*8"),
]


@pytest.mark.parametrize(("text", "secret"), KEYPAD_CODES)
def test_a_keypad_code_is_redacted(text: str, secret: str) -> None:
    assert secret not in scrub(text).text


ORDINARY = [
    "Para ver el saldo marca el código *133# en el móvil.",   # a USSD code opens nothing
    "Issue #4417 has the code review, see PR 2291.",
    "Código de producto 4417, color gris.",                  # no keypad key, no access object
    "Hashtag of the event: #2580, in the code of conduct.",
]


@pytest.mark.parametrize("text", ORDINARY)
def test_numbers_without_keypad_keys_or_access_are_kept(text: str) -> None:
    assert scrub(text).text == text


# Thirteenth round: after a PIN label's colon, "now is"/"ahora es" before the value.
@pytest.mark.parametrize(("text", "secret"), [
    ("Le cambié el PIN al móvil: ahora es 5830.", "5830"),
    ("Changed the alarm code again: now it's 7719.", "7719"),
])
def test_a_value_after_a_colon_and_now_is_is_redacted(text: str, secret: str) -> None:
    assert secret not in scrub(text).text


# Fourteenth round: a keypad key between digit groups; a number of the label phrase that belongs to
# an address; a code word after a heading's colon, the heading naming the lock.
@pytest.mark.parametrize(("text", "secret"), [
    ("Código del portero de la calle Mayor 14: 31#774, luego empujar.", "31#774"),
    ("Código del garaje de Avenida Sol 27: 4410*62.", "4410*62"),
    ("Key safe at the cottage, left of the door: code 7-2-9-5.", "7-2-9-5"),
    ("Candado de la bici del trastero: code 0-4-8-1", "0-4-8-1"),
])
def test_keypad_groups_and_headed_codes_are_redacted(text: str, secret: str) -> None:
    assert secret not in scrub(text).text


@pytest.mark.parametrize("text", [
    "Release notes for the summer: code 2024 freeze starts Monday.",
    "Calle Mayor 14: code 2291 is the postal district, not a door.",
])
def test_a_heading_that_names_no_lock_binds_no_code(text: str) -> None:
    assert scrub(text).text == text
