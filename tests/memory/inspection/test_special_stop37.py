"""Stop 37's classes (issue 15): the indirect form (``memory.inspection.special_indirect``: an
opportunity or a group open to one ethnicity that the person takes part in, "the only one of
colour", unlocking by looking at a device, a voice check the person passes, a device that
recognises the person, a finger left for papers, paying with a trait, campaign posters, leaflets
and door-knocking, a donation to a politician's campaign, a supporter of a party), and the
lexicon's smaller mends (``dadas de alta``, plural variants, the person's own trait taken before a
work noun, an honorific for the person's sex, a unit where the person gets her own treatment, a
restaurant or a hotel that is a place and not a frame, a written work's past tense, HR's
"RR. HH." and the agreement it negotiates, a DNA kit *para* a dog, a hobby that "is 'his religion'"),
with their near misses. Sentences written for these tests, not taken from a corpus."""

from __future__ import annotations

import pytest

from tests.memory.inspection.special_helpers import lexicon_label


@pytest.mark.parametrize(("text", "rule"), [
    # race / ethnicity: an opportunity or a group open to one ethnicity, and the person's part in it
    ("Le concedieron la beca reservada a estudiantes de origen africano para el máster", "eligibility"),
    ("Se inscribió en la red de profesionales latinos de su empresa el mes pasado", "eligibility"),
    ("Applied for the fellowship reserved for Latina founders and hears back in May", "eligibility"),
    ("She joined the Latina founders' network at work last spring", "eligibility"),
    ("En el equipo es el único negro y a veces le incomoda", "only_one"),
    ("Says she is the only Roma person in her year at university", "only_one"),
    # biometric
    ("Desbloquea el portátil del trabajo mirando a la cámara, ya no teclea la contraseña", "look_unlock"),
    ("Signs in to the banking app just by looking at the screen", "look_unlock"),
    ("Confirms transfers by saying her passphrase to the bank's voice authentication line", "voice_line"),
    ("Ya se verifica por voz cuando llama a la aseguradora, sin PIN", "voice_self"),
    ("Le hicieron una foto de la cara para que la puerta del garaje le reconozca", "device_knows"),
    ("Mañana deja las huellas en el consulado para el visado de estudiante", "finger_for_papers"),
    ("Gave her thumbprint at the immigration office for the residence card", "finger_for_papers"),
    # politics
    ("Los sábados pega carteles de la candidatura municipal por el barrio", "campaign_legwork"),
    ("Spends the evenings putting up posters for the mayoral candidate", "campaign_legwork"),
    ("Pasó la tarde llamando a las puertas del barrio para la candidata del partido", "campaign_legwork"),
    ("Spent Saturday knocking on doors for the mayor's re-election", "campaign_legwork"),
    ("Paga con la huella en la cantina y no lleva cartera", "pays_with_trait"),
    ("Pays by face at the office canteen now", "pays_with_trait"),
    ("Donó 50 euros a la campaña de la alcaldesa y guarda el recibo", "campaign_donation"),
    ("Gave 200 dollars to the governor's re-election campaign last month", "campaign_donation"),
    ("Le convence el programa del partido animalista para las municipales", "party_supporter"),
    ("Es simpatizante del partido desde la universidad, no le hables de las encuestas", "party_supporter"),
])
def test_an_indirect_class_of_stop_37_fires_its_rule(text: str, rule: str) -> None:
    from memory.inspection.special import lexical_rule

    found = lexical_rule(text)
    assert found is not None and found.endswith(f".indirect.{rule}"), found


@pytest.mark.parametrize("text", [
    # the group as a work object: no part of the person's in it
    "Runs the mentoring programme for Latina engineers at the client",
    "Diseña la web de una asociación de mujeres latinas del barrio",
    # a look that unlocks nothing, a voice check named as a product, a system that knows a customer
    "Checks the train times by looking at her phone on the way in",
    "Is drafting the test plan for the bank's voice authentication service",
    "El sistema de reservas le reconoce como cliente habitual y le aplica el descuento",
    "Se pilló el dedo con la puerta de la embajada, nada grave",
    # posters, leaflets and donations that are not a political campaign's
    "Pega carteles del concierto de su banda por el barrio",
    "Hands out flyers for the spring campaign of the gym",
    "Donó a la campaña de recogida de juguetes del barrio",
    "Built the donation page for the mayor's campaign as a contractor",
    "Compró entradas para el partido de fútbol del sábado con su hermano",
    "Knocks on doors for the charity's winter appeal",
    "Pagó la cuenta con cara de pocos amigos",
    "Pays with her card at the canteen",
])
def test_a_near_miss_of_stop_37_is_no_lexicon_finding(text: str) -> None:
    assert lexicon_label(text) is None


@pytest.mark.parametrize(("text", "label"), [
    ("Tiene dadas de alta las huellas en la app del banco para firmar pagos", "biometric"),
    ("Pregunta cómo interpretar el informe de sus variantes de riesgo del laboratorio", "genetic"),
    ("El Sr. Molina firma el lunes y luego se va de viaje con su marido", "sex_life_orientation"),
    ("Sra. Ibarra quiere el informe el lunes y luego celebra el aniversario con su esposa", "sex_life_orientation"),
    ("Wants a room close to the oncology day unit where he receives his infusions on Tuesdays", "health"),
    ("Booked a hotel near the dialysis centre for her three weekly sessions", "health"),
    ("Le sacaron el patrón de la huella para el lab de química", "biometric"),
    ("Asked for restaurant ideas for a dinner with her girlfriend, Maya", "sex_life_orientation"),
])
def test_a_mend_of_stop_37_is_a_lexicon_finding(text: str, label: str) -> None:
    assert lexicon_label(text) == label


@pytest.mark.parametrize("text", [
    "El señor Gómez viene a la cena con su mujer",
    "Wrote a column against storing voiceprints at banks, wants it edited",
    "Como técnica de RR. HH., se reúne con el comité de empresa cada mes",
    "Es de recursos humanos y redacta el acta cuando se negocia el convenio",
    "Compró un kit de ADN para su perro y quiere saber de qué raza es",
    "Para él el ciclismo es 'su religión', sale cada domingo a las siete",
])
def test_an_ordinary_sense_of_stop_37_is_no_lexicon_finding(text: str) -> None:
    assert lexicon_label(text) is None
