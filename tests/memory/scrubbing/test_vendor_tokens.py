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


def test_a_mailgun_key_with_a_non_hex_body_is_redacted() -> None:
    # "key-" + 32 alphanumerics, as scanners read Mailgun's private keys (not only hex).
    key = "key-" + "r4tq8wz1" + "mnb6vxc3" + "plk9jhg2" + "sdf7aqw5"
    out = scrub(f"Clave de Mailgun para staging: {key}, no la subas.")
    assert key not in out.text and out.redactions == ("mailgun_key",)
    out = scrub(f"mail sender uses {key}")
    assert key not in out.text


def test_a_key_slug_of_plain_letters_is_not_a_mailgun_key() -> None:
    slug = "key-" + "managementandrotationguidelinesx"
    assert scrub(f"See the wiki page {slug} for details.").count == 0


def test_aws_documentation_placeholders_are_kept_and_real_keys_are_not() -> None:
    sample_id = "AK" + "IA" + "IOSFODNN7" + "EXAMPLE"
    sample_secret = "wJalrXUtnFEMI/K7MDENG/" + "bPxRfiCY" + "EXAMPLEKEY"
    for text in (f"Los docs de AWS usan {sample_id} como ejemplo.",
                 f"aws_access_key_id = {sample_id}\naws_secret_access_key = {sample_secret}"):
        assert scrub(text).count == 0
    assert AWS_KEY not in scrub(f"aws_access_key_id = {AWS_KEY}").text
