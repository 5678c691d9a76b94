"""The learned pair model (memory.equivalence.pairmodel): deterministic fit, bundled weights, hard vetoes."""

from __future__ import annotations

import numpy as np
import pytest

from memory.equivalence import Label, Statement, default_chain
from memory.equivalence.pairmodel import (
    PairModel,
    align,
    content_words,
    feature_names,
    fit,
    pair_features,
    principal_basis,
)
from memory.equivalence.similarity import SimilarityJudge


def _fake_embed(texts):
    """A deterministic stand-in embedder (unit vectors from a hash of each text)."""
    out = []
    for t in texts:
        rng = np.random.default_rng(sum(map(ord, t)))
        v = rng.normal(size=8)
        out.append(v / np.linalg.norm(v))
    return np.array(out)


def test_fit_is_deterministic_and_separates():
    rng = np.random.default_rng(0)
    x = np.hstack([np.ones((200, 1)), rng.normal(size=(200, 3))])
    y = (x[:, 1] > 0).astype(float)
    basis = np.eye(8)[:, :2]
    m1, m2 = fit(x, y, basis), fit(x, y, basis)
    assert np.array_equal(m1.weights, m2.weights)
    p = m1.probability(x)
    assert (p[y == 1] > 0.5).mean() > 0.9 and (p[y == 0] < 0.5).mean() > 0.9


def test_alignment_leaves_the_substituted_word():
    wa, wb = content_words("Aprende alemán los lunes"), content_words("Aprende japonés los lunes")
    vec = dict(zip(wa + wb, _fake_embed(wa + wb), strict=True))
    al = align(wa, wb, vec)
    assert al.unaligned_a == (wa[1],) and al.unaligned_b == (wb[1],)
    assert wa[0] == wb[0] and wa[2:] == wb[2:]  # the shared words were aligned by stem


def test_features_have_the_named_width():
    basis = principal_basis(_fake_embed([f"t{i}" for i in range(40)]))[:, :]
    basis = np.hstack([basis, np.zeros((8, 16 - basis.shape[1]))]) if basis.shape[1] < 16 else basis
    x = pair_features([("Prefiere informes breves", "Solicita resúmenes concisos", False, None)], _fake_embed, basis)
    assert x.shape == (1, len(feature_names()))


@pytest.fixture(scope="module")
def shipped():
    model = PairModel.load()
    if model is None:
        pytest.fail("memory/equivalence/data/pair_model.npz is missing or stale: run evaluation.freetext_train --write")
    return model


def test_bundled_weights_load_with_a_loso_threshold(shipped):
    assert 0.3 <= shipped.threshold < 1.0
    assert shipped.weights.shape == (len(feature_names()),)


def test_hard_vetoes_still_veto_with_the_model(shipped):
    judge = SimilarityJudge(model=shipped)
    verdict = judge.judge(Statement("Marta ha confirmado su asistencia a la cena."),
                          Statement("Marta no ha confirmado su asistencia a la cena."), similarity=0.97)
    assert verdict is not None and verdict.label is not Label.EQUIVALENT


def test_learned_chain_merges_identical_text_and_keeps_default_off(shipped):
    chain = default_chain(learned=True)
    same = chain.judge(Statement("Usa Holded para la contabilidad."),
                       Statement("Usa Holded para la contabilidad."), similarity=1.0)
    assert same.label is Label.EQUIVALENT
    assert default_chain().judges[2].model is None


@pytest.mark.django_db
def test_the_setting_turns_the_model_on_for_the_consolidator(settings, shipped):
    from memory.consolidation import (
        run,  # local import: resets the per-process chain around the test
    )

    try:
        for flag in (False, True):
            settings.QUORUM_EQUIVALENCE_LEARNED = flag
            run._DEFAULT_CHAIN = None
            judge = run.default_judge_chain().judges[2]
            assert (judge.model is not None) is flag
    finally:
        run._DEFAULT_CHAIN = None
