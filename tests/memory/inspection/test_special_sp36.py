"""sp36 (issue 15): special categories said with no special word, read by class (``special_implicit``)
— joining or paying a union named by its name or by the form of its name, campaigning for a party
named by its name, a body-organ or justice euphemism, a community self-name before a person noun —
and the inflection reading (a Spanish plural of an orientation word), while their near misses stay
ordinary. Sentences written for these tests, not taken from a corpus."""

from __future__ import annotations

import pytest

from memory.inspection.normalise import readings
from memory.inspection.special import lexical_rule
from memory.inspection.special_implicit import IMPLICIT_RULES, inflection_reading
from tests.memory.inspection.special_helpers import finding_label

CLASSES = [
    # joining or paying a union named by its name or by its form
    ("Last month she ended up joining the National Education Union.", "trade_union", "joins_named"),
    ("Signed up to the Fire Brigades Union after the first year at the station.", "trade_union", "joins_named"),
    ("Dues of 9.50 go out monthly to Unite; keep that line in the budget.", "trade_union", "joins_named"),
    ("Became a member of the Public and Commercial Services Union in March.", "trade_union", "joins_named"),
    # campaigning for a party named by its name
    ("El finde hizo puerta a puerta para Sumar.", "politics", "campaigns_for"),
    ("Hace campaña para Podemos en su barrio cada sábado.", "politics", "campaigns_for"),
    # a body-organ euphemism
    ("Tuvo un susto con el corazón el año pasado y ahora evita el estrés.", "health", "organ_euphemism"),
    ("Desde lo del corazón no sube escaleras.", "health", "organ_euphemism"),
    ("After her heart scare she walks to work every day.", "health", "organ_euphemism"),
    # a justice euphemism
    ("Tuvo un problemilla con la justicia hace años, no le gusta hablar de ello.", "criminal", "justice_euphemism"),
    ("Todavía tiene cuentas pendientes con la justicia.", "criminal", "justice_euphemism"),
    # a community self-name before a person noun
    ("Se presenta como 'a Desi kid from Leicester' cuando le preguntan.", "race_ethnicity", "community_person"),
    ("Siempre dice que es una chica boricua de Queens.", "race_ethnicity", "community_person"),
]

_KEYS = {"trade_union": "trade_union_membership", "politics": "political_opinion", "health": "health_and_medical",
         "criminal": "criminal_history", "race_ethnicity": "race_ethnicity"}


@pytest.mark.parametrize(("text", "label", "name"), CLASSES)
def test_each_class_is_read_by_its_rule_and_the_write_path(text: str, label: str, name: str) -> None:
    assert lexical_rule(text) == f"{label}:implicit.{label}.{name}"
    found = finding_label(text)
    assert found is not None and found.endswith(_KEYS[label])


NEAR_MISSES = [
    "He is treasurer of the students' union this year.",
    "Joined the credit union for a cheaper car loan.",
    "Reads about the European Union's data rules for the compliance course.",
    "Does a lot of work to unite the teams before launch.",
    "Negotiates the pay deal with Unite on behalf of the company.",
    "Hace campaña para sumar apoyos al proyecto del barrio.",
    "Designs leaflets for Sumar as a freelancer; invoice in May.",
    "Tuvo un susto con el coche en la autopista.",
    "Lo agradece de todo corazón.",
    "Le preocupa el corazón del problema más que los plazos.",
    "Gets to the heart of the matter fast in meetings.",
    "Lo llamó justicia poética y se rio.",
    "Problemas con la ley de costas en la obra de la playa.",
    "Desi's kid starts school next week, so she leaves early on Monday.",
    "Lee la prensa del corazón en el tren.",
    "Es amiga de corazón de su jefa desde la universidad.",
    "Tuvo un problemilla con la tensión del equipo antes del lanzamiento.",
    "Fixed the colon problem in the CSV export.",
    "Had issues with the authorities over her visa renewal.",
]


@pytest.mark.parametrize("text", NEAR_MISSES)
def test_near_misses_fire_no_class(text: str) -> None:
    assert not any(rule.fires(form) for form in readings(text) for rule in IMPLICIT_RULES)


@pytest.mark.parametrize("text", [t for t in NEAR_MISSES if "ley de costas" not in t])
def test_near_misses_stay_ordinary_on_the_write_path(text: str) -> None:
    """The one left out is flagged by the lexicon's own ``problemas con la ley``, on main as here."""
    assert finding_label(text) is None


@pytest.mark.parametrize(("form", "reading"), [
    ("un club para hombres gais", "un club para hombres gay"),
    ("las mujeres trans del grupo", "las mujer trans del grupo"),
    ("la monjita del colegio", "la monja del colegio"),
])
def test_the_inflection_reading_puts_a_plural_in_the_lexicon_form(form: str, reading: str) -> None:
    assert inflection_reading(form) == reading


@pytest.mark.parametrize("form", ["los jerseis del equipo", "las mesas de la sala", "sus lesbianas favoritas del cine"])
def test_the_inflection_reading_leaves_other_words_and_read_forms_alone(form: str) -> None:
    assert inflection_reading(form) == form


def test_a_spanish_plural_of_an_orientation_word_is_read_in_a_hidden_clause() -> None:
    text = "Prefiere reuniones por la mañana porque por la tarde va a un swim club para hombres gais."
    assert finding_label(text) == "user.demographic.sexual_orientation"
