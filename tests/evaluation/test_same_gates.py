"""evaluation.same_gates: the alignment of two same-language notes and the record/cost/review measurement."""

import pytest

from evaluation import same_gates
from memory.equivalence import bilingual, wordnet

needs_dictionaries = pytest.mark.skipif(not (bilingual.available() and wordnet.available()),
                                        reason="Apertium's Spanish-English pair or WordNet is not installed")


def _features(lang: str, a: str, b: str) -> dict:
    row = {"lang": lang, "a": a, "b": b}
    same_gates.features(row)
    return row


@needs_dictionaries
def test_a_noun_put_for_another_leaves_one_slot_each_side():
    row = _features("en", "Plays the guitar in a band", "Plays the piano in a band")
    assert (row["una"], row["unb"], row["same_pos"]) == (1, 1, True)
    assert row["residual"] == ("guitar", "piano")


@needs_dictionaries
@pytest.mark.parametrize(("lang", "a", "b"), [("en", "Lives in a big flat", "Lives in a large apartment"),
                                              ("es", "Vive en un piso grande", "Vive en un apartamento amplio")])
def test_synonyms_align_through_wordnet_and_the_dictionary(lang, a, b):
    row = _features(lang, a, b)
    assert (row["una"], row["unb"], row["share"]) == (0, 0, 1.0)


@needs_dictionaries
def test_a_quantifier_put_for_another_is_a_quantifier_slot():
    row = _features("en", "Swims every morning", "Swims most mornings")
    assert (row["una"], row["unb"], row["quant_slot"]) == (1, 1, True)


def test_measure_counts_record_cost_and_review_per_half():
    record = [{"id": "p1-001", "author": 1, "sim": 0.93}, {"id": "p48-001", "author": 48, "sim": 0.97}]
    merged = [{"author": 1, "sim": 0.92}, {"author": 48, "sim": 0.95}, {"author": 48, "sim": 0.99}]
    others = [{"author": 1, "sim": 0.90}]

    def gate(r):
        return r["sim"] < 0.96

    every = same_gates.measure(gate, record, merged, 100, others)
    assert (every["stopped"], every["record"], every["recent_stopped"], every["recent"]) == (1, 2, 0, 1)
    assert (every["cost"], every["merged"], every["review_added"]) == (2, 3, 3)
    assert every["cost_pp"] == pytest.approx(2.0)
    assert every["projected_misleading"] == pytest.approx(1.41 * (1 - 51 / 147 * 0.5))
    assert every["stopped_ids"] == ["p1-001"]
    even = same_gates.measure(gate, record, merged, 50, others, half=0)
    assert (even["stopped"], even["record"], even["cost"], even["merged"], even["review_added"]) == (0, 1, 1, 2, 1)
