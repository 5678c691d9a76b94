"""Round 45 (from pairs47): in-laws by their relation, and standing in for someone in a role (issue 16).

The sentences are written for these tests, not taken from any evaluation file."""

from __future__ import annotations

import pytest

from memory.equivalence import Label, Statement, default_chain


def _merges(a: str, b: str, similarity: float = 0.96) -> bool:
    return default_chain().judge(Statement(a), Statement(b), similarity=similarity).label is Label.EQUIVALENT


@pytest.mark.parametrize(("a", "b"), [
    ("Va al cine con su cuñada los domingos.", "Goes to the cinema with her mother-in-law on Sundays."),
    ("Cena con su suegro cada viernes.", "Has dinner with his brother-in-law every Friday."),
    ("Su yerno le arregla el coche.", "Her brother-in-law fixes her car."),
])
def test_an_in_law_of_another_relation_never_merges(a: str, b: str) -> None:
    assert not _merges(a, b, 0.90)
    assert not _merges(b, a, 0.90)


@pytest.mark.parametrize(("a", "b"), [
    ("Va al cine con su cuñada los domingos.", "Goes to the cinema with her sister-in-law on Sundays."),
    ("Cena con sus suegros cada viernes.", "Has dinner with his parents-in-law every Friday."),
    pytest.param("Vive con su yerno desde marzo.", "Has lived with her son-in-law since March.",
                 marks=pytest.mark.xfail(strict=True, reason="known cost of the Spanish translated reading alone (stop 48, docs/consolidation.md): a rough translation vetoes one fact")),
])
def test_the_same_in_law_still_merges(a: str, b: str) -> None:
    assert _merges(a, b, 0.90)


@pytest.mark.parametrize(("a", "b"), [
    ("Es la suplente de la tesorera del club.", "Is the club treasurer."),
    ("Substitute for the goalkeeper of the works team.", "Goalkeeper of the works team."),
    ("Es el sustituto del conserje del colegio.", "Es el conserje del colegio."),
    # the role stood in for is a noun no role list holds: the frame alone decides
    ("Es la suplente del portavoz vecinal.", "Is the neighbourhood spokesperson."),
    ("Es el suplente del delegado sindical de su planta.", "Is the union representative on his floor."),
])
def test_standing_in_for_a_role_is_not_holding_it(a: str, b: str) -> None:
    assert not _merges(a, b, 0.90)
    assert not _merges(b, a, 0.90)


def test_a_stand_in_said_in_both_languages_still_merges() -> None:
    assert _merges("Es la suplente de la tesorera del club.", "Is the substitute for the club treasurer.", 0.90)
