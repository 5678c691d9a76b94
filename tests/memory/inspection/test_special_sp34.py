"""sp34 (issue 15, stop 46): a special word read in the sense it is used in. A religious noun as a
figure of speech (qualified by a worldly domain, a comparison, a name given to a thing) and heredity
said of a trait of character or of a thing are ordinary for every stage; the same nouns about the
person's own faith or genome stay special. Sentences written for these tests, not taken from a corpus."""

from __future__ import annotations

import numpy as np
import pytest

from memory.inspection import special
from memory.inspection.normalise import fold_text
from memory.inspection.special import _sense_outvoted, lexical_rule, lexical_stage, ordinary_spans, vector_spans
from memory.inspection.special_senses import figure_of_speech_spans, occupation_spans
from tests.memory.inspection.special_helpers import finding_label, lexicon_label

FIGURES = [
    "The Django docs are his deployment bible; he rereads them before every release.",
    "Says 'Clean Architecture' is the bible of software design and lends it to every new hire.",
    "El manual de marca es la biblia del equipo de diseño y nadie lo toca sin permiso.",
    "Dice que la hoja de cálculo de gastos es 'su biblia' y la abre cada mañana.",
    "Calls the climbing gym 'her temple' and goes four evenings a week.",
    "Vive el ciclismo como una religión: sale cada domingo aunque llueva.",
    "Treats Sunday brunch like a religion, so never book anything before noon.",
    "Reza a los dioses del wifi cada vez que hay una demo con el cliente.",
    "Before each launch the team sacrifices a donut to the deploy gods, she jokes.",
    "Su socio es 'el papa' del email marketing, según ella, y le copia las plantillas.",
    "He's a true believer in test-driven development and pairs on every ticket.",
]
OWN = [
    ("Leads the Thursday Bible study at his parish and reads the Bible every morning.", "religion"),
    ("Es muy creyente y va a misa todos los domingos con su familia.", "religion"),
    ("Reads the Bible every night before bed, since she converted last year.", "religion"),
    ("Heredó de su madre la mutación BRCA1 y se hace revisiones cada seis meses.", "genetic"),
    ("Inherited her father's haemophilia and keeps the factor VIII at home.", "genetic"),
    ("Tiene la enfermedad de Huntington, 'lo lleva en los genes' como su padre.", "health"),
]


@pytest.mark.parametrize("text", FIGURES)
def test_a_religious_noun_as_a_figure_of_speech_is_ordinary(text: str) -> None:
    assert figure_of_speech_spans(fold_text(text))
    assert lexicon_label(text) is None


@pytest.mark.parametrize("text", [
    "Dice que la paciencia 'la lleva en los genes', como su abuela, y nunca levanta la voz.",
    "Says his knack for mental arithmetic is 'hereditary' — his mum was the same.",
    "Heredó de su padre lo cabezota y la colección de discos de jazz.",
    "Says he inherited his grandfather's watch and his terrible puns.",
    "Jokes that her new sourdough starter has 'good genes', it came from a famous bakery.",
    "Dice que la startup tiene 'buen ADN' porque los fundadores ya vendieron otra.",
])
def test_heredity_said_of_a_trait_or_a_thing_is_ordinary(text: str) -> None:
    assert figure_of_speech_spans(fold_text(text))
    assert finding_label(text) is None


@pytest.mark.parametrize(("text", "label"), OWN)
def test_the_persons_own_faith_or_genome_stays_special(text: str, label: str) -> None:
    assert finding_label(text) is not None
    assert lexicon_label(text) == label


def test_a_figure_clears_only_itself() -> None:
    """A special fact beside a figure of speech is still read: the span is the figure, not the note."""
    text = "Excel is her finance bible, and she goes to Mass every Sunday morning."
    assert figure_of_speech_spans(fold_text(text))
    assert lexical_rule(text) is not None


def test_the_figure_spans_clear_the_lexicon_and_the_ngram_stage_not_the_vector_read() -> None:
    """``ordinary_spans`` (the lexicon, the n-gram stage's sentences) holds them; ``vector_spans`` does not:
    blanked, the rest of a short note read as special to the vector stage. The vector stage is outvoted
    on such a note instead (``_sense_outvoted``)."""
    text = fold_text("Her cooking bible is a battered paperback from the nineties.")
    span = figure_of_speech_spans(text)[0]
    assert span in ordinary_spans(text)
    assert span not in vector_spans(text)
    assert lexical_stage("Her cooking bible is a battered paperback from the nineties.")[1] == ""


@pytest.mark.parametrize("text", [
    "Calls his allotment 'my cathedral' and spends every Sunday there.",
    "Es enfermera en la unidad de cuidados intensivos y hace guardias los fines de semana.",
])
def test_a_vector_finding_on_a_note_read_in_an_ordinary_sense_is_outvoted(text: str) -> None:
    assert _sense_outvoted(text)


@pytest.mark.parametrize("text", [
    "Goes to Mass every Sunday and sings in the parish choir.",
    "Has type 1 diabetes and checks her glucose before every meeting.",
    "Es enfermera y se pone insulina antes de comer desde que le diagnosticaron diabetes.",
])
def test_a_note_without_such_a_sense_is_not_outvoted(text: str) -> None:
    assert not _sense_outvoted(text)


@pytest.mark.parametrize("text", [
    "Is a nurse at the General and works weekends on the oncology ward.",
    "Works as a criminal defence lawyer and keeps her court hearings in the shared calendar.",
    "Es abogado penalista y tiene los juicios de la semana en el calendario compartido.",
    "Her firm is negotiating with the unions over the new shifts; she's on the finance team costing it.",
])
def test_the_persons_occupation_sets_the_sense_of_its_work_words(text: str) -> None:
    assert occupation_spans(fold_text(text))
    assert lexicon_label(text) is None


@pytest.mark.parametrize(("text", "label"), [
    ("Is a nurse on the cardiac ward and was diagnosed with diabetes last spring.", "health"),
    ("Es enfermera y está de baja por depresión desde enero.", "health"),
    ("Works as a paralegal; was convicted of fraud in 2015 and mentions it openly.", "criminal"),
    ("Is a lawyer and the union rep at her firm, so she's at every bargaining meeting.", "trade_union"),
])
def test_the_person_as_patient_defendant_or_member_stays_special(text: str, label: str) -> None:
    assert lexicon_label(text) == label


def test_someone_elses_job_is_not_the_persons_occupation() -> None:
    assert occupation_spans(fold_text("Her husband is a nurse at St Anne's.")) == []


class _Scored:
    def __init__(self, score: float, threshold: float = 0.0) -> None:
        self._score, self.threshold = score, threshold

    def score(self, _: object) -> float:
        return self._score


@pytest.mark.parametrize(("ngram_score", "outvoted"), [(-3.0, True), (2.0, False)])
def test_a_remainders_vector_finding_is_outvoted_at_any_score_by_the_ngram_stages_dissent(
        monkeypatch: pytest.MonkeyPatch, ngram_score: float, outvoted: bool) -> None:
    """Far above the band, a vector finding on a note's whole text stands; on the remainder of a note
    outside its ordinary-sense spans (``any_score``) the n-gram stage's dissent outvotes it."""
    monkeypatch.setattr(special, "model_for", lambda *_: _Scored(5.0))
    monkeypatch.setattr(special, "load_ngrams", lambda: _Scored(ngram_score))
    read = np.zeros(384, dtype=np.float32)
    assert not special._vector_outvoted(read, "the whole note")
    assert special._vector_outvoted(read, "what lies outside the span", any_score=True) is outvoted
