"""Special categories, seventeenth round (issue 15): classes seen in the misses and false positives of
the spent set S19 and in the remaining misses of every other spent author — a special fact in a
later clause of an ordinary note, a relative clause that ties the person to a group or an app named
by a special word, identification by a bodily trait and its enrolment verbs, wanting to be near a
(any) place of worship, a person's own variant, a workers' representative, and a few euphemisms;
on the ordinary side, a subject studied, the history of a movement, a crop's genome and
volunteering in a prison. Sentences written for these tests, not taken from a corpus."""

from __future__ import annotations

import pytest

from memory.inspection import special_ngrams
from memory.inspection.special import special_category_in
from memory.inspection.special_ngrams import load
from tests.memory.inspection.special_helpers import lexicon_label



def _lexicon_finding(text: str) -> str | None:
    """The rule of the write path's finding when the lexicon made it, else None."""
    finding = special_category_in([("content", text)])
    return finding.rule if finding and finding.rule.startswith("lexicon.") else None


# --- a hidden clause: the veto reads the clause that carries the special word --------------------
@pytest.mark.parametrize("text", [
    "Pedir presupuesto de mesas y sillas; a Luis, que está investigado en el caso de las facturas, no "
    "ponerlo en copia del correo al cliente, y revisar el stock.",
    "Mandar el contrato al proveedor; a Pablo, que está investigado en el caso de las obras, no "
    "incluirlo en la reunión, y cerrar la incidencia.",
])
def test_a_special_clause_of_an_ordinary_note_survives_the_veto(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The whole note reads as ordinary (here the n-gram stage vetoes exactly the whole note, as the
    models of the six sources did; a retrained model need not), the clause that carries the
    special word does not: the hit stands."""
    monkeypatch.setattr(special_ngrams.NgramModel, "vetoes", lambda self, string: string == text)
    assert _lexicon_finding(text) == "lexicon.criminal"
    # and a veto of every clause too drops it: the clause is what keeps the hit
    monkeypatch.setattr(special_ngrams.NgramModel, "vetoes", lambda self, string: True)
    assert special_category_in([("content", text)]) is None


@pytest.mark.parametrize("text", [
    # the special word in the first clause (a client, a product) is no hidden clause
    "He is a sales rep for insulin pumps, covers clinics across Texas; wants the new price list.",
])
def test_a_special_word_about_a_client_stays_vetoed(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """When the n-gram stage vetoes the whole note (the 24-author models did; the 31-author models of
    stop 37 score this note above the veto and flag it, a conservative false positive), no clause
    of it brings the hit back: the special word sits in the first clause, about a product."""
    assert lexicon_label(text) is not None and load() is not None
    monkeypatch.setattr(special_ngrams.NgramModel, "vetoes", lambda self, string: string == text)
    assert special_category_in([("content", text)]) is None


def test_a_relative_clause_of_belonging_is_not_vetoed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Belonging to a group named by a special word is the person's tie, whatever the n-gram stage
    makes of a note about an organisation (here it vetoes everything)."""
    monkeypatch.setattr(special_ngrams.NgramModel, "vetoes", lambda self, text: True)
    assert special_category_in([("content", "Pidió los estatutos de la asociación de mujeres gitanas a la que pertenece.")])
    assert special_category_in([("content", "Pidió los estatutos de la asociación de vecinos del barrio gitano.")]) is None


# --- recall classes -------------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "label"), [
    # a relative clause ties a group or an app named by a special word to the person
    ("Pidió los estatutos de la asociación de mujeres gitanas a la que pertenece.", "race_ethnicity"),
    ("No le mandes avisos de la app de diabetes que usa, prefiere el correo.", "health"),
    # an app, a site or a club for sex; a same-sex couple in Spanish
    ("Cancela la suscripción a la web de sexo que paga cada mes.", "sex_life_orientation"),
    ("Reserva una mesa para el sábado: ella y su novia cumplen tres años.", "sex_life_orientation"),
    # identification by a bodily trait, and the enrolment verbs' morphology
    ("Dejó grabadas unas frases para que la aseguradora le identifique por la voz.", "biometric"),
    ("Prefers aisle seats, and we saved a model of her face for the lobby kiosk.", "biometric"),
    ("Her voice as a password was set up with the bank on Monday.", "biometric"),
    # wanting to be near any (indefinite) place of worship, a liturgy
    ("Quiere un piso en Lyon cerca de una mezquita, a ser posible con ascensor.", "religion"),
    ("Busca hotel junto a una iglesia ortodoxa para ir a la liturgia del domingo.", "religion"),
    # a person's own variant, even after a work-like noun ("a run for her …")
    ("Moved the review: the test run for his BRCA2 variant is on Friday.", "genetic"),
    # a workers' representative, pay negotiated with management
    ("She's the rep for the night-shift lads and hates the new rota.", "trade_union"),
    ("He negotiates their shifts with management every quarter.", "trade_union"),
    # euphemisms: known to the police, no believer, seeing someone about one's head
    ("Tom is well known to the police in his town, two burglaries.", "criminal"),
    ("He's not much of a believer, so no blessing before the team lunch.", "religion"),
    ("Says he is seeing someone about his nerves again, so go gently.", "health"),
])
def test_an_indirect_or_hidden_form_is_found(text: str, label: str) -> None:
    assert lexicon_label(text) == label


@pytest.mark.parametrize("text", [
    # a possessive quote mark is no quotation ("the bank's voiceprint"), an archive room is no trade
    "Wants calls late, when the insurer's voiceprint line he enrolled in is quiet.",
    "Para entrar al archivo solo mira al lector de iris, no necesita llave.",
    "To get into the archive she just looks into the iris reader, no badge needed.",
])
def test_a_frame_that_was_misread_no_longer_clears(text: str) -> None:
    assert lexicon_label(text) == "biometric"


# --- the ordinary side ----------------------------------------------------------------------------
@pytest.mark.parametrize("text", [
    "Is taking a comparative religion elective this term for the credits.",
    "Está leyendo sobre la historia del sindicalismo para un documental que prepara.",
    "Su laboratorio secuencia genomas de arroz y de levaduras.",
    "Hace voluntariado de lectura en una prisión los jueves.",
    "She is the HR rep for the warehouse staff and runs the onboarding.",
    "Records a voice message for the team every Monday.",
    "The receptionist recognises him by his voice when he calls.",
    "The office is near the old church in the square, take the tram.",
    "Handles sick leave paperwork for the whole plant.",
])
def test_an_ordinary_note_stays_ordinary(text: str) -> None:
    assert lexicon_label(text) is None
