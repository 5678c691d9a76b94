"""Secrets recognised by their shape next to a label (memory/scrubbing/shapes.py) — sentences
written for these tests, not taken from the evaluation corpora."""

from __future__ import annotations

import pytest

from memory.scrubbing import scrub


@pytest.mark.parametrize(("text", "secret"), [
    ("Ledger backup for the savings wallet: orange violin quarter basket motor pencil "
     "rhythm clinic anchor velvet sunset gravel",
     "orange violin quarter basket motor pencil rhythm clinic anchor velvet sunset gravel"),
    ('Su contraseña del portátil es una frase entera, "mi perro salta charcos verdes".',
     "mi perro salta charcos verdes"),
    ("La clave del router es p 7 K z 2 W q 9, todo junto.", "p 7 K z 2 W q 9"),
    ("El pin del móvil es ocho-tres-uno-cero, no lo apuntes.", "ocho-tres-uno-cero"),
    ("curl -H 'Acme-Partner-Key: 9f3b7c1e5a2d8f4b6c0e9a1d' https://api.example.test",
     "9f3b7c1e5a2d8f4b6c0e9a1d"),
    ('nginx: proxy_set_header Authorization "Basic dXNlcjpQdzRMeDlLcTJN";', "dXNlcjpQdzRMeDlLcTJN"),
    ("Token in pieces so chat does not flag it: ghp_ 4Fq9 Zr2L x8Wm", "4Fq9 Zr2L x8Wm"),
    ("The storeroom door opens with 73-19-05 after hours.", "73-19-05"),
    ("the wifi password on the boat is still Kq7!pZ2wLr, change it", "Kq7!pZ2wLr"),
])
def test_a_secret_in_its_prose_shape_is_redacted(text: str, secret: str) -> None:
    out = scrub(text)
    assert secret not in out.text and out.count >= 1


@pytest.mark.parametrize("text", [
    "we walked along the river and then went home for a long quiet dinner with the whole family again",
    "Keys starting with sk_live_ must never be committed; the hook blocks them.",
    "Ruta del secreto en el vault: /equipo/produccion/base-de-datos, pedir acceso a Raúl.",
    '{"status": "ok", "trace_id": "trc_8QmZ2LxR4VtN9Wk3"}',
    'El lema del cartel es "la casa de todos", lo decidió el barrio.',
])
def test_ordinary_text_with_those_words_is_left_alone(text: str) -> None:
    assert scrub(text).count == 0


@pytest.mark.parametrize(("text", "secret"), [
    ("Our secret HMAC value for the payments callback is 9c41e07b2d5f8a63c0e4b7d19f2a5c68",
     "9c41e07b2d5f8a63c0e4b7d19f2a5c68"),
    ("Clave de 256 bits para cifrar los volcados nocturnos del CRM (en hex): "
     "e83b0c5d7a2f9146b8d3e0a7c5f2196d4b8e0a3c7f1d5e92b6a0c4d8e2f71a3b",
     "e83b0c5d7a2f9146b8d3e0a7c5f2196d4b8e0a3c7f1d5e92b6a0c4d8e2f71a3b"),
])
def test_hex_after_a_key_label_with_is_or_a_long_label_is_redacted(text: str, secret: str) -> None:
    out = scrub(text)
    assert secret not in out.text and out.count >= 1


@pytest.mark.parametrize("text", [
    "The key fingerprint of the release signer is 9c41e07b2d5f8a63c0e4b7d19f2a5c68.",
    "El token id de la sesión es 9c41e07b2d5f8a63c0e4b7d19f2a5c68, búscalo en los logs.",
])
def test_hex_after_a_key_label_that_names_a_digest_or_id_is_kept(text: str) -> None:
    assert scrub(text).count == 0


@pytest.mark.parametrize(("text", "secret"), [
    ("The phrase for the family vault is seven lanterns over the quiet harbour",
     "seven lanterns over the quiet harbour"),
    ("Frase del KeePass de casa: tres gatos pardos duermen al sol", "tres gatos pardos duermen al sol"),
    ("My master phrase (with the spaces) is amber trains never sleep tonight", "amber trains never sleep tonight"),
    ("Security phrase for the bank call: purple elephant", "purple elephant"),
])
def test_a_phrase_named_as_a_secret_or_by_what_it_unlocks_is_redacted(text: str, secret: str) -> None:
    out = scrub(text)
    assert secret not in out.text and out.count >= 1


@pytest.mark.parametrize("text", [
    "La frase del día en el móvil es carpe diem y sonríe",
    "The phrase on the laptop sticker is never give up on your dreams",
    "La frase del disco externo es la misma que la del portátil, pregúntale a Inés.",
    "The phrase of the song is hard to remember",
    "Phrase of the week: ship small, ship often",
])
def test_a_phrase_that_unlocks_nothing_is_kept(text: str) -> None:
    assert scrub(text).count == 0


