"""Eighteenth secrets round (issue 15): the hand-over frames of ``memory.scrubbing.handover`` (see
docs/privacy.md "Eighteenth secrets round (stop 33)"; no database). Made-up sentences, none from a
corpus or a probe file."""

from __future__ import annotations

import pytest

from memory.scrubbing import scrub


def _redacted(text: str, secret: str) -> bool:
    return secret not in scrub(text).text


# --- a password sentence's credential, wherever it stands ---------------------------------------

@pytest.mark.parametrize(("text", "secret"), [
    ("Marta reuses her password everywhere, which is Lentil#Drum40 - not great.", "Lentil#Drum40"),
    ("Oak7!Ferry — that's the garage tablet password.", "Oak7!Ferry"),
    ("Brasa_Lenta63, esa es la contraseña del portátil viejo.", "Brasa_Lenta63"),
    ("They set the kiosk password as Otter$Bell22 — remind them to change it.", "Otter$Bell22"),
    ("Para la tele del salón he dejado la contraseña en Canela8_Puerto.", "Canela8_Puerto"),
    ("When it asks for the password just type Walnut5&Ring.", "Walnut5&Ring"),
    ("His bank password, \"mossygate81\", is the same one he uses for email.", "mossygate81"),
    ("pw written backwards: 7741-ognaM", "7741-ognaM"),
])
def test_a_credential_in_a_password_sentence_is_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)


@pytest.mark.parametrize("text", [
    "The guest network is called Atico_Sur_5G; the password is taped under the router.",
    "Nombre de la red: Patio-Norte-2G (la contraseña la tiene el casero).",
    "Use 'letmein99' as an example of a weak password in the slides.",
    "The password policy changed in v2.14-rc1 to require 16 characters.",
    "Her password manager makes 24-character passwords, IT is fine with that.",
    "Clave pública SSH del portátil de Irene: ssh-ed25519 para el servidor nuevo.",
    "aws ssm get-parameter --name app/db-password --region ap-south-2",
    "Ticket HLP-8812b: user jdoe_77x cannot reset his password.",
    "The password is with Aurora, ask her tomorrow.",
])
def test_talk_about_passwords_without_one_is_kept(text: str) -> None:
    assert scrub(text).count == 0
