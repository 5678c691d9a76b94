"""Thirtieth secrets round (issue 15): the classes of the sixty-fifth and sixty-sixth readings' open
cases — credentials the scrubber missed and ordinary strings it redacted (see docs/privacy.md
"Thirtieth secrets round"; no database). Made-up sentences, none from a corpus."""

from __future__ import annotations

import string

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memory.scrubbing import scrub
from memory.scrubbing.other_values import TEST_CARDS, other_value
from tests.memory.scrubbing.fakes import kept as _kept
from tests.memory.scrubbing.fakes import redacted as _redacted

_SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# --- a design colour in a text about colour ------------------------------------------------------------

@_SETTINGS
@given(st.sampled_from([3, 4, 6, 8]).flatmap(lambda n: st.text(alphabet="0123456789abcdefABCDEF", min_size=n, max_size=n)),
       st.sampled_from(["El color del botón de login: #{v}, hover #27ae60.",
                        "Password field border colour: #{v}.",
                        "La clave del tema oscuro: fondo #{v}."]))
def test_a_hex_colour_in_a_text_about_colour_is_kept(value: str, frame: str) -> None:
    text = frame.format(v=value)
    start = text.index("#" + value)
    assert other_value(text, start, start + len(value) + 1)


def test_a_hex_run_with_no_colour_word_stays_a_password() -> None:
    assert _redacted("Mi contraseña del portal: #2ecc71", "#2ecc71")
    assert _kept("El color del botón de login de Gabriel: #2ecc71, hover #27ae60.")


# --- a password hash in the modular crypt format --------------------------------------------------------

_CRYPT_ALPHABET = string.ascii_letters + string.digits + "./"


@_SETTINGS
@given(st.text(alphabet=_CRYPT_ALPHABET, min_size=53, max_size=53), st.sampled_from(["2a", "2b", "2y"]))
def test_a_bcrypt_hash_named_as_a_hash_is_kept(body: str, variant: str) -> None:
    text = f"Hash de la contraseña en la base de datos (bcrypt, no es la clave): ${variant}$12${body}"
    assert _kept(text)


@pytest.mark.parametrize("text", [
    "password_hash for ana: $argon2id$v=19$m=65536,t=3,p=4$c2FsdHNhbHRzYWx0$Qm9ndXNIYXNoVmFsdWVGb3JUZXN0czEyMzQ",
    "The shadow entry: root:$6$Xq3LmP9a$Wk2Jd8Rt5Vn1Yh7Cz4Fb6Gp0Ls3Qa9Ue2Mx5Nr8Tb1Kd4Hf7Jg0Lp3Zs6Wq9Ec2Vb5Ny8:19700:0:99999:7:::",
])
def test_other_crypt_formats_named_as_hashes_are_kept(text: str) -> None:
    assert _kept(text)


def test_a_crypt_shaped_value_without_a_word_for_hashing_stays_a_password() -> None:
    value = "$2b$12$" + "Kq9s8Lr3Tz1Wp5Nv7Xy0QeOa4Bc6Hd2Fj8Gs1Ak3Pe5Ru7Tw9Ym"
    assert _redacted(f"La contraseña del panel: {value}", value)


def test_a_password_next_to_a_hash_is_still_redacted() -> None:
    text = "bcrypt hash $2b$12$Kq9s8Lr3Tz1Wp5Nv7Xy0QeOa4Bc6Hd2Fj8Gs1Ak3Pe5Ru7Tw9Ym; the password is Pl4ta-Verde-91"
    assert _redacted(text, "Pl4ta-Verde-91")


# --- a published test card and its companions -----------------------------------------------------------

def _grouped(card: str) -> str:
    return " ".join(card[i:i + 4] for i in range(0, len(card), 4))


@_SETTINGS
@given(st.sampled_from(sorted(TEST_CARDS)), st.integers(min_value=100, max_value=9999),
       st.sampled_from(["Stripe docs test card para Laura: {card}, exp 12/34, CVC {cvc} (sólo modo test).",
                        "Sandbox card {card} with CVV {cvc}, any future date.",
                        "Tarjeta de prueba {card}, código de seguridad {cvc}."]))
