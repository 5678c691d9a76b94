"""What names a credential's container or algorithm is kept; the credential itself is not (issue 15,
stop 34). The sentences are written for these tests, not taken from any evaluation file."""

from __future__ import annotations

import pytest

from memory.scrubbing import scrub


def _text(value: str) -> str:
    out = scrub(value)
    return getattr(out, "text", out)


@pytest.mark.parametrize("text", [
    "Marta guarda las contraseñas del club en KeePass, en el archivo «Club_Remo_2023.kdbx».",
    "The passwords live in vault.kdbx on the shared drive.",
    "Las claves de la tienda se guardan con bcrypt, nadie puede leerlas.",
    "Las contraseñas de la web del club se guardan con Argon2, así que nadie las ve.",
    "Passwords are hashed with Argon2id before they are stored.",
    "El token se firma con Ed25519.",
    "The example in the docs signs the token with the secret your-256-bit-secret.",
])
def test_a_container_an_algorithm_or_a_documented_placeholder_is_kept(text: str) -> None:
    assert _text(text) == text


@pytest.mark.parametrize(("text", "secret"), [
    ("La contraseña del archivo es Kp9!vaultZ2", "Kp9!vaultZ2"),
    ("password: Argon2-Mesa-77!", "Argon2-Mesa-77!"),
])
def test_a_credential_next_to_them_is_still_redacted(text: str, secret: str) -> None:
    assert secret not in _text(text)


@pytest.mark.parametrize("text", [
    "export SHOP_PASSWORD=$(op read op://tienda/web/password) antes de lanzar el script",
    "Último acceso 2025-11-02T08:15:00Z desde la oficina",
    "Last login 2025-11-02T08:15:00+01:00 from the office",
])
def test_a_command_substitution_or_a_timestamp_is_no_value_yet(text: str) -> None:
    assert _text(text) == text


def test_a_bare_date_given_as_a_password_is_still_redacted() -> None:
    assert "2025-11-02" not in _text("contraseña: 2025-11-02")
