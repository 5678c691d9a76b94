"""Round 67: for two free texts the lexicon's entailment defers to the similarity judge.

The rules' containment reads a content word the other note says in words the lexicon does not know
("desde el año 2019", "está a cargo de", "ejerce de") as a detail added, and answered ``ENTAILS``
before the similarity judge was asked. For two claim-less texts it now has no opinion (as on
negation, numbers and tense); the similarity judge's own ``detail_added`` reading and its signature
decide what one note adds — which now also reads two notes too short for their language to be told
("No bebe vino tinto" / "No bebe vino"). Where that judge does not merge, the rules' ``ENTAILS`` is
still the answer (no flip, review item or "unrelated" in its place: only merges change). Structured statements keep the rules'
entailment.

The sentences are written for these tests, not taken from any evaluation file."""

from __future__ import annotations

import pytest

from memory.equivalence import Judgment, Label, LocalRulesJudge, Statement, default_chain
from memory.equivalence.analysis import _analyse
from memory.equivalence.similarity import SimilarityJudge


@pytest.fixture(autouse=True)
def _installed(apertium_installed: None) -> None:
    """Apertium and WordNet must be there (conftest's fixture fails, never skips)."""


def _judge(a: str, b: str, similarity: float | None = 0.92) -> Judgment:
    return default_chain().judge(Statement(a), Statement(b), similarity=similarity)


#: paraphrases the lexicon read as one side saying more (main: ``local_rules`` ``entails``)
PARAPHRASES = [
    ("Vive en Bilbao desde 2019", "Reside en Bilbao desde el año 2019"),
    ("Coordina el equipo de soporte", "Está a cargo de coordinar el equipo de soporte"),
    ("Es la tesorera del club de tenis", "Ejerce de tesorera en el club de tenis"),
]

#: one side says more, or qualifies what the other says: never merged
NOT_THE_SAME = [
    ("Usa un Mac", "Usa un Mac en casa y un portátil con Windows en el trabajo"),
    ("Uses a Mac", "Uses a Mac at home and a Windows laptop at work"),
    ("No bebe vino tinto", "No bebe vino"),  # too short for its language to be told
    ("Doesn't eat red meat", "Doesn't eat meat"),
    ("Replies to some emails at weekends", "Replies to emails at weekends"),
    ("Will probably move to Lisbon", "Will move to Lisbon"),
    ("Lee novelas en inglés", "Lee novelas en inglés y en francés"),
    ("Prefers morning meetings", "Prefers short morning meetings"),
]


@pytest.mark.parametrize(("a", "b"), PARAPHRASES)
def test_a_paraphrase_the_lexicon_read_as_entailment_merges(a: str, b: str) -> None:
    for x, y in ((a, b), (b, a)):
        verdict = _judge(x, y)
        assert verdict.label is Label.EQUIVALENT, verdict
        assert verdict.judge == "similarity"


@pytest.mark.parametrize(("a", "b"), PARAPHRASES)
def test_below_the_threshold_a_deferred_paraphrase_still_does_not_merge(a: str, b: str) -> None:
    assert _judge(a, b, similarity=0.84).label is not Label.EQUIVALENT


@pytest.mark.parametrize(("a", "b"), NOT_THE_SAME)
@pytest.mark.parametrize("similarity", [0.88, 0.92, 0.97])
def test_a_detail_added_or_a_qualifier_never_merges(a: str, b: str, similarity: float) -> None:
    for x, y in ((a, b), (b, a)):
        assert _judge(x, y, similarity).label is not Label.EQUIVALENT, (x, y, similarity)


@pytest.mark.parametrize("similarity", [0.75, 0.875, 0.92, 0.97])
def test_an_unmerged_entailment_keeps_the_rules_verdict(similarity: float) -> None:
    verdict = _judge("Uses a Mac", "Uses a Mac at home and a Windows laptop at work", similarity)
    assert (verdict.label, verdict.judge, verdict.reason) == (Label.ENTAILS, "local_rules", "entails")


@pytest.mark.parametrize("similarity", [0.92, None])
def test_a_flip_found_by_the_similarity_judge_keeps_the_entailment(similarity: float | None) -> None:
    verdict = _judge("Replies to some emails at weekends", "Replies to emails at weekends", similarity)
    assert (verdict.label, verdict.reason) == (Label.ENTAILS, "entails")


def test_the_rules_still_find_the_entailment_when_asked_without_deferring() -> None:
    a, b = Statement("Uses a Mac"), Statement("Uses a Mac at home and a Windows laptop at work")
    found = LocalRulesJudge().judge(a, b, similarity=0.92)
    assert found is not None and found.label is Label.ENTAILS
    assert LocalRulesJudge(defer_free_text=True).judge(a, b, similarity=0.92) is None


def test_structured_statements_keep_the_rules_entailment() -> None:
    a = Statement("Prefiere informes breves", predicate="report_length", value="short")
    b = Statement("Prefiere informes breves los lunes", predicate="report_length", value="short")
    verdict = LocalRulesJudge(defer_free_text=True).judge(a, b, similarity=0.95)
    assert verdict is not None and verdict.label is Label.ENTAILS


def test_detail_added_reads_notes_whose_language_is_not_told() -> None:
    a, b = "No bebe vino tinto", "No bebe vino"
    assert _analyse(a).lang is None and _analyse(b).lang is None  # the case this reading is for
    assert SimilarityJudge().unproven(Statement(a), Statement(b)) == "detail_added"
    assert SimilarityJudge().unproven(Statement(b), Statement(a)) == "detail_added"

