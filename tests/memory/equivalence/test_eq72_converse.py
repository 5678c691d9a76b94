"""eq72 (stop 49): one act, its two ends exchanged across ES↔EN (:mod:`memory.equivalence.converse`).

Each swap is stopped, and beside it the same act with the same ends still merges. The sentences are
written for these tests, not taken from any evaluation file."""

from __future__ import annotations

import pytest

from memory.equivalence import REASONS, Judgment, Label, Statement, default_chain
from memory.equivalence.class_vetoes import ClassVetoJudge
from memory.equivalence.converse import ends_exchanged, frames, swapped


@pytest.fixture(autouse=True)
def _installed(apertium_installed: None) -> None:
    """Apertium and WordNet must be there (conftest's fixture fails, never skips)."""


def _judge(a: str, b: str, similarity: float = 0.95) -> Judgment:
    return default_chain().judge(Statement(a), Statement(b), similarity=similarity)


SWAPS = [
    # "substitute" / "fill in": one WordNet synset; Lucía the subject of one, after "for" in the other
    ("Lucía sustituye a su jefe en agosto.", "Her boss fills in for Lucía in August."),
    ("Los viernes, Lucía lo sustituye en la tienda.", "On Fridays he fills in for Lucía at the shop."),
    # "regar" → "irrigate" / "water": one synset; the neighbour the subject of one, the possessor in the other
    ("Su vecino le riega las plantas cuando viaja.", "He waters his neighbour's plants when he travels."),
]
SAME = [
    ("Lucía sustituye a su jefe en agosto.", "Lucía fills in for her boss in August."),
    ("Su vecino le riega las plantas cuando viaja.", "His neighbour waters his plants when he travels."),
]


@pytest.mark.parametrize(("spanish", "english"), SWAPS)
def test_one_act_with_its_ends_exchanged_never_merges(spanish: str, english: str) -> None:
    assert ends_exchanged(spanish, english) is True
    assert ClassVetoJudge().veto(Statement(spanish), Statement(english)) == "direction_swap"
    for verdict in (_judge(spanish, english), _judge(english, spanish)):
        assert verdict.label is not Label.EQUIVALENT
        assert verdict.reason in REASONS


@pytest.mark.parametrize(("spanish", "english"), SAME)
def test_the_same_act_with_the_same_ends_still_merges(spanish: str, english: str) -> None:
    assert ends_exchanged(spanish, english) is False
    assert _judge(spanish, english).label is Label.EQUIVALENT


def test_only_persons_are_ends() -> None:
    # a tool and a time are no ends: "Uses Notion" / "Notion is used" say nothing of who does what
    assert frames("Every morning she uses Notion to plan the day.") == (("use", None, frozenset()),
                                                                       ("plan", None, frozenset()))
    # (eq73: this pair was once asserted no swap, which held only because the tagger read "brother uses"
    # as one noun; with the verb read, the brother is the user on one side and the used on the other)
    assert frames("Her brother uses Notion every morning.") == (("use", "brother", frozenset()),)
    assert not swapped("Her brother uses Notion every morning.", "Every morning her brother uses Trello.")
