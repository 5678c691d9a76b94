"""A password word, a short aside, then a colon/arrow/dash and a strong credential
(memory.scrubbing.prose; no database)."""

from __future__ import annotations

import pytest

from memory.scrubbing import scrub


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("Tomás uses the same password everywhere: Marigold*58 — we should talk about it.", "Marigold*58"),
        ("Password she reuses at work -> Lantern_42x", "Lantern_42x"),
        ("La contraseña que usa siempre Ana: Faro#2291, aunque se la pedí cambiar.", "Faro#2291"),
        ("Clave de todo su correo y banco — Gato-8526x", "Gato-8526x"),
        ("password in Slack: Qw3rty!Zx", "Qw3rty!Zx"),
    ],
)
def test_a_strong_password_after_an_aside_and_a_colon_is_redacted(text: str, secret: str) -> None:
    assert secret not in scrub(text).text


@pytest.mark.parametrize(
    "text",
    [
        "La huella de la clave pública del servidor es SHA256:q7Lm2Zx9Rt4Kp8WnKa9wTq",
        "Clave publicable de la tienda: pk_test_Ab12Cd34",
        "Password reset ticket for Ana: INC-2041a",
        "Password hint for the bank: Perro+2019",
        "Contraseña del usuario admin: usuario ana_g77",
        "Password manager entry for Gmail: Work/Gmail-2",
        "Password expiry date for the VPN: 2025-03-01",
        "Clave de usuario en el sistema: ana.g_77",
    ],
)
def test_a_value_the_aside_makes_something_else_is_kept(text: str) -> None:
    assert scrub(text).count == 0


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("My bank password — the one I always forget — is Q7!harbor2", "Q7!harbor2"),
        ("Su contraseña – la del banco, no la del correo – es Faro#2291x", "Faro#2291x"),
    ],
)
def test_a_password_after_an_aside_between_dashes_is_redacted(text: str, secret: str) -> None:
    assert secret not in scrub(text).text


@pytest.mark.parametrize(
    "text",
    ["Password — as usual — is stored in the vault", "La contraseña – eso dice ella – es demasiado corta",
     "My password — she laughed — is not something I share"],
)
def test_prose_after_an_aside_between_dashes_is_kept(text: str) -> None:
    assert scrub(text).count == 0


@pytest.mark.parametrize(
    ("text", "secret"),
    [("Login del router -> admin / Salon!8821", "Salon!8821"), ("Credentials for the NAS → root / Nas#2291x", "Nas#2291x")],
)
def test_user_and_password_after_an_arrow_lose_the_password(text: str, secret: str) -> None:
    assert secret not in scrub(text).text


@pytest.mark.parametrize(("text", "secret"), [
    ("Para el portátil de la abuela: usuario rosa y la contraseña, que eligió mi primo, gatoPersaBlanco.", "gatoPersaBlanco"),
    ("The shared inbox still uses the old password, Q7!harbour-lamp, until Friday.", "Q7!harbour-lamp"),
    ("La clave del router, la que viene en la pegatina, Xk4-mirlo-88, no la hemos cambiado.", "Xk4-mirlo-88"),
])
def test_a_password_in_apposition_after_an_aside_is_redacted(text: str, secret: str) -> None:
    """Fifteenth round: the value set off by commas after the label, no verb."""
    assert secret not in scrub(text).text


@pytest.mark.parametrize("text", [
    "La contraseña, que es muy larga, caduca mañana.",
    "The password, which I forgot again, was reset by WhatsApp support.",
    "Cambió la contraseña, otra vez, porque Microsoft lo pidió.",
])
def test_a_comma_aside_after_a_password_word_without_a_value_is_kept(text: str) -> None:
    assert scrub(text).text == text
