"""Tests for memory.scrubbing.private_keys (no database).

Fake secrets are assembled from pieces (``"AK" + "IA"...``) so the source itself does not trip
secret scanners or push protection.
"""

from __future__ import annotations

import pytest

from memory.scrubbing import scrub
from tests.memory.scrubbing.fakes import PEM, PEM_BODY


def test_pem_with_literal_newline_escapes_and_truncated_pem() -> None:
    escaped = PEM.replace("\n", "\\n")
    result = scrub(f'{{"key": "{escaped}"}}')
    assert result.text == '{"key": "[REDACTED:private_key]"}'
    truncated = "\n".join(PEM.splitlines()[:3]) + "\nthanks, that was all"
    result = scrub(truncated)
    assert all(line not in result.text for line in PEM_BODY[:2])
    assert result.text.endswith("thanks, that was all")


@pytest.mark.parametrize("text", [
    "-----BEGIN PRIVATE KEY-----\n[removed from the runbook]\n-----END PRIVATE KEY-----",
    "-----BEGIN RSA PRIVATE KEY-----\n-----END RSA PRIVATE KEY-----",
])
def test_a_pem_block_without_base64_is_no_key(text: str) -> None:
    """Fifteenth round: RFC 7468 bodies are base64; a remark or nothing between the markers is kept."""
    assert scrub(text).text == text
