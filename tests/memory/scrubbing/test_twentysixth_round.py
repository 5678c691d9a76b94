"""Twenty-sixth secrets round (issue 15): ordinary strings of the classes the last authors' false
redactions belong to, the credentials of the classes they missed, and the credentials beside them
that must stay redacted (see docs/privacy.md "Twenty-sixth secrets round"; no database). Made-up
sentences, none from a corpus."""

from __future__ import annotations

import pytest

from memory.scrubbing import scrub


def _redacted(text: str, secret: str) -> bool:
    return secret not in scrub(text).text


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
