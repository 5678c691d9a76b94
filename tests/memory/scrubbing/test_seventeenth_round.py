"""Seventeenth secrets round (issue 15): the frames and the false-redaction classes of
docs/privacy.md "Seventeenth secrets round (stop 33)" (no database). Made-up sentences, none from a
corpus; values are assembled from pieces so the source holds no literal token."""

from __future__ import annotations

import pytest

from memory.scrubbing import scrub
from tests.memory.scrubbing.fakes import redacted as _redacted

_HEX = "9f3a1c7e2b8d4f60a5e1c3b7d9f2a4c6"


# --- Mailgun: the 32-8-8 hex key with no prefix ---------------------------------------------------

_MAILGUN = _HEX + "-" + _HEX[3:11] + "-" + _HEX[12:20]


@pytest.mark.parametrize("text", [
    '{"provider": "acme", "key": "%s"}' % _MAILGUN,
    "send it with %s please" % _MAILGUN,
])
def test_mailgun_key_without_a_prefix_is_redacted_as_mailgun(text: str) -> None:
    out = scrub(text)
    assert _MAILGUN not in out.text and "mailgun_key" in out.redactions


@pytest.mark.parametrize("text", [
    "request %s-%s-%s-%s-%s failed" % (_HEX[:8], _HEX[8:12], _HEX[12:16], _HEX[16:20], _HEX[:12]),
    "build %s-%s" % (_HEX + _HEX[:8], _HEX[:8]),
])
def test_other_hex_groupings_are_not_mailgun_keys(text: str) -> None:
    assert "mailgun_key" not in scrub(text).redactions


# --- hex after a label: a quoted value (JSON, YAML, INI), a value on the label's next line ---------

@pytest.mark.parametrize("text", [
    '{"device": "thermo-9", "auth_key": "%s"}' % _HEX,
    "auth-key: '%s'" % _HEX.upper(),
    "license key\n%s" % _HEX,
])
def test_hex_after_a_key_label_quoted_or_on_the_next_line_is_redacted(text: str) -> None:
    assert _redacted(text, _HEX) and _redacted(text, _HEX.upper())


@pytest.mark.parametrize("text", [
    '{"cache_key": "%s"}' % _HEX,
    '{"public_key_fingerprint": "%s"}' % _HEX,
    "rotate the key\ncommit %s" % (_HEX + _HEX[:8]),
])
def test_quoted_hex_after_an_identifying_or_public_label_is_kept(text: str) -> None:
    assert scrub(text).text == text


# --- password in prose: a dash that opens "it's", a long bracketed aside ----------------------------

@pytest.mark.parametrize(("text", "secret"), [
    ("She finally sent me the alarm app password — it's Plover_ridge_42 — so I can arm it.", "Plover_ridge_42"),
    ("La contraseña del portátil — es Almendro7_sur — no la cambies.", "Almendro7_sur"),
    ("Tom's backup password (he keeps it on a card in his wallet, next to the receipts) is Walnut$Ferry.",
     "Walnut$Ferry"),
    ("La contraseña del NAS (la apuntó en un pósit, cómo no, junto al router) es Brezo!Sur31.", "Brezo!Sur31"),
])
def test_password_after_a_dash_statement_or_a_long_aside_is_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)


@pytest.mark.parametrize("text", [
    "I told her the password — it's written on the card in the drawer — so she can log in.",
    "The password (changed after the audit, as the policy requires) is stored in the vault.",
    "La contraseña — es larga, eso sí — está en el gestor de la empresa.",
])
def test_talk_about_a_password_around_a_dash_or_an_aside_is_kept(text: str) -> None:
    assert scrub(text).text == text


# --- PIN: a lock that "has" its code, a PIN set off after an aside ----------------------------------

@pytest.mark.parametrize(("text", "secret"), [
    ("El lockbox del chalet tiene code 5307, check-in after 3pm.", "5307"),
    ("The lockbox at the cabin has code 8163, check-in after 4.", "8163"),
    ("El pin de la tarjeta del abuelo, por si hace falta, 3861.", "3861"),
])
def test_a_lock_that_has_its_code_and_a_pin_after_an_aside_are_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)


