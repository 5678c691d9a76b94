"""Twenty-eighth secrets round (issue 15): ordinary strings of the classes the last authors' false
redactions belong to, the credentials of the classes they missed, and the credentials beside them
that must stay redacted (see docs/privacy.md "Twenty-eighth secrets round"; no database). Made-up
sentences, none from a corpus."""

from __future__ import annotations

import pytest

from memory.scrubbing import scrub
from tests.memory.scrubbing.fakes import redacted as _redacted


# --- credentials published as examples by MDN and Google's documentation ----------------------------

_MDN_BASIC = "YWxhZGRpbj" + "pvcGVuc2VzYW1l"
_GOOGLE_DOCS_KEY = "AIzaSyDaGmWKa4" + "JsXZ-HjGw7ISLn_3namBGewQe"


@pytest.mark.parametrize("text", [
    f"Para probar el proxy copié el ejemplo: Authorization: Basic {_MDN_BASIC}",
    f"curl 'https://maps.googleapis.com/maps/api/geocode/json?address=Madrid&key={_GOOGLE_DOCS_KEY}'",
])
def test_a_published_documentation_example_is_kept(text: str) -> None:
    assert scrub(text).count == 0


def test_a_key_one_character_off_the_google_example_is_redacted() -> None:
    key = _GOOGLE_DOCS_KEY[:-1] + "Z"
    assert _redacted(f"GOOGLE_API_KEY={key}", key)


# --- a URL's scheme colon after a password word is no label's colon ---------------------------------

@pytest.mark.parametrize("text", [
    "Para cambiar la clave, Marta tiene que entrar en https://cuentas.example.org/password/reset y seguir el enlace.",
    "To reset the password, open https://id.example.com/password/forgot from the e-mail.",
])
def test_a_link_after_a_password_word_is_kept(text: str) -> None:
    assert scrub(text).count == 0


def test_a_password_after_a_link_is_still_redacted() -> None:
    text = "Portal https://intranet.example.org — contraseña: Tilo-8841!"
    assert _redacted(text, "Tilo-8841!")


# --- an environment variable whose name ends in _AUTH -----------------------------------------------

@pytest.mark.parametrize(("text", "secret"), [
    ("En el .env del worker: REDIS_AUTH=cola-4471-nutria-key", "cola-4471-nutria-key"),
    ("environment:\n  - PROXY_AUTH: Zorro77kLm#x", "Zorro77kLm#x"),
])
def test_a_value_under_an_auth_variable_is_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)


@pytest.mark.parametrize("text", [
    "SMTP_AUTH=login y SMTP_TLS=true en el fichero de Postfix",
    "MAIL_SMTP_AUTH: required",
    "PROXY_AUTH: basic",
    "auth: oauth2-pkce-flow",
])
def test_a_mode_under_an_auth_variable_is_kept(text: str) -> None:
    assert scrub(text).count == 0


# --- an AWS secret access key that opens with a slash -----------------------------------------------

@pytest.mark.parametrize(("text", "secret"), [
    ("Backup del bucket de fotos, segunda parte: /Kq8mZ2vR4tLpW9xN/c3YbH7jF1sD6gA0eU5oPiQ", "/Kq8mZ2vR4tLpW9xN/c3YbH7jF1sD6gA0eU5oPiQ"),
    ("S3 for the archive, second half -> /7hTq2LmX9pRzW4vN8kJ3cB6yF1sDgA0eUoPiQxZ", "/7hTq2LmX9pRzW4vN8kJ3cB6yF1sDgA0eUoPiQxZ"),
])
def test_an_aws_secret_key_opening_with_a_slash_is_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)


@pytest.mark.parametrize("text", [
    "El log está en /var/log/app/Worker2024Xyz/out.txt desde ayer.",
    "Descarga: /d/1BxiMVs0XRA5nFMdKvBdBZjgmUUqptlbs74Og",
])
def test_a_path_of_forty_characters_is_kept(text: str) -> None:
    assert scrub(text).count == 0


# --- an abbreviation's full stop inside a code's label ----------------------------------------------

@pytest.mark.parametrize(("text", "secret"), [
    ("Gate code for the Elm Ave. parking garage: 71934", "71934"),
    ("Código de acceso del trastero de la Avda. Mediterráneo: 40817", "40817"),
    ("Alarm code at Dr. Weiss's clinic: 6029", "6029"),
])
def test_a_code_after_a_label_with_an_abbreviation_is_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)


@pytest.mark.parametrize("text", [
    "I reset the password at St. Luke's. Then the fax: 555-0199.",
    "Cambié la clave en la Avda. Libertad. El teléfono: 91 555 0144.",
])
def test_a_sentence_after_an_abbreviation_is_still_a_new_sentence(text: str) -> None:
    assert scrub(text).count == 0


# --- a password label followed by the record that holds it -------------------------------------------

@pytest.mark.parametrize("text", [
    "contraseña: consulta la entrada «Router oficina» en Bitwarden",
    'Password: see the item "Home NAS admin" in the family vault',
])
def test_a_record_named_after_a_password_label_is_kept(text: str) -> None:
    assert scrub(text).count == 0


@pytest.mark.parametrize(("text", "secret"), [
    ("contraseña: «Pez espada 2024»", "Pez espada 2024"),
    ('the password is "hollow-tree-91"', "hollow-tree-91"),
])
def test_a_quoted_password_after_its_label_is_still_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)


# --- a code given by anaphora after the code is named -----------------------------------------------

@pytest.mark.parametrize(("text", "secret"), [
    ("Storage room keypad code was reset; Lena says the new one is 58#219.", "58#219"),
    ("Han cambiado la clave de la alarma del local. Según Pablo, la nueva es 6604.", "6604"),
])
def test_a_code_given_as_the_new_one_is_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)


@pytest.mark.parametrize("text", [
    "Our old router died last week; the new one is 2024 stock from the shop.",
    "Door code changed again; the new one is in the group chat.",
    "La impresora se rompió y la nueva es 3 veces más rápida.",
])
def test_the_new_one_without_a_code_before_is_kept(text: str) -> None:
    assert scrub(text).count == 0


# --- a vendor token pasted in pieces joined by a plus sign ------------------------------------------

@pytest.mark.parametrize(("text", "pieces"), [
    ("Stripe en dos partes: sk_live_4fQ8 + Tz2Lm9Xw7Rk3Nv6Hp", ("sk_live_4fQ8", "Tz2Lm9Xw7Rk3Nv6Hp")),
    ("GitHub token split so the bot misses it: ghp_7Kq2+Wm9Lx4Rp8Zk1Nv6H + c3Tb5Yd2Qs0aE4uI",
     ("ghp_7Kq2", "Wm9Lx4Rp8Zk1Nv6H", "c3Tb5Yd2Qs0aE4uI")),
])
def test_a_vendor_token_joined_by_a_plus_is_redacted(text: str, pieces: tuple[str, ...]) -> None:
    out = scrub(text).text
    assert not any(p in out for p in pieces)


@pytest.mark.parametrize("text", [
    "Los precios de sk_live_ y sk_test_ + 2 euros de comisión.",
    "Versión 3 + 4 parches, total 7.",
])
def test_a_plus_between_ordinary_words_is_kept(text: str) -> None:
    assert scrub(text).count == 0
