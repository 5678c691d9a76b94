"""Twenty-third secrets round (issue 15): ordinary strings of the classes the last authors' false
redactions belong to, and credential forms they missed (see docs/privacy.md "Twenty-third secrets
round"; no database). Made-up sentences, none from a corpus."""

from __future__ import annotations

import pytest

from memory.scrubbing import scrub
from tests.memory.scrubbing.fakes import redacted as _redacted


# --- "login" names an account or a way in; its value is a password only when shaped like one -----

@pytest.mark.parametrize("text", [
    '{"password": null, "login": "oidc"} — usa el proveedor de la empresa.',
    "{'login': 'google', 'mfa': true}",
    'login: "marta.perez@example.org"',
])
def test_a_login_method_or_account_is_kept(text: str) -> None:
    assert scrub(text).count == 0


@pytest.mark.parametrize(("text", "secret"), [
    ('{"user": "ana", "login": "Tr3bol-44"}', "Tr3bol-44"),
    ("login: 'kiwi2024x'", "kiwi2024x"),
])
def test_a_credential_shaped_login_value_is_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)


# --- a noun of identity right before the password word: the key's identifier ----------------------

@pytest.mark.parametrize("text", [
    "Rotar la clave del servicio de correo antes del viernes (id clave: mail-prov-07)",
    "Token del CI caducado; ID token: ci-runner-12, pedir otro.",
    "nombre clave: tienda-online-2",
])
def test_an_identifier_labelled_by_the_key_word_is_kept(text: str) -> None:
    assert scrub(text).count == 0


@pytest.mark.parametrize(("text", "secret"), [
    ("la clave del servicio de correo: Mx7#prov-07", "Mx7#prov-07"),
    ("id: svc-07, clave: Tr3bol-44!", "Tr3bol-44!"),
])
def test_a_key_after_an_identifier_field_is_still_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)


# --- "clave" of a record (a shipment's tracking code, an order, a cadastral reference) -------------

@pytest.mark.parametrize("text", [
    '{"envio": "E-311", "clave_seguimiento": "RR481220917MX"}',
    "claveRastreo: LZ774102398ES",
    "CLAVE_CATASTRAL=4471809VK4747S0012LP",
    "La clave de rastreo es UA118273645CN, llega el martes.",
])
def test_a_record_code_named_clave_is_kept(text: str) -> None:
    assert scrub(text).count == 0


@pytest.mark.parametrize(("text", "secret"), [
    ("CLAVE_USUARIO=Tr3bol-44", "Tr3bol-44"),
    ("clave_wifi: Kiwi-2024x", "Kiwi-2024x"),
])
def test_a_person_or_device_clave_identifier_is_still_a_password(text: str, secret: str) -> None:
    assert _redacted(text, secret)


# --- a template's value that tells the reader to replace it, and when --------------------------------

@pytest.mark.parametrize("text", [
    "DJANGO_SECRET_KEY=CAMBIAR_ANTES_DE_DESPLEGAR",
    "api_key: replace-in-production",
    "password = 'SUSTITUIR_POR_LA_REAL'",
])
def test_an_instruction_to_replace_the_value_is_kept(text: str) -> None:
    assert scrub(text).count == 0


@pytest.mark.parametrize(("text", "secret"), [
    ("password=Change-Me-2024", "Change-Me-2024"),
    ("SECRET_KEY=replace9Xk2-prod", "replace9Xk2-prod"),
])
def test_a_value_with_digits_after_the_verb_is_still_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)


# --- a digest named by its algorithm, an ETag ---------------------------------------------------------

@pytest.mark.parametrize("text", [
    "Content-MD5: 9Xk2Lm7Qp3Rt8Vw1Zy4Hb6==",
    "x-amz-content-sha256: 9Xk2Lm7Qp3Rt8Vw1Zy4Hb6Nc5Df0Gj",
    'ETag: "W1xQz7Kp9RmT2vLc84HsN"',
    "SHA-256 del instalador: Ab3kP9xQ2mLr7Tz4Wc8Vn1Ys6Hd5Fg0J",
])
def test_a_digest_named_by_its_algorithm_is_kept(text: str) -> None:
    assert scrub(text).count == 0


@pytest.mark.parametrize(("text", "secret"), [
    ("HMAC-SHA256: Zx8Kq3Lm9Tp2Wr7Vn4Sb1YhQ6", "Zx8Kq3Lm9Tp2Wr7Vn4Sb1YhQ6"),
    ("webhook (sha256 signed) secret: Zx8Kq3Lm9Tp2Wr7Vn4Sb1YhQ6", "Zx8Kq3Lm9Tp2Wr7Vn4Sb1YhQ6"),
])
def test_a_keyed_mac_or_a_named_secret_is_still_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)


# --- a key its label calls public: "(pública)", a CAPTCHA's site key -----------------------------------

@pytest.mark.parametrize("text", [
    "La clave del sitio de hCaptcha para el formulario es 10000000-ffff-ffff-ffff-0000000001ab7Xq",
    "La clave del sitio de reCAPTCHA del blog es 6LdT3xQpAAAAAKm8Wn2Lq9Rz4Vc8Hb1Ys6Jd5Gf3",
    "La clave (pública) del widget del mapa es pk9Lm2Xq7Rt4Vw8Zy3Hb6Nc1",
])
def test_a_key_its_label_calls_public_is_kept(text: str) -> None:
    assert scrub(text).count == 0


