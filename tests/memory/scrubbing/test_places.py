"""Tests for memory.scrubbing.places: where a password is kept is not the password (no database)."""

from __future__ import annotations

import pytest

from memory.scrubbing import scrub


@pytest.mark.parametrize(
    "text",
    [
        "Guarda las claves del trabajo en 1Password, en la bóveda de la oficina.",
        "Keeps every password in Bitwarden, shared with her partner.",
        "Las contraseñas de casa están en KeePassXC desde 2021.",
        "Carpeta de contraseñas: Trabajo2024",
        "Password folder in 1Password: Finance-2024",
        "Vault name for the team passwords: Ops-Vault-7",
        "Nombre del llavero donde guarda las claves: Llavero-Casa-3",
        "Todas las claves de la familia en KeePass2, carpeta Casa.",
        "She keeps the passwords in Vault7 on the NAS.",
    ],
)
def test_a_password_manager_vault_folder_or_entry_name_is_kept(text: str) -> None:
    assert scrub(text).count == 0


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("Vault password: Gato-8526!", "Gato-8526!"),
        ("La contraseña de la bóveda Casa: Pino_77x", "Pino_77x"),
        ("Bitwarden master password: Qx9!mTr2zz", "Qx9!mTr2zz"),
        ("La clave de 1Password es Sol-2024!", "Sol-2024!"),
        ("1Password master password: Tq9!mZ2xLp", "Tq9!mZ2xLp"),
        ("1Password master: quartz hammock beetle winter salsa", "quartz hammock beetle winter salsa"),
        ("Clave del llavero: Llave_9921x", "Llave_9921x"),
        ("Las claves del router en casa: Rout3r!Casa", "Rout3r!Casa"),
    ],
)
def test_the_password_of_a_vault_or_manager_is_still_redacted(text: str, secret: str) -> None:
    assert secret not in scrub(text).text
