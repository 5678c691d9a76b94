"""Round 46 (from pairs48): a device left on or off, and what others expect of a person (issue 16).

The sentences are written for these tests, not taken from any evaluation file."""

from __future__ import annotations

import pytest

from memory.equivalence import Label, Statement, default_chain
from memory.equivalence.normalise import fold
from memory.equivalence.poles import opposed, poles


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
