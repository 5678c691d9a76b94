"""Twentieth secrets round (issue 15): ordinary strings of the classes the last authors' false
redactions belong to, and credential forms the probe found missing (see docs/privacy.md "Twentieth
secrets round"; no database). Made-up sentences, none from a corpus or a probe file."""

from __future__ import annotations

import pytest

from memory.scrubbing import scrub
from tests.memory.scrubbing.fakes import redacted as _redacted


# --- stand-ins: blanks, Spanish placeholder names, a control's name, a public identifier ---------

@pytest.mark.parametrize("text", [
    "Hoja de alta: nombre ______ contraseña: ______ (a bolígrafo).",
    "Registration card — login: ____ password: ________",
    "El manual dice contraseña=ESCRIBE_AQUÍ_TU_CONTRASEÑA antes de arrancar.",
    "clave=TU_CONTRASEÑA_DEL_CORREO en el .env de ejemplo",
    "Cómo recuperar la contraseña del banco: tocar «No recuerdo mi contraseña».",
    "To reset the password of the kiosk: tap \"I lost my password\".",
    "Twilio Account SID ACe41f7a09c3b25d86e0f14a9b7c3d2e61 goes on the support ticket.",
])
def test_ordinary_strings_of_the_twentieth_round_classes_are_kept(text: str) -> None:
    assert scrub(text).count == 0


@pytest.mark.parametrize(("text", "secret"), [
    ("contraseña: a___b9Kx", "a___b9Kx"),  # underscores inside a value: no blank
    ("password=CAMION_AZUL_77", "CAMION_AZUL_77"),  # an upper-case value that gives no instruction
    ("La contraseña es «Pino Azul Siete»", "Pino Azul Siete"),  # a quoted phrase that names no password
    ("Twilio API key SID SK0f4e2b9a7c1d38e5f6a0b9c2d7e1f4a3 for the SMS worker", "SK0f4e2b9a7c1d38e5f6a0b9c2d7e1f4a3"),
    ("Twilio auth token 0f4e2b9a7c1d38e5f6a0b9c2d7e1f4a3", "0f4e2b9a7c1d38e5f6a0b9c2d7e1f4a3"),
])
def test_look_alike_secrets_of_those_classes_are_still_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)


# --- vendor formats: age keys read wider, a framework's session cookie -------------------------

@pytest.mark.parametrize(("text", "secret"), [
    ("age key for the photo backups: AGE-SECRET-KEY-1" + "B1OI" * 14 + "XY", "AGE-SECRET-KEY-1" + "B1OI" * 14 + "XY"),
    ("Cookie copied from the browser: sessionid=9d2f61be07ac4e3f8b15c9a0d7e2f4b61c83a5de", "9d2f61be07ac4e3f8b15c9a0d7e2f4b61c83a5de"),
    ("curl -b 'PHPSESSID=k3v9q0l2m7n4p8r1s5t6u0w2x4; lang=es' https://intranet/", "k3v9q0l2m7n4p8r1s5t6u0w2x4"),
    ("JSESSIONID=A1B2C3D4E5F60718293A4B5C6D7E8F90.node1 en la cabecera", "A1B2C3D4E5F60718293A4B5C6D7E8F90.node1"),
])
def test_vendor_formats_of_the_twentieth_round_are_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)


@pytest.mark.parametrize("text", [
    "The app shows sessionid=expired when she comes back after lunch.",
    "PHPSESSID is the cookie PHP sets; sessionid is Django's.",
])
def test_a_session_word_without_a_cookie_value_is_kept(text: str) -> None:
    assert scrub(text).count == 0


# --- a password spelled in the spelling alphabet, without commas ------------------------------

@pytest.mark.parametrize(("text", "secret"), [
    ("Over the phone she spelled it: Hotel Four Tango Zulu Seven Mike", "Hotel Four Tango Zulu Seven Mike"),
    ("La clave del router, deletreada: kilo-tango-4-2-papa-x-ray", "kilo-tango-4-2-papa-x-ray"),
])
def test_a_password_in_the_spelling_alphabet_is_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)


@pytest.mark.parametrize("text", [
    "The kids recited Alpha Bravo Charlie Delta Echo Foxtrot for the radio badge.",
    "Mike and Victor flew Delta to Lima at seven on Sunday.",
    "Book club: Bravo Two Zero, then two four six eight ten twelve pages a night.",
])
def test_spelling_words_without_a_spelled_value_are_kept(text: str) -> None:
    assert scrub(text).count == 0


# --- the other abbreviations of "password" ----------------------------------------------------

@pytest.mark.parametrize(("text", "secret"), [
    ("psw del router de la oficina: Lx7-qq2r-M9", "Lx7-qq2r-M9"),
    ("pswd=Gr4nadaSol", "Gr4nadaSol"),
    ("pword for the tablet: cielo2020", "cielo2020"),
])
def test_abbreviated_password_labels_are_read(text: str, secret: str) -> None:
    assert _redacted(text, secret)


# --- a phrase given as a phrase ----------------------------------------------------------------

@pytest.mark.parametrize(("text", "secret"), [
    ("Boat wifi: network Gull-5G, passphrase 'seven gulls steal my fries' (no quotes).", "seven gulls steal my fries"),
    ("Para abrir el disco cifrado, Lola usa la frase «el tren azul llega tarde» siempre.", "el tren azul llega tarde"),
    ("His email password is the phrase orange kites over harbour (all lower case).", "orange kites over harbour"),
])
def test_a_phrase_given_as_the_value_is_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)


@pytest.mark.parametrize("text", [
    "The password is the phrase she uses for everything.",
    "La pista de la contraseña es la frase de la canción del verano.",
    "La clave del éxito es la frase «nunca te rindas jamás».",
    "Her favourite phrase is 'carpe diem quam minimum'.",
    "The passphrase 'not set yet' shows in the app.",
])
def test_a_phrase_that_is_no_value_is_kept(text: str) -> None:
    assert scrub(text).count == 0


# --- "clave" of a device or an account it opens; the doors of a building ------------------------

@pytest.mark.parametrize(("text", "secret"), [
    ("La clave del router de la casa del pueblo es 'golondrina' sin mayúsculas", "golondrina"),
    ("la clave del correo es pizarra.", "pizarra"),
    ("Código del portal 3318C, el de la derecha.", "3318C"),
    ("el código del trastero es 0472", "0472"),
])
def test_a_device_key_or_a_building_door_code_is_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)


@pytest.mark.parametrize("text", [
    "La clave del wifi es sencilla.",
    "La clave del wifi está en la pegatina del router.",
    "La clave del éxito es 'constancia'.",
    "La clave del banco es la misma de siempre.",
    "Código del portal: cambia el lunes.",
])
def test_a_device_key_or_a_door_code_word_without_a_value_is_kept(text: str) -> None:
    assert scrub(text).count == 0
