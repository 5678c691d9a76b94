"""Special categories, fifteenth round (issue 15): classes seen in the misses and false positives of
the spent sets N14 and O15 and checked against every other spent author — a party named by a
possessive, an electoral list, fingerprints taken or given, a court-ordered sentence served, a
government-paid stay as a euphemism for prison, half one heritage and half another, membership of a
group named by a special word. Sentences written for these tests, not taken from a corpus."""

from __future__ import annotations

import pytest

from tests.memory.inspection.special_helpers import finding_label, lexicon_label




@pytest.mark.parametrize(("text", "label"), [
    # a party organ of the person's own party, an electoral list
    ("Este fin de semana está en la ejecutiva de su partido, no contesta correos.", "politics"),
    ("She chairs her party's regional conference in Leeds next month.", "politics"),
    ("Sale de número 3 en la candidatura para las autonómicas.", "politics"),
    ("Coordina el banco de llamadas del sábado para la campaña.", "politics"),
    ("Ayuda en la campaña del candidato los fines de semana.", "politics"),
    # fingerprints taken or given, a biometric trait used to get in
    ("At the embassy they took her fingerprints and a photo; the visa is on its way.", "biometric"),
    ("Has to give his fingerprints again at the border office on Friday.", "biometric"),
    ("Desde el lunes entrará al almacén con la huella.", "biometric"),
    # a sentence served, a euphemism for prison
    ("Still owes forty hours of court-ordered community service this spring.", "criminal"),
    ("Se pasó dos años de vacaciones pagadas por el Estado, y ahora busca trabajo.", "criminal"),
    # heritage: half one, half another; being Roma; a Black staff network
    ("Dice que es mitad peruana y mitad gallega, y que cocina de las dos.", "race_ethnicity"),
    ("Jokes that she is half Jamaican, half Glaswegian.", "race_ethnicity"),
    ("Being Roma herself, she mentors the new apprentices from the same community.", "race_ethnicity"),
    ("Co-chairs the Black employee network and runs its book club.", "race_ethnicity"),
    # membership of a group named by a special word (a work object when one works for it)
    ("Es socio de la asociación de diabéticos de su pueblo desde hace años.", "health"),
    # a faith named by its meal or its community
    ("Asked for a Jain meal on the long-haul flight.", "religion"),
    # the union card, in its accented spelling
    ("Guarda el carné de la central en la cartera.", "trade_union"),
])
def test_an_indirect_form_is_found(text: str, label: str) -> None:
    assert lexicon_label(text) == label


@pytest.mark.parametrize("text", [
    "Es la fiesta de cumpleaños de su sobrino; his party's theme is dinosaurs.",
    "La lista de la compra para la cena del sábado está en la nevera.",
    "Left fingerprints all over the new monitor, again.",
    "Works half remote, half in the office.",
    "Half asleep, half awake at the 8am standup.",
    "Trabaja para la asociación de diabéticos como diseñadora gráfica.",
    "Disfruta de vacaciones pagadas en agosto, como toda la plantilla.",
    "Volunteers at the community service centre on Saturdays.",
    "Asked Rahul Jain to forward the budget.",
])
def test_the_same_words_in_an_ordinary_sense_stay_ordinary(text: str) -> None:
    assert lexicon_label(text) is None


@pytest.mark.parametrize("text", [
    # the victim of an offence, the one who reported it, a witness: not criminal data about them
    "Her flat was burgled in March; she filed a police report and is waiting on the insurer.",
    "Es testigo en un juicio por un atraco que vio en el banco y declara el lunes.",
    "Was a witness in a fraud trial last year, still gets letters from the court.",
])
def test_the_other_side_of_an_offence_is_not_special(text: str) -> None:
    assert finding_label(text) is None


@pytest.mark.parametrize(("text", "category"), [
    ("Es testigo de Jehová y no celebra cumpleaños.", "user.demographic.religious_belief"),
    ("He is a Jehovah Witness and skips the parties.", "user.demographic.religious_belief"),
    ("Le robaron la cartera; estuvo en prisión hasta 2019.", "user.criminal_history"),
])
def test_a_special_clause_beside_the_other_side_of_an_offence_is_still_found(text: str, category: str) -> None:
    assert finding_label(text) == category


