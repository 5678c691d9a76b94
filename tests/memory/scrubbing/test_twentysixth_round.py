"""Twenty-sixth secrets round (issue 15): ordinary strings of the classes the last authors' false
redactions belong to, the credentials of the classes they missed, and the credentials beside them
that must stay redacted (see docs/privacy.md "Twenty-sixth secrets round"; no database). Made-up
sentences, none from a corpus."""

from __future__ import annotations

import pytest

from memory.scrubbing import scrub
from tests.memory.scrubbing.fakes import redacted as _redacted


# --- a URL's scheme separator is no user / password slash ------------------------------------------

@pytest.mark.parametrize("text", [
    "Acceso sin contraseña: postgres://db.staging.example:5432/facturas",
    "Login: https://portal.example.org/sso/start",
    "Connection without credentials: mysql://10.0.4.7:3306/inventory",
])
def test_a_url_without_userinfo_after_a_login_label_is_kept(text: str) -> None:
    assert scrub(text).count == 0


@pytest.mark.parametrize(("text", "secret"), [
    ("Login del router -> admin / Salon!8821", "Salon!8821"),
    ("Credentials: postgres://app:Vr7!kq2Lmx@db.example:5432/app", "Vr7!kq2Lmx"),
])
def test_a_user_slash_password_and_a_url_password_are_still_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)


# --- a header whose key identifies a request or an entry -------------------------------------------

@pytest.mark.parametrize("text", [
    "POST /v1/charges  Idempotency-Key: 3f1b9c70-retry-2207",
    "reintento con X-Idempotency-Key: pedido-5521-intento-2",
    "X-Cache-Key: avatar-7731-large-v3-thumb",
])
def test_an_identifying_key_header_is_kept(text: str) -> None:
    assert scrub(text).count == 0


@pytest.mark.parametrize(("text", "secret"), [
    ("X-Api-Key: 3f1b9c70-retry-2207", "3f1b9c70-retry-2207"),
    ("Ocp-Apim-Subscription-Key: 8d2f6a1c9e4b7a3d5c0f2e8b1a6d4c9f", "8d2f6a1c9e4b7a3d5c0f2e8b1a6d4c9f"),
    ("Idempotency-Key: 3f1b9c70  X-Api-Key: Zq8vR2mT5xLk9pW3", "Zq8vR2mT5xLk9pW3"),
])
def test_a_key_header_that_authenticates_is_still_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)


# --- the verb of replacing alone, or a to-do marker, as the whole value ----------------------------

@pytest.mark.parametrize("text", [
    'El fichero de muestra lleva token: "SUSTITUIR" hasta que Ops lo rellene.',
    "settings.example.py ships SECRET_KEY = 'REPLACE'",
    "api_secret: TODO (ask billing)",
    'client_secret: "FILL_IN"',
])
def test_an_instruction_as_the_value_is_kept(text: str) -> None:
    assert scrub(text).count == 0


@pytest.mark.parametrize(("text", "secret"), [
    ("password: Reemplazar2024!", "Reemplazar2024!"),
    ("la contraseña provisional es cambiar", "cambiar"),
    ("SECRET_KEY = 'todo-Xq72!lmPz9'", "todo-Xq72!lmPz9"),
])
def test_a_value_that_only_contains_such_a_word_is_still_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)


# --- an arrow for the label's colon before a passphrase ---------------------------------------------

@pytest.mark.parametrize(("text", "secret"), [
    ("Bitwarden master phrase de Nuria → la nieve cae sobre Soria en abril", "la nieve cae sobre Soria en abril"),
    ("frase maestra del gestor => tres gatos pardos y un loro verde", "tres gatos pardos y un loro verde"),
    ("secret phrase for the vault ⇒ copper lantern under seven bridges", "copper lantern under seven bridges"),
])
def test_a_passphrase_after_an_arrow_is_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)


@pytest.mark.parametrize("text", [
    "master phrase → see the sealed envelope in the safe",
    "la frase del día → no hay mal que por bien no venga",
])
def test_a_description_or_a_motto_after_an_arrow_is_kept(text: str) -> None:
    assert scrub(text).count == 0


# --- a vendor token in groups of a fixed width, its prefix split by the grouping --------------------

def _grouped(token: str, width: int) -> str:
    return " ".join(token[i:i + width] for i in range(0, len(token), width))


# Assembled from pieces so the source does not look like a token to secret scanners.
_GITLAB = "glpat" + "-" + "Qm7vKx2pLr9TzWc4Nb8h"
_GITHUB = "ghp" + "_" + "MWEjIAtuxaagRxxKO3dRfpGhop8v0e3x0nno"
_AWS = "AKIA" + "XBN3AM337FTLNSCY"


@pytest.mark.parametrize(("token", "width"), [(_GITLAB, 4), (_GITLAB, 3), (_GITHUB, 5), (_GITHUB, 3), (_AWS, 3)])
def test_a_vendor_token_in_fixed_groups_is_redacted(token: str, width: int) -> None:
    grouped = _grouped(token, width)
    text = f"Me lo dictó en grupos: {grouped}, y colgó."
    out = scrub(text).text
    assert grouped not in out
    assert all(group not in out.split() for group in grouped.split()[1:] if len(group) > 2)


@pytest.mark.parametrize("text", [
    "the key fobs are here, ask Ana",
    "glpat is the prefix of a GitLab personal access token",
    "ghp_ tokens are classic, fine grained ones start github_pat_",
    "secr etar iado: planta baja",
])
def test_words_after_a_prefix_beginning_are_kept(text: str) -> None:
    assert scrub(text).count == 0


def test_a_published_example_followed_by_a_short_word_is_kept() -> None:
    # The whole token and the next word are no grouping: the exemption of the published example holds.
    assert scrub("Stripe's reference shows " + "sk_test_" + "4eC39HqLyjWDarjtT1zdp7dc in its curl samples.").count == 0


# --- "clave del usuario": a person's key (possession) against "clave de usuario" (a kind of key) ---

@pytest.mark.parametrize(("text", "secret"), [
    ("La clave del usuario es Tq9!mZ2xkk, no la compartas.", "Tq9!mZ2xkk"),
    ("clave de la usuaria mgarcia: Pino.Verde77", "Pino.Verde77"),
    ("La clave del cliente sigue siendo Marea_Baja42", "Marea_Baja42"),
])
def test_a_strong_credential_after_a_persons_key_is_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)


@pytest.mark.parametrize("text", [
    "Su clave de usuario en la intranet es LMORENO07 (el login, no la contraseña).",
    "clave de usuario: 12345",
    "clave de usuario: j.garcia01",
    "La clave del usuario es 20481234",
    "La clave del cliente es la misma de siempre",
])
def test_a_user_id_or_a_number_after_clave_de_usuario_is_kept(text: str) -> None:
    assert scrub(text).count == 0
