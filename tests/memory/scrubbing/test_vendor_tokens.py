"""Tests for memory.scrubbing.vendor_tokens (no database).

Fake secrets are assembled from pieces (``"AK" + "IA"...``) so the source itself does not trip
secret scanners or push protection.
"""

from __future__ import annotations

from memory.scrubbing import scrub
from tests.memory.scrubbing.fakes import AWS_KEY


def test_key_glued_to_other_characters_leaves_no_tail() -> None:
    result = scrub(f"xx{AWS_KEY}ZZ99 next")
    assert result.text == "[REDACTED:aws_access_key] next"
    assert "ZZ99" not in result.text
