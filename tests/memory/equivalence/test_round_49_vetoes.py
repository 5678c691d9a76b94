"""Vetoes of free-text round 49 (issue 16): every occasion against a part of the day or week; the
subject of the main clause after a time or a clause said first, or dropped; the person and a noun
exchanging the subjects of two clauses; a thing hard or easy for the person. Each is a veto (it
stops a merge, never proves one); each class also has a paraphrase that must still merge or a
reading the check leaves alone. Pure Python: the similarity is given, as consolidation gives it.

The sentences are written for these tests, not taken from any evaluation file."""

from __future__ import annotations

import pytest

from memory.equivalence import Label, Statement, default_chain
from memory.equivalence.normalise import fold
from memory.equivalence.poles import opposed, poles
from memory.equivalence.signature import _padded
from memory.equivalence.slots import case_marked_swap, clause_subjects, main_clause, marked_nouns
from memory.equivalence.timescope import universal_against_part


def _merges(a: str, b: str, similarity: float = 0.96) -> bool:
    return default_chain().judge(Statement(a), Statement(b), similarity=similarity).label is Label.EQUIVALENT


def _p(text: str) -> str:
    return _padded(fold(text))


@pytest.mark.parametrize(("a", "b"), [
    ("Keeps the phone off at all times", "Keeps the phone off in the afternoon"),
    ("No coffee after lunch, every day of the week", "No coffee after lunch at weekends"),
    ("Apaga el móvil a todas horas", "Apaga el móvil por la tarde"),
    ("Nunca bebe alcohol", "Bebe alcohol solo entre semana"),
])
def test_every_occasion_against_a_part_of_the_day_or_week_never_merges(a: str, b: str) -> None:
    assert universal_against_part(_p(a), _p(b))
    assert universal_against_part(_p(b), _p(a))
    assert not _merges(a, b)


@pytest.mark.parametrize(("a", "b"), [
    ("Goes running every morning", "Goes running in the mornings"),  # the universal says the part too
    ("Reads every night before bed", "Reads at night before bed"),
    ("Keeps the phone off at all times", "Always keeps the phone off"),  # no part on either side
    ("Gym every morning at 7", "Goes to the gym daily at 7 a.m."),  # both universal: the clock says the part
    ("Has the team call every weekday at 10", "Daily team call at 10, Monday to Friday"),  # a range says the part
])
def test_a_part_the_universal_side_says_too_is_no_narrowing(a: str, b: str) -> None:
    assert not universal_against_part(_p(a), _p(b))


def test_the_main_clause_starts_after_a_time_or_a_clause_said_first() -> None:
    assert main_clause("Los jueves su cuñada la recoge del trabajo.").split()[:2] == ["su", "cunada"]
    assert main_clause("On Fridays, her cousin drives her home").split()[:2] == ["her", "cousin"]
    assert main_clause("Cuando él trabaja, la abuela cuida a los niños").split()[:2] == ["la", "abuela"]
    assert clause_subjects("When she is away, the landlord feeds her cat") == ("person", "landlord")


@pytest.mark.parametrize(("a", "b"), [
    # the subject after a fronted time: who picks up whom
    ("Los jueves recoge a su cuñada del trabajo.", "Los jueves su cuñada la recoge del trabajo."),
    # a dropped subject opening with the verb the other says after its subject
    ("Emails the landlord every week", "The landlord emails him every week"),
    ("Coaches the trainee on Fridays", "On Fridays the trainee coaches her"),
    # the person and the noun exchange the subjects of the two clauses
    ("Cuando ella está fuera, el casero le da de comer al gato",
     "Cuando el casero está fuera, ella le da de comer al gato"),
])
def test_who_acts_on_whom_in_the_main_clause_swapped_never_merges(a: str, b: str) -> None:
    assert case_marked_swap(a, b)
    assert not _merges(a, b)


def test_the_same_subject_read_the_same_way_is_no_swap() -> None:
    assert not case_marked_swap("Los jueves su cuñada la recoge del trabajo.",
                                "Los jueves su cuñada la recoge en el trabajo.")
    assert not case_marked_swap("Emails the landlord every week", "Emails the landlord weekly")
    assert not case_marked_swap("Is painting the fence on Saturday", "The fence is being painted on Saturday")
    assert not case_marked_swap("Her cousin Ana is a pharmacist in Leeds", "Ana, her cousin, works as a pharmacist in Leeds")


@pytest.mark.usefixtures("apertium_installed")
@pytest.mark.parametrize(("a", "b"), [
    # a Spanish subject against the noun English marks with "to", a two-letter noun among them
    ("Su ex le paga el alquiler", "Pays the rent to his ex"),
    # across the languages, the person and the noun exchange the two clauses' subjects
    ("Cuando ella viaja, su vecina le riega las plantas", "When her neighbour travels, she waters her plants"),
])
def test_across_languages_who_acts_on_whom_swapped_never_merges(a: str, b: str) -> None:
    assert "ex" in marked_nouns("Pays the rent to his ex")  # a two-letter noun is marked like any other
    assert not _merges(a, b)
    assert not _merges(b, a)


@pytest.mark.usefixtures("apertium_installed")
def test_across_languages_the_same_subjects_still_merge() -> None:
    assert _merges("Cuando ella viaja, su vecina le riega las plantas",
                   "When she travels, her neighbour waters her plants")


def test_hard_for_the_person_against_easy_is_opposed() -> None:
    assert opposed(poles(_p("Le cuesta mucho concentrarse")), poles(_p("Le resulta fácil concentrarse")))
    assert opposed(poles(_p("Finds it hard to focus")), poles(_p("Focuses easily")))
    assert not _merges("Le cuesta mucho concentrarse", "Le resulta fácil concentrarse")
    # the price sense of "costar" has no pole against nothing
    assert not opposed(poles(_p("Le cuesta 40 euros al mes")), poles(_p("It costs her 40 euros a month")))
