"""The n-gram stage's veto of lexicon hits (issue 15, fourth round): a lexicon hit on a prose
string is dropped only when the trained n-gram model is confident the string is ordinary (a score
below ``NgramModel.veto``); identifiers and registry keys, which the n-gram stage never reads, keep
every lexicon hit; without a veto in the model file nothing is dropped."""

from __future__ import annotations

import numpy as np
import pytest

from evaluation import train_special
from memory.inspection import special
from memory.inspection.special import CATEGORY_KEYS, lexical_rule, special_category_in
from memory.inspection.special_ngrams import BUCKETS, CATEGORY_BUCKETS, NgramModel, features, load


def _model(score: float, veto: float) -> NgramModel:
    """A real n-gram model that scores every string ``score`` (bias only), flagging above 5.0 and
    vetoing below ``veto``."""
    categories = np.zeros((len(CATEGORY_KEYS), CATEGORY_BUCKETS), dtype=np.float32)
    return NgramModel(np.zeros(BUCKETS, dtype=np.float32), score, 5.0, categories,
                      np.zeros(len(CATEGORY_KEYS), dtype=np.float32), tuple(CATEGORY_KEYS), veto)


TEXT = "Lleva el turno de dialisis del hospital los lunes."


def test_a_confident_ordinary_score_drops_a_lexicon_hit(monkeypatch: pytest.MonkeyPatch) -> None:
    assert lexical_rule(TEXT) is not None  # the lexicon alone fires ("dialisis")
    model = _model(-3.0, -1.0)
    assert model.vetoes(TEXT)
    monkeypatch.setattr(special, "load_ngrams", lambda: model)
    assert special_category_in([("content", TEXT)]) is None
    assert special_category_in([("reasoning", TEXT)]) is None


def test_an_unsure_model_keeps_the_lexicon_hit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(special, "load_ngrams", lambda: _model(-0.5, -1.0))  # above the veto
    finding = special_category_in([("content", TEXT)])
    assert finding is not None and finding.rule.startswith("lexicon.health")


def test_identifiers_and_short_strings_are_never_vetoed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(special, "load_ngrams", lambda: _model(-30.0, -1.0))
    assert special_category_in([("key", "pref.diabetes.turno.hospital")]) is not None
    assert special_category_in([("origin_ref", "ticket-diabetes-turno-42")]) is not None
    assert special_category_in([("content", "diabetes")]) is not None  # under the n-gram stage's length
    assert special_category_in([("content", "Tiene diabetes desde niña.")]) is None  # prose: vetoed


def test_a_model_file_without_a_veto_drops_nothing(tmp_path) -> None:
    path = tmp_path / "old.npz"
    np.savez(path, w=np.full(BUCKETS, -10.0, dtype=np.float16), b=np.float32(0.0), threshold=np.float32(1.0),
             category_w=np.zeros((9, CATEGORY_BUCKETS), dtype=np.float16), category_b=np.zeros(9, dtype=np.float32),
             categories=np.array(list(CATEGORY_KEYS)))
    old = load.__wrapped__(path)
    assert old is not None and old.veto == float("-inf") and not old.vetoes("Tiene diabetes desde niña.")


def test_the_committed_model_has_a_veto_below_its_threshold() -> None:
    model = load()
    assert model is not None and np.isfinite(model.veto) and model.veto < model.threshold


def test_training_sets_the_veto_at_the_share_of_caught_special_notes() -> None:
    """The veto is the ``veto_share`` quantile of the out-of-author n-gram scores of the special
    notes the lexicon caught; ``veto_share`` 0 is no veto (the previous procedure)."""
    rng = np.random.default_rng(1)
    words = ["mezquita", "sinagoga", "parroquia", "gimnasio", "mercado", "cine", "oficina", "playa"]

    def author(seed_words: list[str]) -> train_special.Author:
        rows, ngrams, lexicon = [], [], []
        for i, w in enumerate(seed_words * 3):
            special_note = w in words[:3]
            rows.append({"id": f"n{i}", "text": w, "label": "religion" if special_note else "none", "form": "explicit"})
            ngrams.append(features(f"va a la {w} cada semana"))
            lexicon.append(special_note)
        return train_special.Author(rows, rng.normal(size=(len(rows), 4)), ngrams, np.array(lexicon))

    authors = [author(words) for _ in range(3)]
    assert train_special.train(authors, BUCKETS, veto_share=0.0).veto == -np.inf
    stages = train_special.train(authors, BUCKETS, veto_share=0.5)
    assert np.isfinite(stages.veto)
    _, _, vetoed = stages.flags(authors[0])
    assert vetoed.sum() <= authors[0].lexicon.sum() and not (vetoed & ~authors[0].lexicon).any()


@pytest.mark.parametrize(("text", "category"), [
    # recovering from an operation, an illness or an injury
    ("Está recuperándose de una cirugía de espalda, manda los informes desde casa.", "user.health_and_medical"),
    ("Recovering from heart surgery, so send the quarterly figures by post.", "user.health_and_medical"),
    # a judge's or magistrate's permission the person needs
    ("Para el viaje a Oporto necesita permiso del juez, avisar con tiempo.", "user.criminal_history"),
    ("Can't book the Lisbon trip without the magistrate's approval this year.", "user.criminal_history"),
    # a place of worship with the day of its service as the purpose
    ("Pide hotel cerca de la mezquita para el viernes, con desayuno temprano.", "user.demographic.religious_belief"),
])
def test_a_frame_of_the_persons_own_state_is_never_vetoed(text: str, category: str,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """A hit in a frame of the person's own state (``special._OWN_STATE``) stands whatever the n-gram
    stage scores: here it is sure every string is ordinary. Sentences written for this test."""
    monkeypatch.setattr(special, "load_ngrams", lambda: _model(-20.0, -2.0))
    finding = special_category_in([("content", text)])
    assert finding is not None and finding.category == category


@pytest.mark.parametrize("text", [
    # the same special words without the frame: a place, a procedure, a court
    "Lleva la agenda de cirugía de espalda del hospital, manda los informes desde casa.",
    "Reparte el pan a la mezquita del barrio, con desayuno temprano.",
    "Covers the magistrate's court rota this year.",
])
def test_the_same_words_without_the_frame_are_still_vetoed(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(special, "load_ngrams", lambda: _model(-20.0, -2.0))
    assert special_category_in([("content", text)]) is None
