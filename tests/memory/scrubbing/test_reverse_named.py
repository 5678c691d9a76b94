"""The value first, then up to two words naming the account and the password word (thirteenth
round, ``prose``); a version before a password word is no password. Made-up sentences (no database)."""

from __future__ import annotations

import pytest

from memory.scrubbing import scrub


# Thirteenth round (``prose``): the value first, then up to two words naming the account.
def test_a_strong_value_before_a_named_accounts_password_is_redacted() -> None:
    assert "Mariposa-2290-Lila" not in scrub("So here: Mariposa-2290-Lila is the Dropbox password.").text
    assert "Kq7!mW2p" not in scrub("Kq7!mW2p was her old Netflix password, now changed").text


@pytest.mark.parametrize("text", [
    "Bitwarden2024 is the family password manager we picked.",
    "Version 3.2-beta is the new password policy rollout.",
    "Today-2024 is my work password reminder day.",
])
def test_a_value_before_a_password_tool_or_policy_is_kept(text: str) -> None:
    assert scrub(text).text == text