@pytest.mark.parametrize(("text", "secret"), [
    ("La clave del sitio web del club es Tr3bol-44!x", "Tr3bol-44!x"),
    ("La clave secreta de reCAPTCHA del blog es 6LdT3xQpAAAAAKm8Wn2Lq9Rz4Vc8Hb1Ys6Jd5Gf3",
     "6LdT3xQpAAAAAKm8Wn2Lq9Rz4Vc8Hb1Ys6Jd5Gf3"),
])
def test_a_site_password_or_a_captcha_secret_is_still_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)


# --- a random-looking id in a share link's path ---------------------------------------------------------

@pytest.mark.parametrize("text", [
    "Encuesta: https://forms.example.org/f/Qm3vX8pL2tR7yK9wZ4cB?utm_medium=mail, contestad antes del lunes.",
    "the deck is at https://drive.example.com/file/d/1Zx8Kq3Lm9Tp2Wr7Vn4Sb1YhQ6/view",
])
def test_a_share_links_path_id_is_kept(text: str) -> None:
    assert scrub(text).count == 0


@pytest.mark.parametrize(("text", "secret"), [
    ("reset link with the token: https://app.example.com/r/Qm3vX8pL2tR7yK9wZ4cB", "Qm3vX8pL2tR7yK9wZ4cB"),
    ("https://api.example.net/bot7Qm3vX8pL2tR7yK9wZ4cB/sendMessage", "Qm3vX8pL2tR7yK9wZ4cB"),
    ("https://x.example.com/download?sig=Qm3vX8pL2tR7yK9wZ4cB", "Qm3vX8pL2tR7yK9wZ4cB"),
])
def test_a_credential_in_a_web_address_is_still_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)


# --- a password word inside a quoted prompt -------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "read -r -s -p 'Passphrase: ' PP; echo \"thanks a lot\"",
    "read -p 'Contraseña: ' CLAVE && echo \"recibida, gracias\"",
])
def test_a_prompts_label_takes_no_later_quote_as_its_value(text: str) -> None:
    assert scrub(text).count == 0


@pytest.mark.parametrize(("text", "secret"), [
    ("Ana's password: \"velvet7 harbour\"", "velvet7 harbour"),
    ("(see the note) Password: \"Tr3bol-44!x\"", "Tr3bol-44!x"),
])
def test_a_quoted_password_after_a_plain_label_is_still_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)


# --- a vendor token spelled out with spaces, its own hyphens among the characters --------------------

def test_a_spaced_token_with_spaced_hyphens_is_redacted() -> None:
    text = "bot token, spaced out: x o x b - 5 5 1 2 0 8 - Q m 3 v X 8 p L 2 t R 7, rotate it"
    assert "Q m 3 v" not in scrub(text).text


@pytest.mark.parametrize("text", [
    "Fila 7: a b c - d e f - g h i - j k l - m n o, la de siempre.",
    "s e c u r i t y - f i r s t is the motto",
])
def test_spaced_words_with_hyphens_are_kept(text: str) -> None:
    assert scrub(text).count == 0


# --- a mnemonic named by its BIP-39 length --------------------------------------------------------------

@pytest.mark.parametrize(("text", "secret"), [
    ("Her 12-word backup: harbor velvet candle mosaic tundra pillow orbit fable lantern quiver saddle ember",
     "harbor velvet candle mosaic"),
    ("Las 24 palabras: " + " ".join(["tigre", "mesa", "lluvia", "campo", "nube", "piedra"] * 4) + " (en la caja fuerte).",
     "tigre mesa lluvia campo"),
])
def test_a_mnemonic_named_by_its_length_is_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)


@pytest.mark.parametrize("text", [
    "The essay has a 12-word limit: keep it short and simple please",
    "Write the 12 words on paper, never in a photo.",
])
def test_a_word_count_without_a_mnemonic_is_kept(text: str) -> None:
    assert scrub(text).count == 0


# --- "@" written for "a" in a password; addresses keep theirs -------------------------------------

def test_an_at_sign_for_a_letter_inside_a_quoted_utterance_is_redacted() -> None:
    text = 'The wifi password, and I quote, "it\'s just Kiwi@Rana24, nothing fancy".'
    assert _redacted(text, "Kiwi@Rana24")


def test_an_at_sign_written_for_a_letter_keeps_a_credential_strong() -> None:
    assert _redacted("use Tr@mpolin9 when it asks for the password", "Tr@mpolin9")


@pytest.mark.parametrize("text", [
    "ssh Admin@Server01 then the password prompt appears",
    "the password reset went to Marta.R@example.org",
    'He said "the password is in the drawer, not on the fridge".',
])
def test_addresses_and_quoted_prose_are_kept(text: str) -> None:
    assert scrub(text).count == 0


# --- a password spelled with bare hyphens, ", then …", an article before a symbol's name -------------

def test_a_hyphen_spelled_password_read_on_with_then_is_redacted() -> None:
    text = "Vault password, spelled so nobody reads it: c-e-d-a-r, then four two, then a hash"
    assert "c-e-d-a-r" not in scrub(text).text and "four two" not in scrub(text).text


@pytest.mark.parametrize("text", [
    "Password rules: first a-b-c drills, then an easy quiz, then a long essay.",
    "The password manager sync runs at one-two-three, then an hour later.",
])
def test_hyphenated_prose_after_a_password_word_is_kept(text: str) -> None:
    assert scrub(text).count == 0
