"""The twenty-third special round's scenes (issue 15, ``memory.inspection.special_scenes``): a
special word about someone or something other than the person — a relative's union office, the
staff's union dues processed on payroll, a syndicated loan, a biometric fixture or device policy
of a place, the topic of a written work or of a survey's question, a job of catching offenders, an
animal's breed DNA test, a setting themed as a prison, a former convent as a landmark — and, beside each, the person's own tie, act or answer, which stays
special. Sentences written for these tests, not taken from a corpus."""

from __future__ import annotations

import pytest

from memory.inspection.normalise import fold_text
from memory.inspection.special_scenes import scene_spans
from tests.memory.inspection.special_helpers import finding_label, lexicon_label


@pytest.mark.parametrize("text", [
    # a relative's union office
    "Su cuñado es delegado sindical en el puerto; ella lleva la contabilidad de una gestoría.",
    "Her late father was a shop steward at the steelworks and she keeps his badge on her desk.",
    "His grandmother led the garment workers' union in the 1970s; he is editing her letters.",
    # the staff's union dues on payroll, a syndicated loan
    "Cierra las nóminas el día 25, con la deducción de cuotas sindicales de los empleados.",
    "Processes the staff union dues deductions as part of the monthly payroll run.",
    "Negocia las condiciones del crédito sindicado con cuatro bancos la semana que viene.",
    "Is closing a syndicated loan facility for the client's new plant.",
    # a biometric fixture or a device policy of a place
    "El torno biométrico de la sede no funciona, así que hoy se entra con tarjeta.",
    "The warehouse has installed iris scanners at the loading bay; she works from home anyway.",
    "Van a deshabilitar el reconocimiento facial en todos los portátiles de la empresa.",
    "Touch ID on the shared kiosks has been disabled since the audit.",
    # the topic of a written work or of a survey's question
    "Tiene que entregar el TFG sobre el sindicalismo agrario y la reforma de 1932 en junio.",
    "For the data-protection officer, she is reviewing the survey questions about religion and sexual orientation.",
    # a job of catching offenders; an animal's breed DNA test
    "Works in fraud analytics and tracks down fraudsters who clone cards.",
    "Le ha comprado a su gata un test de ADN de raza, por curiosidad.",
    # a setting themed as a prison, a former convent as a landmark
    "Celebraron la despedida en un bar ambientado en una cárcel de película.",
    "The offsite is at a converted chapel in the old town, now a co-working space.",
])
def test_a_scene_not_about_the_person_is_no_finding(text: str) -> None:
    assert scene_spans(fold_text(text)), "the scene should be recognised"
    assert finding_label(text) is None


@pytest.mark.parametrize(("text", "label"), [
    # the person's own tie beside a relative's
    ("Su cuñado es delegado sindical y ella también se afilió al sindicato el año pasado.", "trade_union"),
    ("Her father was a union rep and she is a member of Unite too.", "trade_union"),
    ("Her father was a union rep, as is she.", "trade_union"),
    ("Su padre fue delegado sindical, igual que ella también.", "trade_union"),
    # her own dues, not the staff's
    ("Le descuentan la cuota sindical de la nómina cada mes.", "trade_union"),
    ("Pays her union dues through payroll every month.", "trade_union"),
    # the person's enrolment beside a fixture
    ("Registró su huella en la puerta biométrica del laboratorio para poder entrar.", "biometric"),
    ("El edificio nuevo tiene palm scanners en la entrada y ya registró su palma.", "biometric"),
    # an answer given to the question, the person's own life as the topic
    ("Answered the census question on ethnic origin as Black Caribbean.", "race_ethnicity"),
    # a clause after a topic list, in the same sentence
    ("Is writing a paper on diabetes and wants Friday off for his chemo.", "health"),
    # the person's own record beside the job
    ("Fue condenado por estafa y ahora caza a los estafadores como consultor.", "criminal"),
    # a person's DNA test, not an animal's
    ("Su test de ADN dice que tiene la mutación BRCA1.", "genetic"),
    # a rite of the person's in a former church
    ("Va a misa cada domingo en la antigua iglesia del barrio.", "religion"),
])
def test_the_persons_own_tie_beside_a_scene_stays_special(text: str, label: str) -> None:
    assert lexicon_label(text) == label


