"""eq73 (stop 50): an ES↔EN comparison merges only when Apertium's dictionary aligns it in the same order
(:mod:`memory.equivalence.comparison_order`).

Each comparison said the other way round is still stopped, and beside it the same comparison in the
same order now merges. The sentences are written for these tests, not taken from any evaluation file."""

from __future__ import annotations

import pytest

from memory.equivalence import Judgment, Label, Statement, default_chain
from memory.equivalence.comparison_order import halves, same_order


@pytest.fixture(autouse=True)
def _installed(apertium_installed: None) -> None:
    """Apertium and WordNet must be there (conftest's fixture fails, never skips)."""


def _judge(a: str, b: str, similarity: float = 0.93) -> Judgment:
    return default_chain().judge(Statement(a), Statement(b), similarity=similarity)


PAIRS = [
    # (Spanish, English in the same order, English the other way round)
    ("Prefiere el té verde al café.", "Prefers green tea to coffee.", "Prefers coffee to green tea."),
    ("Gasta más en libros que en música.", "Spends more on books than on music.",
     "Spends more on music than on books."),
]


@pytest.mark.parametrize(("spanish", "same", "swapped"), PAIRS)
def test_the_same_comparison_merges_and_the_swapped_one_does_not(spanish: str, same: str, swapped: str) -> None:
    assert same_order(spanish, same) is True
    assert same_order(spanish, swapped) is False
    assert _judge(spanish, same).label is Label.EQUIVALENT
    for verdict in (_judge(spanish, swapped), _judge(swapped, spanish)):
        assert verdict.label is not Label.EQUIVALENT


def test_the_marker_is_a_closed_class() -> None:
    # "to" right after "prefer" is the infinitive, not the marker
    en = halves("en", "Prefers to cycle to work rather than drive.")
    assert en is not None and [w.lemma for w in en[1]] == ["drive"]
    # no marker: nothing to tell, the gate stands
    assert halves("es", "Le gusta el té verde.") is None
    assert same_order("Le gusta el té verde.", "Prefers green tea to coffee.") is None
