"""eq80 (stop 53): ES↔EN substitutions that still merged — a modifier of one head put for another, a
participle after an article said as a noun (:mod:`memory.equivalence.slot_modifiers`), and a verb
that is a manner of the translated verb's opposite (:func:`memory.equivalence.verb_opposites.manner_opposite`).

Each shape stops a misleading pair and, beside it, an equivalent pair on the same words must still
merge. The sentences are written for these tests, not taken from any evaluation file."""

from __future__ import annotations

import pytest

from memory.equivalence import Label, Statement, bilingual, default_chain, slot_modifiers, slot_swaps, verb_opposites


@pytest.fixture(autouse=True)
def _installed(apertium_installed: None) -> None:
    """Apertium and WordNet must be there (conftest's fixture fails, never skips)."""


#: (Spanish note, English equivalent, English note with the word of one slot substituted)
SLOTS = [
    # two kinds of one game modifying one head
    ("Entrena a un equipo de baloncesto del barrio.", "Coaches a neighbourhood basketball team.",
     "Coaches a neighbourhood volleyball team."),
    # "de" + noun against a noun modifier: "marketing" spells like "meeting" nowhere here, but WordNet
    # puts *sale* under *marketing* (a near hypernym, not a synonym)
    ("Trabaja en el equipo de marketing de una startup.", "Works in the marketing team of a startup.",
     "Works in the sales team of a startup."),
    # a participle after an article, said as a noun ("un invitado"), against a role noun in its slot
    ("Fue un invitado en la cena de la empresa.", "Was a guest at the company dinner.",
     "Was the waiter at the company dinner."),
]


@pytest.mark.parametrize(("spanish", "same", "other"), SLOTS)
def test_the_slot_substitution_is_told_apart_and_the_translation_is_not(spanish: str, same: str, other: str) -> None:
    assert slot_swaps.slot_substitution(spanish, other) is True
    assert slot_swaps.slot_substitution(spanish, same) is False


def test_the_noun_check_alone_let_the_modifier_and_participle_shapes_through() -> None:
    for spanish, _, other in (SLOTS[1], SLOTS[2]):
        assert bilingual.substituted_nouns(spanish, other) is False


@pytest.mark.parametrize(("spanish", "same", "other"), SLOTS)
def test_through_the_chain_the_substitution_is_vetoed_and_the_translation_merges(spanish: str, same: str,
                                                                                 other: str) -> None:
    chain = default_chain()
    assert chain.judge(Statement(spanish), Statement(same), similarity=0.92).label is Label.EQUIVALENT
    for a, b in ((spanish, other), (other, spanish)):
        verdict = chain.judge(Statement(a), Statement(b), similarity=0.92)
        assert verdict.label is not Label.EQUIVALENT
        assert verdict.reason == "vetoed_entity_mismatch"


def test_a_possessive_is_no_article_the_participle_shape_abstains() -> None:
    # "su cuñado" is tagged the participle of *cuñar*: only an article makes a participle a noun here
    es, en = bilingual.analyse("es", "Juega al pádel con su cuñado."), \
        bilingual.analyse("en", "Plays padel with his brother-in-law.")
    assert es is not None and en is not None
    assert slot_modifiers.participle_swap(es, en) is False


def test_a_relational_adjective_is_not_asked_its_sibling_rendering_merges() -> None:
    # "cívico" pertains to *city* / *citizen*, a sibling of "community" in WordNet: the measured
    # shape stopped this rendering out of the development half, so it is not asked (module docstring)
    spanish, english = "Va al centro cívico los martes.", "Goes to the community centre on Tuesdays."
    assert slot_swaps.slot_substitution(spanish, english) is False
    assert default_chain().judge(Statement(spanish), Statement(english), similarity=0.92).label is Label.EQUIVALENT


def test_a_verb_that_is_a_manner_of_the_opposite_verb() -> None:
    # WordNet: "drop" (to fall vertically) is under *descend*, opposite the first sense of "go up"
    assert verb_opposites.manner_opposite("go up", "drop") is True
    assert verb_opposites.manner_opposite("drop", "go up") is True
    # "climb" is under *rise*: the same direction
    assert verb_opposites.manner_opposite("go up", "climb") is False
    assert verb_opposites.opposite("go up", "drop") is False  # the lexical links alone miss it


def test_manner_opposites_are_read_across_languages_only() -> None:
    spanish, same, other = ("Cuando la temperatura sube, abre las ventanas.",
                            "When the temperature rises, opens the windows.",
                            "When the temperature drops, opens the windows.")
    assert verb_opposites.opposite_verbs(spanish, "es", other, "en") is True
    assert verb_opposites.opposite_verbs(spanish, "es", same, "en") is False
    chain = default_chain()
    assert chain.judge(Statement(spanish), Statement(same), similarity=0.92).label is Label.EQUIVALENT
    assert chain.judge(Statement(spanish), Statement(other), similarity=0.92).reason == "vetoed_antonym"
    # two English notes: the lexical links only (the same-language path is not this change's)
    assert verb_opposites.opposite_verbs("When prices go up, sells.", "en", "When prices drop, sells.", "en") is False
