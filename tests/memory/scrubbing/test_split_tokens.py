"""Tests for memory.scrubbing.separated._find_split_tokens: a vendor token written in chunks, read
out in groups or broken across a line (no database). Made-up values, none from a corpus."""

from __future__ import annotations

import pytest

from memory.scrubbing import scrub


@pytest.mark.parametrize(("text", "secret"), [
    ("Dictó la access key por teléfono en grupos de cuatro: AKIA QWER TYPL MNBV C7XZ", "AKIA QWER TYPL MNBV C7XZ"),
    ("The key id wrapped in the e-mail: AKIAZXCVBNMQ\nW2ERTYUI, join the lines.", "AKIAZXCVBNMQ\nW2ERTYUI"),
    ("GitHub token, in two lines of the ticket:\nghp_Qw7Er2Ty9Ui4Op1As6Df\n3Gh8Jk5Lz0Xc2Vb7Nm, thanks", "ghp_Qw7Er2Ty9Ui4Op1As6Df\n3Gh8Jk5Lz0Xc2Vb7Nm"),
])
def test_a_vendor_token_in_chunks_is_redacted_whole(text: str, secret: str) -> None:
    out = scrub(text).text
    assert secret not in out
    assert not any(part in out for part in secret.split()[1:])


def test_the_prose_after_a_split_token_is_kept() -> None:
    """The join stops at the longest run a vendor rule takes whole: the words after it stay."""
    out = scrub("AKIA QWER TYPL MNBV C7XZ Is The Old Key From 2019").text
    assert out.endswith("Is The Old Key From 2019") and "C7XZ" not in out


@pytest.mark.parametrize("text", [
    "AKIA IS THE PREFIX OF AN AWS ACCESS KEY ID",
    "Los prefijos de GitHub son ghp_ y gho_ para los tokens",
    "ASIA PACIFIC REGION 2024 REPORT",
])
def test_prose_after_a_prefix_is_kept(text: str) -> None:
    assert scrub(text).text == text
