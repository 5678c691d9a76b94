"""The chain: judges in order, the first opinion wins, vetoes, then the conservative exit."""

from __future__ import annotations

import logging
from collections.abc import Sequence

from memory.equivalence.class_vetoes import ClassVetoJudge
from memory.equivalence.memo import texts_memoised
from memory.equivalence.normalise import _clean_similarity
from memory.equivalence.pairmodel import PairModel
from memory.equivalence.rules import LocalRulesJudge
from memory.equivalence.similarity import SimilarityJudge
from memory.equivalence.structured import PredicateValueJudge
from memory.equivalence.types import (
    CardinalityLookup,
    Judge,
    Judgment,
    Label,
    Statement,
)

logger = logging.getLogger(__name__)


class JudgeChain:
    """Runs judges in order; the first opinion wins, then the conservative exit.

    A judge that raises is treated as having no opinion (only the exception
    type is logged - its message could quote a statement).
    """

    name = "judge_chain"

    def __init__(
        self,
        judges: Sequence[Judge],
        *,
        review_similarity: float = 0.88,
        unrelated_similarity: float = 0.80,
    ) -> None:
        if unrelated_similarity > review_similarity:
            raise ValueError("unrelated_similarity must not exceed review_similarity")
        self.judges = tuple(judges)
        self.review_similarity = review_similarity
        self.unrelated_similarity = unrelated_similarity

    def judge(self, a: Statement, b: Statement, *, similarity: float | None) -> Judgment:
        """First judge with an opinion wins; otherwise ``UNSURE``/``UNRELATED`` by similarity.

        An ``EQUIVALENT`` from one judge is downgraded to ``UNSURE`` when
        another judge of the chain vetoes it (see :meth:`LocalRulesJudge.veto`).

        Each note's readings are computed once for the judgment (or once for the caller's
        :func:`~.memo.texts_memoised` scope, e.g. a consolidation run), not once per judge.
        """
        with texts_memoised():
            return self._judge(a, b, similarity=similarity)

    def _judge(self, a: Statement, b: Statement, *, similarity: float | None) -> Judgment:
        sim = _clean_similarity(similarity)
        for judge in self.judges:
            try:
                verdict = judge.judge(a, b, similarity=sim)
            except Exception as exc:  # noqa: BLE001 - one broken judge must not stop consolidation
                logger.warning("equivalence judge %s failed (%s)", getattr(judge, "name", "?"),
                               type(exc).__name__)
                continue
            if verdict is None:
                continue
            if verdict.label is Label.EQUIVALENT:
                return self._veto(verdict, a, b) or verdict
            return verdict
        return self._conservative_exit(sim)

    def _veto(self, verdict: Judgment, a: Statement, b: Statement) -> Judgment | None:
        for judge in self.judges:
            veto = getattr(judge, "veto", None)
            if veto is None or getattr(judge, "name", None) == verdict.judge:
                continue
            try:
                reason = veto(a, b)
            except Exception as exc:  # noqa: BLE001
                logger.warning("equivalence veto %s failed (%s)", getattr(judge, "name", "?"),
                               type(exc).__name__)
                # A veto that cannot run cannot clear the merge either.
                return Judgment(Label.UNSURE, "conservative_exit", "exit-1", "veto_failed", 0.5)
            if reason:
                return Judgment(Label.UNSURE, judge.name, judge.version, f"vetoed_{reason}", 0.6)
        return None

    def _conservative_exit(self, sim: float | None) -> Judgment:
        if sim is not None and sim >= self.review_similarity:
            return Judgment(Label.UNSURE, "conservative_exit", "exit-1", "unproven_paraphrase", 0.5)
        if sim is None or sim < self.unrelated_similarity:
            return Judgment(Label.UNRELATED, "conservative_exit", "exit-1", "low_similarity", 0.6)
        return Judgment(Label.UNSURE, "conservative_exit", "exit-1", "unproven_paraphrase", 0.4)


def default_chain(
    *,
    llm: Judge | None = None,
    cardinality: CardinalityLookup | None = None,
    review_similarity: float = 0.88,
    unrelated_similarity: float = 0.80,
    learned: bool = False,
) -> JudgeChain:
    """``[PredicateValueJudge(), LocalRulesJudge(), SimilarityJudge(), llm?]`` with the conservative exit.

    The similarity judge (issue 16) answers the free text the rules have no opinion on, and its
    vetoes overrule the rules' ``EQUIVALENT`` for claim-less text (the lexicon's paraphrase proof
    did not generalise; its mismatch detection is kept inside the veto).

    ``learned``: the similarity judge decides with the bundled learned pair model
    (:mod:`memory.equivalence.pairmodel`, ``evaluation.freetext_train``) instead of its cosine
    thresholds. Off by default: on the five-source LOSO it did not beat the thresholds, and retrained on
    the 18 newest authors (stop 45) it merged 6/240 misleading pairs of the two newest authors as read
    against the thresholds' 2/240, at ~0.6 s CPU a decided pair (figures in docs/consolidation.md,
    "Learned pair model retrained on the newest authors").

    The LLM judge is off unless passed (see ``memory.equivalence.llm.llm_judge_from_settings``).
    The exit thresholds keep the interface defaults (review >= 0.88, unrelated
    < 0.80): on the dev set the local rules already answer almost every pair,
    and what reaches the exit is ambiguous by construction, so the band in
    between stays ``UNSURE`` rather than guessing ``UNRELATED``.
    """
    rules = LocalRulesJudge(cardinality=cardinality, defer_free_text=True)
    judges: list[Judge] = [PredicateValueJudge(cardinality=cardinality), rules,
                           SimilarityJudge(rules=rules, abstain=llm is not None,
                                           model=PairModel.load() if learned else None),
                           ClassVetoJudge()]  # vetoes only (.class_vetoes): stop 39's open classes
    if llm is not None:
        judges.append(llm)
    return JudgeChain(judges, review_similarity=review_similarity, unrelated_similarity=unrelated_similarity)
