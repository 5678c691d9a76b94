"""A passphrase of plain words after a long or master password's label (fourteenth round,
``long_labels``). Made-up sentences (no database)."""

from __future__ import annotations

import pytest

from memory.scrubbing import scrub


@pytest.mark.parametrize(("text", "secret"), [
    ("Lena's master password for 1Password is velvet harbour cinnamon kite 7 — keep it offline.",
     "velvet harbour cinnamon kite 7"),
    ("Contraseña maestra del portátil de Íñigo: perros azules comen sandía los domingos",
     "perros azules comen sandía los domingos"),
    ("Contraseña larga del router de Pilar: siempre canta el gallo en mayo", "siempre canta el gallo en mayo"),
    ("His long password for the NAS is purple tractors never sleep twice.", "purple tractors never sleep twice"),
])
def test_a_passphrase_after_a_master_or_long_password_is_redacted(text: str, secret: str) -> None:
    assert secret not in scrub(text).text


@pytest.mark.parametrize("text", [
    "His master password is stored in the emergency kit at his mother's house.",
    "The master password is the one she uses for the bank and the mail.",
    "La contraseña maestra es obligatoria desde el lunes para todo el equipo.",
    "Her long password is hard to type on the TV remote with the arrows.",
    "Master password tips for the team: use four random words and a number.",
    "La contraseña larga de Ana: pídesela a su hermana cuando vuelva de viaje.",
])
def test_talk_about_a_master_password_is_kept(text: str) -> None:
    assert scrub(text).text == text