@pytest.mark.parametrize("text", [
    "Works in HR, and next month she's preparing the employer's side for the annual collective bargaining round.",
    "As head of HR, she's preparing next quarter's agenda and the employer's side of the works council talks.",
])
def test_the_employers_side_is_read_past_a_possessive_and_a_long_gap(text: str) -> None:
    # ``special_forms._MANAGEMENT_SIDE`` now takes "next week's" between the side and the bargaining
    # and up to 90 characters between HR and the bargaining (it stopped at 60)
    from memory.inspection.special_forms import ordinary_spans

    assert ordinary_spans(fold_text(text))
    assert finding_label(text) is None


@pytest.mark.parametrize("text", [
    "Weekly reports on Mondays, and no calls on the 20th.",
    "Quarterly review on the 12th; agenda by Friday.",
    "Sells the paper on weekends at the station kiosk.",
])
def test_a_meeting_or_a_paper_on_a_day_is_no_topic(text: str) -> None:
    # a report, a review or a paper "on" a day names no topic: no span, so a special clause after
    # it in the same sentence is read as before
    assert not scene_spans(fold_text(text))


def test_the_vector_stage_reads_a_scene_note_whole() -> None:
    # the vector stage scored the few words left outside a topic span as special (stop 37's
    # measurement: eight spent ordinary notes), so it reads scene notes whole
    from memory.inspection.special import outside_ordinary

    text = "Está escribiendo un artículo sobre la historia del movimiento obrero para una revista."
    assert outside_ordinary(text) == text


# --- the vector stage alone at its margin, against the n-gram stage -------------------------------
class _Ngrams:
    """A stand-in n-gram stage with a fixed score."""

    def __init__(self, score: float) -> None:
        self._score = score

    def score(self, text: str) -> float:
        return self._score


def _vector_verdict(monkeypatch: pytest.MonkeyPatch, vector_score: float, ngram_score: float) -> object:
    import numpy as np

    from memory.inspection import special
    from memory.inspection.special_model import SpecialModel

    labels = tuple(special.CATEGORY_KEYS)
    weights = np.zeros(384, dtype=np.float32)
    weights[0] = 1.0
    model = SpecialModel(weights, 0.0, 1.0, "test", np.zeros((len(labels), 384), dtype=np.float32),
                         np.arange(len(labels), dtype=np.float32), labels)
    monkeypatch.setattr(special, "model_for", lambda embedder, dim: model)
    monkeypatch.setattr(special, "load_ngrams", lambda: _Ngrams(ngram_score))
    vector = np.zeros(384, dtype=np.float32)
    vector[0] = vector_score
    return special.vector_stage(vector, "Prefers short calls and written agendas before meetings.")


@pytest.mark.parametrize(("vector_score", "ngram_score", "flagged"), [
    (1.2, -1.0, False),  # alone within the band (threshold 1.0 + 0.5), the n-gram stage confident it is ordinary
    (1.2, -0.5, False),  # at the dissent bound itself
    (1.2, -0.4, True),   # the n-gram stage not confident enough: doubtful stays special
    (1.6, -3.0, True),   # beyond the band, the vector stage decides alone as before
    (0.9, 5.0, False),   # below its threshold the vector stage finds nothing (the write path reads the n-grams)
])
def test_a_vector_finding_at_its_margin_needs_the_ngram_stage_not_to_dissent(
        monkeypatch: pytest.MonkeyPatch, vector_score: float, ngram_score: float, flagged: bool) -> None:
    assert (_vector_verdict(monkeypatch, vector_score, ngram_score) is not None) is flagged
