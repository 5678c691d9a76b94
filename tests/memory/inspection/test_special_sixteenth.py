"""Special categories, sixteenth round (issue 15): classes seen in the misses and false positives of
the spent set R18 and checked against every other spent author — campaigning for a party and an
electoral list in English, a skin-colour self-label and a single half-heritage, a voice passphrase,
dating someone of the same sex without naming them, the person's own appointments at a unit named by
a condition; and, on the ordinary side, a written work's topic, marketing for a product, and scenes
where a special word is about a place, an event or a trade (a procession as a nuisance, an event for
several parties, a former prison, a habit called genetic, a relative's wedding, an animal's DNA, a
venue named "Union …"). Sentences written for these tests, not taken from a corpus."""

from __future__ import annotations

import pytest

from memory.inspection.special import CATEGORY_KEYS, ordinary_sense
from tests.memory.inspection.special_helpers import finding_label, lexicon_label




@pytest.mark.parametrize(("text", "label"), [
    # campaigning for a party (Spanish), an electoral list (English)
    ("Los sábados hace campaña en el mercado por el partido verde.", "politics"),
    ("She is third on the list for the council elections next spring.", "politics"),
    # a skin-colour self-label, one half of a heritage
    ("Says he was the only brown kid in his school in Norfolk.", "race_ethnicity"),
    ("Her grandmother's side makes her half Nigerian, she says.", "race_ethnicity"),
    # a voice passphrase set up with a bank
    ("Had to set up her new voice password for the telephone banking line.", "biometric"),
    ("Recorded his voice again with the bank last week, after the cold.", "biometric"),
    # the person's own appointments at a unit named by a condition
    ("Wants Monday mornings free for his sessions at the dialysis unit.", "health"),
])
def test_an_indirect_form_is_found(text: str, label: str) -> None:
    assert lexicon_label(text) == label


@pytest.mark.parametrize(("text", "label"), [
    # the other spent authors' remaining misses, by class: a carrier result, carriers of a variant
    ("Moved the call: on Friday he gets his carrier test results back.", "genetic"),
    ("Joined a study open only to carriers of a rare heart variant.", "genetic"),
    # a body part that acts up, a weekly slot at a unit
    ("Wants a ground-floor room in case her knee acts up on the stairs.", "health"),
    ("Keeps his fortnightly slot at the renal day unit on Tuesdays.", "health"),
    # the Spanish parole officer, a sentence served for an offence
    ("Cada lunes ve a su agente de la condicional antes de ir al taller.", "criminal"),
    ("Served two years for fraud and now keeps the books for a charity shop.", "criminal"),
    # a party's youth organ, a hookup app, a place to pray, the pattern of a trait
    ("Is flying to Madrid for her party's youth conference in March.", "politics"),
    ("Met his last boyfriend on a hookup app, he says.", "sex_life_orientation"),
    ("Asked for a quiet room to pray during the offsite.", "religion"),
    ("Guarda el patrón de su huella en el móvil del trabajo.", "biometric"),
])
def test_a_remaining_miss_of_another_author_is_found(text: str, label: str) -> None:
    assert lexicon_label(text) == label


@pytest.mark.parametrize(("text", "label"), [
    ("Lucía prefiere llamadas cortas; ahora sale con una chica de Vigo.", "sex_life_orientation"),
    ("Tom asked for the slides early; he is dating a guy from the climbing gym.", "sex_life_orientation"),
])
def test_dating_someone_of_the_same_sex_is_found(text: str, label: str) -> None:
    assert lexicon_label(text) == label


@pytest.mark.parametrize("text", [
    "Lucía sale con un chico de Vigo desde el verano.",
    "Works half remote, half in the office.",
    "Ordered a half Hawaiian pizza for the team.",
    "Buys brown bread and brown sugar at the market.",
    "Half asleep at the 8am standup, as usual.",
    "Runs the volunteers for the local elections count at the town hall.",
    "Asks whether the bank's voice login is safe before signing up.",
    "Put her on the volunteer list for the local elections count.",
    "Got her ballot for the council elections in the post.",
])
def test_the_same_words_without_the_class_stay_ordinary(text: str) -> None:
    assert lexicon_label(text) is None


@pytest.mark.parametrize("text", [
    # a written work's topic, marketing for a product
    "Is drafting a grant proposal on asthma in primary schools.",
    "Handles marketing for a dating app in three markets.",
    # a procession as a nuisance, a job for several parties, a former prison
    "Se queja del ruido de la procesión que pasa por su calle.",
    "Como técnico de luces, monta los mítines de varios partidos en campaña.",
    "Hizo fotos en la antigua cárcel de Segovia para una exposición.",
    # a habit called genetic, a venue named Union something
    "Says his love of bad puns is 'hereditary', like his grandad's.",
    "The team dinner is at the Union Ballroom venue on Friday.",
    # ethnicity as a column of aggregate data, a building's biometric system, the company's side
    "Pulls the census figures by ethnicity for the retail client's report.",
    "Checks the anonymised ethnicity pay gap figures every spring.",
    "El almacén nuevo tiene control de acceso biométrico en la puerta de carga.",
    "Sits on management's side for the collective bargaining talks this year.",
])
def test_an_ordinary_scene_is_not_special(text: str) -> None:
    assert lexicon_label(text) is None
    assert finding_label(text) is None


@pytest.mark.parametrize("text", [
    "Se casa su hermana en mayo y le toca dar el discurso.",
    "Her brother's wedding is in Porto, so she is off that Friday.",
    "Breeds beagles and files the puppies' DNA certificates for the kennel club.",
])
def test_a_relative_wedding_or_an_animal_dna_is_an_ordinary_span(text: str) -> None:
    """The learned stages then read only what lies outside the span (``special.vector_to_read``)."""
    assert ordinary_sense(text)


@pytest.mark.parametrize(("text", "label"), [
    # the span is only the scene: a special clause beside it still counts
    ("Hizo fotos en la antigua cárcel de Segovia; él mismo pasó dos años en prisión.", "criminal"),
    ("Se queja del ruido de la procesión, aunque es costalero de su cofradía.", "religion"),
    ("Monta los mítines de varios partidos, pero vota al PSOE desde siempre.", "politics"),
    ("Filled in the ethnicity pay gap survey and ticked 'Black Caribbean'.", "race_ethnicity"),
    ("El almacén tiene control de acceso biométrico y ya registraron su huella.", "biometric"),
])
def test_a_special_clause_beside_a_scene_still_counts(text: str, label: str) -> None:
    assert finding_label(text) == CATEGORY_KEYS[label]


def test_a_same_sex_wedding_beside_a_relative_wedding_is_still_read() -> None:
    """A woman's wedding with her girlfriend, after a sister's: the relative's span does not hide it."""
    assert ordinary_sense("Se casa su hermana en mayo.")
    assert lexicon_label("Se casa su hermana en mayo; Lucía se casó con su novia el año pasado.") == "sex_life_orientation"
