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


def test_k_folds_are_blocks_of_consecutive_authors_in_source_order():
    from evaluation.freetext_train import assign_folds

    rows = [{"src": s} for s in ("pairs10", "old", "pairs3", "i16dev", "pairs4", "pairs9", "i16held")]
    folds = assign_folds(rows, 3)
    fold_of = {r["src"]: r["fold"] for r in rows}
    # SOURCES order (old first), not the lexical order that puts pairs10 before pairs3
    assert [fold_of[s] for s in ("old", "i16dev", "i16held", "pairs3", "pairs4", "pairs9", "pairs10")] == [
        "k00", "k00", "k00", "k01", "k01", "k02", "k02"]
    assert folds == ["k00", "k01", "k02"]
    assign_folds(rows, None)
    assert {r["fold"] for r in rows} == {r["src"] for r in rows}  # leave-one-source-out


def test_the_vector_cache_keys_digests_not_text_and_round_trips(tmp_path):
    import numpy as np

    from evaluation.freetext_train import DiskCachedPassages

    class Counting:
        calls = 0

        def embed_passages(self, texts):
            Counting.calls += len(texts)
            return np.array([[len(t), 1.0] for t in texts])

    path = tmp_path / "v.npz"
    first = DiskCachedPassages(Counting(), path)
    a = first(["uno", "dos", "uno"])
    first.save()
    assert b"uno" not in path.read_bytes() and Counting.calls == 2
    again = DiskCachedPassages(Counting(), path)
    assert np.array_equal(again(["dos", "uno"]), a[[1, 0]]) and Counting.calls == 2
