"""Round 62: direction read in each note's own language, and a transfer said with two verbs.

1. :func:`memory.equivalence.signature.direction_classes` reads a note's own prepositions: the
   English article "a" is not the Spanish *a* (to), so "Rents a room from X" carries "from" only;
2. :mod:`memory.equivalence.giving` — a giver's verb against a receiver's (send / receive, give /
   get, sell / buy, teach / learn, transfer / receive; *enviar* / *recibir*, *vender* / *comprar*,
   *enseñar* / *aprender*), in English, in Spanish and across: the person on opposite ends never
   merges, and the same transfer with its parties said the other way round ("Her son receives money
   from her") is no swap.

The sentences are written for these tests, not taken from any evaluation file."""

from __future__ import annotations

import pytest

from memory.equivalence import REASONS, Judgment, Label, Statement, default_chain
from memory.equivalence.giving import Frame, frames, frames_compare
from memory.equivalence.signature import direction_classes
from memory.equivalence.similarity import SimilarityJudge


@pytest.fixture(autouse=True)
def _installed(apertium_installed: None) -> None:
    """Apertium and WordNet must be there (conftest's fixture fails, never skips)."""


def _judge(a: str, b: str, similarity: float = 0.95) -> Judgment:
    return default_chain().judge(Statement(a), Statement(b), similarity=similarity)


# -- 1. each language's own prepositions ---------------------------------------------------------------

@pytest.mark.parametrize(("text", "lang", "found"), [
    ("Rents a room from her colleague", "en", {"from"}),
    ("Rents a room to her colleague", "en", {"to"}),
    ("Prefers a quiet desk", "en", set()),
    ("Viaja a Lisboa desde Madrid", "es", {"to", "from", "over"}),  # Spanish "a" is also "X a Y"
    ("Prefiere el té al café", "es", {"to"}),
])
def test_a_note_reads_its_own_languages_prepositions(text: str, lang: str, found: set[str]) -> None:
    assert direction_classes(text, lang) - {"him_her", "he_she"} == found


def test_a_note_of_no_told_language_reads_both_tables() -> None:
    # as before round 62: the English article counts as the Spanish "a" (to) and (over)
    assert {"to", "over", "from"} <= direction_classes("Rents a room from her colleague")


@pytest.mark.parametrize(("a", "b"), [
    ("Commutes by train to a village near Bath", "Commutes by train from a village near Bath"),
    ("Drives a van to a depot in Leeds every week", "Drives a van from a depot in Leeds every week"),
])
def test_the_english_article_no_longer_hides_a_swap(a: str, b: str) -> None:
    # no transfer verb: only the direction markers can tell these apart
    assert SimilarityJudge().veto(Statement(a), Statement(b)) == "direction_swap"
    assert _judge(a, b).label is not Label.EQUIVALENT


# -- 2. a transfer said with two verbs -----------------------------------------------------------------

@pytest.mark.parametrize(("text", "frame"), [
    ("Transfers money to her son every month", Frame("give", "self", "party")),
    ("Receives money from her son every month", Frame("give", "party", "self")),
    ("Her son sends her money every month", Frame("give", "party", "self")),
    ("Su hija le envía un paquete cada mes", Frame("give", "party", "self")),
    ("Le vendió la moto a su vecino", Frame("sell", "self", "party")),
    ("Le compró la moto a su vecino", Frame("sell", "party", "self")),
    ("Was taught to knit by her aunt", Frame("give", None, "self")),
    ("Le regalan flores cada domingo", Frame("give", "party", "self")),
])
def test_a_frame_gives_each_party_its_slot(text: str, frame: Frame) -> None:
    assert frames(text) == (frame,)


@pytest.mark.parametrize("text", [
    "Is teaching herself Portuguese",  # the giver is the receiver
    "Don't send him anything after nine",  # an instruction about the person
    "Gets up early on weekdays",  # "get" without "from" receives nothing
    "Likes agendas sent a day ahead",  # a participle after a noun: the person is not its subject
])
def test_no_frame_is_read(text: str) -> None:
    assert frames(text) == ()


@pytest.mark.parametrize(("a", "b"), [
    ("Transfers money to her son every month", "Receives money from her son every month"),
    ("Transfers money to her son every month", "Recibe dinero de su hijo todos los meses"),
    ("Transfiere dinero a su hijo cada mes", "Receives money from her son each month"),
    ("Sends the monthly invoice to her accountant", "Recibe la factura mensual de su contable"),
    ("Gives his niece a lift to school", "His niece gives him a lift to school"),
    ("Le vendió el piso a su cuñado", "Bought the flat from his brother-in-law"),
    ("Teaches pottery to her neighbour Lola", "Aprende cerámica de su vecina Lola"),
    ("Entrega las actas a su jefa cada viernes", "Receives the minutes from her boss every Friday"),
])
def test_the_person_at_opposite_ends_never_merges(a: str, b: str) -> None:
    assert frames_compare(a, b) == "swap"
    assert SimilarityJudge().veto(Statement(a), Statement(b)) is not None  # an earlier check may say it first
    for verdict in (_judge(a, b), _judge(b, a)):
        assert verdict.label is not Label.EQUIVALENT
        assert verdict.reason in REASONS


@pytest.mark.parametrize(("a", "b"), [
    ("Sends money to her son every month", "Her son receives money from her every month"),
    ("Su abuela le enseñó a tejer", "Learned to knit from her grandmother"),
    ("Ana lends books to Luis", "Luis borrows books from Ana"),
    ("Receives a parcel from her daughter every month", "Su hija le envía un paquete cada mes"),
    ("Donates blood twice a year", "Dona sangre dos veces al año"),
])
def test_the_same_transfer_said_from_the_other_end_is_no_swap(a: str, b: str) -> None:
    assert frames_compare(a, b) == "agree"
    assert frames_compare(b, a) == "agree"


def test_parties_said_the_other_way_round_are_not_stopped_as_converse_verbs() -> None:
    # enseñar / learn are converse verbs; with the person on the receiving end of both, no swap
    a, b = "Su abuela le enseñó a tejer", "Learned to knit from her grandmother"
    assert SimilarityJudge().veto(Statement(a), Statement(b), across_languages=False) is None
