"""Tests for memory.scrubbing.fields: secret-named keys, identifier refusal, the write path's one call."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from memory.errors import SecretInIdentifier
from memory.scrubbing.fields import inspect_secrets, refuse_secret_identifiers, scrub_value, secret_key_kind
from tests.conftest import auth

GH = "gh" + "p_" + "Zq8Lm3Xv7Tk2Wp9Rn4Sb1Yh6Df0GjCeQu5Ao"


@pytest.mark.parametrize(("key", "kind"), [
    ("password", "password"), ("passwd", "password"), ("contraseña", "password"), ("Contrasen\u0303a", "password"),
    ("clave", "password"), ("pin", "password"), ("card_pin", "password"), ("api_key", "api_key"),
    ("apiKey", "api_key"), ("x-api-key", "api_key"), ("apikey", "api_key"), ("token", "token"),
    ("access_token", "token"), ("secret", "secret"), ("client_secret", "secret"), ("clientSecret", "secret"),
    ("private_key", "private_key"), ("credentials", "secret"), ("DB_PASSWORD_PROD", "password"),
    ("ｐａｓｓｗｏｒｄ", "password"), ("pass\u200bword", "password"), ("раssword", "password"),
    ("p4ssw0rd", "password"), ("secreto", "secret"), ("credenciales", "secret"), ("seed_phrase", "password"),
])
def test_secret_named_keys(key: str, kind: str) -> None:
    assert secret_key_kind(key) == kind


@pytest.mark.parametrize("key", [
    "password_hint", "token_type", "api_key_id", "password_policy", "max_tokens_count", "key", "keyboard",
    "palabra_clave", "palabras_clave", "spin", "pinned", "tokenizer", "ssid", "passport", "", "secret_santa_date",
])
def test_ordinary_keys(key: str) -> None:
    assert secret_key_kind(key) is None


def test_values_under_secret_keys_are_redacted_whole_at_every_depth() -> None:
    value = {"user": "ana", "password": "girasol", "nested": [{"deep": {"api_key": "plainword", "pin": 4821}}],
             "tokens": 1500, "secret": True, "token": None, "credentials": {"user": "ana", "pass": "x"},
             "note": f"repo {GH}"}
    clean, count = scrub_value(value)
    assert clean == {"user": "ana", "password": "[REDACTED:password]",
                     "nested": [{"deep": {"api_key": "[REDACTED:api_key]", "pin": "[REDACTED:password]"}}],
                     "tokens": 1500, "secret": True, "token": None, "credentials": "[REDACTED:secret]",
                     "note": "repo [REDACTED:github_token]"}
    assert count == 5
    assert scrub_value(clean) == (clean, 0)  # idempotent


@pytest.mark.parametrize("field", ["key", "origin_ref", "session_id", "derived_from"])
def test_an_identifier_with_a_secret_is_refused_naming_only_the_field(field: str) -> None:
    with pytest.raises(SecretInIdentifier) as caught:
        refuse_secret_identifiers(**{field: f"x-{GH}"})
    assert caught.value.extra == {"field": field}
    assert GH not in str(caught.value) and GH not in repr(caught.value.extra)


@pytest.mark.parametrize("text", [
    "sess-42", "utt-9f1", "session-end:s1", "preference.report_length", "hr:1", "gmail:18a7c3f2b9d04e11",
    "3f2a9c1e-7b4d-4e8a-9c2f-1d6b8e0a7f35", "sess_9fK2mPq7Zx1vRt8LwQ4n", "slack:C024BE91L/1700000000.000100",
    "", "password_reset", "token-count",
])
def test_ordinary_identifiers_pass(text: str) -> None:
    refuse_secret_identifiers(key=text, origin_ref=text, session_id=text, derived_from=text)


def test_fullwidth_secret_in_an_identifier_is_refused() -> None:
    fullwidth = "".join(chr(ord(c) + 0xFEE0) for c in GH)
    with pytest.raises(SecretInIdentifier):
        refuse_secret_identifiers(session_id=fullwidth)


def test_inspect_secrets_cleans_describing_fields_and_counts() -> None:
    clean = inspect_secrets(content="mi contrasen\u0303a es Gato-8526", reasoning="uses Tr0ub4dor&3x as the pin",
                            value={"clave": "azul"}, key="wifi", origin_ref="utt-1", session_id="s1")
    assert clean.content.text == "mi contrasen\u0303a es [REDACTED:password]"
    assert clean.reasoning.text == "uses [REDACTED:password] as the pin"
    assert clean.value == {"clave": "[REDACTED:password]"}
    assert clean.redactions == 3


@pytest.mark.django_db
@pytest.mark.parametrize(("field", "code"), [("predicate", "unknown_predicate"), ("category", "invalid_category")])
def test_an_unknown_predicate_or_category_is_never_echoed_with_a_secret(field: str, code: str, make_agent) -> None:
    _, key = make_agent("echo-check")
    client = auth(APIClient(), key)
    token = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"
    response = client.post("/api/v1/memories", {"subject": "ana", "kind": "fact", "content": "x", "session_id": "s1",
                                                field: f"p.{token}"}, format="json")
    assert response.status_code == 400, response.content
    assert response.json()["code"] == code, response.content
    assert token not in response.content.decode()


@pytest.mark.django_db
def test_a_secret_in_the_persons_reference_is_refused_and_no_subject_row_is_made(make_agent) -> None:
    from memory.models import Subject

    _, key = make_agent("subject-check")
    client = auth(APIClient(), key)
    ref = "ana-" + GH
    response = client.post("/api/v1/memories", {"subject": ref, "kind": "fact", "content": "Prefiere té",
                                                "session_id": "s1"}, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "secret_in_identifier"
    assert response.json()["extra"] == {"field": "subject"}
    assert GH not in response.content.decode()
    assert not Subject.objects.filter(external_ref=ref).exists()
