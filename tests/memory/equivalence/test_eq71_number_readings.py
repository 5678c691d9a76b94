"""eq71 (stop 49): numbers and counts read as same-language paraphrases write them.

Each reading that lets a paraphrase merge sits beside a misleading pair on the same mechanism that
must still be vetoed:

1. :func:`memory.equivalence.values.numbers` — English clock fractions in words ("half past four",
   "a quarter to ten"), Spanish "menos cuarto", and an hour with its fraction on the twelve-hour clock
   ("las dos y media de la tarde" is 14:30); a decade or year said by its last two digits ("los años
   80", "the seventies") against the whole year; "cuarta"/"quinta" beside a storey noun; "una
   década" as ten years; "medio año" as six months; "the first of the month" as the 1st; a rate
   said either way ("twice a year" / "every six months").
2. :func:`memory.equivalence.values.days_counted` — a count of the weekdays the note names ("tres
   días: lunes, miércoles y viernes").
3. :func:`memory.equivalence.values.counts_differ` — coordinated numbers share what the last one
   counts ("de 5 y 8 años"), so they are no swap.
4. :func:`memory.equivalence.slots.people` — two relatives of one kind coordinated ("mum and dad")
   are several, as "parents" is.

The sentences are written for these tests, not taken from any evaluation file."""

from __future__ import annotations

import pytest

from memory.equivalence import Judgment, Label, Statement, default_chain
from memory.equivalence.signature import signature
from memory.equivalence.slots import people
from memory.equivalence.values import counts_differ, days_counted, numbers, numbers_differ


@pytest.fixture(autouse=True)
def _installed(apertium_installed: None) -> None:
    """Apertium and WordNet must be there (conftest's fixture fails, never skips)."""


def _judge(a: str, b: str, similarity: float = 0.93) -> Judgment:
    return default_chain().judge(Statement(a), Statement(b), similarity=similarity)


def _differ(a: str, b: str) -> bool:
    return numbers_differ(signature(a).numbers, signature(b).numbers)


# -- 1. numbers --------------------------------------------------------------------------------------

SAME_NUMBERS = [
    ("Walks the dog at 6:30 every morning", "Walks the dog every morning at half past six"),
    ("The weekly review starts at 11:15", "The weekly review starts at a quarter past eleven"),
    ("Catches the train at 7:45", "Catches the train at a quarter to eight"),
    ("Sale de clase a las 17:30", "Sale de clase a las cinco y media de la tarde"),
    ("Cierra la tienda a las 20:45", "Cierra la tienda a las nueve menos cuarto de la noche"),
    ("Colecciona discos de los años 60", "Colecciona discos de la década de 1960"),
    ("Collects posters from the 1980s", "Collects posters from the eighties"),
    ("Conduce un coche del año 98", "Conduce un coche de 1998"),
    ("Vive en la cuarta planta", "Vive en la planta 4"),
    ("Lleva una década tocando el violonchelo", "Lleva diez años tocando el violonchelo"),
    ("Se va de voluntaria medio año a Perú", "Se va de voluntaria seis meses a Perú"),
    ("Pays the gym on the first of every month", "Pays the gym on the 1st of every month"),
    ("Cleans the gutters twice a year", "Cleans the gutters every six months"),
    ("Visita a su tía cada cuatro meses", "Visita a su tía tres veces al año"),
]
OTHER_NUMBERS = [  # the same mechanisms, another number: still a mismatch
    ("Walks the dog at 6:30 every morning", "Walks the dog every morning at half past seven"),
    ("Catches the train at 7:45", "Catches the train at a quarter past seven"),
    ("Sale de clase a las 17:30", "Sale de clase a las seis y media de la tarde"),
    ("Colecciona discos de los años 60", "Colecciona discos de la década de 1970"),
    ("Collects posters from the 1980s", "Collects posters from the nineties"),
    ("Vive en la cuarta planta", "Vive en la planta 5"),
    ("Lleva una década tocando el violonchelo", "Lleva veinte años tocando el violonchelo"),
    ("Se va de voluntaria medio año a Perú", "Se va de voluntaria tres meses a Perú"),
    ("Pays the gym on the first of every month", "Pays the gym on the 15th of every month"),
    ("Cleans the gutters twice a year", "Cleans the gutters every three months"),
    ("Visita a su tía cada cuatro meses", "Visita a su tía dos veces al año"),
]


