"""Twenty-seventh secrets round (issue 15): ordinary strings of the classes the last authors' false
redactions belong to, the credentials of the classes they missed, and the credentials beside them
that must stay redacted (see docs/privacy.md "Twenty-seventh secrets round"; no database). Made-up
sentences, none from a corpus."""

from __future__ import annotations

import pytest

from memory.scrubbing import scrub
from tests.memory.scrubbing.fakes import redacted as _redacted


# --- a shell variable without braces stands for the value -------------------------------------------

@pytest.mark.parametrize("text", [
    "curl -X POST https://api.example.net/auth -d '{\"login\":\"ops\",\"password\":\"$ADMIN_PASSWORD\"}'",
    "export PGPASSWORD=$DB_PASS",
    "contraseña: $CLAVE_SMTP",
])
def test_an_upper_case_shell_variable_is_a_reference(text: str) -> None:
    assert scrub(text).count == 0


@pytest.mark.parametrize(("text", "secret"), [
    ("password: $ecret77xq", "$ecret77xq"),
    ("contraseña: $Mandarina2024", "$Mandarina2024"),
])
def test_a_password_that_opens_with_a_dollar_is_still_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)


# --- a multipart body's boundary is a public delimiter ----------------------------------------------

@pytest.mark.parametrize("text", [
    "Content-Type: multipart/form-data; boundary=----WebKitFormBoundaryQ8xLm2TzR4vKp9Wd",
    'content-type: multipart/mixed; boundary="Xk92LmQp7RtZ4Wc8Nb3Vy"',
])
def test_a_multipart_boundary_is_kept(text: str) -> None:
    assert scrub(text).count == 0


def test_a_random_token_beside_a_boundary_is_still_redacted() -> None:
    text = "Content-Type: multipart/form-data; boundary=abc123\nX-Upload-Token: Zq8Lm2TxR4vKp9WdHs7Y3nBc"
    assert _redacted(text, "Zq8Lm2TxR4vKp9WdHs7Y3nBc")


# --- a keypad's key named in words after a code's digits --------------------------------------------

@pytest.mark.parametrize(("text", "secret"), [
    ("Portal de la calle Pez: código de entrada 4817 seguido de almohadilla", "4817"),
    ("Storage unit gate code 6620 followed by the hash key.", "6620"),
])
def test_a_code_followed_by_a_keypad_key_in_words_is_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)


@pytest.mark.parametrize("text", [
    "El código de acceso 2024 seguido de la normativa nueva entra en vigor en marzo.",
    "Door code 1 followed by the manual reset is how the installer tests it.",
])
def test_a_number_followed_by_other_words_is_kept(text: str) -> None:
    assert scrub(text).count == 0


# --- "sobre" is an envelope only as a noun ------------------------------------------------------------

@pytest.mark.parametrize(("text", "secret"), [
    ("Para descifrar el VeraCrypt del archivo, Lucía teclea: nueve barcos sobre Mallorca", "nueve barcos sobre Mallorca"),
    ("To unlock the backup drive type: herons dance sobre Lisboa", "herons dance sobre Lisboa"),
])
def test_a_phrase_with_the_preposition_sobre_is_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)


@pytest.mark.parametrize("text", [
    "Para desbloquear el disco, usa: la que está en el sobre azul",
    "Para descifrar el zip escribe: sobre la mesa del salón",
])
def test_a_run_naming_the_envelope_is_kept(text: str) -> None:
    assert scrub(text).count == 0


# --- what one types to unlock a holder, in any form of the typing verb ---------------------------------

@pytest.mark.parametrize(("text", "secret"), [
    ("Para desbloquear el portátil de Inés hay que escribir «dos gatos miran la luna en 2011».",
     "dos gatos miran la luna en 2011"),
    ("Para descifrar la copia del NAS tienes que teclear \"verde limón bajo la lluvia\"", "verde limón bajo la lluvia"),
    ("To decrypt the backup drive she types: amber lantern river nine", "amber lantern river nine"),
])
def test_a_phrase_typed_to_unlock_a_holder_is_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)


@pytest.mark.parametrize("text", [
    "Para desbloquear el móvil hay que escribir «la contraseña que te mandé»",
    "To unlock the menu you have to type 'show all items'",
])
def test_a_typing_step_without_a_secret_is_kept(text: str) -> None:
    assert scrub(text).count == 0



# --- a network's key named by the network's kind ---------------------------------------------------------

@pytest.mark.parametrize(("text", "secret"), [
    ('La clave de la red VPN es "cafeconleche"', "cafeconleche"),
    ("Clave de la red wifi de invitados: tortilla", "tortilla"),
])
def test_the_key_of_a_network_named_by_its_kind_is_a_password(text: str, secret: str) -> None:
    assert _redacted(text, secret)


# --- a passphrase that reads as a short sentence after a network's key and a colon ----------------------

@pytest.mark.parametrize(("text", "secret"), [
    ("Clave de la red VPN del almacén: tres búhos duermen en Soria", "tres búhos duermen en Soria"),
    ("Office WPA2 key: seven owls sleep in Tromso", "seven owls sleep in Tromso"),
])
def test_a_sentence_passphrase_after_a_network_key_is_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)


@pytest.mark.parametrize("text", [
    "Wifi password: printed under the router box",
    "Contraseña del wifi: pregúntale a Jorge mañana temprano",
    "Clave de la red VPN: la tiene Marta en su móvil",
    "Password: ask Lucas in the office tomorrow",
])
def test_a_description_after_a_password_label_is_kept(text: str) -> None:
    assert scrub(text).count == 0


def test_a_clause_about_what_someone_does_with_the_password_is_kept() -> None:
    assert scrub("Clave de la red VPN de Tomás: él prefiere dictármela por teléfono siempre").count == 0
