"""Stop 39's ordinary-sense classes (issue 15, sp27: ``memory.inspection.special_senses``): another
person's own matter, a star sign or divination as a pastime, a game or a gadget named by a crime
word, a food named by a religious word, devotion to a team, an evangelist of a technology and the
client described. Each with the special notes beside it that must still be found. Sentences
written for these tests, not taken from a corpus."""

from __future__ import annotations

import pytest

from memory.inspection.special_senses import sense_spans
from tests.memory.inspection.special_helpers import lexicon_label


@pytest.mark.parametrize("text", [
    # another person's own matter: a relative's, a friend's or a colleague's condition, care,
    # wedding or orientation
    "Su padre tiene Parkinson y los viernes ella hace la compra por él",
    "Her mum has dementia, so she wants calls before noon only",
    "Su hijo tiene TDAH y los martes sale antes para llevarlo a terapia",
    "Drives his father to dialysis on Mondays, no meetings before 11",
    "Está organizando las citas de quimio de su suegra en el calendario",
    "Her sister is marrying her girlfriend in May; she needs a suit",
    "Su compañero de piso es gay y le ha invitado a la fiesta del sábado",
    "A colleague of his is on sick leave, so he's covering the Lyon account",
    "Going to his cousin's wedding to her wife in Porto in July",
    # a star sign, a horoscope or a reading of palms as a pastime
    "Es Cáncer de signo y se ríe de los horóscopos de la revista",
    "She's a Cancer by star sign and reads her horoscope for fun",
    "Le encanta que le echen el tarot en las fiestas, aunque no cree en nada de eso",
    # a game or a gadget named by a crime word
    "Quiere reservar un escape room de una cárcel para la despedida de su amiga",
    "Booked a jail-break themed escape room for the team offsite",
    "Always lands in jail on Monopoly and blames the dice",
    "Jailbroke her old tablet to run an emulator",
    "Organises a murder mystery dinner every Halloween",
    # a food named by a religious word
    "Endulza el té con monk fruit porque no le gusta el sabor del azúcar",
    "Buys kosher salt for the brisket rub and sea salt for finishing",
    "Compra yemas y dulces de convento cuando va a Ávila",
    "Likes Belgian abbey ales, especially a dark dubbel",
    # devotion to a team
    "Es muy devoto del Atlético y tiene abono en el estadio desde niño",
    "Devout Arsenal fan, never misses a home game",
    # an evangelist of a technology
    "Is the team's Rust evangelist and runs the Friday lunch-and-learn",
    "Es evangelista de Kubernetes en la empresa y da charlas internas",
    # the client described
    "El cliente es una fundación católica; la propuesta va en español",
    "Our new client is a fertility clinic in Leeds, send the NDA",
])
def test_a_class_of_sp27_is_no_lexicon_finding(text: str) -> None:
    assert lexicon_label(text) is None


@pytest.mark.parametrize(("text", "label"), [
    # the person tied to the other's matter, or a word about the person whoever it is said of
    ("Su madre tiene Alzheimer y ella también empieza a olvidar citas", "health"),
    ("His father has type 2 diabetes, like him", "health"),
    ("Her brother has cystic fibrosis and she carries the same variant", "genetic"),
    ("Por lo de la enfermedad de Huntington de su padre le hicieron el estudio familiar", "health"),
    ("Su hermano es gay, como él, y viven juntos en Chueca", "sex_life_orientation"),
    # the person's own condition, belief or record next to a class's words
    ("Es Cáncer de signo y está en quimio desde marzo", "health"),
    ("He had cancer two years ago and still has check-ups", "health"),
    ("Se define como atea y no cree en nada", "religion"),
    ("Pasó dos años en la cárcel por un atraco y ahora juega al Monopoly con sus hijos", "criminal"),
    ("Keeps kosher at home and buys kosher salt in bulk", "religion"),
    ("Compra dulces de convento y va a misa los domingos", "religion"),
    ("Es muy devota de la Virgen del Rocío y no se pierde un partido del Betis", "religion"),
    ("She's a Linux evangelist and a practising Buddhist", "religion"),
    ("El cliente es una clínica de fertilidad donde ella misma se está tratando", "health"),
    # a partner is no other person's matter: a wife says who the person is with
    ("Her wife is on maternity leave until March", "health"),
])
def test_a_special_note_beside_an_sp27_class_is_still_found(text: str, label: str) -> None:
    assert lexicon_label(text) == label


@pytest.mark.parametrize("text", [
    "father of the client is the deacon at her parish",
    "la boda de su prima es en junio",
])
def test_what_is_not_the_frame_gets_no_span(text: str) -> None:
    # a client inside another phrase, and a relative's wedding (``special_forms``' own frame, which
    # leaves the partner named after it), are not this module's spans
    assert sense_spans(text) == []


@pytest.mark.parametrize("text", [
    # added after AK37 and AL38 were read (in sample there): a quoted 'devout' fan
    "A 'devout' Celtic supporter, he never misses an away match",
    # a crime word in quotes as hyperbole
    "Says the price of rent in the centre 'is a crime'",
    "Dice que pagar siete euros por un café 'es un delito'",
    # the colour of a thing
    "Wants cream-coloured napkins and coloured pencils for the kids' table",
    # a device's or a browser's fingerprint
    "Works on browser fingerprinting to flag account takeovers",
    "Su equipo hace fingerprinting de dispositivos para el antifraude",
    # a place's name after "called"
    "Quiere cenar en un bar que se llama La Sacristía, cerca de su casa",
])
def test_an_in_sample_class_of_sp27_is_no_lexicon_finding(text: str) -> None:
    assert lexicon_label(text) is None


@pytest.mark.parametrize(("text", "label"), [
    ("Devout Catholic, goes to Mass at the chapel called St Anne's every Sunday", "religion"),
    ("Fue condenado por un delito de estafa en 2019", "criminal"),
    ("Is a coloured woman from Cape Town and proud of it", "race_ethnicity"),
    ("Registró su huella en el lector de la oficina para fichar", "biometric"),
])
def test_a_special_note_beside_an_in_sample_class_is_still_found(text: str, label: str) -> None:
    assert lexicon_label(text) == label
