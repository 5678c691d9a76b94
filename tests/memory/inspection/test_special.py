"""The special-category detector reads content whatever is declared: explicit, indirect,
euphemistic, hidden in a clause and obfuscated notes are found in any field, near misses pass, the
write-path stage is fast, and the vector stage answers from the memory's own embedding."""

from __future__ import annotations

import statistics
import time

import numpy as np
import pytest

from memory.embedding import get_embedder
from memory.inspection.fields import memory_strings
from memory.inspection.special import (
    CATEGORY_KEYS,
    lexical_rule,
    special_category_by_vector,
    special_category_in,
)

HEALTH = "user.health_and_medical"
RELIGION = "user.demographic.religious_belief"
POLITICS = "user.demographic.political_opinion"
SEX = "user.demographic.sexual_orientation"
UNION = "user.demographic.trade_union_membership"
RACE = "user.demographic.race_ethnicity"
CRIMINAL = "user.criminal_history"
GENETIC = "user.health_and_medical.genetic"
BIOMETRIC = "user.biometric"


@pytest.mark.parametrize(("text", "category"), [
    # the examples
    ("Tiene diabetes", HEALTH),
    ("Is HIV positive", HEALTH),
    ("Es musulmán", RELIGION),
    ("Vota al PSOE", POLITICS),
    ("Is gay", SEX),
    ("Está embarazada", HEALTH),
    ("Tiene lo del azúcar", HEALTH),
    ("Prefiere reuniones por la mañana porque por la tarde va a diálisis", HEALTH),
    ("Is on leave after chemo", HEALTH),
    # indirect and euphemistic
    ("Se pincha insulina antes del almuerzo", HEALTH),
    ("Goes to the mosque on Fridays", RELIGION),
    ("Lleva audífonos en las dos orejas", HEALTH),
    ("Plays for the other team, as he says himself", SEX),
    ("Pasó tres años a la sombra", CRIMINAL),
    ("Has the same faulty gene as her mother", GENETIC),
    # hidden in a clause of an ordinary note
    ("Wants the report on Monday, since on Tuesday he signs in at the probation office", CRIMINAL),
    ("Prefiere los jueves porque los miércoles tiene asamblea del sindicato", UNION),
    ("Likes early calls because at noon she goes to the synagogue", RELIGION),
    # obfuscated
    ("Tiene d3pr3sión", HEALTH),
    ("Va a la m e z q u i t a", RELIGION),
    ("Es mu\u200bsul\u200dmán", RELIGION),
    ("Ｔｉｅｎｅ ｄｉａｂｅｔｅｓ", HEALTH),
    ("Is g\u0430y", SEX),                               # Cyrillic a
    ("D3l3g4d4 s1nd1c4l", UNION),                       # digits as many as letters
    ("Es g i t a n a", RACE),
    ("Su huella dactilar está en el lector", BIOMETRIC),
    ("Se recupera de una operación de cadera y trabaja desde casa", HEALTH),
    ("Goes to AA on Thursday nights", HEALTH),
    ("Enrolled her iris for the data-centre doors", BIOMETRIC),
    ("Votes Labour and campaigns for them locally", POLITICS),
    ("She's trans and asked us to update her name everywhere", SEX),
    ("He's on a tag until the end of the month", CRIMINAL),
    ("Has a bun in the oven, due in spring", HEALTH),
    ("Está afiliada a UGT", UNION),
])
def test_special_notes_are_found(text: str, category: str) -> None:
    finding = special_category_in([("content", text)])
    assert finding is not None
    assert finding.category == category


@pytest.mark.parametrize("text", [
    "Lidera la operación de venta de la filial",
    "Coordina el sindicato de datos del proyecto",
    "Vota en la encuesta del comité cada trimestre",
    "Added a health check to the payments server",
    "Needs the union of the two tables",
    "Llegó tarde por la huelga de metro",
    "Religiously reviews every pull request",
    "Teaches criminal law at the university",
    "Wants the brand DNA in the new deck",
    "Asked for the fingerprint of the release artifact",
    "Escribió sobre la huella de carbono de la flota",
    "Podemos mover la reunión al jueves",
    "Hay que sumar las horas del trimestre",
    "Prefiere el informe en PDF",
    "ticket 4f3a9c needs a look",
    "Asked for a diagnosis of the slow queries on the replica",
    "Suggested we pray to the demo gods before the launch",
    "Vive en el barrio de la Latina y viene en bici",
    "Took a sick day for his daughter, who had a cold",
    "Está de baja la cuenta de prueba del cliente",
    "Is allergic to long email threads",
    "Pidió un informe sobre la mutación del mercado",
    "Is running the marathon for a cancer charity",
    "Is building the insulin-pump companion app for a medtech client",
    "Went to a friend's wedding in a church in Toledo",
    "The GraphQL mutation for orders is failing",
    "Se quedó sin tren por la huelga de Renfe",
])
def test_near_misses_and_ordinary_notes_pass(text: str) -> None:
    assert special_category_in([("content", text)]) is None


