"""Tests for memory.scrubbing.keywords: passwords in prose (no database).

Fake secrets are assembled from pieces (``"AK" + "IA"...``) so the source itself does not trip
secret scanners or push protection.
"""

from __future__ import annotations

import string

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from memory.scrubbing import scrub


_PROPERTY_SETTINGS = settings(
    max_examples=300,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def test_prose_is_kept_around_password() -> None:
    assert (
        scrub("Mi contraseña es Tr0ub4dor&3, no se la digas a nadie").text
        == "Mi contraseña es [REDACTED:password], no se la digas a nadie"
    )
    assert scrub("password: hunter2").text == "password: [REDACTED:password]"


@_PROPERTY_SETTINGS
@given(st.text(alphabet=string.ascii_letters + string.digits + "!#%&*+-_?", min_size=6, max_size=24))
def test_property_prose_password_token_is_replaced(password: str) -> None:
    assume(any(c.isdigit() for c in password) and any(c.isalpha() for c in password))
    for template in ("my password is {}", "mi contraseña es {}", "contraseña: {}", "pwd={}"):
        result = scrub(template.format(password))
        assert password not in result.text
        assert result.text == template.format("[REDACTED:password]")
