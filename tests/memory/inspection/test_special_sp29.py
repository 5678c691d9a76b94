"""Stop 42's ordinary-sense classes (issue 15, sp29: ``memory.inspection.special_sense_check``): a
record document, a manner or a fan's zeal, a technical or sporting term, and a topic of study, media
or work. Each with the special notes beside it that must still be found. Sentences written for these
tests, not taken from a corpus."""

from __future__ import annotations

import pytest

from memory.inspection.special import lexical_stage
from memory.inspection.special_sense_check import topic_spans
from tests.memory.inspection.special_helpers import lexicon_label


@pytest.mark.parametrize("text", [
    # a record document asked for or handled
    "Hay que renovar el certificado de delitos sexuales antes de que empiece el campamento de verano",
    "Le piden el certificado negativo de antecedentes penales para la plaza de conserje",
    "Upload the enhanced DBS check for the tutoring agency by Thursday",
    "Wants a police clearance certificate template for the new hires in the warehouse",
    # a manner or a fan's zeal
    "Riega las plantas religiosamente cada domingo por la mañana",
    "Backs up his laptop religiously every Friday at five",
    "She's a devout follower of the Tour de France and watches every stage",
    "Es hincha 'religiosa' del Valencia desde que tenía seis años",
    # a technical or sporting term
    "Está afinando el algoritmo genético del planificador de turnos",
    "Runs mutation testing on the billing service before each release",
    "Set her race day alarm for 5:15, the start is at seven",
    "Entered the office charity race with two colleagues from finance",
    "Tiene que entregar la crónica del partido antes de las once",
    # a picket met as an obstacle, a machine called ill
    "There's a picket line outside the depot, so deliveries go to the back gate",
    "Mañana hay piquetes en la entrada del polígono; que salga por la otra puerta",
    "Su portátil está 'malito' otra vez y necesita que le reinstalen el sistema",
    "The build server is sick again; restart it before the demo",
    # a topic of study, media or work
    "Está leyendo un libro sobre la historia del budismo en Japón",
    "Watching a documentary about the first vaccine trials for her science podcast",
    "Prepara una tesis sobre la inmigración marroquí en Almería",
    "Reviews vegan Ethiopian restaurants for a food magazine",
    "Needs the headcount figures broken down by ethnicity for the board report",
    "She's running the firm's Pride week stand as part of her events job",
    # added after AW49 and AX50 were read (in sample there): a matter named as the topic of a class,
    # a history being read, a kit bought as a present, a colour
    "Racial profiling is the main topic of the criminology course he teaches",
    "El sindicalismo agrario es el tema de la charla que prepara para el máster",
    "Reading a history of the Irish famine for her evening class",
    "Wants to buy an ancestry DNA kit as a present for her grandfather",
    "Le regala a su hermana un test de ADN como regalo de Reyes",
    "Her kitchen palette is white and grey, with handles in matte black",
])
def test_a_class_of_sp29_is_no_lexicon_finding(text: str) -> None:
    assert lexicon_label(text) is None


@pytest.mark.parametrize(("text", "label"), [
    # the record itself, not the document
    ("No le dan el certificado limpio porque tiene antecedentes por robo", "criminal"),
    ("Her DBS check came back with a conviction for assault from 2015", "criminal"),
    # a word of devotion about the person's own practice, beside a manner adverb
    ("Va a misa religiosamente todos los domingos con su madre", "religion"),
    ("Reza el rosario religiosamente cada noche antes de dormir", "religion"),
    # the English adverb too: it is blanked as a manner (special_forms' idiom, sp29's span) and no
    # longer clears every religion word of the note (it was one of the lexicon's near phrases)
    ("Goes to Mass religiously every Sunday with his mother", "religion"),
    ("Prays religiously at dawn and fasts during Ramadan", "religion"),
    ("Es devota de la Virgen de Guadalupe y reza el rosario cada noche", "religion"),
    # a genetic word that is about the person
    ("Tiene una mutación genética BRCA1 y se hace revisiones cada seis meses", "genetic"),
    # a topic the note ties to the person
    ("Lee todo lo que encuentra sobre la diabetes tipo 1 desde su diagnóstico", "health"),
    ("Está escribiendo un libro sobre su propia depresión", "health"),
    ("Writes about her own bipolar disorder for a mental-health blog", "health"),
    ("Reads books about Islam because she converted last year, like her husband", "religion"),
    # the person on the picket, the person ill beside a machine
    ("Está en el piquete de la huelga de mañana desde las seis", "trade_union"),
    ("Hay un piquete en la puerta y ella es la delegada sindical que lo organiza", "trade_union"),
    ("Está enfermo de gripe y el coche sigue en el taller", "health"),
    # a topic span ends before a place or a time: the class at a place of worship is still read
    ("Va a clase sobre el Corán los viernes en la mezquita", "religion"),
    ("Takes a class about the Torah at the synagogue every Sunday", "religion"),
    # a DNA kit whose result is the person's
    ("Se hizo un test de ADN y salió portadora de una mutación del BRCA2", "genetic"),
    # a Pride event without a work frame: the person's own
    ("Goes to the Pride parade every year with her girlfriend", "sex_life_orientation"),
])
def test_a_special_note_beside_an_sp29_class_is_still_found(text: str, label: str) -> None:
    assert lexicon_label(text) == label


@pytest.mark.parametrize("text", [
    "tiene antecedentes de depresion en la familia",
    "has a history of depression and sees a therapist",
    "va a una charla el martes con su oncologa",
    "goes to the pride parade with her partner",
])
def test_what_is_not_the_frame_gets_no_span(text: str) -> None:
    # a medical history is no history of something studied; a talk named without its topic is
    # no topic; a Pride parade without a work frame is the person's own
    assert topic_spans(text) == []


def test_the_n_gram_stage_still_reads_a_sentence_with_a_topic_span() -> None:
    # the spans are the lexicon's alone: the n-gram stage reads the note whole (a euphemism only it
    # catches, beside a document, is not hidden)
    text = "Tiene cuentas pendientes, así que el background check saldrá con algo."
    assert lexical_stage(text)[1] == text
