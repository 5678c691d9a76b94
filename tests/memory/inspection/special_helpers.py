"""What the special-category detector says of one note, for the round tests (issue 15)."""

from __future__ import annotations

from memory.inspection.special import lexical_rule, special_category_in


def lexicon_label(text: str) -> str | None:
    """The detector label of the lexicon rule that fires (the learned stages left out)."""
    rule = lexical_rule(text)
    return rule.split(":", 1)[0] if rule else None


def finding_label(text: str) -> str | None:
    """The category of the write path's finding on ``text`` as a note's content, or None."""
    finding = special_category_in([("content", text)])
    return finding.category if finding else None
