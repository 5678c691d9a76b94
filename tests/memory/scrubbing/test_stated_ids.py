"""A random-looking token the sentence itself calls an identifier is kept by the entropy fallback
(memory.scrubbing.entropy; no database)."""

from __future__ import annotations

import pytest

from memory.scrubbing import scrub

_TOKEN = "8fK2mPq7" + "Zx1vRt8LqW3e"


@pytest.mark.parametrize(
    "text",
    [
        f"Miro board key: {_TOKEN} (that's just the board id in the link).",
        f"Session {_TOKEN} — es solo el identificador de la sesión",
        f"Doc reference {_TOKEN}, which is the document identifier.",
    ],
)
def test_a_token_stated_to_be_an_id_is_kept(text: str) -> None:
    assert scrub(text).count == 0


@pytest.mark.parametrize(
    "text",
    [f"Use {_TOKEN}, it is secret", f"API key: {_TOKEN} (that is just the id, ha)", f"Token {_TOKEN}, it is the bearer"],
)
def test_a_token_not_stated_to_be_an_id_or_under_a_secret_label_is_redacted(text: str) -> None:
    assert _TOKEN not in scrub(text).text
