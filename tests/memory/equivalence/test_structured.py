"""Tests for memory.equivalence.structured (PredicateValueJudge; no database)."""

from __future__ import annotations

import pytest

from memory.equivalence import JudgeChain, Label, PredicateValueJudge, Statement

REPORT = "preference.report_length"
PROJECT = "project.current"
LANGUAGE = "communication.language"


# ==========================================================================
# predicate/value judge
# ==========================================================================


class TestPredicateValueJudge:
    judge = PredicateValueJudge()

    @pytest.mark.parametrize(("va", "vb"), [
        ("short", " Short "), ("español", "ESPANOL"), ("Nueva  York", "nueva york"), (10, 10.0), (10, "10"),
        (1.5, "1.50"), (["Slack", "Jira"], ["jira", "slack", "Slack"]), ({"from": "MAD", "to": "LIS"},
                                                                         {"to": "lis", "from": "mad"}),
        (True, True),
    ])
    def test_same_value(self, va: object, vb: object) -> None:
        verdict = self.judge.judge(Statement("x", REPORT, va), Statement("y", REPORT, vb), similarity=None)
        assert verdict is not None and (verdict.label, verdict.reason) == (Label.EQUIVALENT,
                                                                           "same_predicate_same_value")

    @pytest.mark.parametrize(("va", "vb"), [
        ("short", "long"), (10, 11), (True, 1), (["Slack"], ["Slack", "Jira"]), ({"from": "MAD", "to": "LIS"},
                                                                                 {"from": "LIS", "to": "MAD"}),
        ("es", ["es"]),
    ])
    def test_different_value(self, va: object, vb: object) -> None:
        verdict = self.judge.judge(Statement("x", REPORT, va), Statement("y", REPORT, vb), similarity=None)
        assert verdict is not None and verdict.label is Label.CONTRADICTS
        assert verdict.reason == "same_predicate_different_value"

    def test_multi_valued_predicate_holds_both(self) -> None:
        judge = PredicateValueJudge(cardinality=lambda key: "multi" if key == PROJECT else "single")
        verdict = judge.judge(Statement("x", PROJECT, "Atlas"), Statement("y", PROJECT, "Borealis"), similarity=1)
        assert verdict is not None and verdict.label is Label.UNRELATED

    def test_different_predicates_are_unrelated_and_missing_values_abstain(self) -> None:
        verdict = self.judge.judge(Statement("x", REPORT, "short"), Statement("x", LANGUAGE), similarity=1.0)
        assert verdict is not None and (verdict.label, verdict.reason) == (Label.UNRELATED, "different_predicate")
        assert self.judge.judge(Statement("x", REPORT, "short"), Statement("y", REPORT), similarity=1.0) is None
        assert self.judge.judge(Statement("x", None, "a"), Statement("y", None, "a"), similarity=1.0) is None
        assert self.judge.judge(Statement("x", REPORT, object()), Statement("y", REPORT, 1), similarity=1) is None

    def test_texts_can_veto_an_equal_value(self, chain: JudgeChain) -> None:
        # The extracted values agree, the texts do not: never merge on that.
        a = Statement("Puede reunirse los lunes", "constraint.availability", "monday")
        b = Statement("No puede reunirse los lunes", "constraint.availability", "Monday")
        verdict = chain.judge(a, b, similarity=0.95)
        assert (verdict.label, verdict.reason) == (Label.UNSURE, "vetoed_negation_mismatch")
