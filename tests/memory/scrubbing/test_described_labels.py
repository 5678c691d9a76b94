"""A label about a password (its hint, policy, format) does not state one (no database)."""

from __future__ import annotations

import pytest

from memory.scrubbing import scrub


@pytest.mark.parametrize(
    "text",
    [
        'The password hint is "first pet + year".',
        'La pista de la contraseña: "el perro y el año"',
        "Política de contraseñas: Mínimo-12",
        "Hint for the password: Perro+2019",
        'Password policy: "12 chars min, one symbol"',
        "Formato de la clave: Letras-4-Numeros-4",
    ],
)
def test_a_hint_policy_or_format_of_a_password_is_kept(text: str) -> None:
    assert scrub(text).count == 0


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ('Password is "orange kayak drifts slowly"', "orange kayak drifts slowly"),
        ("La contraseña de la cuenta de Ana: Pino_77x", "Pino_77x"),
        ("Contraseña del formulario de Hacienda: Renta#2024x", "Renta#2024x"),
        ('La contraseña nueva es "mi gato come pescado"', "mi gato come pescado"),
    ],
)
def test_a_password_after_an_ordinary_label_is_still_redacted(text: str, secret: str) -> None:
    assert secret not in scrub(text).text
