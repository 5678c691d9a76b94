"""Eighteenth secrets round (issue 15): the hand-over frames of ``memory.scrubbing.handover`` (see
docs/privacy.md "Eighteenth secrets round (stop 33)"; no database). Made-up sentences, none from a
corpus or a probe file."""

from __future__ import annotations

import pytest

from memory.scrubbing import scrub
from tests.memory.scrubbing.fakes import scrub_growth
from tests.memory.scrubbing.fakes import redacted as _redacted


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


# --- a lock's code by what is done with it ---------------------------------------------------------

@pytest.mark.parametrize(("text", "secret"), [
    ("Alarma del trastero: se desactiva con el código 60317 al entrar.", "60317"),
    ("For the storage unit, use 8342 on the padlock.", "8342"),
    ("Disarm the alarm with 8342 when you arrive.", "8342"),
    ("Teclea 5529 en el portero y empuja fuerte.", "5529"),
    ("4490, ese es el código de la puerta del patio.", "4490"),
])
def test_digits_keyed_into_a_named_lock_are_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)


@pytest.mark.parametrize("text", [
    "Dial 3307 from any desk phone to reach the helpdesk.",
    "The door of room 4412 sticks; call maintenance.",
    "Use 2025 as the year on the card form, not 2024.",
    "Marca 112 si la alarma no para.",
    "Código de error 5081 en el cajero, tarjeta retenida.",
])
def test_numbers_near_a_lock_that_are_no_code_are_kept(text: str) -> None:
    assert scrub(text).count == 0


# --- a mistyped AWS access key ID ------------------------------------------------------------------

def test_an_access_key_id_with_a_character_lost_is_redacted() -> None:
    key = "AKIA" + "Q7ZL2MX9TR4KP8W"  # fifteen after the prefix: one short of the format
    out = scrub("key id from the old wiki: " + key)
    assert key not in out.text and "aws_access_key" in out.redactions


def test_a_fullwidth_access_key_id_with_a_character_lost_is_redacted() -> None:
    key = "".join(chr(ord(c) + 0xFEE0) for c in "AKIA" + "Q7ZL2MX9TR4KP8W")
    assert _redacted("scanned from a PDF: " + key, key)


def test_an_upper_case_word_starting_with_akia_needs_a_digit() -> None:
    assert scrub("AKIAABCDEFGHIJKLMNOP").count == 0


# --- a secret-named key and its value as quoted arguments ---------------------------------------

_VALUE = "7c1e" + "9a40b2d6" + "f3385e7a" + "c0d41b96"


@pytest.mark.parametrize("text", [
    'settings.put("signingKey", "%s")' % _VALUE,
    '<add key="PaymentSecret" value="%s" />' % _VALUE,
])
def test_a_secret_named_argument_pair_is_redacted(text: str) -> None:
    assert _redacted(text, _VALUE)


@pytest.mark.parametrize("text", [
    'cache.put("cacheKey", "%s")' % _VALUE,
    '<add key="PartitionKey" value="%s" />' % _VALUE,
    '<add key="ApiKeyName" value="orders_service_v2" />',
])
def test_a_public_key_name_or_plain_value_is_kept(text: str) -> None:
    assert scrub(text).count == 0


def test_a_sentence_of_many_password_words_scrubs_in_linear_time() -> None:
    # Each token looks up its nearest password word by bisection: a scan per token was quadratic
    # (about 2 s on 6,000 words). Four times the words: about four times the time when linear.
    small, large = scrub_growth(lambda n: "password " * n, scrub, small=1500)
    assert large < 9 * small, (small, large)


def test_a_keyword_is_no_password_in_the_sentence_frame() -> None:
    """"palabra clave" is a keyword (a search or code word), not a password, as keywords.py has long
    decided; the sentence frame read "clave" alone and redacted the value before it (found by the
    erasure tests' marker in the full suite of stop 33)."""
    assert scrub("Girasol-T4 es su palabra clave del proyecto").redactions == ()
    assert scrub("Girasol-T4 es su clave del wifi").redactions == ("password",)
