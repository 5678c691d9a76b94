"""The trained stages of the special-category detector (memory/inspection/special_model.py and
special_ngrams.py, trained by evaluation/train_special.py): the committed files are the ones the
script describes (six sources, out-of-author thresholds and veto), the vector model decides only for the
embedder it was trained with, and both stages are used by the detector."""

from __future__ import annotations

import numpy as np
import pytest

from evaluation import train_special
from memory.embedding import get_embedder
from memory.inspection import special, special_model
from memory.inspection.special import CATEGORY_KEYS, special_category_by_vector, special_category_in
from memory.inspection.special_model import MODEL_PATH, SpecialModel, model_for
from memory.inspection.special_ngrams import BUCKETS, CATEGORY_BUCKETS, NgramModel, features, load

ALL_NOTES = 2002  # the six sources' labelled notes
#: The committed models are trained with ``--all-spent --leave-out AQ43,AR44,AS45,AT46 --folds 11
#: --recent-authors 12`` on the 43 authors spent up to AP42 (stop 41; the four left out measured the
#: candidate against stop 40's files, trained on 39 authors to AL38).
SPENT_NOTES = 13982


def test_the_committed_vector_model_is_what_the_training_script_writes() -> None:
    with np.load(MODEL_PATH, allow_pickle=False) as data:
        assert data["w"].shape == (384,) and data["w"].dtype == np.float32
        assert tuple(data["categories"]) == tuple(CATEGORY_KEYS)
        assert data["category_w"].shape == (len(CATEGORY_KEYS), 384)
        assert int(data["n_special"]) + int(data["n_ordinary"]) == SPENT_NOTES
        assert 0.0 < float(data["threshold"]) < 10.0  # chosen out of author, not a constant
    assert str(model_for(get_embedder().name, 384).embedder) == get_embedder().name


def test_the_committed_ngram_model_loads_with_its_category_model() -> None:
    model = load()
    assert model is not None and model.weights.shape == (BUCKETS,)
    assert model.category_weights.shape == (len(CATEGORY_KEYS), CATEGORY_BUCKETS)
    assert model.categories == tuple(CATEGORY_KEYS)


def test_the_training_sources_are_the_six_sources() -> None:
    assert set(train_special.SOURCES) == {"A1", "A2", "B", "C", "D", "E"}
    assert all(p.exists() for p in train_special.SOURCES.values())
    assert sum(len(train_special.read_rows(p)) for p in train_special.SOURCES.values()) == ALL_NOTES


def test_the_committed_models_are_trained_on_every_author_spent_before_them() -> None:
    """The committed files: ``--all-spent`` less the four newest authors of stop 41 (AQ43–AT46, on
    which the candidate was measured against the files before it), i.e. the 43 authors up to AP42."""
    trained = list(train_special.SPECIAL_SPENT)[:43]
    assert trained[-1] == "AP42" and set(train_special.SOURCES) <= set(trained)
    assert sum(len(train_special.read_rows(train_special.SPECIAL_SPENT[a])) for a in trained) == SPENT_NOTES


def test_another_embedder_or_width_has_no_model() -> None:
    assert model_for("openai/text-embedding-3-small", 384) is None
    assert model_for(get_embedder().name, 1536) is None


def test_the_fits_are_deterministic_and_separate_a_toy_problem() -> None:
    rng = np.random.default_rng(0)
    x = np.vstack([rng.normal(1.0, 1.0, (40, 5)), rng.normal(-1.0, 1.0, (40, 5))])
    y = np.array([1.0] * 40 + [0.0] * 40)
    w1, b1 = train_special.fit(x, y)
    w2, b2 = train_special.fit(x, y)
    assert np.array_equal(w1, w2) and b1 == b2
    assert ((x @ w1 + b1 > 0) == (y == 1)).mean() > 0.9
    texts = [f"goes to the {w} every week" for w in ("mosque", "synagogue", "temple")] * 4 \
        + [f"goes to the {w} every week" for w in ("gym", "market", "cinema")] * 4
    labels = np.array([1.0] * 12 + [0.0] * 12)
    sparse = train_special.Sparse.of([features(t) for t in texts])
    nw, nb = train_special.fit_sparse(sparse, labels, BUCKETS)
    assert np.array_equal(nw, train_special.fit_sparse(sparse, labels, BUCKETS)[0])
    assert ((sparse.dot(nw) + nb > 0) == (labels == 1)).all()