@pytest.mark.parametrize(("fields", "field"), [
    ({"content": "Prefiere informes breves", "value": "Is on leave after chemo"}, "value"),
    ({"content": "Prefiere informes breves", "key": "mezquita_viernes"}, "key"),
    ({"content": "ok", "value": {"notes": ["fine", {"why": "va a diálisis"}]}}, "value.*[1].*"),
])
def test_found_in_any_field_and_named_by_path_only(fields: dict, field: str) -> None:
    finding = special_category_in(memory_strings(fields))
    assert finding is not None and finding.field == field
    assert finding.category in CATEGORY_KEYS.values()
    assert "chemo" not in finding.rule and "mezquita" not in finding.rule and "dialisis" not in finding.rule


def test_the_lexical_stage_costs_about_a_millisecond_for_a_typical_note() -> None:
    fields = {"content": "Prefers the weekly report on Monday morning, short and with a link to the dashboard.",
              "key": "report_timing", "predicate": "preference.schedule", "category": "user.behavior",
              "origin_ref": "agent-7/session-42", "session_id": "session-42", "value": {"day": "monday"}}
    special_category_in(memory_strings(fields))  # warm the fold caches once
    medians = []
    # The thread's CPU time, not the wall clock: on the shared 2-core machine a neighbour's burst
    # (another test's worker, a CI job) lengthened the wall-clock median past the bound at stop 44
    # (1.095 ms in a full run; 0.72 ms quiet). The measurement of record is `python -m benchmarks
    # inspection`; this guards the order of magnitude of the stage's own work. Inside a full suite run
    # the same thread CPU time read 1.22 ms (cache and memory state of a process that has run 7,000
    # tests), so the bound is 2 ms: a regression that doubles the stage still fails.
    for batch in range(3):  # the best of three batches' medians
        times = []
        for i in range(200):
            fields["content"] = f"Prefers the weekly report on Monday morning, short, item {batch}-{i}."
            start = time.thread_time()
            special_category_in(memory_strings(fields))
            times.append(time.thread_time() - start)
        medians.append(statistics.median(times))
    assert min(medians) < 0.002


def test_the_vector_stage_reads_the_memorys_own_embedding() -> None:
    vectors = get_embedder().embed_passages([
        "Tiene diabetes y se pone insulina antes de comer.",
        "Asked for the quarterly figures in a spreadsheet by Friday.",
    ])
    finding = special_category_by_vector(vectors[0])
    assert finding is not None and finding.rule.startswith("vector.") and finding.field == "content"
    assert special_category_by_vector(vectors[1]) is None


def test_the_vector_stage_has_no_finding_without_a_usable_vector() -> None:
    assert special_category_by_vector(None) is None
    assert special_category_by_vector(np.ones(17, dtype=np.float32)) is None
    assert special_category_by_vector(np.full(384, np.nan, dtype=np.float32)) is None


@pytest.mark.parametrize("text", [
    "Drops off the printer paper at the cathedral office, then drives on to the chapel on the hill for the invoice",
    "Nuestra furgoneta reparte los folletos en la iglesia del barrio y en la biblioteca, sin prisa",
    "The quarterly offsite is in a converted synagogue with a big projector",
    "Quiere presupuesto para pintar las puertas de la parroquia antes de fin de mes",
    "Shoots the wedding photos for couples who marry at the mosque and wants a cheaper lens",
])
def test_a_place_of_worship_named_as_a_venue_is_no_belief(text: str) -> None:
    assert lexical_rule(text) is None


@pytest.mark.parametrize("text", [
    "Goes to the synagogue on Saturdays, so no calls before sunset",
    "Los domingos va a la iglesia con su madre, no agendar nada por la mañana",
    "Her church runs the food bank she volunteers at",
    "Es muy de la parroquia y no quiere reuniones en Semana Santa",
    "Attends the Friday prayer at the mosque near the office",
    "Is a member of the Methodist congregation in town",
    "Took Sunday service at the chapel again, asks for Monday calls",
])
def test_a_place_of_worship_with_an_act_of_the_person_stays_special(text: str) -> None:
    assert lexical_rule(text) is not None and lexical_rule(text).startswith("religion:")


