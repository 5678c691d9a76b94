"""Tests for memory.scrubbing.stand_ins: values that stand for a secret without being one (no
database). Made-up sentences, none from a corpus."""

from __future__ import annotations

import pytest

from memory.scrubbing import scrub
from memory.scrubbing.fields import scrub_value
from memory.scrubbing.stand_ins import is_stand_in

MASKED_AFTER_A_LABEL = [
    "The log shows `password=[FILTERED]`, so the filter works.",
    "contraseña: [FILTRADO] en el volcado",
    "token=%5BFILTERED%5D in the access log",
    "password=[PROTECTED]",
    "api_key=[SANITIZED]",
    "Password: ********",
    "contraseña: ***",
    "La clave es ●●●●●●●● (la app la oculta)",
    "client_secret=****abcd",
    "token: sk_live_****************1234",
    "Password: ▒▒▒▒▒▒",
    "TWILIO_ACCOUNT_SID=AC" + "x" * 32,
]


@pytest.mark.parametrize("text", MASKED_AFTER_A_LABEL)
def test_a_masked_value_after_a_label_is_kept(text: str) -> None:
    assert scrub(text).text == text


def test_a_masked_value_under_a_secret_key_is_kept_and_a_real_one_is_not() -> None:
    clean, count = scrub_value({"password": "[FILTERED]", "token": "****", "api_key": "Zx8Kq3Lm9Tp2Wr7Vn4Sb"})
    assert (clean["password"], clean["token"], count) == ("[FILTERED]", "****", 1)
    assert clean["api_key"].startswith("[REDACTED:")


@pytest.mark.parametrize("value", [
    "Gato***2024",            # more than four characters left visible
    "***secretito2024***",
    "filtrada2024",
    "Filtered#2024",
    "xX_Dragon_Xx99",
])
def test_a_value_that_shows_more_than_a_mask_is_no_stand_in(value: str) -> None:
    assert not is_stand_in(value)
    assert value not in scrub(f"password: {value}").text


@pytest.mark.parametrize("value", ["k*P3*x", "2S***v", "Ed***9S", "ON***x_5"])
def test_single_mask_symbols_or_characters_on_both_sides_are_no_mask(value: str) -> None:
    assert not is_stand_in(value)
