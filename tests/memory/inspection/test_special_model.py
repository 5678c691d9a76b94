"""The trained model stage of the special-category detector (memory/inspection/special_model.py,
trained by evaluation/train_special.py): the committed file is the one the script describes, it
decides only for the embedder it was trained with, and the vector stage uses it."""

from __future__ import annotations

import numpy as np
import pytest

from evaluation import train_special
from memory.embedding import get_embedder
from memory.inspection import special_model
from memory.inspection.special import CATEGORY_KEYS, special_category_by_vector
from memory.inspection.special_model import MODEL_PATH, SpecialModel, model_for


def test_the_committed_model_is_what_the_training_script_writes() -> None:
    with np.load(MODEL_PATH, allow_pickle=False) as data:
        assert data["w"].shape == (384,) and data["w"].dtype == np.float32
        assert float(data["threshold"]) == train_special.THRESHOLD
        assert tuple(data["categories"]) == tuple(CATEGORY_KEYS)
        assert data["category_w"].shape == (len(CATEGORY_KEYS), 384)
        assert int(data["n_special"]) + int(data["n_ordinary"]) == 1262  # three development authors
    assert str(model_for(get_embedder().name, 384).embedder) == get_embedder().name


def test_the_training_script_never_reads_the_third_split(tmp_path) -> None:
    third = tmp_path / "issue15_third" / "special_heldout3.jsonl"
    with pytest.raises(SystemExit, match="untouched"):
        train_special._rows((third,))
    assert not any("issue15_third" in str(p) for paths in train_special.AUTHORS.values() for p in paths)


def test_another_embedder_or_width_has_no_model() -> None:
    assert model_for("openai/text-embedding-3-small", 384) is None
    assert model_for(get_embedder().name, 1536) is None


def test_the_fit_is_deterministic_and_separates_a_toy_problem() -> None:
    rng = np.random.default_rng(0)
    x = np.vstack([rng.normal(1.0, 1.0, (40, 5)), rng.normal(-1.0, 1.0, (40, 5))])
    y = np.array([1.0] * 40 + [0.0] * 40)
    w1, b1 = train_special.fit(x, y)
    w2, b2 = train_special.fit(x, y)
    assert np.array_equal(w1, w2) and b1 == b2
    assert ((x @ w1 + b1 > 0) == (y == 1)).mean() > 0.9


def test_a_confident_note_is_flagged_by_the_model_with_its_category(monkeypatch) -> None:
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
