"""Stop 36's general classes (issue 15): ordinary senses a frame now clears (a bible in scare quotes,
being religious about a habit, HR on the employer's side of the bargaining, a table
at a place called "Union …", an animal's pedigree with its DNA, a trait "carried in the genes") and
special facts the lexicon now reads (a suspended sentence, the person as defendant, handing out a
party's leaflets, a device that recognises the person's voice or face, fingerprint minutiae).
Sentences written for these tests, not taken from a corpus."""

from __future__ import annotations

import pytest

from tests.memory.inspection.special_helpers import finding_label, lexicon_label

RELIGION = "user.demographic.religious_belief"
CRIMINAL = "user.criminal_history"
POLITICS = "user.demographic.political_opinion"
BIOMETRIC = "user.biometric"


@pytest.mark.parametrize("text", [
    "Says the style guide is his 'bible' and wants every heading to follow it",
    "El manual de marca es su 'biblia', revisa cada logo con él",
    "Es muy 'religiosa' con la siesta, nada de llamadas a las tres",
    "Works in human resources and drafts the collective bargaining minutes for the company",
    "Is the HR lead preparing the works council elections and needs two rooms",
    "Wants a table at the Union Fish Bar on Friday for the team lunch",
])
def test_an_ordinary_sense_of_stop_36_is_no_lexicon_finding(text: str) -> None:
    assert lexicon_label(text) is None


@pytest.mark.parametrize(("text", "covered"), [
    # read by neither learned stage as written (the lexicon has no word to fire on in these)
    ("Is religious about his morning run, so nothing before nine please", "religious about his"),
    ("El criador manda el pedigrí con el análisis de ADN la semana que viene", "pedigri con el analisis de adn"),
    ("Su terquedad 'la lleva en la sangre', como su abuelo, dice riendo", "la lleva en la sangre"),
])
def test_an_ordinary_sense_of_stop_36_is_an_ordinary_span(text: str, covered: str) -> None:
    from memory.inspection.special import _special_readings
    from memory.inspection.special_forms import ordinary_spans

    reading = _special_readings(text)[0]
    start = reading.index(covered)
    assert any(s <= start and start + len(covered) <= e for s, e in ordinary_spans(reading))


@pytest.mark.parametrize(("text", "label"), [
    ("Has a suspended sentence for the fight last year, so no travel abroad for now", "criminal"),
    ("Tiene una condena suspendida y no puede salir del país hasta junio", "criminal"),
    ("Appears in court as the defendant next Tuesday, keep the morning free", "criminal"),
    ("Declara el lunes como imputado, así que no le pongas reuniones", "criminal"),
    ("Hands out flyers for the green candidate's campaign on Saturdays", "politics"),
    ("Reparte octavillas del partido en el mercado los domingos por la mañana", "politics"),
    ("Set it up so the bank recognises her voice on calls, no more PIN", "biometric"),
    ("Para que el móvil reconozca su cara tuvo que quitarse las gafas", "biometric"),
    ("The consulate needs his fingerprint minutiae re-sent before the trip", "biometric"),
])
def test_a_special_fact_of_stop_36_is_a_lexicon_finding(text: str, label: str) -> None:
    assert lexicon_label(text) == label


@pytest.mark.parametrize(("text", "category"), [
    ("Has a suspended sentence for the fight last year, so no travel abroad for now", CRIMINAL),
    ("Hands out flyers for the green candidate's campaign on Saturdays", POLITICS),
    ("Para que el móvil reconozca su cara tuvo que quitarse las gafas", BIOMETRIC),
])
def test_the_write_path_keeps_a_special_fact_of_stop_36(text: str, category: str) -> None:
    assert finding_label(text) == category


@pytest.mark.parametrize(("text", "category"), [
    # what the new frames clear is the phrase alone: a special fact beside it is still found
    ("Says the runbook is her 'bible', and is on probation until June", CRIMINAL),
    ("Su Biblia de cabecera es la 'biblia' de Jerusalén y va a misa los domingos", RELIGION),
    ("Is the HR contact for the works council elections and a union rep himself", "user.demographic.trade_union_membership"),
])
def test_a_special_fact_beside_a_stop_36_span_is_still_found(text: str, category: str) -> None:
    assert finding_label(text) == category
