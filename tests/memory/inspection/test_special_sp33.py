"""sp33 (issue 15): the lexicon reads a term joined to a prefix (``special_morphology``) as the
term, and biometric authentication by the person's own trait is special (``biometric.authenticates``
of ``special_roles``), while its near misses — a feature switched off, not chosen, negated, or named
as a product — stay ordinary. Sentences written for these tests, not taken from a corpus."""

from __future__ import annotations

import re

import pytest

from memory.inspection.normalise import fold_text
from memory.inspection.special_lexicon import RULES
from memory.inspection.special_morphology import PREFIXES, prefix_reading
from memory.inspection.special_roles import ROLE_RULES
from tests.memory.inspection.special_helpers import finding_label, lexicon_label


@pytest.mark.parametrize(("text", "label"), [
    ("Va a hemodiálisis los lunes, miércoles y viernes por la tarde", "health"),
    ("Es prediabético y no toma postre en las comidas de equipo", "health"),
    ("Has prediabetes, so skip the pastries at the Friday meeting", "health"),
    ("La ve su neuropsiquiatra cada dos semanas, los jueves", "health"),
    ("Has hypothyroidism and takes a pill every morning before coffee", "health"),
    ("Hace hidroterapia los martes por lo de la espalda", "health"),
    ("Toma antiepilépticos desde el verano y evita conducir", "health"),
    ("Tiene una enfermedad autoinmune y evita los viajes largos", "health"),
])
def test_a_term_joined_to_a_prefix_is_read_as_the_term(text: str, label: str) -> None:
    assert lexicon_label(text) == label


def test_the_prefix_reading_is_what_catches_them() -> None:
    """The words joined are not read by any rule as written; split off their prefix, they are."""
    assert {"hemo", "pre", "neuro", "hidro"} <= set(PREFIXES)
    for word, split in (("hemodialisis", "hemo dialisis"), ("prediabetico", "pre diabetico"),
                        ("neuropsiquiatra", "neuro psiquiatra"), ("hidroterapia", "hidro terapia")):
        assert not any(rule.fires(word) for rule in RULES), word
        assert prefix_reading(word) == split
        assert prefix_reading(word, ()) == word


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


def test_a_prefix_is_split_off_only_before_a_lexicon_word() -> None:
    """``pre`` + ``sidente`` is no word of the lexicon: an ordinary note gets no second reading."""
    for text in ("el presidente presenta la propuesta", "prefers the previous preview", "autobus y microondas",
                 "que presida la reunion", "un cafe expreso", "desayuna tarde", "la unidad antiterrorista", "alarma antirrobo"):
        assert prefix_reading(fold_text(text)) == fold_text(text)


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
    "Pasó el control automático de fronteras con el escaneo de cara y el pasaporte",
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
    "Scans the QR code on the ticket, not her face, at the stadium gate",
])
def test_its_near_misses_stay_ordinary(text: str) -> None:
    assert not authenticates(text)
    assert finding_label(text) is None
