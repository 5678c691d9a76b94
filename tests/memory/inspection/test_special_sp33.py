"""sp33 (issue 15): the lexicon reads a term joined to a prefix (``special_lexicon.PREFIXES``) as the
term, and biometric authentication by the person's own trait is special (``biometric.authenticates``
of ``special_roles``), while its near misses — a feature switched off, not chosen, negated, or named
as a product — stay ordinary. Sentences written for these tests, not taken from a corpus."""

from __future__ import annotations

import re

import pytest

from memory.inspection.normalise import fold_text
from memory.inspection.special_lexicon import PREFIXES, _compile
from memory.inspection.special_roles import ROLE_RULES
from tests.memory.inspection.special_helpers import finding_label, lexicon_label


@pytest.mark.parametrize(("text", "label"), [
    ("Va a hemodiálisis los lunes, miércoles y viernes por la tarde", "health"),
    ("Es prediabético y no toma postre en las comidas de equipo", "health"),
    ("Has prediabetes, so skip the pastries at the Friday meeting", "health"),
    ("La ve su neuropsiquiatra cada dos semanas, los jueves", "health"),
    ("Has hypothyroidism and takes a pill every morning before coffee", "health"),
    ("Hace hidroterapia los martes por lo de la espalda", "health"),
    ("Tiene una enfermedad autoinmune y evita los viajes largos", "health"),
])
def test_a_term_joined_to_a_prefix_is_read_as_the_term(text: str, label: str) -> None:
    assert lexicon_label(text) == label


def test_without_the_prefixes_those_terms_are_not_read() -> None:
    """The mechanism is what catches them: the same lexicon with no prefix misses the joined forms."""
    bare = _compile(())
    for word in ("hemodialisis", "prediabetico", "neuropsiquiatra", "hidroterapia"):
        assert not any(rule.fires(word) for rule in bare), word
    assert {"hemo", "pre", "neuro", "hidro"} <= set(PREFIXES)


@pytest.mark.parametrize("text", [
    "El presidente propuso el nuevo proyecto en la reunión del lunes",
    "Prepara la presentación de la propuesta para el cliente",
    "Preparing the pre-exam checklist for the certification course",
    "Antiterrorist training for the airport security staff is on Thursday",
    "Lleva el antirrobo de la bici en la mochila",
    "Prefers the previous version of the dashboard",
])
def test_words_that_only_start_like_a_prefix_stay_ordinary(text: str) -> None:
    assert finding_label(text) is None


def test_a_term_must_begin_where_the_prefix_ends() -> None:
    """``pre`` + ``sidente`` is no term: a prefixed match starts right after a prefix that opens a word."""
    rules = _compile()
    reading = fold_text("el presidente y la prensa")
    assert not any(rule.fires(reading) and re.search(r"\bpre", reading) and rule.label == "health" for rule in rules)


def authenticates(text: str) -> bool:
    rule = next(r for r in ROLE_RULES if r.name == "lexicon.biometric.role.authenticates")
    return rule.fires(fold_text(text))


@pytest.mark.parametrize("text", [
    "Usa Face ID para aprobar los pagos en la app del banco",
    "Activó el reconocimiento facial en la app del banco la semana pasada",
    "Approves every transfer with Touch ID on her phone",
    "Passes the automatic border gate with a face scan at Heathrow",
    "Pasa el control de fronteras por la puerta automática con escaneo facial",
    "Set up fingerprint unlock on the work laptop yesterday",
    "Paga en la cafetería del campus con la huella",
])
def test_biometric_authentication_by_the_person_is_special(text: str) -> None:
    assert finding_label(text) == "user.biometric"


@pytest.mark.parametrize("text", [
    "Turned off Face ID on the shared iPad and uses a passcode",
    "Desactivó el desbloqueo facial y usa un PIN de seis dígitos",
    "Uses a QR code at the gate instead of the face scan",
    "Prefiere el PIN en vez de la huella para entrar en la app",
    "Prefers a long passcode over Face ID on every device",
    "Pidió que no active el desbloqueo facial en la tablet nueva",
    "Never uses Touch ID on the company laptop",
    "El móvil nuevo trae desbloqueo facial, según el folleto",
    "Is designing the Face ID login screen for a client's banking app",
])
def test_its_near_misses_stay_ordinary(text: str) -> None:
    assert not authenticates(text)
    assert finding_label(text) is None
