"""Tests for memory.equivalence.memo: each note read once per scope, and no verdict changed by it (no database)."""

from __future__ import annotations

import itertools

from evaluation.devset import Pair
from memory.equivalence import JudgeChain, Statement, texts_memoised
from memory.equivalence.analysis import _analyse
from memory.equivalence.compare import _unify_entities
from memory.equivalence.memo import per_text


def test_outside_a_scope_every_call_computes_afresh() -> None:
    assert _analyse("Prefiere informes breves") is not _analyse("Prefiere informes breves")


def test_within_a_scope_a_text_is_read_once_and_nested_scopes_share_it() -> None:
    calls: list[str] = []

    @per_text
    def reading(text: str) -> str:
        calls.append(text)
        return str(text).upper()

    with texts_memoised():
        first = _analyse("Prefiere informes breves")
        with texts_memoised():
            assert _analyse("Prefiere informes breves") is first
        assert [reading("a"), reading("a"), reading("b")] == ["A", "A", "B"]
    assert calls == ["a", "b"]
    reading("a")
    assert calls == ["a", "b", "a"]  # the scope's answers went with it
    assert reading(["unhashable"]) == "['UNHASHABLE']"  # computed, not kept


def test_unifying_names_changes_a_copy_never_the_shared_reading() -> None:
    # "Marta" opens the first note (a plain word there) and is a name in the second: the rules
    # promote it in the first note's features, which a scope shares with every other pair.
    with texts_memoised():
        shared = _analyse("Marta viaja a Lisboa")
        other = _analyse("Viaja a Lisboa con Marta")
        unified, same = _unify_entities(shared, other)
        assert same is other and unified is not shared
        assert "marta" in unified.entities and "mart" not in unified.residual
        assert "marta" not in shared.entities and "mart" in shared.residual
        assert _analyse("Marta viaja a Lisboa") is shared


def test_the_chain_says_the_same_with_one_scope_over_many_pairs(dev: tuple[list[Pair], list[float]],
                                                                 chain: JudgeChain) -> None:
    """Every development pair's notes against each other, judged one by one and then all within one
    scope (as a consolidation run does): the same verdicts, reasons included."""
    pairs, sims = dev
    notes = sorted({p.a.text for p in pairs[:40]} | {p.b.text for p in pairs[:40]})
    crossed = [(Statement(a), Statement(b), sim) for (a, b), sim in
               zip(itertools.combinations(notes, 2), itertools.cycle((0.79, 0.85, 0.87, 0.89, 0.92, 0.97)))]
    crossed += [(p.a, p.b, s) for p, s in zip(pairs, sims, strict=True)]
    alone = [chain.judge(a, b, similarity=s) for a, b, s in crossed]
    with texts_memoised():
        together = [chain.judge(a, b, similarity=s) for a, b, s in crossed]
    assert together == alone
    assert len({j.reason for j in alone}) > 5  # the pairs reach many different rules
