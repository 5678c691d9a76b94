"""Stop 43's classes (issue 15, sp30: ``memory.inspection.special_names``): an organisation named only
by its name or acronym and tied to the person, a partner of the person's evident gender, a religious
practice by its name, an ethnicity by a community term; and the ordinary senses beside them (a
client, a journalist, a band, an idiom, a nationality for papers, a theft reported). Sentences
written for these tests, not taken from a corpus."""

from __future__ import annotations

import pytest

from memory.inspection.special import vector_spans
from tests.memory.inspection.special_helpers import finding_label, lexicon_label


@pytest.mark.parametrize(("text", "label"), [
    # a party, a union, a religious or community organisation by name, tied to the person
    ("Dona veinte euros al mes a Fianna Fáil y va a su conferencia anual", "politics"),
    ("Volunteers on the phone bank for the Scottish National Party every Tuesday", "politics"),
    ("Coordina el grupo local de Esquerra Republicana en su barrio", "politics"),
    ("Es afiliada al PAN desde la universidad", "politics"),
    ("Sends a monthly direct debit to the Liberal Democrats, receipt to accounts", "politics"),
    ("Cobra las cuotas de la sección de USO en su planta", "trade_union"),
    ("Los martes tiene la reunión de la sección de la CIG en el puerto", "trade_union"),
    ("Her NEU strike ballot arrived, file it under personal", "trade_union"),
    ("Va a las convivencias del Camino Neocatecumenal los sábados", "religion"),
    ("Attends the Kingdom Hall meetings twice a week", "religion"),
    ("Dice que 'pertenece a la Obra' y no falta a sus círculos", "religion"),
    ("Got a grant from the Roma Education Fund for his master's", "race_ethnicity"),
    # a practice by name, a community term
    ("Blocks ten minutes at sunset for Maghrib prayer", "religion"),
    ("Quiere la agenda libre los viernes a mediodía por el Jummah", "religion"),
    ("Calls it 'a chat with the man upstairs' and never misses it", "religion"),
    ("Fasts from sunrise to sunset this month, so no lunch meetings", "religion"),
    ("Se define como 'hija de la diáspora africana'", "race_ethnicity"),
    ("Growing up as a Vietnamese American kid shaped his career", "race_ethnicity"),
    ("Al ser de origen saharaui sigue de cerca las noticias", "race_ethnicity"),
    ("Jokes that everyone at home is a 'gorgio' except her", "race_ethnicity"),
    # a partner of the person's evident gender
    ("Está casada con su mujer desde 2018", "sex_life_orientation"),
    ("Ella reserva una cena con su novia para el viernes", "sex_life_orientation"),
    ("Ella celebra el aniversario con su novia en Oporto", "sex_life_orientation"),
    ("He moved to Leeds last year with the boyfriend he met at university", "sex_life_orientation"),
    ("Rodrigo se va de vacaciones con su novio a Lisboa", "sex_life_orientation"),
    ("Jennifer's wife picks her up on Fridays", "sex_life_orientation"),
    ("Dice que le van 'los dos bandos', sin etiquetas", "sex_life_orientation"),
])
def test_a_class_of_sp30_is_found_by_the_lexicon(text: str, label: str) -> None:
    assert lexicon_label(text) == label


@pytest.mark.parametrize("text", [
    # the name as a client, a subject of news or study, or an ordinary word
    "The Scottish National Party is a new client; send the invoice to their press office",
    "Covers the Fianna Fáil conference for the newspaper this weekend",
    "Writes a thesis on the history of Esquerra Republicana",
    "Podemos vernos el lunes para votar el presupuesto del equipo",
    "Lee la sección de uso del manual antes de instalar",
    "Compra pan para la reunión de los miembros del club",
    "Es de origen humilde y trabaja en logística",
    "Imports olive oil of Spanish origin for the shop",
    # a partner said of someone else
    "Ella ayuda a su hermano a planear la boda con su novia",
    # a band, a trait that runs in the family, an employer's sponsored event
    "Her favourite band is The Preachers; book two tickets for their gig",
    "Su banda favorita es Los Sacerdotes del Ritmo",
    "Says his knack for numbers 'runs in the family'",
    "Her company sponsors the Pride parade and, as events manager, she handles the logistics",
])
def test_an_ordinary_sense_of_sp30_is_no_lexicon_finding(text: str) -> None:
    assert lexicon_label(text) is None


@pytest.mark.parametrize("text", [
    "Proud of his three strikes in a row at the bowling alley",
    "Los domingos 'son sagrados': paella y siesta",
    "Su nacionalidad es portuguesa, así que no necesita visado para el viaje",
    "Her bike was stolen at the station; she needs the police report number for the insurer",
])
def test_the_vector_stage_does_not_read_an_idiom_a_nationality_for_papers_or_a_theft(text: str) -> None:
    spans = vector_spans(text.lower())
    assert spans, text


def test_a_special_clause_beside_a_reported_theft_is_still_found() -> None:
    assert finding_label("Le robaron la bici y tiene la denuncia; además está en diálisis los martes") == "user.health_and_medical"
