"""Round 61: three misleading classes (:mod:`memory.equivalence.transfer`,
:mod:`memory.equivalence.counted`, :mod:`memory.equivalence.role_nouns`).

1. which way a rented, let or lent thing goes ("to" / "from"), in English, in Spanish and across the
   two — a Spanish *alquilar* that cannot say which is a doubt, never a merge;
2. each count bound to the noun it counts across ES↔EN (the same numbers on other nouns);
3. the role noun each note gives the person across ES↔EN.

Each class: its pairs are not merged, and paraphrases that keep the direction, the counts or the role
are not stopped by the new check. The sentences are written for these tests, not taken from any
evaluation file."""

from __future__ import annotations

import pytest

from memory.equivalence import REASONS, Judgment, Label, Statement, default_chain
from memory.equivalence.class_vetoes import ClassVetoJudge
from memory.equivalence.counted import counts_moved
from memory.equivalence.exchanged_roles import roles_exchanged
from memory.equivalence.role_nouns import roles_differ
from memory.equivalence.similarity import SimilarityJudge
from memory.equivalence.transfer import direction, transfer_clash


@pytest.fixture(autouse=True)
def _installed(apertium_installed: None) -> None:
    """Apertium and WordNet must be there (conftest's fixture fails, never skips)."""


def _judge(a: str, b: str, similarity: float = 0.95) -> Judgment:
    return default_chain().judge(Statement(a), Statement(b), similarity=similarity)


def _both_ways(a: str, b: str) -> list[Judgment]:
    return [_judge(a, b), _judge(b, a)]


# -- 1. direction of a transfer ------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "way"), [
    ("Rents the spare bedroom to a nurse from the hospital", "out"),
    ("Is renting her garage out to a neighbour", "out"),
    ("Leases a van from a local company", "in"),
    ("Has sublet the attic to two students", "out"),
    ("Lends her bike to her nephew at weekends", "out"),
    ("Borrowed a tent from his uncle", "in"),
    ("Le presta la furgoneta a su cuñado", "out"),
    ("Pidió prestada una tienda de campaña a su tío", "in"),
    ("Vive de alquiler en un piso de su tía", "in"),
    ("Le alquila el trastero a una vecina", "unclear"),
    ("Alquila la casa de la playa a unos amigos", "unclear"),
])
def test_a_transfer_frame_gives_its_direction(text: str, way: str) -> None:
    assert direction(text) == way


@pytest.mark.parametrize("text", [
    "Rent goes out of her account on the 1st",  # a noun, not the verb
    "Pays rent to her landlord every month",  # paying is no renting
    "Rents a van to move house in May",  # "to" before a verb
    "Rents a flat close to the river",  # a place
    "Rents a studio from September",  # a time
    "Was lent a laptop by the school",  # a passive: the person receives, said another way
    "Her cousin lends her money",  # someone else is the subject
    "Lets the children play in the garden",  # "let" that allows
    "Presta mucha atención a los detalles",  # "prestar atención" lends nothing
    "Alquila un estudio a dos calles de la oficina",  # a distance, not a person
])
def test_no_transfer_frame_is_read(text: str) -> None:
    assert direction(text) is None


@pytest.mark.parametrize(("a", "b"), [
    ("Rents the spare bedroom to a nurse", "Rents the spare bedroom from a nurse"),
    ("Is subletting a room from his old flatmate Jon", "Is subletting a room to his old flatmate Jon"),
    ("Leases the field to a farmer next door", "Leases the field from the farmer next door"),
    ("Lends his drill to the man upstairs", "Borrows a drill from the man upstairs"),
    ("Le presta el portátil a su compañera Inés", "Borrows a laptop from her colleague Inés"),
])
def test_opposite_directions_never_merge(a: str, b: str) -> None:
    assert transfer_clash(a, b) == "direction_swap"
    for verdict in _both_ways(a, b):
        assert verdict.label is not Label.EQUIVALENT
        assert verdict.reason in REASONS


@pytest.mark.parametrize(("spanish", "english"), [
    ("Le alquila una habitación a su amiga Lucía", "Rents a room from her friend Lucía"),
    ("Le alquila una habitación a su amiga Lucía", "Rents a room to her friend Lucía"),
    ("Alquila la plaza de garaje a un vecino del bloque", "Rents the parking space from a neighbour in the block"),
])
def test_a_spanish_rent_that_cannot_say_which_way_is_a_doubt(spanish: str, english: str) -> None:
    assert transfer_clash(spanish, english) == "direction_unclear"
    assert ClassVetoJudge().veto(Statement(spanish), Statement(english)) == "direction_unclear"
    for verdict in _both_ways(spanish, english):
        assert verdict.label is not Label.EQUIVALENT
        assert verdict.reason in REASONS


def test_the_doubt_is_a_reviewers_not_a_contradiction() -> None:
    # nothing but the Spanish rent's two readings keeps these apart: the chain's veto makes it UNSURE
    verdict = _judge("Alquila su piso a un estudiante de Erasmus", "Rents his flat to an Erasmus student")
    assert (verdict.label, verdict.reason) == (Label.UNSURE, "vetoed_direction_unclear")


