"""eq76 (stop 51): two notes naming different currencies (:mod:`memory.equivalence.currencies`, read
from CLDR) and money moved between two named places in opposite order, ES↔EN, when an end is a
compound with a gerund modifier (:mod:`memory.equivalence.endpoints`).

Each check stops a misleading pair and, beside it, an equivalent pair on the same words must still
merge. The sentences are written for these tests, not taken from any evaluation file."""

from __future__ import annotations

import pytest

from memory.equivalence import Judgment, Label, Statement, bilingual, currencies, default_chain
from memory.equivalence.endpoints import frames, reversed_endpoints


@pytest.fixture(autouse=True)
def _installed(apertium_installed: None) -> None:
    """Apertium and WordNet must be there (conftest's fixture fails, never skips)."""


def _judge(a: str, b: str, similarity: float = 0.95) -> Judgment:
    return default_chain().judge(Statement(a), Statement(b), similarity=similarity)


# -- currencies ---------------------------------------------------------------------------------

DIFFERENT = [
    ("Pays her rent in pounds.", "Pays her rent in euros."),
    ("Cobra el alquiler en dólares.", "Cobra el alquiler en euros."),
    ("Cobra el alquiler en libras esterlinas.", "Collects the rent in yen."),
    ("Budgets 300 USD a month for food.", "Budgets 300 € a month for food."),
]
SAME = [
    ("Cobra el alquiler en dólares.", "Collects the rent in dollars."),
    ("Pays her rent in pounds sterling.", "Paga el alquiler en libras."),
    ("Budgets 300 USD a month for food.", "Budgets $300 a month for food."),
    ("Keeps her savings in Canadian dollars.", "Keeps her savings in dollars."),  # may be one: abstain
]
#: (a, b that merges, b with another currency); each misleading one merged before this check
THROUGH_THE_CHAIN = [
    ("Guarda sus ahorros en dólares.", "Keeps her savings in dollars.", "Keeps her savings in euros.", 0.93),
    ("Cobra su sueldo en pesos mexicanos.", "Le pagan el sueldo en pesos.", "Le pagan el sueldo en dólares.", 0.92),
]


@pytest.mark.parametrize(("a", "b"), DIFFERENT)
def test_different_currencies_are_told_apart(a: str, b: str) -> None:
    assert currencies.different_currencies(a, b)
    assert currencies.different_currencies(b, a)


@pytest.mark.parametrize(("a", "b"), SAME)
def test_one_currency_named_two_ways_is_no_mismatch(a: str, b: str) -> None:
    assert not currencies.different_currencies(a, b)


@pytest.mark.parametrize(("a", "same", "other", "similarity"), THROUGH_THE_CHAIN)
def test_another_currency_is_vetoed_and_the_same_one_merges(a: str, same: str, other: str, similarity: float) -> None:
    assert _judge(a, same, similarity).label is Label.EQUIVALENT
    for verdict in (_judge(a, other, similarity), _judge(other, a, similarity)):
        assert verdict.label is not Label.EQUIVALENT
        assert verdict.reason == "vetoed_entity_mismatch"


def test_an_ambiguous_head_is_every_currency_it_may_be() -> None:
    dollars = currencies.currency("Paid in dollars.")
    assert dollars is not None and {"USD", "CAD", "AUD"} <= dollars
    assert currencies.currency("Paid in Canadian dollars.") == frozenset({"CAD"})
    # two currencies that cannot be one in a note: a conversion, no one currency
    assert currencies.currency("Changes euros into dollars.") is None


def test_an_ordinary_word_names_a_currency_only_after_a_number() -> None:
    assert currencies.currency("Ha perdido peso este año.") is None
    assert currencies.currency("Weighs ten pounds more.") is None
    assert currencies.currency("Gana mucho en el sol.") is None
    assert currencies.currency("Le debe 200 pesos.") is not None
    assert currencies.currency("Keeps a note with no money in it.") is None


# -- ends of a movement -------------------------------------------------------------------------

def test_a_gerund_modifies_the_noun_of_an_end() -> None:
    words = bilingual.analyse_names("en", "Moves the books from the dining room to the bedroom.")
    assert words is not None
    found = frames("en", words)
    assert found and [w.lemma for w in found[0].origin if w.pos != "syn"] == ["dine", "room"]


def test_money_moved_the_other_way_is_stopped_and_the_same_way_merges() -> None:
    spanish = "Pasa dinero de la cuenta de ahorro a la cuenta corriente cada semana."
    same = "Every week she moves money from her savings account to her checking account."
    other = "Every week she moves money from her checking account to her savings account."
    assert reversed_endpoints(spanish, other) is True
    assert reversed_endpoints(spanish, same) is False
    assert _judge(spanish, other, 0.9).label is not Label.EQUIVALENT
    assert _judge(spanish, same, 0.9).label is Label.EQUIVALENT
