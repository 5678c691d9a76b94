"""Special categories, eighteenth round (issue 15): classes seen in the remaining misses of the spent
sets (T20 and U21 above all) — readings (a hyphenated set phrase, two-character leet tokens in a
leet-spelled note), work-object frames that were misread (a preposition after the word, a possessive
before it), judicial supervision and pending criminal proceedings, leaving a prison named by its
name, religious giving and conversion, an independence movement, a party's meetings and campaign,
an office held in a union, slang for a psychiatrist, behavioural and eye biometrics; with the
ordinary notes that must stay ordinary. Sentences written for these tests, not taken from a corpus."""

from __future__ import annotations

import pytest

from memory.inspection import special_ngrams
from memory.inspection.special import special_category_in
from tests.memory.inspection.special_helpers import finding_label, lexicon_label


# --- readings --------------------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "label"), [
    ("Tells everyone about his coming-out story at the Friday drinks.", "sex_life_orientation"),
    ("Asked us to share her coming-out post with the team.", "sex_life_orientation"),
    ("Es m13mbr0 d3 l0s t3st1g0s d3 J3h0vá desde joven.", "religion"),
])
def test_hyphenated_set_phrases_and_short_leet_tokens(text: str, label: str) -> None:
    assert lexicon_label(text) == label


def test_short_tokens_are_not_read_as_leet_in_a_plain_note() -> None:
    assert lexicon_label("Prefiere el plan 5G y el nivel B2 de inglés para el equipo.") is None


# --- work-object frames ------------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "label"), [
    # a preposition or an article after the word starts another phrase: no compound work noun
    ("Please do not bring up his husband at the client lunch on Friday.", "sex_life_orientation"),
    ("Le registraron el iris en el lab nuevo, tardó un rato.", "biometric"),
    # a possessive before the word: the person's own device, not a product
    ("Asks for a fridge in the room to store his insulin pens overnight.", "health"),
])
def test_a_work_noun_after_a_phrase_break_or_a_possessive_is_no_work_object(text: str, label: str) -> None:
    assert lexicon_label(text) == label


@pytest.mark.parametrize("text", [
    "Sells insulin pens to pharmacies across the region.",
    "Runs the diabetes app team and wants the roadmap by Friday.",
])
def test_a_compound_work_noun_stays_a_work_object(text: str) -> None:
    assert lexicon_label(text) is None


# --- recall classes -----------------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "label"), [
    # judicial supervision, conditional release, pending criminal proceedings
    ("No puede salir del país sin permiso del juez hasta el verano.", "criminal"),
    ("Any holiday abroad needs the judge's sign-off until next spring.", "criminal"),
    ("He is on conditional release, so no trips outside the county.", "criminal"),
    ("Tiene una causa penal abierta por lo del accidente con el camión.", "criminal"),
    # leaving a prison named by its name
    ("Salió de Alcalá-Meco el mes pasado y busca trabajo de mozo.", "criminal"),
    ("Got out of Wormwood Scrubs in March and is looking for a flat.", "criminal"),
    # religious giving and conversion
    ("Sets aside her tithe before paying any other bill.", "religion"),
    ("Desde que encontró a Dios no sale los sábados por la noche.", "religion"),
    ("Says he gave his life to Christ last year.", "religion"),
    # a place of worship with the day of its service as the purpose
    ("Busca un piso a poca distancia de la sinagoga para el sábado.", "religion"),
    # an independence movement supported; a party's meetings and campaign
    ("Always wears a pin for Catalan independence to the office.", "politics"),
    ("Los jueves por la tarde tiene reunión del partido, no poner nada.", "politics"),
    ("Spends her Saturdays at the Democratic campaign office downtown.", "politics"),
    # slang for a psychiatrist
    ("Ha empezado a ir al loquero otra vez, dice que le ayuda.", "health"),
    ("Sees a shrink every other Tuesday, so keep that afternoon free.", "health"),
    # behavioural and eye biometrics
    ("Su banco la identifica por su forma de teclear y le saltó la alarma en el móvil nuevo.", "biometric"),
    ("His eyeball login at the lab finally works, no more badge.", "biometric"),
    ("They took a selfie at onboarding to verify him against later logins.", "biometric"),
])
def test_recall_classes(text: str, label: str) -> None:
    assert finding_label(text) is not None
    assert lexicon_label(text) == label


def test_an_office_held_in_the_group_keeps_the_veto_off(monkeypatch: pytest.MonkeyPatch) -> None:
    """Holding office in a group is belonging to it, whatever the n-gram stage makes of a note about
    a meeting (here it vetoes everything)."""
    monkeypatch.setattr(special_ngrams.NgramModel, "vetoes", lambda self, text: True)
    assert special_category_in([("content", "Leaves early on Mondays for the union branch meeting, as its secretary.")])
    assert special_category_in([("content", "Leaves early on Mondays for the union branch meeting with the HR team.")]) is None


# --- ordinary notes that must stay ordinary ------------------------------------------------------------
@pytest.mark.parametrize("text", [
    "The court's approval of the merger is expected in May.",
    "Salió de Madrid a las nueve y llegó tarde a la reunión.",
    "Wants the health check on the payment server fixed before the release.",
    "El sindicato de datos del proyecto se reúne los jueves.",
    "The warehouse shrink on the stock count is under one percent.",
    "La oficina es un loquero los lunes, mejor llamar el martes.",
    "Fue al partido del domingo con sus hijos.",
    "Leads the green campaign for recycling at the office.",
    "Values her independence and prefers to work remotely.",
    "Took a selfie with the team at the offsite.",
])
def test_near_misses_stay_ordinary(text: str) -> None:
    assert lexicon_label(text) is None