def test_a_place_of_worship_in_a_terse_string_stays_special() -> None:
    assert lexical_rule("mezquita viernes") is not None
    assert lexical_rule("the mosque thing") is not None


@pytest.mark.parametrize("text", [
    "Quiere fotos de la fachada del edificio nuevo para la web",
    "Le tocó ser vocal en la mesa electoral del colegio y pidió el lunes libre",
])
def test_a_facade_or_a_polling_station_duty_is_no_political_opinion(text: str) -> None:
    assert lexical_rule(text) is None


@pytest.mark.parametrize("text", [
    "Su cuñado es un facha y en las cenas discuten de política",
    "Es apoderada de su partido en la mesa electoral del barrio",
])
def test_a_political_word_or_a_party_role_stays_special(text: str) -> None:
    assert (lexical_rule(text) or "").startswith("politics:")


@pytest.mark.parametrize("text", [
    "Su gato tiene asma y hay que dejarle la ventana abierta, por eso trabaja desde casa",
    "Their old horse has arthritis, so the farm visit moves to Friday",
])
def test_an_animals_condition_is_not_the_persons(text: str) -> None:
    assert lexical_rule(text) is None


@pytest.mark.parametrize("text", [
    "Her assistance dog is trained for her seizures, book a room with space for it",
    "Su perro guía viene a todas las reuniones porque es ciega",
    "Saca al perro antes de la diálisis de los lunes",
    "Walks the dog after chemo, so calls only after 11",
])
def test_an_assistance_animal_or_a_dog_nearby_does_not_clear_the_person(text: str) -> None:
    assert (lexical_rule(text) or "").startswith("health:")


@pytest.mark.parametrize("text", [
    "Gave a talk on facial recognition ethics at the retail summit last spring",
    "Prepara una ponencia sobre el ADN antiguo para el congreso de Burgos",
    "Visitó la exposición sobre la historia del sindicalismo con sus alumnos",
])
def test_the_topic_of_a_talk_or_an_exhibition_is_no_finding_about_the_person(text: str) -> None:
    assert lexical_rule(text) is None


@pytest.mark.parametrize("text", [
    "Gave a talk about her own depression",
    "Escribe un libro sobre su propio cáncer",
    "Writes a book about her diagnosis of bipolar disorder",
    "Fue a una charla de Alcohólicos Anónimos el martes",
])
def test_a_frame_about_the_persons_own_condition_clears_nothing(text: str) -> None:
    assert (lexical_rule(text) or "").startswith("health:")


def test_a_spaced_out_profession_of_faith_makes_a_place_of_worship_count() -> None:
    # The fold joins the spaced letters to the word before them ("she'sborn again").
    assert (lexical_rule("He's b o r n  a g a i n now, so no jokes about the chapel choir") or "").startswith("religion:")


@pytest.mark.parametrize("text", [
    "Runs the tender for biometric gates at the new stadium",
    "Prepara la comparativa de cámaras de reconocimiento facial para el centro comercial",
    "The new office has fingerprint readers on every floor, says the facilities manager",
    "Le interesa el reconocimiento de voz para dictar las actas de las reuniones",
])
def test_biometric_technology_without_an_act_of_the_person_is_no_finding(text: str) -> None:
    assert lexical_rule(text) is None


@pytest.mark.parametrize("text", [
    "Registramos su huella en el lector del garaje el lunes",
    "Her face template is stored on the door system",
    "Clocks in with his thumb on the new reader every morning",
    "El sistema de reconocimiento facial ya le abre la puerta del laboratorio",
    "Biometric enrolment done at reception, no badge needed any more",
    "Plantilla de iris de Marcos cargada en el terminal de la entrada",
    "Likes the late shift because the face scanner that lets him in is quieter then",
    "The locker is keyed to the palm scan from his first visit",
    "Iris scan for the new guard: we took it on Monday at the gate",
    "Tiene el dedo en el lector del garaje y no necesita tarjeta",
])
def test_biometric_data_with_an_act_of_the_person_stays_special(text: str) -> None:
    assert (lexical_rule(text) or "").startswith("biometric:")


def test_a_biometric_word_in_a_terse_string_stays_special() -> None:
    assert (lexical_rule("fingerprint reader") or "").startswith("biometric:")
    assert (lexical_rule("reconocimiento facial") or "").startswith("biometric:")


