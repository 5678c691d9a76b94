"""Round 65: from–to endpoints across ES↔EN with common nouns and misread names, and a restricting
modifier dropped for a universal.

1. :mod:`memory.equivalence.endpoints` — an end whose noun is elided ("to her personal one", "a la
   personal") names the other end's noun; a Spanish word's translation spelled inside the English
   word ("conjoint" / "joint") is that word; "out of … into" is a from–to frame; a capitalised word
   mid-sentence the tagger reads as a verb is a name by its written form
   (:func:`memory.equivalence.bilingual.analyse_names`: "de Quito a Lima" is not *quitar*).
2. :func:`memory.equivalence.phrases.kind_narrowed` — a noun restricted by a complement ("del
   trabajo", "from work") or a modifying noun ("work messages") on one side, the same noun bare with a
   universal ("ninguna", "any", "at all", "nada de") on the other: the second is broader.

The sentences are written for these tests, not taken from any evaluation file."""

from __future__ import annotations

import pytest

from memory.equivalence import Judgment, Label, Statement, default_chain
from memory.equivalence import bilingual
from memory.equivalence.endpoints import reversed_endpoints
from memory.equivalence.phrases import kind_narrowed


@pytest.fixture(autouse=True)
def _installed(apertium_installed: None) -> None:
    """Apertium and WordNet must be there (conftest's fixture fails, never skips)."""


def _judge(a: str, b: str, similarity: float = 0.92) -> Judgment:
    return default_chain().judge(Statement(a), Statement(b), similarity=similarity)


# -- 1. direction across languages ---------------------------------------------------------------------

SWAPPED = [
    ("Mueve el dinero de su cuenta personal a la cuenta conjunta.",
     "Moves the money from the joint account to his personal one."),
    ("Pasó el dinero de su cuenta personal a la conjunta.",
     "Moved her savings out of the joint account into her personal one."),
    # an end said by its owner only: "a la suya", "to her own", "de su propia cuenta"
    ("Pasó el dinero de la cuenta conjunta a la suya.", "Moved the money from her own account to the joint one."),
    ("Pasó el dinero de su propia cuenta a la conjunta.", "Moved the money from the joint account to her own."),
    # "Salta" and "Puebla" are read as the verbs *saltar* and *poblar*: names by their written form
    ("Su autobús del lunes va de Salta a Puebla.", "His Monday bus goes from Puebla to Salta."),
    ("Viaja de Puebla a Salta cada martes", "Travels from Salta to Puebla every Tuesday"),
    ("Conduce de Soria a Burgos cada martes", "Drives from Burgos to Soria every Tuesday"),  # tagged names
]

SAME_ORDER = [
    ("Mueve el dinero de la cuenta conjunta a la personal.",
     "Moves the money from the joint account to his personal one."),
    ("Pasó el dinero de la cuenta conjunta a la suya.", "Moved the money from the joint account to her own."),
    ("Pasó el dinero de su propia cuenta a la conjunta.", "Moved the money from her own account to the joint one."),
    ("Su autobús del lunes va de Puebla a Salta.", "His Monday bus goes from Puebla to Salta."),
    ("Conduce de Burgos a Soria cada martes", "Drives from Burgos to Soria every Tuesday"),
]


@pytest.mark.parametrize(("spanish", "english"), SWAPPED)
def test_ends_named_crosswise_are_reversed(spanish: str, english: str) -> None:
    assert reversed_endpoints(spanish, english) is True


@pytest.mark.parametrize(("spanish", "english"), SAME_ORDER)
def test_ends_in_the_same_order_are_not(spanish: str, english: str) -> None:
    assert reversed_endpoints(spanish, english) is False


@pytest.mark.parametrize(("spanish", "english"), SWAPPED)
def test_the_chain_does_not_merge_a_reversed_movement(spanish: str, english: str) -> None:
    assert _judge(spanish, english).label is not Label.EQUIVALENT


def test_a_capitalised_word_read_as_a_verb_is_a_name_by_its_written_form() -> None:
    words = bilingual.analyse_names("es", "Va de Quito a Lima.")
    assert words is not None
    quito = next(w for w in words if w.surface == "Quito")
    assert (quito.lemma, quito.pos, quito.translations) == ("quito", "np", ())


def test_an_opening_capital_stays_as_tagged() -> None:
    words = bilingual.analyse_names("es", "Quita el polvo de la mesa.")
    assert words is not None
    assert words[0].pos == "vblex" and words[0].lemma == "quitar"


# -- 2. a restricting modifier dropped for a universal ------------------------------------------------

NARROWED = [
    ("No quiere mensajes del trabajo por la noche.", "No quiere ningún mensaje por la noche."),  # ES
    ("Doesn't want work messages at night.", "Doesn't want any messages at night."),  # EN, a noun modifier
    ("Doesn't want messages from work at night.", "Doesn't want messages at all at night."),  # EN, "at all"
    ("No quiere mensajes del trabajo por la noche.", "Doesn't want any messages at night."),  # ES↔EN
    ("Doesn't want work messages at night.", "No quiere nada de mensajes por la noche."),  # ES↔EN, "nada de"
]

KEPT = [
    ("No quiere mensajes del trabajo por la noche.", "Doesn't want work messages at night."),
    ("No quiere ningún mensaje por la noche.", "Doesn't want any messages at night."),
    ("Doesn't want work messages at night.", "Doesn't want messages from work at night."),
]


@pytest.mark.parametrize(("a", "b"), NARROWED)
def test_a_modifier_dropped_for_a_universal_is_a_scope(a: str, b: str) -> None:
    assert kind_narrowed(a, b) and kind_narrowed(b, a)
    assert _judge(a, b).label is not Label.EQUIVALENT


@pytest.mark.parametrize(("a", "b"), KEPT)
def test_the_same_restriction_or_the_same_universal_is_no_scope(a: str, b: str) -> None:
    assert not kind_narrowed(a, b)
