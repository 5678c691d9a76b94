"""A keyword that labels nothing (thirteenth round, ``keywords``): with a bare space after it, the
next token is another field of a log line or the keyword is part of a path; an identifier suffix
naming a file or a path holds where the secret is. Made-up lines (no database)."""

from __future__ import annotations

import pytest

from memory.scrubbing import scrub

KEPT = [
    "2024-11-05 10:22:31 WARN login failed user=iker reason=wrong_password tries=4",
    "docker run -e MYSQL_PASSWORD_FILE=/run/secrets/mysql_pw mysql:8.4",
    "systemd: LoadCredential=token:/etc/creds/api_token then restart web1",
    "Config: db_password_path = /etc/app/dbpass.txt",
]


@pytest.mark.parametrize("text", KEPT)
def test_a_keyword_that_labels_nothing_is_kept(text: str) -> None:
    assert scrub(text).text == text


REDACTED = [
    "reason=rotation password Kq7vX2mPz9 (temporary)",
    "export MYSQL_PASSWORD=Kq7vX2mPz9Lm",
    "La contraseña Kq7vX2mPz9 la puso ayer.",
]


@pytest.mark.parametrize("text", REDACTED)
def test_a_labelled_value_beside_them_is_redacted(text: str) -> None:
    assert "[REDACTED:" in scrub(text).text