def test_the_code_beside_a_published_test_card_is_kept(card: str, cvc: int, frame: str) -> None:
    assert _kept(frame.format(card=_grouped(card), cvc=cvc))


def test_the_code_beside_a_real_looking_card_stays_a_secret() -> None:
    assert _redacted("Tarjeta de Laura: 4532 7153 3790 1241, exp 12/27, CVC 381.", "381")
    # The test card names no other sentence's code.
    assert _redacted("Test card 4242 4242 4242 4242 works. El PIN de mi tarjeta real es 4471.", "4471")


# --- where a password is kept, said as a locative clause --------------------------------------------------

@pytest.mark.parametrize("text", [
    'Chat: "¿me pasas la password del wifi?" — "está en la nevera, check there"',
    'Me: "what is the wifi password?" Her: "it\'s on the fridge, under the magnet"',
    'La contraseña del router: "está pegada debajo del router"',
])
def test_a_value_that_says_where_the_password_is_kept(text: str) -> None:
    assert _kept(text)


def test_a_quoted_password_after_a_question_is_still_redacted() -> None:
    assert _redacted('Chat: "¿me pasas la password del wifi?" — "Nevera-Azul-77"', "Nevera-Azul-77")
    assert _redacted('la contraseña es "está en la luna 42"', "está en la luna 42")


# --- a key fingerprint by its digest's name, whatever its copied length ------------------------------------

@_SETTINGS
@given(st.sampled_from(["SHA1", "SHA256", "SHA384", "SHA512"]),
       st.text(alphabet=string.ascii_letters + string.digits + "+/", min_size=24, max_size=64),
       st.sampled_from(["Huella de la clave del servidor: {fp}", "Host key fingerprint: {fp}",
                        "La clave SSH del NAS tiene esta huella: {fp}"]))
def test_a_fingerprint_with_a_digest_name_is_kept(digest: str, body: str, frame: str) -> None:
    assert _kept(frame.format(fp=f"{digest}:{body}"))


def test_a_value_that_only_contains_a_digest_name_stays_a_password() -> None:
    assert _redacted("La clave del servidor: xSHA256:Xk4Lq9Zm2Wv7Nt5Rp8Yc1Hd4Kf6G", "xSHA256:Xk4Lq9Zm2Wv7Nt5Rp8Yc1Hd4Kf6G")


# --- a log record's fields after a token's label ------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "WARN token refresh failed: status=401 request_id=7f3a9c2e1b",
    "ERROR token validation error (gateway, retry 3): code=E4012 trace_id=9b2e77c1d0",
    "El token del bot (el de los avisos) falló: status=403 req=ab12cd34ef",
])
def test_a_log_record_after_a_token_label_is_kept(text: str) -> None:
    assert _kept(text)


def test_a_secret_named_field_after_a_token_label_stays_a_secret() -> None:
    text = "El token del bot de avisos (el nuevo): secret=Zq81xTbW0p9LmK2v"
    assert _redacted(text, "Zq81xTbW0p9LmK2v")
    assert _redacted("Token del bot de la comunidad (el que manda los avisos): 8f3Kq1Lz92Xw", "8f3Kq1Lz92Xw")


# --- a quoted value after "como <label>" with what the label opens ------------------------------------------

@pytest.mark.parametrize(("text", "secret"), [
    ("Andrés usa como frase de paso de su clave SSH «río lento bajo puente viejo», según me contó.",
     "río lento bajo puente viejo"),
    ("Nora uses as the passphrase for her backup disk 'copper lantern over quiet fields'.",
     "copper lantern over quiet fields"),
    ("Tiene como contraseña del wifi de casa «Naranja-Tibia-44».", "Naranja-Tibia-44"),
])
def test_a_quoted_value_after_as_label_with_what_it_opens(text: str, secret: str) -> None:
    assert _redacted(text, secret)


