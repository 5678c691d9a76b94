"""Thirteenth round (``keywords``): a change of state states a password ("became", "pasó a ser"),
"is just"/"es solo" before it, and a Wi-Fi network's key by its standard's names (WPA/WPA2 key,
network security key, clave de red). Made-up sentences (no database)."""

from __future__ import annotations

import pytest

from memory.scrubbing import scrub

STATED = [
    ("After the audit the shop's admin password became Rojo&Negro_2025.", "Rojo&Negro_2025"),
    ("La contraseña del portal pasó a ser Mimbre.Azul41 en enero.", "Mimbre.Azul41"),
    ("his password is literally just Ilovemydog7", "Ilovemydog7"),
    ("The WPA2 key for the barn router is GranjaFeliz2024", "GranjaFeliz2024"),
    ("Network security key: Huerto_Norte_88", "Huerto_Norte_88"),
    ("La clave de red del taller es Tornillo4Llave", "Tornillo4Llave"),
]


@pytest.mark.parametrize(("text", "secret"), STATED)
def test_the_stated_value_is_redacted(text: str, secret: str) -> None:
    assert secret not in scrub(text).text


KEPT = [
    "Her password became a running joke in the office.",
    "The network key exchange uses ECDH, see RFC 8422.",
    "La clave de red es la que viene en la pegatina del router.",
    "Password is just a word here, the docs say.",
]


@pytest.mark.parametrize("text", KEPT)
def test_talk_about_them_is_kept(text: str) -> None:
    assert scrub(text).text == text
