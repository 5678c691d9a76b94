"""sp37 (issue 15, stop 47): a special word that names a thing, not the person — a name or a title, a
means said to be absent, a style, a place of worship as a sight, a client — and more figures of speech
(a workplace's politics, a worldly thing as the person's religion, manners "in the family DNA", a
breeder's heredity, an employer's collective agreement). Each is ordinary for the lexicon and the n-gram
stage; the same words about the person stay special. Sentences written for these tests, not taken from a
corpus."""

from __future__ import annotations

import pytest

from memory.inspection.normalise import fold_text
from memory.inspection.special import _sense_outvoted, lexical_stage, ordinary_spans
from memory.inspection.special_mentions import mention_spans
from memory.inspection.special_senses import adverb_figure_spans, figure_of_speech_spans, occupation_spans
from tests.memory.inspection.special_helpers import finding_label, lexicon_label

MENTIONS = [
    # a name or a title
    "Pone en bucle la música de los Gipsy Kings mientras cocina los domingos.",
    "Wants two tickets for the Black Keys gig in March.",
    # a means said to be absent
    "Traced her great-grandparents through census returns, with no DNA test needed.",
    "Reconstruyó el árbol familiar sin necesidad de análisis de ADN, solo con archivos parroquiales.",
    # a style
    "Hung a print of Aboriginal art from a gallery in Perth above the sofa.",
    "Le regalaron un disco de música gospel y lo pone en el coche.",
    "Booked the kosher deli round the corner for the team lunch.",
    # a place of worship as a sight
    "Planea una ruta en bici por las ermitas románicas del valle, sobre todo por el paisaje.",
    "Photographs old churches for the architecture; has a folder per county.",
    "Se alojó en un hotel que antes era un monasterio, por las vistas al valle.",
    "Le gustan los vinilos de jazz afrocubano y busca una edición de los cincuenta.",
    # a third party
    "A dating startup is her biggest client this quarter, so the invoices go out on Fridays.",
    "Revisa la política de privacidad de la app de citas de un cliente antes del viernes.",
    "Les hace la contabilidad a Construcciones Gitano e Hijos desde 2019.",
    "She's product manager for a dating startup and needs the churn figures by Monday.",
    # more names: a quoted title and its performer, a pet's name, an eponym, a fan of a show
    "Se pasa el día tarareando 'Like a Prayer' de Madonna.",
    "El perro de su vecina se llama Cura y ladra a todo.",
    "Revising Gay-Lussac's law and Boyle's law for the physics resit.",
    "Fan de Queer Eye, ha visto todas las temporadas del programa.",
    # a biometric feature declined, not enrolled or preferred against
    "El banco le ofreció entrar con la huella pero decidió no registrarla.",
    "Prefers a six-digit PIN to the fingerprint reader on her laptop.",
]
STILL_SPECIAL = [
    ("Es gitana y le encanta la música de los Gipsy Kings.", "race_ethnicity"),
    ("Grew up without any religion and is still an atheist.", "religion"),
    ("She's no longer religious since she left the convent.", "religion"),
    ("Did a DNA test last year that found a BRCA2 variant.", "genetic"),
    ("Solo come en restaurantes kosher porque guarda el shabbat.", "religion"),
    ("Paints in the Aboriginal style of her own people, her grandmother's Yolŋu designs.", "race_ethnicity"),
    ("Walks to the monastery every Sunday to pray with the monks.", "religion"),
    ("Uses a dating app for gay men and has a date on Friday.", "sex_life_orientation"),
    ("Walks to church every Sunday with her kids.", "religion"),
    ("Hace la ruta de las iglesias cada Semana Santa con su cofradía.", "religion"),
    ("Only shops at the halal butcher round the corner.", "religion"),
    ("Is the only Muslim at Acme Ltd and prays at lunch.", "religion"),
    ("The kiosk lets him in by his face now, no badge needed.", "biometric"),
    ("Unlocks her phone with her fingerprint; never set up a PIN.", "biometric"),
    ("Registered her fingerprint at the gym and doesn't use the card anymore.", "biometric"),
]


@pytest.mark.parametrize("text", MENTIONS)
def test_a_special_word_naming_a_thing_is_ordinary(text: str) -> None:
    assert mention_spans(fold_text(text))
    assert lexicon_label(text) is None
    assert finding_label(text) is None


@pytest.mark.parametrize(("text", "label"), STILL_SPECIAL)
def test_the_same_words_about_the_person_stay_special(text: str, label: str) -> None:
    assert finding_label(text) is not None
    assert lexicon_label(text) == label


def test_a_mention_clears_only_itself() -> None:
    """A special fact beside a name is still read: the span is the name, not the note."""
    text = "Loves the music of the Gipsy Kings and goes to Mass every Sunday."
    assert mention_spans(fold_text(text))
    assert lexicon_label(text) == "religion"


FIGURES = [
    "Says there's too much office politics in her team and wants to move departments.",
    "Cuenta que en el departamento hay demasiada política y prefiere trabajar en remoto.",
    "Dice que el ciclismo es su religión y sale cada sábado aunque llueva.",
    "Claims good manners are in the family DNA and insists on thank-you cards.",
    "Says stubbornness runs in his genes, like his dad's.",
    "Crosses tomato varieties and notes which seedlings inherit the striped skin.",
    "Picked the puppy from a breeder who sends the DNA results of both parents.",
]


@pytest.mark.parametrize("text", FIGURES)
def test_more_figures_of_speech_are_ordinary_and_outvote_the_vector_stage(text: str) -> None:
    assert figure_of_speech_spans(fold_text(text))
    assert finding_label(text) is None
    assert _sense_outvoted(text)


@pytest.mark.parametrize(("text", "label"), [
    ("El islam es su religión y reza cinco veces al día.", "religion"),
    ("Votes Labour and talks politics with her dad every Sunday.", "politics"),
    ("Her migraines are in the family DNA: her mother and sister have them too.", "health"),
])
def test_a_faith_a_vote_or_a_condition_beside_them_stays_special(text: str, label: str) -> None:
    assert lexicon_label(text) == label


def test_an_employers_collective_agreement_is_its_dealing_not_the_persons() -> None:
    text = fold_text("Su empresa renegocia el convenio colectivo y ella prepara los costes desde finanzas.")
    assert occupation_spans(text)
    assert lexicon_label("Su empresa renegocia el convenio colectivo y ella prepara los costes desde finanzas.") is None


def test_a_works_council_member_negotiating_stays_special() -> None:
    text = "Está en el comité de empresa y negocia el convenio colectivo con la dirección."
    assert occupation_spans(fold_text(text)) == []
    assert finding_label(text) is not None


def test_the_spans_are_in_the_ordinary_spans() -> None:
    text = fold_text("Le gusta la música de los Gipsy Kings.")
    assert set(mention_spans(text)) <= set(ordinary_spans(text))


def test_religiously_of_a_habit_outvotes_the_vector_stage_but_the_ngram_stage_still_reads_it() -> None:
    """"Religiously" is read by the vector outvote only: its sentence stays with the n-gram stage, which is
    what reads a member's dues paid "religiously"."""
    text = "Hace sus estiramientos religiosamente cada mañana antes de desayunar."
    assert adverb_figure_spans(fold_text(text))
    assert not figure_of_speech_spans(fold_text(text))
    assert lexical_stage("Paga la cuota de la central religiosamente desde hace años.")[1] != ""
