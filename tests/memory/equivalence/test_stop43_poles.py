"""Stop 43: two antonym axes completed in :mod:`memory.equivalence.poles`.

1. the order axis's superlatives: "earliest" at the first pole, "latest" at the last ("the earliest
   train" / "el último tren" is a flipped detail);
2. where in a town: the centre against the outskirts ("un piso céntrico" / "a flat on the outskirts").

The same detail said at the same pole in both notes still merges. The sentences are written for
these tests, not taken from any evaluation file."""

from __future__ import annotations

import pytest

from memory.equivalence import Judgment, Label, Statement, default_chain


@pytest.fixture(autouse=True)
def _installed(apertium_installed: None) -> None:
    """Apertium and WordNet must be there (conftest's fixture fails, never skips)."""


def _judge(a: str, b: str, similarity: float = 0.93) -> Judgment:
    return default_chain().judge(Statement(a), Statement(b), similarity=similarity)


@pytest.mark.parametrize(("a", "b"), [
    ("Always books the earliest train to Bilbao.", "Siempre reserva el último tren a Bilbao."),
    ("Likes the latest showing at the cinema.", "Prefiere la primera sesión del cine."),
    ("Takes the earliest slot for the dentist.", "Takes the latest slot for the dentist."),
    ("Busca un piso céntrico en Valencia.", "Busca un piso en las afueras de Valencia."),
    ("Wants a hotel downtown for the congress.", "Quiere un hotel en el extrarradio para el congreso."),
    ("Prefers restaurants in the city centre.", "Prefers restaurants on the outskirts of the city."),
])
def test_opposite_poles_never_merge(a: str, b: str) -> None:
    verdict = _judge(a, b)
    assert verdict.label is Label.CONTRADICTS, (verdict.label, verdict.reason)
    assert verdict.reason == "vetoed_antonym"


@pytest.mark.parametrize(("a", "b"), [
    ("Always books the earliest train to Bilbao.", "Siempre reserva el primer tren a Bilbao."),
    ("Busca un piso céntrico en Valencia.", "Is looking for a flat in central Valencia, in the city centre."),
])
def test_the_same_pole_is_not_vetoed(a: str, b: str) -> None:
    verdict = _judge(a, b)
    assert verdict.reason != "vetoed_antonym", (verdict.label, verdict.reason)
