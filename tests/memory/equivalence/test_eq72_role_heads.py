"""eq72 (stop 49): the Spanish role head read loosely across ES↔EN (:data:`memory.equivalence.role_nouns.LOOSE`).

Each loose reading — a Spanish role word Apertium does not know, a Spanish role noun whose dictionary
sense is no person, an adjective made a noun by its article — is shown with a pair it now stops (and
that the strict reading of round 61 let through: the test fails if the loose reading is not what
stops it) beside an ES↔EN paraphrase of one role that must still merge. The pairs that the loose
reading stops although they say one role are the known cost, marked ``xfail(strict=True)``. The
sentences are written for these tests, not taken from any evaluation file."""

from __future__ import annotations

import pytest

from memory.equivalence import REASONS, Judgment, Label, Statement, default_chain
from memory.equivalence.class_vetoes import ClassVetoJudge
from memory.equivalence.role_nouns import LOOSE, roles_differ


@pytest.fixture(autouse=True)
def _installed(apertium_installed: None) -> None:
    """Apertium and WordNet must be there (conftest's fixture fails, never skips)."""


def _judge(a: str, b: str, similarity: float = 0.95) -> Judgment:
    return default_chain().judge(Statement(a), Statement(b), similarity=similarity)


@pytest.mark.parametrize(("spanish", "english", "reading"), [
    # a word Apertium does not know, against an English role its dictionary translates
    ("Trabaja como ortodoncista en una clínica", "Works as a receptionist in a clinic", "unknown"),
    # a Spanish noun whose dictionary sense is a thing ("titular" → headline), an English person
    ("Es el titular de la cuenta de su madre", "Is the guarantor on his mother's account", "nonperson"),
])
def test_two_roles_read_loosely_never_merge(spanish: str, english: str, reading: str) -> None:
    assert roles_differ(spanish, english, frozenset()) is False  # round 61's reading let it through
    assert roles_differ(spanish, english, frozenset({reading})) is True
    assert roles_differ(spanish, english) is True
    assert ClassVetoJudge().veto(Statement(spanish), Statement(english)) == "role_mismatch"
    for verdict in (_judge(spanish, english), _judge(english, spanish)):
        assert verdict.label is not Label.EQUIVALENT
        assert verdict.reason in REASONS


@pytest.mark.parametrize(("spanish", "english"), [
    ("Trabaja como ortodoncista en una clínica", "Works as an orthodontist in a clinic"),  # spelled alike
    ("Trabaja como tramoyista en el teatro municipal", "Works as a stagehand at the municipal theatre"),  # no dictionary knows either
    ("Es la titular de la cuenta de su madre", "Is the holder of her mother's account"),  # not a WordNet person
    ("Es la suplente de la profesora de música", "Is the substitute for the music teacher"),  # "substitute": no person first
    ("Es socorrista en la piscina municipal", "Is a lifeguard at the town pool"),  # the dictionary
    ("Es monitora de natación en el polideportivo", "Is a swimming instructor at the sports centre"),  # a form of "monitor"
    ("Es un enamorado del jazz", "Is a jazz lover"),  # the nominal reading is off
])
def test_one_role_read_loosely_still_merges(spanish: str, english: str) -> None:
    assert roles_differ(spanish, english) is False
    assert ClassVetoJudge().veto(Statement(spanish), Statement(english)) is None
    assert _judge(spanish, english).label is Label.EQUIVALENT


@pytest.mark.xfail(strict=True, reason="eq72's known cost: the dictionary's only sense of the Spanish role is a thing")
def test_one_role_the_nonperson_reading_stops() -> None:
    assert roles_differ("Hace de jurado en el concurso de fotografía", "Is a judge in the photography contest") is False


@pytest.mark.parametrize(("spanish", "english"), [
    ("Es la suplente de la profesora de música", "Is the music teacher"),  # two roles: it would stop this
    ("Es un enamorado del jazz", "Is a jazz lover"),  # one role: and this ("enamorado" → in love)
    ("Es el suplente del portero", "Is the reserve goalkeeper"),  # one role: and this
])
def test_the_nominal_reading_is_measured_but_off(spanish: str, english: str) -> None:
    assert "nominal" not in LOOSE
    assert roles_differ(spanish, english) is False
    assert roles_differ(spanish, english, LOOSE | {"nominal"}) is True
