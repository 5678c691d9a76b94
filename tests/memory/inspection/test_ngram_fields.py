"""The n-gram stage reads prose, not identifiers: a registry key ("communication.style") once read
as ethnicity kept the demo's shared communication-style fact private (found by
tests/config/test_seed_demo.py at the issue-15/16/17 merge)."""

from __future__ import annotations

import pytest

from governance.seed import PREDICATES
from memory.inspection import special_ngrams
from memory.inspection.special import special_category_in


@pytest.mark.parametrize("key", [row[0] for row in PREDICATES])
def test_no_seeded_predicate_key_or_category_is_special(key: str) -> None:
    category = next(row[2] for row in PREDICATES if row[0] == key)
    assert special_category_in([("predicate", key), ("category", category), ("key", key)]) is None


def test_the_same_string_as_prose_is_still_read_by_the_ngram_stage(monkeypatch: pytest.MonkeyPatch) -> None:
    # The skip is by field: content (and value) strings still go through the lexicon and the model.
    finding = special_category_in([("predicate", "communication.style"),
                                   ("content", "Tiene diabetes tipo 2 desde hace años")])
    assert finding is not None and finding.field == "content"
    # and the skip is by field, not by string: with an n-gram stage that flags every string (the
    # six-source model read this key as ethnicity; a retrained one need not), the key as content
    # reaches it and as a predicate does not, so removing the stage or the field rule fails here.
    monkeypatch.setattr(special_ngrams.NgramModel, "special", lambda self, text: True)
    as_prose = special_category_in([("content", "communication.style")])
    assert as_prose is not None and as_prose.rule.startswith("ngram.")
    assert special_category_in([("predicate", "communication.style"), ("key", "communication.style")]) is None
