"""Tests for memory.scrubbing.folding and the driver's second reading: disguised secrets are found in
the inspection fold and redacted at the writer's characters; the rest of the text keeps its form."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memory.scrubbing import scrub
from memory.scrubbing.folding import folded_view

GH = "gh" + "p_" + "aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5"


def fullwidth(text: str) -> str:
    return "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in text)


def test_ascii_text_is_its_own_view() -> None:
    assert folded_view("plain ASCII text") is None


def test_view_keeps_the_writers_case_and_maps_back() -> None:
    text = "Ｔoken ｇｈｐ_ＡＢ"
    view = folded_view(text)
    assert view is not None
    assert view.text == "Token ghp_AB" and len(view.lower) == len(view.text)
    start = view.text.index("ghp_AB")
    assert view.source_span(start, start + 6) == (text.index("ｇ"), len(text))


@pytest.mark.parametrize(("text", "secret", "kept"), [
    (f"token {fullwidth(GH)} en el chat", fullwidth(GH), "en el chat"),
    ("AWS key A\u200bKIAQ9XR2MZ7TK4PLW3N in the old runbook", "A\u200bKIAQ9XR2MZ7TK4PLW3N", "in the old runbook"),
    ("la contrasen\u0303a es Gato-8526, no la cambies", "Gato-8526", "la contrasen\u0303a es"),
    ("раssword = Quokka#2718", "Quokka#2718", "раssword ="),
    ("pass\u200bword: Gr4nite!Fox29", "Gr4nite!Fox29", "pass\u200bword:"),
    ("La ｃｌａｖｅ del wifi es avellana_2027, pero no se la digas", "avellana_2027", "La ｃｌａｖｅ del wifi"),
    ("c o n t r a s e ñ a :  Membrillo_19", "Membrillo_19", "c o n t r a s e ñ a"),
    ("p4ssw0rd for the router: lantern-Mosaic-84", "lantern-Mosaic-84", "p4ssw0rd for the router"),
])
def test_disguised_secrets_are_redacted_where_they_are(text: str, secret: str, kept: str) -> None:
    out = scrub(text)
    assert secret not in out.text
    assert kept in out.text  # the writer's form is stored outside the redaction
    assert scrub(out.text) == (out.__class__(out.text, ()))  # idempotent


@given(st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=80))
def test_property_ordinary_unicode_words_are_unchanged(prefix: str) -> None:
    sentence = "Prefiere reuniones por la mañana en Zürich"
    out = scrub(f"{prefix}\n\n{sentence}")
    assert out.text.endswith(f"\n\n{sentence}")  # whatever precedes it, an ordinary line keeps its form
