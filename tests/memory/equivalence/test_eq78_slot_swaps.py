"""eq78 (stop 52): a Spanish note and an English note that translate each other but for one word of
one slot — a named kind of a multiword noun, the verb of an agent clause
(:mod:`memory.equivalence.slot_swaps`).

Each shape stops a misleading pair and, beside it, an equivalent pair on the same words must still
merge. The sentences are written for these tests, not taken from any evaluation file."""

from __future__ import annotations

import pytest

from memory.equivalence import Label, Statement, bilingual, default_chain, slot_swaps


@pytest.fixture(autouse=True)
def _installed(apertium_installed: None) -> None:
    """Apertium and WordNet must be there (conftest's fixture fails, never skips)."""


#: (Spanish note, English equivalent, English note with one word of a slot substituted)
SHAPES = [
    # a multiword noun matched by its head only: two kinds of fund WordNet names
    ("Tiene dinero en un fondo de pensiones.", "Has money in a pension fund.", "Has money in a hedge fund."),
    # the verb of an agent clause ("quien paga" / "the one who cooks": *cooks* tagged a noun there)
    ("Es quien paga en las cenas con amigos.", "Is the one who pays at dinners with friends.",
     "Is the one who cooks at dinners with friends."),
    ("En la oficina es quien riega las plantas.", "At the office she is the one who waters the plants.",
     "At the office she is the one who sells the plants."),
]

#: Pairs where the check must abstain: a light verb, a compound WordNet does not name (a paraphrase of
#: the translation), a role said by a noun on one side (not this check's shape)
ABSTAIN = [
    ("Es quien cocina los domingos.", "Is the one who does the cooking on Sundays."),
    ("Es socia de la asociación de vecinos.", "Is a member of the neighbourhood association."),
    ("Es el cocinero los domingos.", "Is the one who cooks on Sundays."),
]


@pytest.mark.parametrize(("spanish", "same", "other"), SHAPES)
def test_one_slot_substituted_is_told_apart_and_the_translation_is_not(spanish: str, same: str, other: str) -> None:
    assert slot_swaps.slot_substitution(spanish, other) is True
    assert slot_swaps.slot_substitution(spanish, same) is False
    assert bilingual.substituted_nouns(spanish, other) is False  # the noun check alone let it through


@pytest.mark.parametrize(("spanish", "english"), ABSTAIN)
def test_abstains_where_nothing_is_compared(spanish: str, english: str) -> None:
    assert slot_swaps.slot_substitution(spanish, english) is False


@pytest.mark.parametrize(("spanish", "same", "other"), SHAPES)
def test_through_the_chain_the_substitution_is_vetoed_and_the_translation_merges(spanish: str, same: str,
                                                                                 other: str) -> None:
    chain = default_chain()
    assert chain.judge(Statement(spanish), Statement(same), similarity=0.95).label is Label.EQUIVALENT
    for a, b in ((spanish, other), (other, spanish)):
        verdict = chain.judge(Statement(a), Statement(b), similarity=0.92)
        assert verdict.label is not Label.EQUIVALENT
        assert verdict.reason == "vetoed_entity_mismatch"
