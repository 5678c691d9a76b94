"""Stop 38's classes (issue 15, sp24: ``memory.inspection.special_clauses``): a union named by a short
name with one of its bodies, the union's service to the person, the name of a prayer or a rite, the
person's own genetic report under a filing frame, a pharmacogenomic result, fingers taken for an
access device, a named party's event or an election-day role for it, "the only Latina" of a group,
a monitoring device, a criminal record told in a quoted set phrase, a device that knows the person,
a trait instead of a password, red for communist; the readings ``1`` for ``l`` and a spaced word
after a one-letter word; the same-sex partner by apposition, by a feminine plural and by "salir
con". Sentences written for these tests, not taken from a corpus."""

from __future__ import annotations

import pytest

from tests.memory.inspection.special_helpers import finding_label, lexicon_label


@pytest.mark.parametrize(("text", "rule"), [
    ("Prefers morning calls, no Mondays, and is on the CNT branch committee at the depot", "trade_union.clause.named_body"),
    ("Pide que le recuerde la cuota de afiliación a la CIG el día 1", "trade_union.clause.named_body"),
    ("Has been a Unite rep at the bus garage since 2019", "trade_union.clause.named_body"),
    ("Out on Thursday: full-time on union business at the regional office", "trade_union.clause.union_service"),
    ("Es a quien acuden los compañeros cuando hay lío con la empresa por los turnos", "trade_union.clause.workers_voice"),
    ("Keep Thursday evenings free; he's at evensong most weeks", "religion.clause.observance"),
    ("Wants the report by Friday, and skips lunch on Fridays for jummah", "religion.clause.observance"),
    ("Is strictly observant, so nothing after sundown on Friday or on Saturdays", "religion.clause.observance"),
    ("Archivemos su informe de MyHeritage con el resto del expediente", "genetic.clause.own_result"),
    ("Archive her raw DNA data with the rest of the onboarding files", "genetic.clause.own_result"),
    ("Please keep her TPMT result on file before any new prescription", "genetic.clause.pharmacogenomic"),
    ("Her CYP2C19 result came back, so flag any new prescription", "genetic.clause.pharmacogenomic"),
    ("Took her fingertips for the turnstile at the new office", "biometric.clause.fingers_for_device"),
    ("No PIN at the gym any more, just her thumb on the pad", "biometric.clause.trait_for_password"),
    ("He's going to speak at the Podemos rally on Saturday, so nothing that day", "politics.clause.party_event"),
    ("Siempre vota a los verdes y lo dice con orgullo", "politics.clause.party_event"),
    ("Will be working as a polling agent for the Lib Dems on the 4th", "politics.clause.election_role"),
    ("Se define como 'más rojo que un tomate', mejor no hablar de política", "politics.clause.red"),
    ("Flag the invite wording: she's the only Latina on the partners' committee", "race_ethnicity.clause.only_one_named"),
    ("Lleva un holter desde el martes, no le pongas reuniones largas", "health.clause.monitoring"),
    ("Did 'a bit of time' back in the nineties and would rather you didn't ask", "criminal.clause.record_quoted"),
    ("Says he 'has a record', mostly from his twenties, and wants help with the forms", "criminal.clause.record_quoted"),
])
def test_a_class_of_stop_38_fires_its_rule(text: str, rule: str) -> None:
    from memory.inspection.special import lexical_rule

    found = lexical_rule(text)
    assert found is not None and found.endswith(f"lexicon.{rule}"), found


@pytest.mark.parametrize(("text", "label"), [
    # a digit for "l" in an ethnicity word, a health word, a union word
    ("Ticked B1ack British on the equal-opportunities form", "race_ethnicity"),
    ("Goes to a1coho1ics anonymous on Tuesdays", "health"),
    # a spaced-out word right after a one-letter word (the fold joined the article into it)
    ("She is a u n i o n steward at the depot", "trade_union"),
    # the same-sex partner: an apposition, a feminine plural, "salir con"
    ("Ana quiere las facturas el lunes y un ramo de flores para su mujer, Carmen, el viernes", "sex_life_orientation"),
    ("Carla y su novia se mudan juntas en septiembre", "sex_life_orientation"),
    ("Iker ha empezado a salir con un chico del gimnasio", "sex_life_orientation"),
    # a conviction on a record is a sentence, not a belief
    ("Can't go on the US trip with a fraud conviction on his record", "criminal"),
])
def test_a_reading_or_a_mend_of_stop_38_is_a_lexicon_finding(text: str, label: str) -> None:
    assert lexicon_label(text) == label


@pytest.mark.parametrize("text", [
    "We need to unite the design and sales teams under one steering committee",
    "Booked the lab committee room for Thursday's review",
    "Credit union lawyer sent the loan paperwork back, signature missing",
    "Es a quien acuden los clientes cuando hay problemas con la empresa de mensajería",
    "Watched the car rally in Cuenca with the kids on Sunday",
    "Covered the Labour conference for the paper as a political reporter",
    "Tomamos las yemas para el flan y las claras para el merengue",
    "Sells holter monitors to cardiology clinics across the region",
    "Writing a literature review on poor metabolizer phenotypes for the pharmacology course",
    "Archived the 23andMe marketing report for the client pitch deck",
    "The band finally got a record deal with an indie label",
    "She has a record in the 400m hurdles from her school days",
    "Runs the only Asian restaurant in the village and wants a new menu",
    "Se puso más rojo que un tomate cuando le cantaron cumpleaños feliz",
    "This bottle is a proper red, lovely with lamb",
    "Ana y su hermana, Carmen, vienen juntas a la cena",
    "Luis quiere un regalo para su mujer, Carmen",
    "The only brother in the family who still lives in Bilbao",
    "Model B1 is 81 cm wide; part code A1B2-8L",
    "Has a firm conviction that meetings should be short",
])
def test_a_near_miss_of_stop_38_is_no_lexicon_finding(text: str) -> None:
    assert lexicon_label(text) is None


def test_a_hidden_clause_of_stop_38_is_a_write_path_finding() -> None:
    """A class at the end of a list of habits survives the n-gram stage's veto (read alone, the
    clause is a plain special note: ``special._hit_in_clause``)."""
    text = "Likes a window seat, hates long calls, and has a seat on the Unite bargaining committee at work"
    assert finding_label(text) == "user.demographic.trade_union_membership"


@pytest.mark.parametrize("text", [
    "She's on the ELA curriculum committee at the middle school",
    "We need to unite the members behind the new rota",
    "The workshop helps unite committee members from both sites",
])
def test_a_union_short_name_that_is_a_word_is_no_union(text: str) -> None:
    assert lexicon_label(text) is None


def test_glucose_readings_are_the_persons_own_by_a_possessive() -> None:
    assert lexicon_label("Asked me to log her finger-prick glucose readings before breakfast") == "health"
    assert lexicon_label("Does the finger-prick glucose checks on the ward every four hours") is None
