"""Round 58: antonym and role classes read on one translated reading of an ES↔EN pair
(:mod:`memory.equivalence.translated_classes`).

Each case is a Spanish note and an English note; the check translates each into the other language
and asks WordNet's adjective and verb antonyms, the antonym poles (but the part of the day) and the
two role readings about one language's pair. A veto stops a merge, never proves one: the same
property, the same role and the same time of day said across the languages must still merge.

The sentences are written for these tests, not taken from any evaluation file."""

from __future__ import annotations

import pytest

from memory.equivalence import Label, Statement, default_chain
from memory.equivalence.poles import opposed
from memory.equivalence.signature import signature
from memory.equivalence.translated_classes import LOOSE_POLES, one_reading_class


@pytest.fixture(autouse=True)
def _installed(apertium_installed: None) -> None:
    """Apertium and WordNet must be there (conftest's fixture fails, never skips)."""


def _verdict(a: str, b: str, similarity: float = 0.93) -> Label:
    return default_chain().judge(Statement(a), Statement(b), similarity=similarity).label


@pytest.mark.parametrize(("spanish", "english"), [
    ("Su profesora de piano es muy permisiva", "His piano teacher is very strict"),  # adjective poles
    ("Está perdiendo peso este invierno", "Has been gaining weight this winter"),  # verb antonyms
    ("Su coche nuevo es muy lento", "Her new car is very fast"),
    ("El piso de su hermano es muy ruidoso", "Her brother's flat is very quiet"),
    ("Vendió la moto el mes pasado", "Bought the motorbike last month"),
    ("Aprobó el examen de conducir", "Failed the driving test"),
])
def test_an_antonym_on_one_translated_reading_is_vetoed(spanish: str, english: str) -> None:
    assert one_reading_class(spanish, english) == "antonym"
    assert _verdict(spanish, english) is not Label.EQUIVALENT
    assert _verdict(english, spanish) is not Label.EQUIVALENT


@pytest.mark.parametrize(("spanish", "english"), [
    ("Dirige el coro del pueblo", "Sings in the village choir"),  # running a setting / taking part
    ("Canta en el coro de la parroquia", "Conducts the parish choir"),
    ("Es la tesorera del club de tenis", "Is the secretary of the tennis club"),  # two roles, one slot
    ("Es la presidenta de la asociación de padres", "Is the secretary of the parents association"),
])
def test_a_role_on_one_translated_reading_is_vetoed(spanish: str, english: str) -> None:
    assert one_reading_class(spanish, english) == "role_mismatch"
    assert _verdict(spanish, english) is not Label.EQUIVALENT


@pytest.mark.parametrize(("spanish", "english"), [
    ("Su profesora de piano es muy estricta", "His piano teacher is very strict"),
    ("Está ganando peso este invierno", "Has been putting on weight this winter"),
    ("Dirige la orquesta del pueblo", "Conducts the town orchestra"),
    ("Va a clases de yoga por la tarde", "Goes to yoga classes in the evening"),  # tarde: the loose pole
    ("Es la jefa de compras", "She is the purchasing manager"),
    ("Es la directora financiera.", "She is the CFO."),  # a literal rendering against an idiom
    ("Su piso es muy tranquilo", "Her flat is very quiet"),
    ("Trabaja como enfermera en un hospital", "Works as a nurse at a hospital"),
    ("Es el tesorero de la asociación de vecinos", "Is the treasurer of the residents association"),
])
def test_the_same_property_or_role_across_languages_is_no_class(spanish: str, english: str) -> None:
    assert one_reading_class(spanish, english) is None


def test_the_part_of_the_day_is_a_loose_pole() -> None:
    assert "daytime" in LOOSE_POLES
    assert one_reading_class("Estudia árabe por las noches", "Studies Arabic in the evenings") is None


def test_same_language_pairs_are_not_read_through_a_translation() -> None:
    # the module is asked only for ES↔EN pairs; within one language the class checks read the notes as written
    assert _verdict("Her piano teacher is very strict", "Her piano teacher is very strict") is Label.EQUIVALENT


# --- running a gathering or taking part in it, said with nouns (poles: "gathering") -----------------

def _pole_flip(a: str, b: str) -> bool:
    pa = frozenset(p for p in signature(a).poles if p.startswith("gathering"))
    pb = frozenset(p for p in signature(b).poles if p.startswith("gathering"))
    return opposed(pa, pb)


@pytest.mark.parametrize(("a", "b"), [
    ("Hosts the neighbourhood quiz night every month", "Es una invitada habitual en la noche de preguntas del barrio"),
    ("Es la anfitriona de la cena de Navidad de la empresa", "Is a guest at the company Christmas dinner"),
    ("Es jurado en el festival de cortos del instituto", "Is a contestant in the school short film festival"),
    ("Is one of the judges of the local baking contest", "Is one of the contestants in the local baking contest"),
    ("Es concursante en el programa de cocina", "Es jueza en el programa de cocina"),
])
def test_the_one_who_runs_a_gathering_against_one_who_takes_part_is_vetoed(a: str, b: str) -> None:
    assert _pole_flip(a, b) and _pole_flip(b, a)
    assert _verdict(a, b) is not Label.EQUIVALENT


@pytest.mark.parametrize(("a", "b"), [
    ("Es la anfitriona de la cena de Navidad", "Is the host of the Christmas dinner"),
    ("Is a guest at the wedding on Saturday", "Es invitada a la boda del sábado"),
    ("Es concursante en el programa de cocina", "Is a contestant on the cooking show"),
    ("Es juez en el tribunal de Sevilla", "Is a judge at the court in Seville"),
    ("Organiza la cena y es la anfitriona", "Hosts the dinner as the organiser"),
])
def test_one_role_at_a_gathering_said_twice_is_no_flip(a: str, b: str) -> None:
    assert not _pole_flip(a, b)
