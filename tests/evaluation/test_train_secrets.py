"""The learned scrubbing stage's features and its measurement (evaluation.secret_tokens,
evaluation.train_secrets): what is a candidate, that features depend on shape and context, that
the fit learns a separable toy set, and that the measure and the threshold count as documented."""

from __future__ import annotations

import numpy as np
import pytest

from evaluation import secret_tokens, train_secrets
from evaluation.secret_tokens import TokenModel, candidates


def _cores(text: str) -> list[str]:
    return [text[c.start:c.end] for c in candidates(text)]


def test_candidates_are_token_cores_without_placeholders_or_short_tokens() -> None:
    text = 'la clave es "Gato-8526", no [REDACTED:password] ni el 12.\nPIN 4417.'
    assert _cores(text) == ["clave", "Gato-8526", "4417"]


def test_features_are_deterministic_and_read_the_context() -> None:
    first = [c.features for c in candidates("my password is Zq81-lamp")]
    again = [c.features for c in candidates("my password is Zq81-lamp")]
    other = [c.features for c in candidates("the release is Zq81-lamp")]
    assert all(np.array_equal(np.sort(a), np.sort(b)) for a, b in zip(first, again, strict=True))
    assert set(first[-1]) != set(other[-1])  # same token, other words before it
    assert set(secret_tokens.shape_features("Zq81-lamp")) <= set(first[-1]) & set(other[-1])
    assert all(0 <= f < secret_tokens.BUCKETS for features in first for f in features)


def test_flagged_neighbours_are_one_span() -> None:
    model = TokenModel(np.ones(secret_tokens.BUCKETS, dtype=np.float32), 0.0, 0.5)
    assert model.spans("frase: tigre lámpara azul.") == [(0, 5), (7, 25)]
    silent = TokenModel(np.zeros(secret_tokens.BUCKETS, dtype=np.float32), 0.0, 0.5)
    assert silent.spans("frase: tigre lámpara azul.") == []


def _rows(author: str, texts: list[tuple[str, str | None]]) -> train_secrets.Rows:
    rows = [{"id": f"{author}-{i}", "text": t, "has_secret": s is not None, "secret": s,
             "kind": "password_prose" if s else "none"} for i, (t, s) in enumerate(texts)]
    return train_secrets.prepare(author, rows, [r["text"] for r in rows])


def test_the_fit_learns_a_separable_toy_set_and_the_measure_counts_rows(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(train_secrets, "STEPS", 200)  # a toy set is one batch
    authors = [_rows(f"a{i}", [(f"la contraseña es Qx{i}7!mar{i}", f"Qx{i}7!mar{i}"),
                               (f"the password is Lm{i}4#sol{i}", f"Lm{i}4#sol{i}"),
                               ("quedamos el martes en la oficina", None),
                               ("the meeting moved to the second floor", None)]) for i in range(6)]
    w, b = train_secrets.fit(authors)
    held = _rows("z", [("la contraseña es Vt93!norte", "Vt93!norte"), ("quedamos el jueves en la oficina", None)])
    scores = train_secrets.scores(held, w, b)
    secret = max(s for (start, _, _), s in zip(held.applied[0], scores[0], strict=True) if start == 17)
    assert secret > max(scores[1])
    threshold = (secret + max(scores[1])) / 2
    figures = train_secrets.measure(held, scores, threshold)
    assert figures["recall"] == [1, 1] and figures["false_redaction"] == [0, 1]
    assert train_secrets.measure(held, scores, np.inf)["recall"] == [0, 1]  # the hand rules alone
    assert train_secrets.measure(held, scores, -np.inf)["false_redaction"] == [1, 1]


@pytest.mark.parametrize(("budget", "expected"), [(0.0, 3.0), (0.25, 2.0), (0.5, 1.0)])
def test_the_threshold_spends_the_budget_on_rows_the_hand_rules_left_alone(budget: float, expected: float) -> None:
    data = _rows("a", [("uno dos", None), ("tres cuatro", None), ("cinco seis", None), ("siete ocho", None),
                       ("nueve diez", None)])
    data.hand[4] = "[REDACTED:password] diez"  # already altered by the hand rules: not counted
    scores = [np.array([3.0, 0.0]), np.array([2.0]), np.array([1.0]), np.array([0.5]), np.array([9.0])]
    assert train_secrets.choose_threshold([data], [scores], budget) == expected
