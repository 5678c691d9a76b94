"""Round 54 (issue 16): liking, disliking and choosing said with verbs the modality reading did not
know ("No le agrada el picante" / "Dislikes spicy food", "Doesn't enjoy chit-chat" / "Dislikes small
talk", "Favors mountain holidays" / "Prefiere la montaña", "le molestan" / "no le gustan"). One side
read as the desire class and the other as a plain statement made the modality veto fire on two notes
that state one preference. The words join the desire class: the veto is kept, and a wish against a
fact ("Wants to learn German" / "Is learning German") or a preference against its opposite still
does not merge.

The sentences are written for these tests, not taken from any evaluation file."""

from __future__ import annotations

import pytest

from memory.equivalence import Label, Statement, default_chain
from memory.equivalence.modality import modality


def _verdict(a: str, b: str, similarity: float = 0.92):
    return default_chain().judge(Statement(a), Statement(b), similarity=similarity)


@pytest.mark.parametrize("text", [" no le agrada el pescado ", " le desagradan las colas largas ",
                                  " does not enjoy long drives ", " favors trains over planes ",
                                  " le molestan los ruidos ", " elige siempre el pasillo ",
                                  " loud music is not to her taste "])
def test_attitude_verbs_are_read_as_desire(text: str) -> None:
    assert "desire" in modality(text)


@pytest.mark.parametrize(("a", "b"), [("Doesn't enjoy long car trips", "Dislikes long car trips"),
                                      ("No le agrada nada el pescado", "No le gusta nada el pescado")])
def test_one_dislike_said_two_ways_is_not_a_modality_mismatch(a: str, b: str) -> None:
    assert _verdict(a, b).reason != "vetoed_modality_mismatch"


@pytest.mark.parametrize(("a", "b"), [("Wants to learn German", "Is learning German"),
                                      ("Doesn't enjoy long car trips", "Enjoys long car trips"),
                                      ("No le agrada el pescado", "Le agrada el pescado")])
def test_the_misleading_twins_still_do_not_merge(a: str, b: str) -> None:
    assert _verdict(a, b).label is not Label.EQUIVALENT