def test_features_read_the_inspection_form() -> None:
    plain, spaced, wide = features("va a la mezquita"), features("va a la m e z q u i t a"), features("va a la ｍｅｚｑｕｉｔａ")
    assert np.array_equal(plain[0], spaced[0]) and np.array_equal(plain[0], wide[0])
    assert np.isclose(np.linalg.norm(plain[1]), 1.0)
    assert len(features("")[0]) == 0


def _ngram_only(monkeypatch: pytest.MonkeyPatch, word: str, label: str) -> None:
    """A real n-gram model whose only positive evidence is ``word``'s bucket, naming ``label``."""
    weights = np.zeros(BUCKETS, dtype=np.float32)
    indices, values = features(word)
    weights[indices] = 10.0 / values[0]
    categories = np.zeros((len(CATEGORY_KEYS), CATEGORY_BUCKETS), dtype=np.float32)
    categories[list(CATEGORY_KEYS).index(label), indices % CATEGORY_BUCKETS] = 1.0
    model = NgramModel(weights, -1.0, 1.0, categories, np.zeros(len(CATEGORY_KEYS), dtype=np.float32),
                       tuple(CATEGORY_KEYS))
    monkeypatch.setattr(special, "load_ngrams", lambda: model)


def test_the_ngram_stage_flags_what_the_lexicon_leaves(monkeypatch: pytest.MonkeyPatch) -> None:
    _ngram_only(monkeypatch, "zorblax", "religion")
    finding = special_category_in([("key", "pref"), ("content", "Every week she attends the zorblax gathering.")])
    assert finding is not None and finding.rule == "ngram.religion" and finding.field == "content"
    assert finding.category == CATEGORY_KEYS["religion"]
    assert special_category_in([("content", "Asked for the quarterly figures by Friday.")]) is None
    assert special_category_in([("key", "zorblax")]) is None  # shorter than the n-gram stage reads


def test_a_lexicon_finding_comes_first(monkeypatch: pytest.MonkeyPatch) -> None:
    _ngram_only(monkeypatch, "zorblax", "religion")
    finding = special_category_in([("content", "Zorblax fan; tiene diabetes desde niña.")])
    assert finding is not None and finding.rule.startswith("lexicon.")


def test_a_confident_note_is_flagged_by_the_vector_model_with_its_category(monkeypatch) -> None:
    weights = np.zeros(384, dtype=np.float32)
    weights[0] = 10.0
    categories = np.zeros((len(CATEGORY_KEYS), 384), dtype=np.float32)
    categories[list(CATEGORY_KEYS).index("religion"), 0] = 1.0
    fake = SpecialModel(weights, 0.0, 2.5, get_embedder().name, categories,
                        np.zeros(len(CATEGORY_KEYS), dtype=np.float32), tuple(CATEGORY_KEYS))
    monkeypatch.setattr(special_model, "_load", lambda: fake)
    vector = np.zeros(384, dtype=np.float32)
    vector[0] = 1.0
    finding = special_category_by_vector(vector)
    assert finding is not None and finding.rule == "vector.model.religion"
    assert finding.category == CATEGORY_KEYS["religion"]
    vector[0] = 0.1  # score 1.0: below the threshold
    assert special_category_by_vector(vector) is None


def test_all_spent_trains_on_every_spent_author_less_those_left_out() -> None:
    from evaluation.detector_cv import SPECIAL_SPENT

    assert train_special.training_sources([]) == train_special.SOURCES
    every = train_special.training_sources(["--all-spent"])
    assert every == SPECIAL_SPENT and len(every) == 77
    fewer = train_special.training_sources(["--all-spent", "--leave-out", "S19,T20,U21,V22,W23"])
    assert list(fewer) == [name for name in SPECIAL_SPENT if name not in {"S19", "T20", "U21", "V22", "W23"}]
    with pytest.raises(SystemExit):
        train_special.training_sources(["--leave-out", "S19"])  # not one of the six sources