@pytest.mark.parametrize("text", [
    "The lockbox has room for 2 keys and a fob.",
    "La caja de llaves tiene que tener un código de 4 cifras.",
    "El pin del móvil, por si acaso, 1952 fue el año en que lo compró.",
    "The key safe has code 4 digits long.",
])
def test_a_lock_described_and_a_year_after_a_pin_aside_are_kept(text: str) -> None:
    assert scrub(text).text == text


# --- obfuscated: a password read out character by character, or written as a concatenation ----------

@pytest.mark.parametrize(("text", "secret"), [
    ('She read it out: "capital W, three, lowercase k, at sign, pee, pee, eight".',
     "capital W, three, lowercase k, at sign, pee, pee, eight"),
    ("Me la dictó: ere mayúscula, cinco, jota, arroba, cero, equis.", "ere mayúscula, cinco, jota, arroba, cero, equis"),
    ("Over the phone: Kilo, Four, Echo, Romeo, Nine, Lima.", "Kilo, Four, Echo, Romeo, Nine, Lima"),
    ("La contraseña de Iker es Gaviota + 'Azul' + 1987, todo junto.", "Gaviota + 'Azul' + 1987"),
    ("admin pw = 'Pino' + '#' + '2025'", "'Pino' + '#' + '2025'"),
])
def test_dictated_and_concatenated_passwords_are_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)


@pytest.mark.parametrize("text", [
    "She counted them: one, two, three, four, five, six, seven.",
    "Grades this term: A, B, B, C, A, A, B.",
    "The spelling alphabet starts Alpha, Bravo, Charlie, Delta, Echo, Foxtrot.",
    "Los puestos: uno, dos, tres, cuatro, cinco y seis.",
    "Seats 4, 7, 9, 12 and 15 are taken.",
    "La contraseña es su nombre más el año de nacimiento.",
    "Sumamos 120 + 45 + 30 y da 195 euros.",
    "The password length is 8 + the number of special characters.",
])
def test_counts_lists_and_recipes_are_kept(text: str) -> None:
    assert scrub(text).text == text


# --- false redactions: a YAML tag, an OpenPGP key ID, a key-value record, a password manager -------

@pytest.mark.parametrize("text", [
    "db_password: !vault |\n  $ANSIBLE_VAULT;1.1;AES256",
    "wifi_password: !secret wifi_password",
    "MasterUserPassword: !Ref DBPasswordParam",
    "git config --global user.signingkey 3AA5C34371567BD2",
    "Her GPG signing key: 0x4F2A9C1D8E7B6A55",
    '{"clave": "modo_compacto", "valor": false}',
    '[{"clave": "idioma_ui", "valor": "es"}]',
    "En el gestor de contraseñas del equipo, la entrada se llama Proveedores/Hosting-2026.",
    "Our passwords manager folder for the lab is called Lab-Shared-2025.",
])
def test_references_public_key_ids_record_keys_and_manager_names_are_kept(text: str) -> None:
    assert scrub(text).text == text


@pytest.mark.parametrize(("text", "secret"), [
    ("db_password: !Tulip7_harbor", "!Tulip7_harbor"),
    ("signing_key = 9c2b7e41d0a35f86 for the webhooks", "9c2b7e41d0a35f86"),
    ('{"clave": "Ardilla_Roja_77"}', "Ardilla_Roja_77"),
    ("En el gestor de contraseñas, mi contraseña maestra es Otoño#Faro62.", "Otoño#Faro62"),
])
def test_real_values_near_those_labels_are_still_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)


# --- an identifier's noun right before the value: the field's id, not the password ------------------

@pytest.mark.parametrize("text", [
    "El campo password del formulario tiene el id login-form-pw2.",
    "The password input on the signup page has the name new_pw_1.",
])
def test_a_fields_identifier_after_a_password_word_is_kept(text: str) -> None:
    assert scrub(text).text == text


def test_a_password_after_an_aside_naming_an_id_is_still_redacted() -> None:
    assert _redacted("The password for user id 4411 is Gannet7$Lowland.", "Gannet7$Lowland")