@pytest.mark.parametrize(("text", "secret"), [
    ("P-W-D: s-E-a-L-9-!-k-2", "s-E-a-L-9-!-k-2"),
    ("Te paso la clave con puntos entre letras: m.4.R.-.q.Z.7.y — júntala tú.", "m.4.R.-.q.Z.7.y"),
    ("PIN del móvil: 4.8.2.1.9.0", "4.8.2.1.9.0"),
])
def test_characters_between_hyphens_or_dots_after_a_label_are_redacted(text: str, secret: str) -> None:
    out = scrub(text)
    assert secret not in out.text and out.count >= 1


@pytest.mark.parametrize("text", [
    "Version pinned to 1.2.3.4.5.6 for the token service.",
    "Token de Slack roto, ver el ticket A-B-C-D-E-F mañana.",
    "El código postal es 2-8-0-1-3 en Madrid.",
])
def test_separated_characters_without_a_label_are_kept(text: str) -> None:
    assert scrub(text).count == 0


@pytest.mark.parametrize("text", [
    'Tom says his password is "the usual one", nothing more.',
    'Dice que la contraseña es "la de siempre" y no la apunta.',
])
def test_a_vague_quoted_description_is_kept(text: str) -> None:
    assert scrub(text).text == text


def test_a_quoted_passphrase_of_ordinary_words_is_still_redacted() -> None:
    assert "purple monkey" not in scrub('his password is "purple monkey dishwasher"').text


# Thirteenth round: the label word may be part of a snake_case name.
@pytest.mark.parametrize("text", [
    "Sensor gateway: user garden, auth_key 3f9c2a7e1b4d8f6a0c5e9b2d7f1a4c8e, set by Iván.",
    "device_secret: 9b2e4f7a1c3d5e8f0a6b2c4d7e9f1a3b",
])
def test_hex_after_a_snake_case_label_is_redacted(text: str) -> None:
    assert "[REDACTED:secret]" in scrub(text).text


@pytest.mark.parametrize("text", [
    "cache_key 5d41402abc4b2a76b9719d911017c592 expired at noon.",
    "idempotency_key: 9b2e4f7a1c3d5e8f0a6b2c4d7e9f1a3b (safe to log)",
    "primary_key 1c3d5e8f0a6b2c4d7e9f1a3b9b2e4f7a in the orders table",
])
def test_hex_after_a_row_identifying_key_is_kept(text: str) -> None:
    assert scrub(text).text == text


# Thirteenth round: a quoted phrase named as the password's value, with no verb between.
@pytest.mark.parametrize(("text", "secret"), [
    ("Rocío puso de contraseña del portátil la frase «la luna baila con el mar» hace un mes.",
     "la luna baila con el mar"),
    ("For the family vault password Tom picked the sentence \"we met in Lisbon in May\" last year.",
     "we met in Lisbon in May"),
])
def test_a_quoted_phrase_named_as_the_password_is_redacted(text: str, secret: str) -> None:
    assert secret not in scrub(text).text


@pytest.mark.parametrize("text", [
    "La pista de la contraseña es la frase «mi primer perro» y nada más.",
    "The password screen shows the sentence \"Forgot your password?\" under the field.",
    "Contraseña en Bitwarden, en la entrada «Oficina – NAS Synology».",
])
def test_a_phrase_about_the_password_is_kept(text: str) -> None:
    assert scrub(text).text == text


# Thirteenth round: Spanish angle quotes delimit a quoted passphrase like straight or curly ones.
def test_a_passphrase_in_angle_quotes_is_redacted() -> None:
    text = "La clave maestra de 1Password es «sol de enero sobre la sierra»."
    assert "sol de enero" not in scrub(text).text


@pytest.mark.parametrize("text", [
    "La contraseña es «la de siempre», no la cambió.",
    "La pista de la contraseña es «mi primer perro».",
    "Contraseña del seguro en el llavero, entrada «Mapfre – hogar».",
])
def test_angle_quotes_that_describe_or_name_an_entry_are_kept(text: str) -> None:
    assert scrub(text).text == text


# Thirteenth round: "clave" as a key point before a quoted phrase.
@pytest.mark.parametrize("text", [
    "La clave del éxito, según Lola, es «constancia y café».",
    'La clave de la receta es "paciencia y buen aceite".',
])
def test_a_figurative_clave_before_a_quoted_phrase_is_kept(text: str) -> None:
    assert scrub(text).text == text


@pytest.mark.parametrize(("text", "secret"), [
    ("La clave del wifi de la casa rural es «el perro de san roque».", "el perro de san roque"),
    ("La clave maestra es «sol de enero sobre la sierra».", "sol de enero sobre la sierra"),
    ('La clave de Pablo es "mar y sal 2024".', "mar y sal 2024"),
])
def test_a_clave_naming_what_it_opens_keeps_its_phrase_redacted(text: str, secret: str) -> None:
    assert secret not in scrub(text).text