@pytest.mark.parametrize("text", [
    "Usa como contraseña del portal «la de siempre», dice Marta.",
    "Andrés usa como frase de paso de su clave SSH «¿cuál era?», no se acuerda.",
])
def test_a_reference_or_a_question_after_as_label_is_kept(text: str) -> None:
    assert _kept(text)


# --- a passphrase sentence that opens with a possessive ---------------------------------------------------

@_SETTINGS
@given(st.sampled_from(["mi", "my"]).flatmap(lambda p: st.tuples(
    st.just(p),
    st.sampled_from(["perro", "gato", "abuela", "loro"] if p == "mi" else ["dog", "cat", "parrot", "granny"]),
    st.sampled_from(["baila", "come", "odia", "pinta"] if p == "mi" else ["eats", "hates", "paints", "sings"]),
    st.sampled_from(["flamenco", "aceitunas", "tango", "acuarelas"] if p == "mi" else ["broccoli", "jazz", "tulips"]),
    st.sampled_from(["los martes", "cada domingo", "en Rosario"] if p == "mi" else ["on tuesdays", "every sunday"]))),
    st.sampled_from(["Nota: la contraseña maestra de Bitwarden de Inés es {v}",
                     "The master password of the family vault is {v}.",
                     "La contraseña del wifi es {v}"]))
def test_a_possessive_passphrase_after_a_password_label_is_redacted(words: tuple[str, ...], frame: str) -> None:
    value = " ".join(words)
    assert _redacted(frame.format(v=value), value)


@pytest.mark.parametrize("text", [
    "La contraseña maestra del gestor es mi fecha de nacimiento al revés.",
    "The master password is my cat's name plus the year",
    "La contraseña maestra es mi única preocupación esta semana",
    "My password is my responsibility now and forever.",
    "La contraseña del wifi es mi problema.",
    "La contraseña del wifi es tu número de teléfono móvil",
])
def test_a_possessive_description_after_a_password_label_is_kept(text: str) -> None:
    assert _kept(text)


# --- a letters-only random token after a bare token label ---------------------------------------------------

@pytest.mark.parametrize(("text", "secret"), [
    ("token fkjnFCZSbKjuWpkbJO is Leo's personal access for the home-automation hub", "fkjnFCZSbKjuWpkbJO"),
    ("El secret qZtRwxPLmvBkaHsEo del bot de Telegram de Marta.", "qZtRwxPLmvBkaHsEo"),
    ("api key HfkWQpzLmRtaXbVcNe for the weather widget", "HfkWQpzLmRtaXbVcNe"),
])
def test_a_letters_only_token_after_a_bare_label_is_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)


_WORDS = st.sampled_from(["invalid", "client", "token", "refresh", "expired", "request", "header", "access",
                          "denied", "session", "cache", "user", "profile", "missing", "signature"])


@_SETTINGS
@given(st.lists(_WORDS, min_size=3, max_size=5), st.booleans(), st.sampled_from(["", "HTTP", "AWS", "ID"]))
def test_words_joined_in_camel_case_after_a_token_label_are_kept(words: list[str], pascal: bool, acronym: str) -> None:
    joined = "".join(w.capitalize() if pascal or i else w for i, w in enumerate(words))
    name = acronym + joined[0].upper() + joined[1:] if acronym else joined
    text = f"The error says token {name} when the login fails"
    assert name in scrub(text).text


def test_a_fingerprint_body_shaped_like_a_vendor_token_is_kept() -> None:
    # Hypothesis found it in a fresh-clone run (stop 45): "AC" + 30 characters reads as a Twilio key
    # once its digest name is cut off; the digest name says fingerprint.
    assert _kept("Huella de la clave del servidor: SHA1:AC00000000000000000000000000AAAA")
    body = "AC00000000000000000000000000AAAA"
    assert _redacted(f"Huella de la clave del servidor: {body}", body)  # no digest name: still a key's shape
