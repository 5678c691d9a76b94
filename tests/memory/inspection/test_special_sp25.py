"""The twenty-fifth special round's classes (issue 15, sp25: ``memory.inspection.special_roles``):
confession as a sacrament, a medical device for the person's own use whatever the possessive, the
sugar euphemism in English, dues to a party, a trait enrolled, a vein reader, a same-sex couple by
given names; and the ordinary-sense spans of a witness or a juror and of an ethnicity word qualifying
a cultural work. Each with its near misses. Sentences written for these tests, not taken from a
corpus."""

from __future__ import annotations

import pytest

from tests.memory.inspection.special_helpers import lexicon_label


@pytest.mark.parametrize(("text", "rule"), [
    ("Recuérdale la confesión del sábado en la parroquia del barrio", "religion.role.sacrament"),
    ("Pack el glucómetro y las tiras reactivas for the weekend in Porto", "health.role.own_device"),
    ("He calls it 'his sugar thing', so keep the menu low-carb", "health.role.sugar_thing"),
    ("Va al gimnasio, lee novelas y ya dio de alta su huella en el reloj de fichar", "biometric.role.enrolment"),
    ("Uses the palm-vein reader at the lab door since the cards were withdrawn", "biometric.role.veins"),
])
def test_a_class_of_sp25_fires_its_rule(text: str, rule: str) -> None:
    from memory.inspection.special import lexical_rule

    found = lexical_rule(text)
    assert found is not None and found.endswith(f"lexicon.{rule}"), found


@pytest.mark.parametrize(("text", "label"), [
    # the same classes, where an older lexicon rule fires first (the note is special either way)
    ("Wants Saturday mornings free to go to confession before Mass", "religion"),
    ("Los viernes va a confesarse antes de la cena", "religion"),
    ("Always carries a spare inhaler in the car, remind him before the hike", "health"),
    ("Se olvidó la pluma de insulina en la oficina otra vez", "health"),
    ("Tiene que pagar la cuota anual de la agrupación local del PSOE", "politics"),
    ("Renew her Labour membership dues before the AGM", "politics"),
    ("Enrolled his fingerprint on the new time clock on Monday", "biometric"),
    ("Entra por el lector de venas de la puerta lateral", "biometric"),
])
def test_a_class_of_sp25_is_a_lexicon_finding(text: str, label: str) -> None:
    assert lexicon_label(text) == label


@pytest.mark.parametrize("text", [
    # a same-sex couple by given names
    "Lucía sale con Laura desde marzo y buscan piso",
    "Marta vive con Elena en Lavapiés desde el verano",
    "Carlos is dating Pablo, they met at the climbing gym",
])
def test_a_same_sex_couple_by_given_names_is_a_finding(text: str) -> None:
    assert lexicon_label(text) == "sex_life_orientation"


@pytest.mark.parametrize("text", [
    # a device not for the person: a seller, a pharmacy order
    "Sells glucometers to pharmacies in the north region",
    # dues with no party: a gym, a club
    "Tiene que pagar la cuota trimestral del club de tenis antes del día 10",
    "Pay the quarterly dues for the book club",
    # a trait enrolment by someone else's device / no trait
    "Registró su bici en el ayuntamiento",
    # a couple of different sexes, a name alone
    "Lucía sale con Carlos desde marzo",
    "Laura vive con su hermana en Madrid",
    # a witness or a juror: a civic role
    "Está citado como testigo en el juicio por el accidente que vio",
    "Has jury duty all next week, move the standups",
    "Called as a witness in a trial about a shop robbery he saw",
    # an ethnicity word qualifying a cultural work
    "Está en el jurado de un festival de documentales indígenas en octubre",
    "Loves African cinema and wants tickets for the film season",
])
def test_a_near_miss_of_sp25_is_no_lexicon_finding(text: str) -> None:
    assert lexicon_label(text) is None


@pytest.mark.parametrize("text", [
    # the person's own tie beside a cultural work keeps the ethnicity word
    "Es indígena y quiere ir al festival de cine indígena con su comunidad",
    # a witness with a criminal fact of the person's own elsewhere in the note
    "Citado como testigo el lunes; además tiene antecedentes penales por robo",
])
def test_a_span_of_sp25_does_not_hide_the_persons_own_fact(text: str) -> None:
    assert lexicon_label(text) is not None


@pytest.mark.parametrize(("text", "rest"), [
    # opting out of a biometric feature is the person's choice not to use a trait
    ("Turned off Face ID on the shared tablet, prefers the passcode", "on the shared tablet, prefers the passcode"),
    ("Desactivó la huella del móvil porque prefiere el PIN", "del movil porque prefiere el pin"),
    # a sacred word in quotes as the name of a thing: only the quoted name is set aside
    ("Calls the Monday stand-up 'the sacred ritual' and refuses to move it", "calls the monday stand-up and refuses to move it"),
])
def test_an_opt_out_or_a_sacred_figure_is_not_read_by_the_vector_stage(text: str, rest: str) -> None:
    from memory.inspection.special import outside_ordinary

    assert outside_ordinary(text) == rest


@pytest.mark.parametrize("text", [
    # enrolling a trait is not opting out; a sacred word about the person's own practice is not a figure
    "Enrolled her Face ID on the banking app yesterday",
    "Says Sunday Mass is sacred to her and never misses it",
])
def test_a_near_miss_of_an_opt_out_or_a_figure_is_read_whole(text: str) -> None:
    from memory.inspection.special import outside_ordinary

    assert outside_ordinary(text) == text


@pytest.mark.parametrize("text", [
    # a vein reader the person does not use (a hotel's, a building's): a near miss
    "The hotel offers palm-vein check-in, but she prefers the old key card",
    "Mentioned that the new turnstiles read palm veins, wants the facilities contact",
])
def test_a_vein_reader_not_used_by_the_person_is_no_lexicon_finding(text: str) -> None:
    assert lexicon_label(text) is None


def test_a_civic_role_is_not_blanked_for_the_vector_stage() -> None:
    from memory.inspection.special import outside_ordinary

    text = "Hoy tiene jury duty, so no puede atender llamadas hasta el jueves"
    assert outside_ordinary(text) == text
