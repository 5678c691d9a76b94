"""Seventeenth secrets round (issue 15): the frames and the false-redaction classes of
docs/privacy.md "Seventeenth secrets round (stop 33)" (no database). Made-up sentences, none from a
corpus; values are assembled from pieces so the source holds no literal token."""

from __future__ import annotations

import pytest

from memory.scrubbing import scrub

_HEX = "9f3a1c7e2b8d4f60a5e1c3b7d9f2a4c6"


def _redacted(text: str, secret: str) -> bool:
    return secret not in scrub(text).text


# --- Mailgun: the 32-8-8 hex key with no prefix ---------------------------------------------------

_MAILGUN = _HEX + "-" + _HEX[3:11] + "-" + _HEX[12:20]


@pytest.mark.parametrize("text", [
    '{"provider": "acme", "key": "%s"}' % _MAILGUN,
    "send it with %s please" % _MAILGUN,
])
def test_mailgun_key_without_a_prefix_is_redacted_as_mailgun(text: str) -> None:
    out = scrub(text)
    assert _MAILGUN not in out.text and "mailgun_key" in out.redactions


@pytest.mark.parametrize("text", [
    "request %s-%s-%s-%s-%s failed" % (_HEX[:8], _HEX[8:12], _HEX[12:16], _HEX[16:20], _HEX[:12]),
    "build %s-%s" % (_HEX + _HEX[:8], _HEX[:8]),
])
def test_other_hex_groupings_are_not_mailgun_keys(text: str) -> None:
    assert "mailgun_key" not in scrub(text).redactions
