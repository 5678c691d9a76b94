"""Veto of free-text round 51 (issue 16): two noun phrases exchanged around the same predicate ("X is
scared of Y" / "Y is scared of X"), neither of them the person. A veto only; a reciprocal relation,
a coordination or a passive against an active is left alone. Pure Python: the similarity is given,
as consolidation gives it.

The sentences are written for these tests, not taken from any evaluation file."""

from __future__ import annotations

import pytest

from memory.equivalence import Label, Statement, default_chain
from memory.equivalence.slots import exchanged_around


def _merges(a: str, b: str, similarity: float = 0.97) -> bool:
    return default_chain().judge(Statement(a), Statement(b), similarity=similarity).label is Label.EQUIVALENT


@pytest.mark.parametrize(("a", "b"), [
    ("Her parrot is afraid of the landlord's ferret", "The landlord's ferret is afraid of her parrot"),
    ("The rabbit hides from the tortoise", "The tortoise hides from her rabbit"),
    ("La tortuga le tiene miedo al conejo", "El conejo le tiene miedo a la tortuga"),
    ("Sus gatos persiguen a las gallinas del vecino", "Las gallinas del vecino persiguen a sus gatos"),
    ("Prefers tea to coffee in the morning", "Prefers coffee to tea in the morning"),
])
def test_two_phrases_exchanged_around_one_predicate_never_merge(a: str, b: str) -> None:
    assert exchanged_around(a, b)
    assert exchanged_around(b, a)
    assert not _merges(a, b)


@pytest.mark.parametrize(("a", "b"), [
    ("Marta is married to Pablo", "Pablo is married to Marta"),
    ("Marta se casó con Pablo en 2019", "Pablo se casó con Marta en 2019"),
    ("Marta met Pablo at university", "Pablo met Marta at university"),
    ("Her sister shares an office with her cousin", "Her cousin shares an office with her sister"),
    ("Likes Greek and Turkish food", "Likes Turkish and Greek food"),
    ("Her boss is as tall as her brother", "Her brother is as tall as her boss"),
    ("The ferret scares the parrot", "The parrot is scared by the ferret"),
])
def test_a_reciprocal_relation_coordination_or_passive_is_no_exchange(a: str, b: str) -> None:
    assert not exchanged_around(a, b)