@pytest.mark.parametrize(("a", "b"), SAME_NUMBERS)
def test_the_same_number_written_another_way_agrees(a: str, b: str) -> None:
    assert not _differ(a, b)
    assert _judge(a, b).reason != "vetoed_number_mismatch"


@pytest.mark.parametrize(("a", "b"), OTHER_NUMBERS)
def test_another_number_on_the_same_mechanism_is_still_vetoed(a: str, b: str) -> None:
    assert _differ(a, b)
    verdict = _judge(a, b)
    assert verdict.label is not Label.EQUIVALENT
    assert verdict.reason == "vetoed_number_mismatch"


def test_clock_fractions_and_decades_read_as_values() -> None:
    assert 9.25 in numbers("at a quarter past nine")[0]
    assert 9.75 in numbers("at a quarter to ten")[0]
    assert 14.5 in numbers("a las dos y media de la tarde")[0]
    assert 1980.0 in numbers("los años 80")[0]
    assert numbers("la década de 1980") == (frozenset({1980.0}),)  # names a decade: no ten counted
    assert numbers("dos décadas") == (frozenset({20.0}),)
    assert numbers("his first child") == ()  # "first" alone still counts nothing


def test_two_rates_with_other_periods_still_differ() -> None:
    """The period is a reading added to the count, never one taken away: "every six months" and
    "three times a year" share neither. (The count alone is still shared as before, so "twice a year"
    / "every two weeks" is not told apart by the numbers: known, left as it was.)"""
    assert _differ("Donates blood every six months", "Donates blood three times a year")
    assert _judge("Donates blood every six months", "Donates blood three times a year").label is not Label.EQUIVALENT


# -- 2. weekdays counted -----------------------------------------------------------------------------

def test_a_count_of_the_weekdays_named_is_the_days_named() -> None:
    a, b = "Nada los martes y jueves", "Nada dos días por semana, martes y jueves"
    assert days_counted(b, 2) == frozenset({2.0})
    assert not _differ(a, b)
    assert _judge(a, b).reason != "vetoed_number_mismatch"


def test_a_count_other_than_the_weekdays_named_still_differs() -> None:
    a, b = "Nada los martes y jueves", "Nada tres días por semana, martes y jueves"
    assert days_counted(b, 2) == frozenset()
    assert _differ(a, b)
    assert _judge(a, b).label is not Label.EQUIVALENT


# -- 3. coordinated counts ---------------------------------------------------------------------------

def test_coordinated_ages_are_no_swap() -> None:
    assert not counts_differ("Tiene dos sobrinos, de 4 y 7 años", "Sus dos sobrinos tienen siete y cuatro años")


def test_two_numbers_that_swap_what_they_count_still_differ() -> None:
    assert counts_differ("Tiene tres gatos y un perro", "Tiene un gato y tres perros")
    assert _judge("Tiene tres gatos y un perro", "Tiene un gato y tres perros").label is not Label.EQUIVALENT


# -- 4. coordinated kin ------------------------------------------------------------------------------

def test_two_relatives_of_one_kind_coordinated_are_several() -> None:
    assert people("Her mum and dad run a bakery", frozenset()).kin_number == frozenset({("parent", True)})
    assert people("Su padre y su madre tienen una panadería", frozenset()).kin_number == frozenset({("parent", True)})
    verdict = _judge("Her parents run a bakery", "Her mum and dad run a bakery")
    assert verdict.reason != "vetoed_number_mismatch"


def test_one_relative_against_several_is_still_vetoed() -> None:
    assert people("Her mother and her friend run a bakery", frozenset()).kin_number == frozenset({("parent", False)})
    verdict = _judge("Her parents run a bakery", "Her mother runs a bakery")
    assert verdict.label is not Label.EQUIVALENT
