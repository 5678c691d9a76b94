"""Round 64: two readings that vetoed equivalents on their wording alone.

1. A bare "can" that says a language skill, or being reached, is read as the plain statement: "Can
   read Portuguese" is "Reads Portuguese", "No se le puede localizar" is "No está disponible"
   (:func:`memory.equivalence.modality.modality`). A "can" of anything else (permission, a
   possibility, "could") stays a modality.
2. A subjectless note that opens with a copula ("Es la jefa de compras") is about the person, as
   "Dirige las compras" is: the role noun after the copula is not a different subject
   (:func:`memory.equivalence.compare._subjects`). A note that opens with another person still is.

The sentences are written for these tests, not taken from any evaluation file."""

from __future__ import annotations

import pytest

from memory.equivalence import Judgment, Label, Statement, default_chain
from memory.equivalence.modality import modality
from memory.equivalence.signature import mismatch, signature


@pytest.fixture(autouse=True)
def _installed(apertium_installed: None) -> None:
    """Apertium and WordNet must be there (conftest's fixture fails, never skips)."""


def _judge(a: str, b: str, similarity: float = 0.93) -> Judgment:
    return default_chain().judge(Statement(a), Statement(b), similarity=similarity)


@pytest.mark.parametrize(("a", "b"), [
    ("Can read Greek easily, though his spoken Greek is weak.", "Reads Greek well but speaks it poorly."),
    ("Understands Dutch but does not speak it.", "Can follow Dutch, though she can't speak it."),
    ("Can't be reached before nine on Mondays.", "Is unavailable before nine on Mondays."),
    ("Los jueves por la tarde no se le puede localizar.", "No está disponible el jueves por la tarde."),
    ("Can be reached on weekdays after ten.", "Available on weekdays from ten onwards."),
])
def test_a_can_of_skill_or_reach_is_no_modality(a: str, b: str) -> None:
    verdict = _judge(a, b)
    assert verdict.reason != "vetoed_modality_mismatch", (verdict.label, verdict.reason)
    assert verdict.label is Label.EQUIVALENT, (verdict.label, verdict.reason)


@pytest.mark.parametrize(("a", "b"), [
    ("Can work from home on Fridays.", "Works from home on Fridays."),  # permission
    ("Could lead the audit in the autumn.", "Will lead the audit in the autumn."),  # a possibility
    ("Can speak at the parents' meeting in May.", "Speaks at the parents' meeting in May."),  # no language
    ("Podría leer el informe en francés esta semana.", "Lee el informe en francés esta semana."),  # "podría"
    ("Can read Dutch and can drive a lorry.", "Reads Dutch and drives a lorry."),  # another "can" is left
])
def test_any_other_can_still_vetoes(a: str, b: str) -> None:
    assert mismatch(signature(a), signature(b), a, b) == "modality_mismatch"
    verdict = _judge(a, b)
    assert verdict.label is not Label.EQUIVALENT, (verdict.label, verdict.reason)


def test_the_skill_reading_needs_a_language_and_is_an_ability() -> None:
    # against another bare "can" the ability still agrees ("Puede leer" / "Can read")
    assert modality(" can read dutch ", names_language=True) == frozenset({"ability"})
    assert modality(" can read dutch ", names_language=False) == frozenset({"can"})
    assert signature("Can read Dutch").modality == frozenset({"ability"})
    assert signature("Can read the contract").modality == frozenset({"can"})
    assert signature("Cannot be contacted after six").modality == frozenset()


@pytest.mark.parametrize(("a", "b"), [
    ("Es la jefa de ventas de una cadena de librerías.",
     "Dirige el departamento de ventas de una cadena de librerías."),
    ("Es el responsable de mantenimiento del hotel.", "Se encarga del mantenimiento del hotel."),
])
def test_a_copula_role_is_not_a_different_subject(a: str, b: str) -> None:
    verdict = _judge(a, b)
    assert verdict.reason != "different_subject", (verdict.label, verdict.reason)
    assert verdict.label is Label.EQUIVALENT, (verdict.label, verdict.reason)


@pytest.mark.parametrize(("a", "b"), [
    ("Su jefa dirige el departamento de ventas.", "Dirige el departamento de ventas."),
    ("Su hija habla alemán en casa.", "Habla alemán en casa."),
])
def test_another_person_opening_the_note_still_is(a: str, b: str) -> None:
    verdict = _judge(a, b)
    assert verdict.label is not Label.EQUIVALENT, (verdict.label, verdict.reason)
    assert verdict.reason == "different_subject", (verdict.label, verdict.reason)
