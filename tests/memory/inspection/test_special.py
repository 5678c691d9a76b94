"""The special-category detector reads content whatever is declared (first lexicon; the full
detector and its held-out figures are in docs/privacy.md)."""

from __future__ import annotations

import pytest

from memory.inspection.special import special_category_in


@pytest.mark.parametrize(("field", "text", "category"), [
    ("content", "Tiene diabetes", "user.health_and_medical"),
    ("content", "Tiene d3pr3sión", "user.health_and_medical"),
    ("value.*", "Is on leave after chemo", "user.health_and_medical"),
    ("content", "Va a la m e z q u i t a", "user.demographic.religious_belief"),
])
def test_special_content_is_found_in_any_field(field: str, text: str, category: str) -> None:
    finding = special_category_in([("content", "Prefiere informes breves"), (field, text)])
    assert finding is not None
    assert (finding.category, finding.field) == (category, field)


def test_ordinary_notes_are_not_special() -> None:
    assert special_category_in([("content", "Prefiere informes breves"), ("key", "report_length")]) is None
