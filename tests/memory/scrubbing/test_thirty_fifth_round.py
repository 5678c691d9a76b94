"""Thirty-fifth secrets round (issue 15): obvious fakes, public identifiers, a keyword's value across a
quotation's end, a speaker's answer to a credential question, a code given by its length and a
``user / pass`` pair after a login word (docs/privacy.md, "The thirty-fifth secrets round"; no
database). Made-up sentences, none from a corpus, Spanish and English for each class. Each class also
has a mutant check: with its rule switched off the first case of the class fails."""

from __future__ import annotations

import re

import pytest

from memory.scrubbing import answers, driver, keywords, public_values, said
from tests.memory.scrubbing.fakes import without_fortieth_round
from tests.memory.scrubbing.fakes import kept as _kept
from tests.memory.scrubbing.fakes import redacted as _redacted


FAKES = [
    "El tutorial usa ghp_EXAMPLEtokenEXAMPLEtoken1234567 como token, es inventado.",
    "The blog post shows sk_live_EXAMPLEKEY0000000000000000 in its curl call.",
    "En la guía aparece glpat-EXAMPLEexample1234 como token de GitLab.",
]
IDENTIFIERS = [
    "WARN [rotacion] la api key del cliente 'norte' caduca en 3 días (key_id=kid_2025_03)",
    "INFO api token for org 'delta' rotated today (key_id=kid_2025_07)",
    "ERROR token refresh for app 'billing' failed (client_id=billing-web-01)",
    "api key rotated, new fingerprint: 5f2a9c0e11b7",
]
HASHES = [
    "password_hash = $2y$10$abcdefghijklmnopqrstuu5Yd7Ns2bYQ4xJ3Wq8Lm1Zk9Vc6Tr0Pa",
    'contrasena_hash: "pbkdf2_sha256$600000$Qx2sLt9v$Xk3mN8bP2wQ7rT5yV1zA4cE6gH9jK0lM2nB4vC7xZ8="',
    'passwordHash: "$argon2id$v=19$m=65536,t=3,p=4$c29tZXNhbHQ$RdescudvJCsgt3ub+b+dWRWJTmaaJObG"',
]
SLACK_IDS = [
    "Slack channel id for the alerts token: C04ABCD1234",
    "Canal de Slack para el token del bot: C07XYZ98765",
]
BOUNDARIES = [
    "Sale esto en el log: 'error: wrong password for user mgarcia' — ¿será que caducó?",
    "The log says \"invalid password for user lee\" — v2.4.1 fixed that, I think.",
    "¿Y tu clave? ¡Ni idea!",
]
CHAT = [
    ("Marta: ¿cuál es la frase de desbloqueo del portátil?\nLuis: cobre ventana lluvia tranvía 17",
     "cobre ventana lluvia tranvía 17"),
    ("Sam: what's the unlock phrase for the shared vault?\nJo: maple river lantern 58", "maple river lantern 58"),
]
CHAT_KEPT = [
    "Marta: ¿cuál es la clave del wifi?\nLuis: no me acuerdo, mira en la nevera",
    "Sam: what's the PIN for the printer?\nJo: ask the front desk",
    "Sam: did you change the password?\nSam: never mind, found it",
]
BY_LENGTH = [
    ("Portero automático del taller: cuatro dígitos, 7315, y luego la campana.", "7315"),
    ("Garage keypad: six digits: 402917, then press enter.", "402917"),
]
BY_LENGTH_KEPT = [
    "The code has 8 digits, 2 of them repeated.",
    "Pon cinco dígitos, 12 como mucho en el campo de nombre.",
]
LOGIN_PAIRS = [
    ("El login del router viejo sigue siendo admin / Tr4mpa!roja.9, lo puso Iker.", "Tr4mpa!roja.9"),
    ("Reminder: the login for the staging CMS is still editor / Qz7!cedar.lamp, Dev set it in 2022.", "Qz7!cedar.lamp"),
]
CONTRA = [
    ("la contra es Gato-Azul-77, no la compartas", "Gato-Azul-77"),
    ("Oye, la contra sigue siendo p.e.r.a.7.7 (sin los puntos)", "p.e.r.a.7.7"),
]
CONTRA_KEPT = [
    "La contra es que cuesta 30 euros más.",
    "La contra es el precio, 2024 fue peor.",
]
LOGIN_KEPT = [
    "git checkout -b feature/login-2fa && git push origin feature/login-2fa",
    "El login falla entre 12 / 05 y 14 / 05, revisa los logs.",
    "Token de acceso del ERP / portal: mira el wiki",
]


