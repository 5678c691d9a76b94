"""evaluation.cross_gates: the aligned share, the author of a row and the record/cost measurement."""

import pytest

from evaluation import cross_gates
from memory.equivalence import bilingual


def test_author_of_a_source_and_of_a_record_row():
    assert cross_gates._author("pairs57") == 57
    assert cross_gates._author("p57-012") == 57
    assert cross_gates._author("old") is None


@pytest.mark.skipif(not bilingual.available(), reason="Apertium's Spanish-English pair is not installed")
def test_aligned_share_is_lower_when_a_noun_is_put_for_another():
    assert cross_gates.aligned_share("Trabaja los lunes en la oficina", "Works at the office on Mondays") == 1.0
    assert cross_gates.aligned_share("Es alérgica a los perros", "Is allergic to cats") == 0.5


def test_measure_counts_record_and_cost_per_half_and_projects():
    record = [{"id": "p1-001", "author": 1, "sim": 0.87}, {"id": "p2-001", "author": 2, "sim": 0.93}]
    merged = [{"author": 1, "sim": 0.865}, {"author": 2, "sim": 0.95}, {"author": 2, "sim": 0.87}]

    def gate(r):
        return r["sim"] < 0.90

    every = cross_gates.measure(gate, record, merged, 100)
    assert (every["stopped"], every["record"], every["cost"], every["merged"]) == (1, 2, 2, 3)
    assert every["cost_pp"] == pytest.approx(2.0)
    assert every["projected_misleading"] == pytest.approx(1.41 * (1 - 94 / 142 * 0.5))
    assert every["projected_equivalents"] == pytest.approx(52.0)
    assert every["stopped_ids"] == ["p1-001"]
    even = cross_gates.measure(gate, record, merged, 50, half=0)
    assert (even["stopped"], even["record"], even["cost"], even["merged"]) == (0, 1, 1, 2)
    assert even["cost_pp"] == pytest.approx(2.0)


def test_chosen_on_half_takes_most_rows_stopped_within_the_cost_line_then_least_cost():
    from evaluation.cross_gates import chosen_on_half

    figures = {"a": {"stop_rate": 0.5, "cost_pp": 0.9}, "b": {"stop_rate": 0.5, "cost_pp": 0.4},
               "c": {"stop_rate": 0.9, "cost_pp": 3.0}}
    members = [(name, name) for name in figures]
    seen = []

    def fit(gate, half):
        seen.append(half)
        return figures[gate]

    assert chosen_on_half(members, fit, 1, 1.0) == (figures["b"], "b", "b")
    assert seen == [1, 1, 1]
    assert chosen_on_half(members, fit, 0, 0.1) is None