@pytest.mark.parametrize("text", [
    "In the series he is bingeing, the main character is a bipolar chef",
    "Está viendo una serie sobre un barrio gitano de Sevilla",
    "Her role-play character is a devout priest with a secret",
    "Le encantan las pelis de atracos con lectores de huella",
    "Does the Kurdish subtitles for the film club every month",
])
def test_what_a_story_a_show_or_a_game_is_about_is_not_the_persons(text: str) -> None:
    assert lexical_rule(text) is None


@pytest.mark.parametrize(("text", "label"), [
    ("A film about her own cancer is what she is writing now", "health"),
    ("Watches the series every night after chemo, so calls before six", "health"),
])
def test_a_story_frame_does_not_clear_the_person(text: str, label: str) -> None:
    assert (lexical_rule(text) or "").startswith(f"{label}:")


@pytest.mark.parametrize("text", [
    "Su perra es diabética y hay que pincharla a las ocho, por eso sale puntual",
    "Meet at the pub 'The Convict' on Friday after work",
    "Compró un kit de ADN del gato para saber la raza",
    "Adoptó una perra mestiza del refugio el sábado",
])
def test_a_pets_condition_breed_or_a_quoted_name_is_not_the_persons(text: str) -> None:
    assert lexical_rule(text) is None


@pytest.mark.parametrize("text", [
    "Invited someone from the parole board to speak at the conference",
    "Lleva la comunicación de una federación sindical como autónoma",
    "She's a genetic counsellor at the county hospital, wants the report template",
    "Is a nurse practitioner at the diabetes clinic and asks for the rota file",
    "Signed up for the charity 5k for the local hospice",
    "Su cliente es una empresa que fabrica inhaladores para el asma",
])
def test_a_sensitive_word_about_a_job_or_an_event_is_no_finding(text: str) -> None:
    assert lexical_rule(text) is None


@pytest.mark.parametrize("text", [
    "Rents the church hall for the toddler group on Wednesdays",
    "Alquila el salón de la parroquia todos los jueves para las clases de yoga",
    "Lectures on the history of religion at the adult school",
    "Se ha unido al sindicato de inquilinos del barrio por la subida del alquiler",
    "Negotiates against the union for the employer every year",
    "Hung the union jack in the lobby for the jubilee",
    "Gluten-free and vegan options for the launch, please",
    "Notifications are disabled on the shared tablets until the update",
])
def test_a_venue_a_field_a_flag_or_a_menu_option_is_no_finding(text: str) -> None:
    assert lexical_rule(text) is None


@pytest.mark.parametrize(("text", "label"), [
    ("Goes to the church hall for Sunday service every week", "religion"),
    ("Es del sindicato de enfermería y va a la huelga del jueves", "trade_union"),
    ("Eats gluten-free because of her coeliac disease", "health"),
])
def test_a_near_miss_phrase_leaves_the_person_special(text: str, label: str) -> None:
    assert (lexical_rule(text) or "").startswith(f"{label}:")


@pytest.mark.parametrize(("text", "label"), [
    ("Abre la taquilla del gimnasio con la huella del índice", "biometric"),
    ("Observa el shabat y no trabaja los sábados", "religion"),
    ("Los fines de semana duerme en el centro penitenciario, en régimen abierto", "criminal"),
    ("Still has 120 community service hours to do this year", "criminal"),
    ("Can't travel abroad under her sentence terms until March", "criminal"),
    ("El juicio de Marta por apropiación indebida es en mayo", "criminal"),
    ("Sits on the bargaining team for the drivers this year", "trade_union"),
    ("Negocia el convenio en representación de la plantilla", "trade_union"),
    ("En su anterior empresa la apartaban de los clientes por ser negra", "race_ethnicity"),
    ("Was turned away from the club for being black, and filed a complaint", "race_ethnicity"),
    ("La consejera genética le explicó los resultados del estudio familiar", "genetic"),
])
def test_more_shapes_of_revealing_a_special_category(text: str, label: str) -> None:
    assert (lexical_rule(text) or "").startswith(f"{label}:")


@pytest.mark.parametrize("text", [
    "Es católica y quiere la boda en la iglesia del pueblo de su madre",
    "Client is a practising Anglican and wants the funeral in the old chapel",
])
def test_a_venue_clears_the_place_of_worship_and_never_a_belief(text: str) -> None:
    assert (lexical_rule(text) or "").startswith("religion:")


@pytest.mark.parametrize("text", [
    "Visits old churches every weekend for her photography blog",
    "La boda es en la iglesia de San Pedro el domingo por la mañana",
])
def test_a_venue_clears_a_place_of_worship_even_with_a_weekly_habit(text: str) -> None:
    assert lexical_rule(text) is None
