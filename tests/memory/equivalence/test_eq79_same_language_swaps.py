"""eq79 (stop 53): same-language swaps — one noun of a shared frame put for another of one WordNet
class (:mod:`memory.equivalence.noun_classes`), and two clauses whose agents are exchanged against
the same verbs (:mod:`memory.equivalence.agent_swaps`).

Each shape stops a misleading pair and, beside it, an equivalent pair on the same words must still
merge. The sentences are written for these tests, not taken from any evaluation file."""

from __future__ import annotations

import pytest

from memory.equivalence import Label, Statement, agent_swaps, default_chain, noun_classes, siblings


@pytest.fixture(autouse=True)
def _installed(apertium_installed: None) -> None:
    """Apertium and WordNet must be there (conftest's fixture fails, never skips)."""


#: (language, note, the note with one place or role put for another of its class, reason, an equivalent)
CLASS_SWAPS = [
    ("es", "Guarda las llaves en el cajón de la cocina.", "Guarda las llaves en la caja del garaje.",
     "entity_mismatch", "Guarda las llaves en un cajón de la cocina."),
    ("en", "Keeps her passport in the kitchen drawer.", "Keeps her passport in the kitchen cupboard.",
     "entity_mismatch", "Keeps her passport in a kitchen drawer."),
    # a person only in its third sense ("tenor": a voice first), which the role check never read
    ("es", "En la compañía de teatro trabaja como apuntadora.", "En la compañía de teatro canta como tenor.",
     "role_mismatch", "Trabaja como apuntadora en la compañía de teatro."),
]

#: (language, note, the note with the agents exchanged, an equivalent)
AGENT_SWAPS = [
    ("en", "Cooks dinner on weekdays; her husband washes the dishes.",
     "Washes the dishes on weekdays; her husband cooks dinner.",
     "Cooks dinner on weekdays, and her husband washes the dishes."),
    ("es", "Lleva a los niños al colegio; su pareja los recoge por la tarde.",
     "Recoge a los niños del colegio; su pareja los lleva por la mañana.",
     "Lleva a los niños al colegio y su pareja los recoge por la tarde."),
]


@pytest.mark.parametrize(("lang", "note", "other", "reason", "same"), CLASS_SWAPS)
def test_a_noun_of_the_same_class_is_told_apart_and_the_paraphrase_is_not(lang: str, note: str, other: str,
                                                                         reason: str, same: str) -> None:
    assert noun_classes.class_swap(lang, note, other) == reason
    assert noun_classes.class_swap(lang, other, note) == reason
    assert noun_classes.class_swap(lang, note, same) is None
    assert not siblings.role_heads(lang, note, other)  # the role check alone let it through


@pytest.mark.parametrize(("lang", "note", "other", "reason", "same"), CLASS_SWAPS)
def test_through_the_chain_the_swap_never_merges_and_the_paraphrase_does(lang: str, note: str, other: str,
                                                                        reason: str, same: str) -> None:
    chain = default_chain()
    assert chain.judge(Statement(note), Statement(same), similarity=0.95).label is Label.EQUIVALENT
    for a, b in ((note, other), (other, note)):
        assert chain.judge(Statement(a), Statement(b), similarity=0.96).label is not Label.EQUIVALENT


def test_the_container_swap_is_stopped_by_this_check_in_the_chain() -> None:
    """The Spanish container pair reaches no other veto: the reason is this check's."""
    lang, note, other, _, _ = CLASS_SWAPS[0]
    verdict = default_chain().judge(Statement(note), Statement(other), similarity=0.96)
    assert verdict.reason == "vetoed_entity_mismatch"


@pytest.mark.parametrize(("lang", "a", "b"), [
    ("en", "Keeps the tools in the cupboard.", "Keeps the tools in the closet."),  # one synset
    ("en", "Keeps the tools in a box.", "Keeps the tools in a container."),  # a hypernym
    ("en", "Works as a podcaster at the radio station.", "Works as a cashier at the radio station."),  # unknown to WordNet (one English word: it has no class either, so this holds without the guard too)
    ("en", "Has two daughters at the school.", "Is the mother of two daughters at the school."),  # kin
    ("es", "Guarda las llaves en el cajón.", "Guarda las llaves en el cajón de la cocina."),  # the same head
])
def test_the_class_check_abstains(lang: str, a: str, b: str) -> None:
    assert noun_classes.class_swap(lang, a, b) is None


@pytest.mark.parametrize(("lang", "note", "other", "same"), AGENT_SWAPS)
def test_agents_exchanged_against_the_same_verbs_are_told_apart(lang: str, note: str, other: str, same: str) -> None:
    assert agent_swaps.agents_exchanged(lang, note, other) is True
    assert agent_swaps.agents_exchanged(lang, other, note) is True
    assert agent_swaps.agents_exchanged(lang, note, same) is False


@pytest.mark.parametrize(("lang", "note", "other", "same"), AGENT_SWAPS)
def test_through_the_chain_the_exchange_never_merges_and_the_paraphrase_does(lang: str, note: str, other: str,
                                                                            same: str) -> None:
    chain = default_chain()
    assert chain.judge(Statement(note), Statement(same), similarity=0.95).label is Label.EQUIVALENT
    for a, b in ((note, other), (other, note)):
        assert chain.judge(Statement(a), Statement(b), similarity=0.97).label is not Label.EQUIVALENT


@pytest.mark.parametrize(("a", "b"), [
    ("Does not cook; she has no kitchen.", "Has no kitchen, so she does not cook."),  # "she" may be the person
    ("She cooks and he cleans.", "He cleans and she cooks."),  # the same pairs in another order
    ("Cooks dinner on weekdays.", "Washes the dishes on weekdays."),  # one clause: no prefilter match
    ("Cooks dinner and washes the dishes.", "Washes the dishes and cooks dinner."),  # one agent
])
def test_the_agent_check_abstains(a: str, b: str) -> None:
    assert agent_swaps.agents_exchanged("en", a, b) is False