@pytest.mark.parametrize("text", [
    # an office in a club, a residents' association or a class; an event held in a church as a venue
    "Su hijo es delegado de clase y le ayuda con el discurso.",
    "La boda de su primo es en la iglesia de San Andrés el sábado a las 13.",
])
def test_a_club_office_or_an_event_in_a_church_is_not_special(text: str) -> None:
    assert finding_label(text) is None


@pytest.mark.parametrize(("text", "covered"), [
    ("Was elected treasurer of the residents' association in May.", "treasurer of the residents' association"),
    ("Es presidenta del board del club de ajedrez desde enero.", "presidenta del board del club"),
    ("Is the lighting technician for a choral concert at the cathedral in May.", "concert at the cathedral"),
    ("El concierto de fin de curso es en la capilla del colegio.", "en la capilla del colegio"),
])
def test_the_club_office_and_the_event_venue_are_ordinary_spans(text: str, covered: str) -> None:
    from memory.inspection.normalise import fold_text
    from memory.inspection.special_forms import ordinary_spans

    reading = fold_text(text)
    start = reading.index(covered)
    assert any(s <= start and start + len(covered) <= e for s, e in ordinary_spans(reading))


@pytest.mark.parametrize(("text", "category"), [
    ("Es tesorero del club del Partido Popular de su barrio.", "user.demographic.political_opinion"),
    ("Va a la boda de su prima en la iglesia y después a misa los domingos.", "user.demographic.religious_belief"),
    ("Es presidente del comité de empresa desde 2020.", "user.demographic.trade_union_membership"),
])
def test_a_special_word_beside_a_club_office_or_a_venue_is_still_found(text: str, category: str) -> None:
    assert finding_label(text) == category


def test_a_place_named_union_is_not_a_trade_union() -> None:
    assert finding_label("Is going to the Union Square book fair on Sunday morning.") is None


@pytest.mark.parametrize("text", [
    "Meet at Union Station, then the union meeting at 6.",
    "Her hotel is on Union Street, next to the union hall where she pays her dues.",
])
def test_a_trade_union_beside_a_place_named_union_is_still_found(text: str) -> None:
    assert finding_label(text) == "user.demographic.trade_union_membership"


@pytest.mark.parametrize("text", [
    "Binge-watching a prison drama and refuses to discuss the plot.",
    "Watches a cancer docuseries every Sunday for work research.",
])
def test_a_show_about_it_is_a_work_object(text: str) -> None:
    assert lexicon_label(text) is None


def test_a_special_word_beside_a_show_is_still_found() -> None:
    assert lexicon_label("Her prison drama is real: she served two years in prison.") == "criminal"


def test_an_outside_role_with_its_trade_named_is_a_frame() -> None:
    assert lexicon_label("Runs the stage for the Pride march as the sound contractor.") is None


def test_an_outside_role_in_another_clause_clears_nothing() -> None:
    assert lexicon_label("Marches at Pride every year and works as an events contractor.") == "sex_life_orientation"


def test_a_dish_or_a_fair_called_ethnic_is_not_anyones_origin() -> None:
    assert lexicon_label("Organiza la feria de cocina étnica del distrito cada otoño.") is None
    assert lexicon_label("Es de etnia gitana y organiza la feria de cocina étnica.") == "race_ethnicity"


@pytest.mark.parametrize("text", [
    "Prepara la reunión con el comité de empresa para la dirección.",
    "Is drafting the company side of the collective bargaining talks.",
])
def test_the_company_side_of_dealings_with_workers_representatives_is_not_a_union(text: str) -> None:
    assert lexicon_label(text) is None


@pytest.mark.parametrize("text", [
    "Es del comité de empresa por CCOO y prepara la reunión con la dirección.",
    "Sits on the management side of the table in the collective bargaining round.",
])
def test_a_union_word_outside_the_company_side_is_still_found(text: str) -> None:
    assert lexicon_label(text) == "trade_union"