def _toy_authors() -> list[train_special.Author]:
    """Five small authors: a religious place 'every' week is special, anything 'each' week ordinary."""
    rng = np.random.default_rng(1)
    places = ["mosque", "gym", "church", "market", "synagogue", "cinema", "temple", "park"]
    authors = []
    for k in range(5):
        rows = [{"label": "religion" if i % 2 == 0 else "none", "text": f"goes to the {places[(i + k) % 8]} "
                 f"{'every' if i % 2 == 0 else 'each'} week", "form": "explicit" if i % 2 == 0 else
                 ("near_miss" if i % 4 == 1 else "ordinary")} for i in range(24)]
        special_notes = np.array([r["label"] != "none" for r in rows])
        authors.append(train_special.Author(rows, rng.normal(size=(24, 8)) + special_notes[:, None],
                                            [features(r["text"]) for r in rows], rng.random(24) < 0.5))
    return authors


def test_parallel_and_grouped_folds_give_the_serial_procedures_results(monkeypatch: pytest.MonkeyPatch) -> None:
    """``--jobs`` only spreads the same fits over processes; ``--folds`` holds out runs of
    consecutive authors (one author at a time without it), which moves the thresholds, not the weights."""
    monkeypatch.setattr(train_special, "NGRAM_STEPS", 40)
    authors = _toy_authors()
    serial = train_special.train(authors, BUCKETS)
    parallel = train_special.train(authors, BUCKETS, jobs=2)
    assert np.array_equal(serial.ngram_w, parallel.ngram_w) and np.array_equal(serial.w, parallel.w)
    assert (serial.threshold, serial.ngram_threshold, serial.veto) == \
        (parallel.threshold, parallel.ngram_threshold, parallel.veto)
    grouped = train_special.train(authors, BUCKETS, folds=2, jobs=2)
    assert np.array_equal(grouped.ngram_w, serial.ngram_w)
    assert grouped.ngram_threshold == train_special.train(authors, BUCKETS, folds=2).ngram_threshold
    assert grouped.ngram_threshold != serial.ngram_threshold
    assert train_special.folds_of(5, 2) == [(0, 1, 2), (3, 4)]
    assert train_special.folds_of(3, None) == train_special.folds_of(3, 7) == [(0,), (1,), (2,)]


def test_near_miss_weight_weighs_only_the_near_misses_more() -> None:
    y = np.array([1.0, 1.0, 0.0, 0.0, 0.0, 0.0])
    near = np.array([False, False, True, True, False, False])
    plain = train_special._balance(y)
    assert plain[:2].sum() == pytest.approx(plain[2:].sum())  # each class half the total
    assert np.array_equal(train_special._balance(y, near, 1.0), plain)
    weighted = train_special._balance(y, near, 2.0)
    assert np.array_equal(weighted[~near], plain[~near]) and np.allclose(weighted[near], 2 * plain[near])


def test_the_out_of_author_scores_can_be_kept() -> None:
    authors = _toy_authors()
    scores: dict[str, np.ndarray] = {}
    train_special.train(authors, BUCKETS, scores=scores, folds=5)
    assert set(scores) == {"vector", "ngram", "author", "y", "hard", "lexicon"}
    assert len(scores["ngram"]) == sum(len(a.rows) for a in authors)
    assert scores["hard"].sum() == sum(a.hard.sum() for a in authors) > 0


def test_recent_authors_set_the_ngram_threshold_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    """``--recent-authors K``: the n-gram threshold is the same quantile of the out-of-author ordinary
    scores of the last K authors only; the vector threshold and the veto are chosen as before."""
    monkeypatch.setattr(train_special, "NGRAM_STEPS", 40)
    authors = _toy_authors()
    scores: dict[str, np.ndarray] = {}
    pooled = train_special.train(authors, BUCKETS, scores=scores)
    recent = train_special.train(authors, BUCKETS, recent=2)
    last_two_ordinary = (scores["author"] >= 3) & ~scores["y"]
    assert recent.ngram_threshold == pytest.approx(np.quantile(scores["ngram"][last_two_ordinary], 1 - train_special.FP_BUDGET))
    assert (recent.threshold, recent.veto) == (pooled.threshold, pooled.veto)
    assert np.array_equal(recent.ngram_w, pooled.ngram_w)


def test_an_unknown_option_trains_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    """``--help`` (or a typo) prints the usage and stops before any fit or write: it once trained
    six-source files into the package."""
    assert train_special.main(["train_special", "--help"]) == 2
    assert "nothing trained" in capsys.readouterr().out
    assert train_special.unknown_options(["x", "--all-spent", "--leave-out", "AQ43", "--jobs", "2", "--chek"]) == ["--chek"]
    assert train_special.unknown_options(["x", "--check", "--cache", "/tmp/c.npz", "--out-dir", "d"]) == []
