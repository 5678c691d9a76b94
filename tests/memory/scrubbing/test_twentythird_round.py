"""Twenty-third secrets round (issue 15): ordinary strings of the classes the last authors' false
redactions belong to, and credential forms they missed (see docs/privacy.md "Twenty-third secrets
round"; no database). Made-up sentences, none from a corpus."""

from __future__ import annotations

import pytest

from memory.scrubbing import scrub


def _redacted(text: str, secret: str) -> bool:
    return secret not in scrub(text).text


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
