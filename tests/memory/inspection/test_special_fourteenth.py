"""Special categories, fourteenth round (issue 15): classes seen in the misses and false positives of
two or more spent sets — a trait given to a device or an authority to identify the person, their
medication collected, an ailment named by a euphemism, an election by its name, union dues, a Roma
self-name, a capital-I look-alike; and a biometric fixture of a building, an animal's breed, the
topic of a written work, a role inside a prison, the other side of a negotiation as ordinary
senses. Sentences written for these tests, not taken from a corpus."""

from __future__ import annotations

import pytest

from tests.memory.inspection.special_helpers import finding_label, lexicon_label

HEALTH = "user.health_and_medical"
BIOMETRIC = "user.biometric"
POLITICS = "user.demographic.political_opinion"
UNION = "user.demographic.trade_union_membership"
ETHNICITY = "user.demographic.race_ethnicity"




@pytest.mark.parametrize("text", [
    # a finger left with a device, or fingers taken for an identity document
    "Dejó el índice en el reloj de fichar del almacén, así no carga con la tarjeta.",
    "Le sacaron los dedos en la comisaría para renovar el pasaporte.",
    "Took all ten fingers at the embassy for her visa appointment.",
    # the person's own enrolment, a device learning the person's trait
    "Dimos de alta su plantilla de reconocimiento de cara en el torno del garaje.",
    "Her tablet now stores her face, so the kids cannot get in.",
])
def test_a_trait_given_to_a_device_or_an_authority_is_biometric(text: str) -> None:
    assert lexicon_label(text) == "biometric"
    assert finding_label(text) == BIOMETRIC


@pytest.mark.parametrize(("text", "label"), [
    ("Every other Friday she collects her prescription from the chemist.", "health"),
    ("Collects her meds at the hospital pharmacy on Thursdays.", "health"),
    ("Anda delicada del corazón, mejor reuniones cortas y en planta baja.", "health"),
    ("Keep the walk short for her, the lung thing is back.", "health"),
    ("Tomás is НІV+ and asked us to keep it between us.", "health"),  # Cyrillic Н and І
    ("Votó a la AD en las presidenciales y lo cuenta a quien quiera oírlo.", "politics"),
    ("Lleva años con la cuota de LAB domiciliada en el banco.", "trade_union"),
    ("Son calé por parte de madre, y lo cuentan con orgullo.", "race_ethnicity"),
])
def test_an_indirect_form_of_an_existing_class_is_found(text: str, label: str) -> None:
    assert lexicon_label(text) == label


@pytest.mark.parametrize("text", [
    "Picks up her coffee refill at the counter every morning.",
    "Le tomaron la medida de los dedos para el anillo de boda.",
    "Pagan una cuota de uso por la sala de reuniones.",
    "No sé si el mensaje cale en el equipo.",
    "El tema está delicado, mejor hablarlo en persona.",
])
def test_the_same_words_in_an_ordinary_sense_stay_ordinary(text: str) -> None:
    assert lexicon_label(text) is None


@pytest.mark.parametrize("text", [
    # a biometric system as a fixture of a place or a vendor's product
    "Los tornos de la sede funcionan con control de acceso por iris desde enero.",
    # an animal's breed
    "Su gata es de raza persa y suelta pelo en el teclado.",
    "Busca criadores de gatos de raza siamesa por la zona.",
    # the topic of a written work
    "Reviewing the chapter on trade unions before it goes to print.",
    # a role inside a prison
    "Es capellán voluntario en una cárcel de mujeres los domingos.",
    # the other side of a negotiation with the workers' representatives
    "Negotiates with the works council every spring about overtime pay.",
])
def test_an_ordinary_sense_of_a_special_word_is_no_finding(text: str) -> None:
    assert finding_label(text) is None


@pytest.mark.parametrize(("text", "category"), [
    ("La sede tiene control de acceso por huella y ella ya registró su huella ayer.", BIOMETRIC),
    ("Su perro es de raza galgo y ella está en diálisis tres días por semana.", HEALTH),
    # editing a group's newsletter is taking part in it, not a written work's topic
    ("Edita el boletín de la agrupación local de Izquierda Unida.", POLITICS),
    ("She edits the newsletter of the Labour Party's local chapter.", POLITICS),
])
def test_a_special_clause_beside_such_a_sense_is_still_found(text: str, category: str) -> None:
    assert finding_label(text) == category
