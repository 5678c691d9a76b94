"""Thirty-fourth secrets round (issue 15): the frames of rounds 31-33 as broad classes, worded
beyond the sentences they came from (see docs/privacy.md "Thirty-fourth secrets round"; no
database). Made-up sentences, none from a corpus."""

from __future__ import annotations

import string

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memory.scrubbing import scrub
from tests.memory.scrubbing.fakes import kept as _kept

_SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
_WORD = st.text(alphabet=string.ascii_lowercase, min_size=3, max_size=8)
_PASSWORDS = st.builds(lambda a, b, n: a.capitalize() + b + str(n), _WORD, _WORD, st.integers(10, 99))


def _redacted(text: str, secret: str) -> bool:
    """Every piece of the secret is gone: the scrubbed text holds it no more often than the text
    around the secret does (a drawn piece may also be a word of the frame)."""
    out = scrub(text).text
    around = text.replace(secret, "")
    return all(out.count(part) <= around.count(part) for part in secret.split("\n") if len(part) > 2)


@pytest.mark.parametrize(("text", "secret"), [
    ('env:\n  - name: DB_PASSWORD\n    value: "Tq8vLm2Ws9"', "Tq8vLm2Ws9"),
    ('{"name": "STRIPE_SECRET", "value": "qz7Rk2pLw9Xs"}', "qz7Rk2pLw9Xs"),
    ("- name: API_TOKEN\n  value: hR5nQ2xW8kLp", "hR5nQ2xW8kLp"),
    ("ssh-keygen needed a passphrase so I chose copper lantern over quiet hills.", "copper lantern over quiet hills"),
    ("El router pedía una contraseña nueva así que puse Tejado9Verde.", "Tejado9Verde"),
    ("the installer required a password and I typed Granite!44 there", "Granite!44"),
    ("La clave va partida. Primera parte: Sol4r\nsegunda parte: Luna88", "Sol4r\nLuna88"),
    ("Token in two messages. Part 1: abX9\nPart 2: Qm72zz", "Qm72zz"),
    ("El técnico me cambió el PIN de la tarjeta a 4821 esta mañana.", "4821"),
    ("They reset the alarm code to 90317 after the break-in.", "90317"),
    ("The code to disarm it is 55213, you have 30 seconds.", "55213"),
    ("el pin para abrir la caja fuerte es 7702", "7702"),
    ("Pon «ballena azul come nubes» como contraseña del portátil.", "ballena azul come nubes"),
    ('Set "orange kettle sings twice" as your passphrase for the backup.', "orange kettle sings twice"),
    ("To unlock the vault type exactly river stone 2291 and press enter.", "river stone 2291"),
    ("teclea literalmente nieve sobre el tejado 44, y listo", "nieve sobre el tejado 44"),
    ("Wifi del chalet: red es PinarAlto, contraseña gato bajo la mesa", "gato bajo la mesa"),
    ("Te la paso en base64 para que no se vea: VGVqYWRvOVZlcmRl", "VGVqYWRvOVZlcmRl"),
    ("The token arrived in two lines since Slack wrapped it:\nx8Kp2LmQw9\nZr7Tn3Vb\nthanks", "x8Kp2LmQw9\nZr7Tn3Vb"),
])
def test_broad_classes_are_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)


@pytest.mark.parametrize("text", [
    "password = var.db_password  # from Vault",
    'admin_password = "${var.admin_password}"',
    "token: ${{ secrets.DEPLOY_TOKEN }}",
    "Fingerprint SHA1: 3d:00:64:59:18:5d:40:1c:e2:57:ad:4f:2b:57:f6:3d:aa:bb:cc:dd",
    "Huella MD5: 3d:00:64:59:18:5d:40:1c:e2:57:ad:4f:2b:57:f6:3d",
    "El log muestra api_secret=***REDACTED***, todo bien.",
    "db_password: ●●●●●●●● en la consola",
    "They changed the code to 6 digits last week.",
    "env:\n  - name: DB_PASSWORD_FILE\n    value: /run/secrets/db",
    "env:\n  - name: LOG_LEVEL\n    value: debug",
    "Use 'Remember me' as the password hint.",
])
def test_broad_classes_keep_what_is_no_credential(text: str) -> None:
    assert _kept(text)


@_SETTINGS
@given(pw=_PASSWORDS, asked=st.sampled_from(["asked for", "wanted", "needed", "prompted for", "pidió", "quería"]),
       chose=st.sampled_from(["went with", "used", "picked", "set", "puse", "elegí"]))
def test_any_request_then_choice(pw: str, asked: str, chose: str) -> None:
    assert _redacted(f"The tool {asked} a password so I {chose} {pw}. Done.", pw)


@_SETTINGS
@given(n=st.integers(1000, 99999999), verb=st.sampled_from(["reset", "changed", "cambió", "reseteó"]))
def test_any_code_set_to_digits(n: int, verb: str) -> None:
    joiner = "to" if verb in ("reset", "changed") else "a"
    assert _redacted(f"IT {verb} the PIN {joiner} {n} yesterday", str(n))


@_SETTINGS
@given(parts=st.integers(16, 64))
def test_colon_hex_fingerprint_of_any_length(parts: int) -> None:
    fp = ":".join(f"{(i * 37) % 256:02x}" for i in range(parts))
    assert _kept(f"host key fingerprint: {fp}")