@pytest.mark.parametrize(("a", "b"), [
    ("Rents the spare bedroom to a nurse", "Lets the spare bedroom to a nurse"),  # the same way
    ("Borrowed a tent from his uncle", "Pidió prestada una tienda de campaña a su tío"),
    ("Le alquila el trastero a una vecina", "Alquila el trastero a una vecina del edificio"),  # unclear twice
    ("Rents a room from a friend", "Pays rent to a friend for a room"),  # one side has no frame
])
def test_the_same_or_an_unread_direction_is_no_clash(a: str, b: str) -> None:
    assert transfer_clash(a, b) is None


# -- 2. counts bound to their nouns across languages -----------------------------------------------------

@pytest.mark.parametrize(("spanish", "english"), [
    ("Tiene tres perros y un loro", "Has one dog and three parrots"),
    ("Tiene dos bicicletas y tres coches", "Owns three bikes and two cars"),
    ("En casa hay cuatro sillas y dos mesas", "There are two chairs and four tables at home"),
])
def test_counts_moved_to_other_nouns_never_merge(spanish: str, english: str) -> None:
    assert counts_moved(spanish, english) is True
    assert SimilarityJudge().veto(Statement(spanish), Statement(english)) == "number_mismatch"
    for verdict in _both_ways(spanish, english):
        assert verdict.label is not Label.EQUIVALENT


@pytest.mark.parametrize(("spanish", "english"), [
    ("Tiene tres hijas y un hijo", "Has three daughters and a son"),  # each count on its own noun
    ("Va a la piscina una vez a la semana", "Goes to the pool once a week"),  # a rate
    ("Restaura una radio de los años cincuenta", "Is restoring a 1950s radio"),  # a decade
    ("Tiene unos amigos en Lima", "Has a few friends in Lima"),  # no count at all
])
def test_counts_on_the_same_nouns_are_no_mismatch(spanish: str, english: str) -> None:
    assert counts_moved(spanish, english) is False


# -- 3. role nouns across languages -------------------------------------------------------------------------

@pytest.mark.parametrize(("spanish", "english"), [
    ("Es traductora de la editorial", "Is an illustrator for the publishing house"),
    ("Trabaja como cocinero en el hotel", "Works as a waiter at the hotel"),
    ("Es la tesorera de la asociación de vecinos", "Is the secretary of the residents' association"),
    ("Es directora de la banda del pueblo", "Is a trumpeter in the village band"),
])
def test_two_roles_across_languages_never_merge(spanish: str, english: str) -> None:
    assert roles_differ(spanish, english) is True
    assert ClassVetoJudge().veto(Statement(spanish), Statement(english)) == "role_mismatch"
    for verdict in _both_ways(spanish, english):
        assert verdict.label is not Label.EQUIVALENT
        assert verdict.reason in REASONS


@pytest.mark.parametrize(("spanish", "english"), [
    ("Es traductora de la editorial", "Is a translator for the publishing house"),  # the dictionary
    ("Es jefa de cocina en un hotel", "Is the head chef at a hotel"),  # a compound: "jefe" is "head"
    ("Es el director financiero", "Is the CFO"),  # an abbreviation stands for a phrase
    ("Es la responsable de compras", "Is the person in charge of purchasing"),  # no role of its own
    ("Es abogada en un bufete", "Is an attorney at a law firm"),  # WordNet: lawyer / attorney
])
def test_one_role_said_in_two_languages_is_no_mismatch(spanish: str, english: str) -> None:
    assert roles_differ(spanish, english) is False


# -- 3b. one language: two people exchanging what is said of them (round 60's check, merged here) ---------

@pytest.mark.parametrize(("a", "b"), [
    ("Marta is the treasurer; Omar is the secretary", "Marta is the secretary; Omar is the treasurer"),
    ("Lucía lleva la contabilidad y Pablo diseña la web", "Lucía diseña la web y Pablo lleva la contabilidad"),
    ("Is the team lead; Marta is the tester", "Is the tester; Marta is the team lead"),  # the unnamed subject
])
def test_two_people_exchanging_roles_across_clauses_never_merge(a: str, b: str) -> None:
    assert roles_exchanged(a, b) and roles_exchanged(b, a)
    assert ClassVetoJudge().veto(Statement(a), Statement(b)) == "role_mismatch"
    for verdict in _both_ways(a, b):
        assert verdict.label is not Label.EQUIVALENT


@pytest.mark.parametrize(("a", "b"), [
    ("Marta is the treasurer; Omar is the secretary", "Omar is the secretary and Marta is the treasurer"),
    ("Marta teaches Omar the piano", "Omar learns the piano from Marta"),
    ("Visita a su tía en Toledo cada semana", "Cada semana va a Toledo a ver a su tía"),  # a place inside a clause
])
def test_the_same_roles_in_another_order_are_no_exchange(a: str, b: str) -> None:
    assert not roles_exchanged(a, b)
    assert not roles_exchanged(b, a)
