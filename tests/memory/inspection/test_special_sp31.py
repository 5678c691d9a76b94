"""Stop 44's classes (issue 15, sp31): religion through a rite or a sacrament with no religion word,
sex life through a relationship form, ethnicity through a people's name said of the person (the
table ``memory/inspection/data/special_peoples.tsv``), biometric data through an enrolled template;
and their near misses, which stay ordinary. Sentences written for these tests, not taken from a
corpus."""

from __future__ import annotations

import pytest

from memory.inspection.normalise import readings
from memory.inspection.special import CATEGORY_KEYS, ordinary_spans
from memory.inspection.special_names import RULES as NAMES_RULES
from memory.inspection.special_names import idiom_spans
from tests.memory.inspection.special_helpers import finding_label, lexicon_label


def names_rules(text: str) -> set[str]:
    """The rules of ``special_names`` that fire on a reading of ``text``: these need the person's
    tie themselves and are not vetoed by the n-gram stage (``special.special_category_in``)."""
    return {rule.name for reading in readings(text) for rule in NAMES_RULES if rule.fires(reading)}


@pytest.mark.parametrize(("text", "rule"), [
    # a rite or a sacrament the person keeps
    ("Saturday evenings she goes to Mass at Our Lady of Lourdes with her aunt", "names.religion.rite"),
    ("No le pongas nada el domingo a las once: va a misa en San Ginés", "names.religion.rite"),
    ("Goes to confession once a month, usually on a Saturday", "names.religion.rite"),
    ("Comulga todos los domingos y no desayuna antes", "names.religion.rite"),
    ("Hosts a Shabbat dinner for the family every week, so Friday evenings are out", "names.religion.rite"),
    ("Leaves the office at one on Fridays for Friday prayers", "names.religion.rite"),
    ("Asks for a corner to pray salah during the afternoon workshop", "names.religion.rite"),
    ("Is fasting for Ramadan this month, so no lunch meetings until it ends", "names.religion.rite"),
    ("Only eats halal, so check the menu of the team dinner", "names.religion.rite"),
    ("Keeps kosher at home and orders the fish at restaurants", "names.religion.rite"),
    ("Da clases de árabe en la escuela de su mezquita los sábados", "names.religion.rite"),
    ("On Sunday mornings he studies at his church's Bible school", "names.religion.rite"),
    # a relationship form
    ("He and his wife have an open marriage, so she handles the weekend calendar herself", "names.sex_life_orientation.relationship_form"),
    ("Tiene una relación abierta y a veces queda con otra persona los viernes", "names.sex_life_orientation.relationship_form"),
    ("Is polyamorous and shares a house with two partners", "names.sex_life_orientation.relationship_form"),
    ("Sale con varias parejas a la vez y prefiere no dar detalles", "names.sex_life_orientation.relationship_form"),
    ("She and her husband are into swinging and go to a club in town once a month", "names.sex_life_orientation.relationship_form"),
    # a people said of the person
    ("Es mapuche y quiere un calendario con el We Tripantu marcado", "names.race_ethnicity.people"),
    ("He's Sámi and spends the reindeer migration with his family every spring", "names.race_ethnicity.people"),
    ("Como es gitana, le gustaría invitar a toda su familia a la boda", "names.race_ethnicity.people"),
    ("As a Lakota woman, she wants the speech to open in her language", "names.race_ethnicity.people"),
    ("Her Yoruba grandmother taught her to cook; she wants the recipes kept", "names.race_ethnicity.people"),
    ("Is proud of her Maya heritage and speaks some K'iche'", "names.race_ethnicity.people"),
])
def test_a_class_of_sp31_is_found_by_its_frame_and_by_the_write_path(text: str, rule: str) -> None:
    assert rule in names_rules(text)
    assert finding_label(text) == CATEGORY_KEYS[rule.split(".")[1]]


@pytest.mark.parametrize("text", [
    "Clocks in at the depot with the geometry of his hand, enrolled on his first day",
    "La app del banco le pide la huella que registró al abrir la cuenta",
    "The bank app checks the registered fingerprint for every transfer she makes",
])
def test_an_enrolled_template_is_found_by_the_lexicon(text: str) -> None:
    assert lexicon_label(text) == "biometric"


@pytest.mark.parametrize("text", [
    # rites: another sense, another person's, or work
    "Needs kosher salt and a cast-iron pan for the recipe",
    "The client is a halal butcher; send the invoice for the new website",
    "Reading about the critical mass needed for the launch",
    "Writes a documentary about Friday prayers in Marseille for the broadcaster",
    # relationship forms: a dance, a firm, a client
    "Has an open relationship with her clients about fees",
    "Busca pareja de baile para el curso de salsa",
    # peoples: a given name, a car, the Spanish verb, a nationality
    "Her manager is Karen, who starts on Monday",
    "Ella cree que la reunión puede esperar",
    "Is Chilean and wants the invoice in pesos",
    # near misses of the enrolled template
    "Quiere reducir su huella de carbono y viajar en tren",
    "Pressed her handprint into the wet cement of the new patio",
    "Doesn't trust facial recognition, so she disabled Face ID and uses a passcode",
    "Follows the Mediterranean diet and cooks with olive oil",
    "Teaches the word 'queer' as a literary term in her Victorian fiction seminar",
    "Is studying labour law and the exam covers collective bargaining",
    "Her salsa partner changes every month at the Thursday class",
    "Packs matches and firelighters; the forest is tinder-dry",
])
def test_a_near_miss_of_sp31_stays_ordinary(text: str) -> None:
    assert finding_label(text) is None


@pytest.mark.parametrize("text", [
    "The firm has several partners and she reports to two of them",
    "Founded the studio with two partners from university",
])
def test_business_partners_are_no_relationship_form(text: str) -> None:
    # the lexical stage alone: the n-gram stage reads "partners" as it did before sp31
    assert lexicon_label(text) is None


@pytest.mark.parametrize(("text", "kept"), [
    ("Calcula la huella de carbono de sus viajes", "huella de carbono"),
    ("He turned off Face ID on his phone", "turned off face id"),
    ("Her dance partner moved to Leeds", "dance partner"),
])
def test_a_near_miss_is_an_ordinary_sense_span(text: str, kept: str) -> None:
    folded = text.lower()
    assert any(folded[start:end].strip() == kept for start, end in idiom_spans(folded))
    assert ordinary_spans(folded)


def test_a_near_miss_span_does_not_hide_a_special_clause_beside_it() -> None:
    # the span can only clear: the rite in the next clause is still read
    assert lexicon_label("Quiere reducir su huella de carbono, y los viernes va a misa en San Ginés") == "religion"


@pytest.mark.parametrize("text", [
    "No comulga con la nueva política de horarios",
    "Keeps a kosher-style deli on speed dial for team lunches",
    "Su pareja de pádel no puede el jueves",
])
def test_an_idiom_or_a_style_is_no_rite_or_relationship_form(text: str) -> None:
    # the frames of sp31 alone (the lexicon's older words are not what this pins)
    assert not names_rules(text) & {"names.religion.rite", "names.sex_life_orientation.relationship_form"}
