"""Twenty-fifth secrets round (issue 15): ordinary strings of the classes the last authors' false
redactions belong to, and the credentials beside them that must stay redacted (see docs/privacy.md
"Twenty-fifth secrets round"; no database). Made-up sentences, none from a corpus."""

from __future__ import annotations

import base64
import random

import pytest

from memory.scrubbing import scrub
from tests.memory.scrubbing.fakes import redacted as _redacted


# --- the label says the value is no secret ---------------------------------------------------------

@pytest.mark.parametrize("text", [
    "Client ID (public, not a secret, shown on the consent screen): 7c1e2a90-55b1-4c3e-9f0d-2b6a8e4d1f37",
    "ID de la app (no es secreto, sale en la URL): 0f9e8d7c-6b5a-4321-8fed-cba987654321",
    "Publishable key, which isn't a secret: pk_live_aB3dE5fG7hJ9kL1mN",
])
def test_a_value_whose_label_says_it_is_no_secret_is_kept(text: str) -> None:
    assert scrub(text).count == 0


@pytest.mark.parametrize(("text", "secret"), [
    ("Client ID (public): 7c1e2a90; client secret (not shared with anyone): Zq8!vR2#mT5x", "Zq8!vR2#mT5x"),
    ("the secret is Hx7!pq22Lm and it is not a joke", "Hx7!pq22Lm"),
])
def test_a_secret_whose_label_is_not_negated_is_still_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)


# --- "pin" of a dependency: a package version specifier --------------------------------------------

@pytest.mark.parametrize("text", [
    "Dependency pin: django==4.2.11, celery<6",
    "the pin is numpy==1.26.4",
    "Library pin: pydantic~=2.6.4",
    "dependency pin — boto3~=1.34.2",
    "pin en requirements-dev.txt: pytest>=8.1.1",
])
def test_a_package_version_after_pin_is_kept(text: str) -> None:
    assert scrub(text).count == 0


@pytest.mark.parametrize(("text", "secret"), [
    ("PIN de la tarjeta: 4821", "4821"),
    ("card pin: 73a9-0414", "73a9-0414"),
])
def test_a_pin_is_still_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)


# --- a reference that names where a secret is kept, in its store's syntax --------------------------

@pytest.mark.parametrize("text", [
    "El token del bot en Kubernetes: secretKeyRef name=bot-credentials key=token",
    "secret: secretRef (the chart reads it from the cluster)",
    "API_KEY=@Microsoft.KeyVault(SecretUri=https://kv-prod.vault.azure.net/secrets/api-key/)",
    "db password: arn:aws:secretsmanager:eu-west-1:123456789012:secret:prod/db-AbC123",
    "the token is projects/acme-prod/secrets/slack-token/versions/latest",
])
def test_a_secret_reference_is_kept(text: str) -> None:
    assert scrub(text).count == 0


@pytest.mark.parametrize(("text", "secret"), [
    ("secretKeyRef name=bot key=token; token: xK9#mQ2vLp7!", "xK9#mQ2vLp7!"),
    ("password: secretRef9!Xy", "secretRef9!Xy"),
])
def test_a_secret_beside_a_reference_is_still_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)


# --- a documentation placeholder word as the whole value ------------------------------------------

@pytest.mark.parametrize("text", [
    "the sample compose file sets MYSQL_ROOT_PASSWORD: example, fine for local only",
    "En la plantilla pone password: ejemplo, hay que cambiarlo.",
    "api_key = placeholder  # CI fills it in",
    "token: dummy, the tests mock the client",
])
def test_a_placeholder_word_as_the_value_is_kept(text: str) -> None:
    assert scrub(text).count == 0


@pytest.mark.parametrize(("text", "secret"), [
    ("POSTGRES_PASSWORD: example2024!", "example2024!"),
    ("password: Sample#77x", "Sample#77x"),
])
def test_a_password_containing_a_placeholder_word_is_still_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)


# --- a shell command line that reads a secret from its store --------------------------------------

@pytest.mark.parametrize("text", [
    "Her npm token lives in pass: `pass show dev/npm/publish-token`",
    "API key: `op read op://Private/OpenAI/credential`",
    "wifi password: `security find-generic-password -wa HomeNet`",
    "la contraseña de la base: `vault kv get -field=password secret/db`",
    "token: `aws secretsmanager get-secret-value --secret-id prod/gh`",
])
def test_a_secret_store_command_is_kept(text: str) -> None:
    assert scrub(text).count == 0


@pytest.mark.parametrize(("text", "secret"), [
    ("password: `pass W0rd!xq9`", "W0rd!xq9"),
    ("password: `Kx9!pL2mQ` (not `pass show db`)", "Kx9!pL2mQ"),
])
def test_a_backticked_password_is_still_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)


# --- a DER ECDSA signature: published with what it signs ------------------------------------------

def _der_signature(r_len: int, s_len: int, seed: int) -> str:
    rng = random.Random(seed)
    r = bytes([0x00, 0x80 | rng.randrange(128)] + [rng.randrange(256) for _ in range(r_len - 2)])
    s = bytes([0x7F & rng.randrange(1, 128)] + [rng.randrange(256) for _ in range(s_len - 1)])
    body = b"\x02" + bytes([r_len]) + r + b"\x02" + bytes([s_len]) + s
    return base64.b64encode(b"\x30" + bytes([len(body)]) + body).decode()


@pytest.mark.parametrize("signature", [
    _der_signature(33, 32, 1), _der_signature(32, 32, 2), _der_signature(33, 33, 3), _der_signature(49, 48, 4),
])
def test_a_der_ecdsa_signature_is_kept(signature: str) -> None:
    assert scrub(f"El campo firma del PDF contiene: {signature}").count == 0
    assert scrub(f"WebAuthn assertion signature {signature} verified").count == 0


@pytest.mark.parametrize(("text", "secret"), [
    ("api key: MEUCIQzQ9v8Lk2mNp4RtYw7xHs3Jd6Fg1Bc5Ve0Ua", "MEUCIQzQ9v8Lk2mNp4RtYw7xHs3Jd6Fg1Bc5Ve0Ua"),
    ("secret MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7VJTUt9Us8cKj",
     "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7VJTUt9Us8cKj"),
])
def test_base64_after_a_key_label_is_still_redacted_signature_header_or_not(text: str, secret: str) -> None:
    assert _redacted(text, secret)


# --- an adverbial clause between commas, after the label and before the copula ---------------------

@pytest.mark.parametrize(("text", "secret"), [
    ("the router password, in case the kids reset it again, is Tq9!mZ2xw", "Tq9!mZ2xw"),
    ("la clave del wifi, por si se te olvida, es Gato_Negro77.", "Gato_Negro77"),
    ("his work login, if anyone asks, was Hx7pq22!Lm", "Hx7pq22!Lm"),
])
def test_a_value_after_an_adverbial_clause_is_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)


@pytest.mark.parametrize("text", [
    "the password, in case you wondered, is stored in the vault, not here.",
    "la contraseña, si la necesitas, está en el gestor del equipo.",
])
def test_an_adverbial_clause_then_prose_is_kept(text: str) -> None:
    assert scrub(text).count == 0