@pytest.mark.parametrize("text", FAKES + IDENTIFIERS + HASHES + SLACK_IDS + BOUNDARIES + CHAT_KEPT + BY_LENGTH_KEPT + LOGIN_KEPT + CONTRA_KEPT)
def test_kept(text: str) -> None:
    assert _kept(text)


@pytest.mark.parametrize(("text", "secret"), CHAT + BY_LENGTH + LOGIN_PAIRS + CONTRA)
def test_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)


@pytest.mark.parametrize(("text", "secret"), [
    # a vendor's credential format under an identifier's name is still a credential
    ("boto3 found credentials in env: key_id=AKIAQWERTYUIOPASDFGH", "AKIAQWERTYUIOPASDFGH"),
    # a JSON key's quotes are no quotation: the value after them is still the password's
    ('{"user": "ana", "client_secret": "Zq8wLm2Xr9Tv"}', "Zq8wLm2Xr9Tv"),
    ("app.config['SECRET_KEY'] = 'k7#Pq2!xWv9$Lm'", "k7#Pq2!xWv9$Lm"),
    # a real-looking token with "example" once in a word is not a fake
    ("La clave de la API es Example9Kq2Wz7Lm4", "Example9Kq2Wz7Lm4"),
    ("password: Tr0ub4dor&3 — ojo con la mayúscula", "Tr0ub4dor&3"),
    # a capital-and-digit token is a Slack ID only in a text about Slack or a channel
    ("el token del bot es C07XYZ98765QQ", "C07XYZ98765QQ"),
    # a value after "$2b$" that is no hash of the format is still a password
    ("password = $2b$Gato-Azul-77", "Gato-Azul-77"),
])
def test_still_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)


def _without(monkeypatch: pytest.MonkeyPatch, rule: str) -> None:
    without_fortieth_round(monkeypatch)
    if rule in ("obvious_fake", "public_identifier", "crypt_hash", "slack_id"):
        monkeypatch.setattr(public_values, rule, lambda *args: False)
    elif rule == "contra":
        pattern = keywords._KEYWORD_RE.pattern.replace(r"|\s+(?:es|era|sigue\s+siendo|nueva\s+es)\s", "")
        assert pattern != keywords._KEYWORD_RE.pattern
        monkeypatch.setattr(keywords, "_KEYWORD_RE", re.compile(pattern))
    elif rule == "boundary":
        monkeypatch.setattr(keywords, "across_a_boundary", lambda *args: False)
    else:
        finder = getattr(answers, rule)
        # The thirty-eighth round's default-account pair (said._find_account_pairs) reads "admin / …"
        # without a login word too: both are switched off, so this checks the login pair alone.
        others = (said._find_account_pairs,) if rule == "_find_login_pairs" else ()
        monkeypatch.setattr(driver, "_FINDERS", tuple(f for f in driver._FINDERS if f is not finder and f not in others))


@pytest.mark.parametrize(("rule", "text", "secret"), [
    ("obvious_fake", FAKES[0], None),
    ("obvious_fake", FAKES[1], None),
    ("public_identifier", IDENTIFIERS[0], None),
    ("public_identifier", IDENTIFIERS[1], None),
    ("crypt_hash", HASHES[0], None),
    ("crypt_hash", HASHES[1], None),
    ("slack_id", SLACK_IDS[0], None),
    ("slack_id", SLACK_IDS[1], None),
    ("boundary", BOUNDARIES[0], None),
    ("boundary", BOUNDARIES[1], None),
    ("find_chat_answers", *CHAT[0]),
    ("find_chat_answers", *CHAT[1]),
    ("_find_codes_by_length", *BY_LENGTH[0]),
    ("_find_codes_by_length", *BY_LENGTH[1]),
    ("contra", *CONTRA[0]),
    ("contra", *CONTRA[1]),
    ("_find_login_pairs", *LOGIN_PAIRS[0]),
    ("_find_login_pairs", *LOGIN_PAIRS[1]),
])
def test_fails_without_its_rule(monkeypatch: pytest.MonkeyPatch, rule: str, text: str, secret: str | None) -> None:
    _without(monkeypatch, rule)
    if secret is None:
        assert not _kept(text)
    else:
        assert not _redacted(text, secret)
