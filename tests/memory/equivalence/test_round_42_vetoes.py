"""Vetoes of free-text round 42 (issue 16): whose thing it is, what is only offered or expected,
a converse verb said as a participle, a day said relative to today, and who an organisation
serves against who serves in it. Each is a veto (it stops a merge, never proves one); each class
also has a paraphrase that must still merge. Pure Python: the similarity is given, as
consolidation gives it.

The sentences are written for these tests, not taken from any evaluation file."""

from __future__ import annotations

import pytest

from memory.equivalence import Label, Statement, default_chain
from memory.equivalence.possession import owner_swap
from memory.equivalence.signature import mismatch, signature
from memory.equivalence.slots import converse_swap


def _merges(a: str, b: str, similarity: float = 0.96) -> bool:
    return default_chain().judge(Statement(a), Statement(b), similarity=similarity).label is Label.EQUIVALENT


@pytest.mark.parametrize(("a", "b"), [
    ("Is renting out his garage to a neighbour", "Is renting a neighbour's garage"),
    ("Drops her dog off with her cousin on Fridays", "Walks her cousin's dog on Fridays"),
    ("El gato de Marta arañó al de su compañera", "El gato de la compañera arañó al de Marta"),
    ("Her parents' car is parked at his flat", "His car is parked at her parents' flat"),
])
def test_two_owners_swapped_never_merge(a: str, b: str) -> None:
    names = signature(a).names | signature(b).names
    assert owner_swap(a, b, names) and owner_swap(b, a, names)
    assert not _merges(a, b)
    assert not _merges(b, a)


@pytest.mark.parametrize(("a", "b"), [
    ("Walks her cousin's dog on Fridays", "Walks the dog of her cousin on Fridays"),
    ("Cuida a los hijos de su hermano los lunes", "Cuida los lunes a los hijos de su hermano"),
    # a name after a preposition of place is a place: it owns nothing
    ("Vive en Sevilla, en el barrio de Triana", "Reside en Triana, un barrio de Sevilla"),
    # a name of several words is one owner
    ("Edits Ana María's reports every week", "Edits the reports of Ana María every week"),
])
def test_the_same_owner_said_another_way_is_no_swap(a: str, b: str) -> None:
    names = signature(a).names | signature(b).names
    assert not owner_swap(a, b, names)
    assert not owner_swap(b, a, names)


@pytest.mark.parametrize(("a", "b"), [
    ("Has sold the sailing boat", "Ha comprado el velero"),  # a perfect's participle is the same end
    ("Ha vendido la furgoneta", "Ha comprado la furgoneta"),
    ("Ha enviado el contrato firmado", "Has received the signed contract"),
    ("Le ha prestado la cámara a su primo", "Borrowed the camera from his cousin"),
])
def test_a_converse_verb_said_as_a_participle_never_merges(a: str, b: str) -> None:
    assert converse_swap(a, b) and converse_swap(b, a)
    assert not _merges(a, b)


def test_the_same_end_said_as_a_participle_still_merges() -> None:
    assert not converse_swap("Ha vendido el velero", "Has sold the sailing boat")
    assert not converse_swap("Le ha prestado la cámara a su primo", "Lent the camera to his cousin")


@pytest.mark.parametrize(("a", "b"), [
    ("Tiene la entrevista por la mañana", "Has the interview tomorrow"),  # the morning, not tomorrow
    ("Tiene la entrevista mañana", "Has the interview today"),
    ("Vuelve de Roma pasado mañana", "Vuelve de Roma mañana"),
    ("Firmó el contrato ayer", "Firmó el contrato esta mañana"),
])
def test_a_day_said_relative_to_today_is_a_date(a: str, b: str) -> None:
    assert mismatch(signature(a), signature(b), a, b) == "date_mismatch"
    assert not _merges(a, b)
    assert not _merges(b, a)


@pytest.mark.parametrize(("a", "b"), [
    ("Tiene la entrevista mañana", "Has the interview tomorrow"),
    ("A partir de mañana trabaja desde casa", "Starting tomorrow she works from home"),
    ("Hace turnos de mañana y tarde", "Works morning and afternoon shifts"),  # the morning, beside the afternoon
    ("Hoy en día trabaja desde casa", "Trabaja desde casa"),  # nowadays is no day
])
def test_the_same_day_said_another_way_is_no_date_mismatch(a: str, b: str) -> None:
    assert signature(a).days == signature(b).days


@pytest.mark.parametrize(("a", "b"), [
    ("Le ofrecieron la plaza de jefa de sección", "Took the head of section post"),  # offered, not taken
    ("Was offered a place on the board", "Sits on the board"),
    ("Is supposed to walk the dog every evening", "Pasea al perro todas las tardes"),  # expected, not done
    ("Se supone que revisa las facturas cada lunes", "Reviews the invoices every Monday"),
])
def test_an_offer_received_or_a_duty_expected_is_not_the_deed(a: str, b: str) -> None:
    assert mismatch(signature(a), signature(b), a, b) == "modality_mismatch"
    assert not _merges(a, b)
    assert not _merges(b, a)


@pytest.mark.parametrize(("a", "b"), [
    ("Le ofrecieron la plaza de jefa de sección", "Was offered the head of section post"),
    ("Is supposed to walk the dog every evening", "Tiene que pasear al perro todas las tardes"),
    # an offer named in a relative clause is not what the note says of the person
    ("Accepted the transfer she was offered", "Aceptó el traslado"),
    ("Rechazó el traslado que le ofrecieron", "Turned down the transfer"),
])
def test_the_same_offer_or_duty_said_another_way_agrees(a: str, b: str) -> None:
    assert signature(a).modality == signature(b).modality


@pytest.mark.parametrize(("a", "b"), [
    ("Es beneficiario del comedor social", "Is a volunteer at the soup kitchen"),  # served, against serving
    ("Service user at the day centre", "Es empleada del centro de día"),
    ("Examiner at the language school", "Se examina en la escuela de idiomas"),  # examines, against examined
    ("Interviewer on the hiring panel", "Interviewee for the post"),
])
def test_who_an_organisation_serves_or_examines_is_not_who_serves_or_examines(a: str, b: str) -> None:
    assert not _merges(a, b)
    assert not _merges(b, a)


def test_the_same_side_of_the_service_still_merges() -> None:
    assert _merges("Es beneficiaria de la fundación", "Is a recipient at the foundation")
    assert _merges("Se examina del carné en la autoescuela", "Sits the exam at the driving school")


@pytest.mark.parametrize(("a", "b"), [
    ("Ha empezado la reforma de la cocina", "Ha terminado la reforma de la cocina"),
    ("Se ha dado de baja del coro", "Has joined the choir"),
])
def test_a_pole_said_as_a_participle_never_merges(a: str, b: str) -> None:
    assert mismatch(signature(a), signature(b), a, b) == "antonym"
    assert not _merges(a, b)
    assert not _merges(b, a)


def test_the_two_ends_of_a_sale_said_as_nouns_are_converse() -> None:
    a, b = "Es la compradora del local", "Is the seller of the premises"
    assert converse_swap(a, b) and converse_swap(b, a)
    assert not _merges(a, b)
