"""Round 46 (from pairs48): a device left on or off, and what others expect of a person (issue 16).

The sentences are written for these tests, not taken from any evaluation file."""

from __future__ import annotations

import pytest

from memory.equivalence import Label, Statement, default_chain
from memory.equivalence.normalise import fold
from memory.equivalence.poles import opposed, poles
from memory.equivalence.signature import _tense
from memory.equivalence.values import numbers


def _padded(text: str) -> str:
    return f" {' '.join(fold(text).replace(',', ' ').split())} "


def _merges(a: str, b: str, similarity: float = 0.93) -> bool:
    return default_chain().judge(Statement(a), Statement(b), similarity=similarity).label is Label.EQUIVALENT


@pytest.mark.parametrize(("a", "b"), [
    ("Trabaja con la radio encendida", "Works with the radio off"),
    ("Deja el móvil apagado por la noche", "Leaves her phone switched on at night"),
    ("Sleeps with the fan on in summer", "Duerme con el ventilador apagado en verano"),
])
def test_a_device_on_against_off_never_merges(a: str, b: str) -> None:
    assert not _merges(a, b)
    assert not _merges(b, a)


@pytest.mark.parametrize(("a", "b"), [
    ("Trabaja con la radio encendida", "Works with the radio on"),
    ("Deja el móvil apagado por la noche", "Leaves her phone switched off at night"),
    ("Works on Mondays with the radio on", "Trabaja los lunes con la radio encendida"),
    ("Works on Mondays", "Trabaja los lunes con la radio apagada"),  # a bare "on" is no device state
])
def test_the_same_state_or_a_bare_on_is_no_flip(a: str, b: str) -> None:
    assert not opposed(poles(_padded(a)), poles(_padded(b)))


def test_being_expected_to_is_not_doing_or_being_able() -> None:
    assert not _merges("Sabe preparar la cena de Navidad para toda la familia",
                       "Is expected to cook Christmas dinner for the whole family")
    assert not _merges("Prepara la cena de Navidad para toda la familia",
                       "Is expected to cook Christmas dinner for the whole family")


def test_round_47_a_side_is_no_past_eleven_is_no_one_and_busy_is_not_quiet() -> None:
    """Round 47 (from pairs49): "her left knee" says no tense; Spanish "once" before a plural noun
    or after "las" is eleven, English "once" counts nothing; a busy place is not a quiet one."""
    assert _tense("Is having an operation on her left knee") == frozenset()
    assert _tense("Left the choir in May") == frozenset({"past"})
    assert numbers("De momento tiene once sobrinos") == (frozenset({11.0}),)
    assert numbers("Goes swimming once a week") == ()
    assert opposed(poles(_padded("Likes lively, crowded bars")),
                   poles(_padded("Le gustan los bares tranquilos y poco concurridos")))
    assert not _merges("Had an operation on her left knee", "Is having an operation on her left knee")
