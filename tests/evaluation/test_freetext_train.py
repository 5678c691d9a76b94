"""evaluation.freetext_train's history counterfactual: verdicts at a fold's threshold and the cost side."""

from __future__ import annotations

from evaluation.freetext_train import cost_side, history_verdict


def test_history_verdict_separates_review_from_a_band_below_the_review_floor():
    assert history_verdict(0.9, 0.95, 0.8, 0.1) == "merged"
    assert history_verdict(0.75, 0.95, 0.8, 0.1) == "review"
    assert history_verdict(0.75, 0.85, 0.8, 0.1) == "unsure"  # consolidation opens no item below 0.88
    assert history_verdict(0.5, 0.95, 0.8, 0.1) == "refused"


def _row(src: str, n: int, label: str, sim: float, learned: str) -> dict:
    return {"src": src, "id": f"{src}-{n}", "label": label, "sim": sim, "eligible": "same", "fixed": "UNRELATED",
            "reason": "similarity:similar_paraphrase", "learned": learned}


def test_cost_side_counts_equivalents_the_model_refuses_where_the_thresholds_merge():
    rows = [_row(src, n, "equivalent", 0.99, learned) for src in ("a", "b")
            for n, learned in enumerate(("EQUIVALENT", "UNRELATED"))]
    rows += [_row(src, 9, "misleading", 0.80, "UNRELATED") for src in ("a", "b")]
    out = cost_side(rows, {r["id"]: r["learned"] for r in rows})
    assert out["equivalents_lost"] == ["a-1", "b-1"] and out["equivalents_gained"] == []
    assert out["misleading_stopped"] == [] and out["misleading_let_through"] == []
