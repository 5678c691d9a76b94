"""Step 2 (memory/consolidation/group.py): candidates, judging, merging, review, budget."""

from __future__ import annotations

import pytest

from governance.models import Policy, ReviewItem
from memory.consolidation.gather import gather
from memory.consolidation.group import candidate_pairs, group
from memory.equivalence import JudgeChain, LocalRulesJudge, PredicateValueJudge
from memory.models import CollectiveFact, Decision, JudgmentOverride
from tests.memory.consolidation.support import consolidate, current, remember

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("first", "second"), [
    ("Vuelos de Nueva York a Florida", "Vuelos de Florida a Nueva York"),
    ("Puede reunirse los lunes", "No puede reunirse los lunes"),
])
def test_misleading_pairs_never_merge(agents, first, second):
    remember(agents[0], first, session="s1", origin="u1", key="travel", category="user.behavior")
    remember(agents[1], second, session="s2", origin="u2", key="travel", category="user.behavior")
    consolidate()
    assert CollectiveFact.objects.count() == 0
    outcomes = set(Decision.objects.filter(step="group").values_list("outcome", flat=True))
    assert outcomes and "EQUIVALENT" not in outcomes  # the labels themselves: tests/memory/test_equivalence.py


def test_paraphrases_under_one_predicate_merge_and_promote(agents):
    remember(agents[0], "Prefiere informes breves", session="s1", origin="u1", predicate="preference.report_length")
    remember(agents[1], "Pide resúmenes cortos", session="s2", origin="u2", predicate="preference.report_length")
    consolidate()
    (fact,) = current()
    assert fact.support_agents == 2
    assert Decision.objects.filter(step="group", outcome="EQUIVALENT").exists()


def test_unprovable_free_text_paraphrase_goes_to_review(agents):
    """A chain's high-similarity UNSURE becomes one review item (a chain of the rules alone, whose
    exit says UNSURE here; the default chain's similarity judge vetoes this pair — next test)."""
    a = remember(agents[0], "Le encanta hacer senderismo por la montaña los fines de semana", session="s1",
                 origin="u1", category="user.behavior")
    b = remember(agents[1], "Los fines de semana suele salir a caminar por la sierra", session="s2", origin="u2",
                 category="user.behavior")
    rules_only = JudgeChain([PredicateValueJudge(), LocalRulesJudge()])
    consolidate(judge_chain=rules_only)
    decision = Decision.objects.get(step="group")
    assert decision.outcome == "UNSURE" and decision.reason == "unproven_paraphrase" and decision.score >= 0.88
    assert CollectiveFact.objects.count() == 0  # neither merged nor promoted separately
    item = ReviewItem.objects.get(kind="promotion")
    assert item.refs == {"a": str(min(a.pk, b.pk)), "b": str(max(a.pk, b.pk))}
    consolidate(judge_chain=rules_only)  # the same doubt is not filed twice
    assert ReviewItem.objects.filter(kind="promotion").count() == 1


def test_default_chain_vetoes_a_changed_modality_instead_of_queueing_it(agents):
    """"suele" (usually) on one side only: not the same fact, and no reviewer's time spent on it."""
    remember(agents[0], "Le encanta hacer senderismo por la montaña los fines de semana", session="s1",
             origin="u1", category="user.behavior")
    remember(agents[1], "Los fines de semana suele salir a caminar por la sierra", session="s2", origin="u2",
             category="user.behavior")
    consolidate()
    decision = Decision.objects.get(step="group")
    assert (decision.outcome, decision.reason, decision.judge) == ("UNRELATED", "vetoed_modality_mismatch",
                                                                    "similarity/similarity-1")
    assert not ReviewItem.objects.filter(kind="promotion").exists() and not CollectiveFact.objects.exists()


def test_group_merges_only_equivalent_pairs_into_described_clusters(agents, run_context):
    a = remember(agents[0], "Prefiere informes breves", session="s1", origin="u1", predicate="preference.report_length")
    b = remember(agents[1], "Pide resúmenes cortos", session="s2", origin="u2", predicate="preference.report_length")
    c = remember(agents[2], "No puede reunirse los lunes", session="s3", origin="u3", key="meetings",
                 category="user.behavior")
    ctx = run_context()
    clusters = group(ctx, gather(ctx))
    by_members = {frozenset(cl.ids): cl for cl in clusters}
    assert set(by_members) == {frozenset({a.pk, b.pk}), frozenset({c.pk})}
    merged = by_members[frozenset({a.pk, b.pk})]
    assert (merged.key, merged.single, merged.category) == ("preference.report_length", True,
                                                            merged.predicate.category)
    alone = by_members[frozenset({c.pk})]
    assert (alone.key, alone.category, alone.statement) == ("meetings", "user.behavior", c.content)
    judged = [d for d in ctx.decisions if d.step == "group"]
    assert [(d.outcome, d.inputs) for d in judged if d.outcome == "EQUIVALENT"] == [
        ("EQUIVALENT", {"a": str(a.pk), "b": str(b.pk)})]
    assert ctx.budget.judge_calls == len(judged) and not ctx.budget.exhausted


def test_a_reviewers_override_decides_the_pair_without_the_judge(agents, run_context):
    a = remember(agents[0], "Prefiere informes breves", session="s1", origin="u1", predicate="preference.report_length")
    b = remember(agents[1], "Pide resúmenes cortos", session="s2", origin="u2", predicate="preference.report_length")
    JudgmentOverride.objects.create(subject=a.subject, memory_a=a, memory_b=b, label="UNRELATED")
    ctx = run_context()
    clusters = group(ctx, gather(ctx))
    assert sorted(len(cl.members) for cl in clusters) == [1, 1]
    (decision,) = [d for d in ctx.decisions if d.step == "group"]
    assert (decision.outcome, decision.judge, decision.reason) == ("UNRELATED", "reviewer", "review_decision")
    assert ctx.budget.judge_calls == 0


def test_a_memoised_judgment_is_reused_without_a_second_decision(agents, run_context):
    remember(agents[0], "Prefiere informes breves", session="s1", origin="u1", predicate="preference.report_length")
    remember(agents[1], "Pide resúmenes cortos", session="s2", origin="u2", predicate="preference.report_length")
    first = run_context()
    group(first, gather(first))
    again = run_context()
    clusters = group(again, gather(again))
    assert [len(cl.members) for cl in clusters] == [2]
    assert [d.step for d in again.decisions] == ["gather"]
    assert again.stats["judgments_memoised"] == 1 and again.budget.judge_calls == 0


def test_a_spent_budget_stops_judging_and_says_so(agents, run_context):
    policy = Policy.objects.get(active=True)
    policy.rules = {**policy.rules, "budget": {"max_candidates": 0, "max_judge_calls": 0, "max_seconds": 20}}
    policy.save()
    remember(agents[0], "Prefiere informes breves", session="s1", origin="u1", predicate="preference.report_length")
    remember(agents[1], "Pide resúmenes cortos", session="s2", origin="u2", predicate="preference.report_length")
    ctx = run_context()
    memories = gather(ctx)
    clusters = group(ctx, memories)
    assert sorted(len(cl.members) for cl in clusters) == [1, 1]  # nothing judged, nothing merged
    assert ctx.budget.exhausted
    assert [(d.step, d.outcome, d.inputs) for d in ctx.decisions[1:]] == [
        ("group", "budget_exhausted", {"pairs": len(candidate_pairs(ctx, memories))})]


def test_candidates_are_same_key_pairs_strongest_first(agents, run_context):
    remember(agents[0], "Prefiere informes breves", session="s1", origin="u1", predicate="preference.report_length")
    remember(agents[1], "Pide resúmenes cortos", session="s2", origin="u2", predicate="preference.report_length")
    remember(agents[2], "Trabaja en el proyecto Atlas", session="s3", origin="u3", predicate="project.current")
    ctx = run_context()
    memories = gather(ctx)
    pairs = candidate_pairs(ctx, memories)
    assert (0, 1) in dict(pairs)  # same key, whatever the similarity
    scores = [s if s is not None else 1.0 for _, s in pairs]
    assert scores == sorted(scores, reverse=True)
    assert all(s is None or s >= ctx.policy.candidate_similarity for (i, j), s in pairs
               if memories[i].key != memories[j].key)


def test_embedding_neighbours_are_each_memorys_nearest_three():
    """Twelve memories all within candidate_similarity of one another: each brings its nearest
    three (ties by index), not every neighbour above the threshold (the rule is in group.py)."""
    from types import SimpleNamespace

    import numpy as np

    vectors = np.eye(13, dtype=np.float32)[:12] * 0.3 + np.eye(13, dtype=np.float32)[12]  # cosine 0.917
    memories = [SimpleNamespace(pk=i, key=None, embedding=v) for i, v in enumerate(vectors)]
    ctx = SimpleNamespace(policy=SimpleNamespace(candidate_similarity=0.80))
    pairs = dict(candidate_pairs(ctx, memories))
    chosen = {i: sorted({j for p in pairs for j in p if i in p} - {i}) for i in range(12)}
    assert chosen[11] == [0, 1, 2] and chosen[7] == [0, 1, 2]
    assert len(pairs) <= 12 * 3


def _two_notes_at(agents, run_context, similarity):
    """Two claim-less notes of one person whose stored vectors are at cosine ``similarity`` (set after
    the context embedded them), gathered, with the context."""
    import numpy as np

    from memory.models import EMBEDDING_DIM, Memory

    a = remember(agents[0], "Le encanta hacer senderismo por la montaña los fines de semana", session="s1",
                 origin="u1", category="user.behavior")
    b = remember(agents[1], "Los fines de semana suele salir a caminar por la sierra", session="s2", origin="u2",
                 category="user.behavior")
    ctx = run_context()
    first, second = np.zeros(EMBEDDING_DIM, dtype=np.float32), np.zeros(EMBEDDING_DIM, dtype=np.float32)
    first[0], second[0], second[1] = 1.0, similarity, (1 - similarity ** 2) ** 0.5
    Memory.objects.filter(pk=a.pk).update(embedding=first.tolist())
    Memory.objects.filter(pk=b.pk).update(embedding=second.tolist())
    return ctx, gather(ctx)


def test_a_neighbour_below_the_default_floor_is_not_judged(agents, run_context):
    """0.80–0.85: no judge of the default chain acts there (governance.policy.CANDIDATE_SIMILARITY),
    so the pair costs no judgment and leaves no Decision."""
    ctx, memories = _two_notes_at(agents, run_context, 0.83)
    assert ctx.policy.candidate_similarity == 0.85
    assert candidate_pairs(ctx, memories) == []
    group(ctx, memories)
    assert [d for d in ctx.decisions if d.step == "group"] == [] and ctx.budget.judge_calls == 0


def test_the_floor_is_the_policys_an_operators_lower_floor_is_judged(agents, run_context):
    policy = Policy.objects.get(active=True)
    policy.rules = {**policy.rules, "candidate_similarity": 0.80}
    policy.save()
    ctx, memories = _two_notes_at(agents, run_context, 0.83)
    group(ctx, memories)
    (decision,) = [d for d in ctx.decisions if d.step == "group"]
    assert decision.score == pytest.approx(0.83, abs=1e-4) and ctx.budget.judge_calls == 1


def test_the_memo_key_tells_apart_what_the_judgment_depends_on():
    """JudgmentCache's pair key (perf53a: two statement digests): the same pair gives the same key;
    each statement's text, predicate and value, their order, the similarity and the chain each change it;
    no text is kept in it."""
    from memory.consolidation.run import JudgmentCache
    from memory.equivalence import Statement

    chain, other = object(), object()
    a, b = Statement("Prefiere té", "preference.drink", "tea"), Statement("Le gusta el té", "preference.drink", "tea")
    key = JudgmentCache.key(chain, a, b, 0.91234)
    assert key == JudgmentCache.key(chain, Statement("Prefiere té", "preference.drink", "tea"), b, 0.9118)
    variants = [JudgmentCache.key(chain, b, a, 0.91234), JudgmentCache.key(chain, a, b, 0.9135),
                JudgmentCache.key(chain, a, b, None), JudgmentCache.key(other, a, b, 0.91234),
                JudgmentCache.key(chain, Statement("Prefiere te", "preference.drink", "tea"), b, 0.91234),
                JudgmentCache.key(chain, Statement("Prefiere té", "preference.food", "tea"), b, 0.91234),
                JudgmentCache.key(chain, Statement("Prefiere té", "preference.drink", "té"), b, 0.91234),
                JudgmentCache.key(chain, Statement("Prefiere té", None, None), b, 0.91234)]
    assert len({key, *variants}) == len(variants) + 1
    assert "té" not in repr(key) and "Prefiere" not in repr(key)


def test_each_statement_is_digested_once_a_run_not_once_a_pair(agents, run_context):
    """Three paraphrase candidates under one predicate: three pairs, three digests (perf53a)."""
    from memory.consolidation.run import JudgmentCache

    for i, text in enumerate(["Prefiere informes breves", "Pide resúmenes cortos", "Quiere reportes concisos"]):
        remember(agents[i], text, session=f"s{i}", origin=f"u{i}", predicate="preference.report_length",
                 key="reports")
    ctx = run_context()
    made: list[object] = []

    class Counting(JudgmentCache):
        @staticmethod
        def statement_digest(statement):  # noqa: ANN001, ANN205
            made.append(statement)
            return JudgmentCache.statement_digest(statement)

    ctx.judgments = Counting()
    memories = gather(ctx)
    pairs = candidate_pairs(ctx, memories)
    group(ctx, memories)
    judged = [d for d in ctx.decisions if d.step == "group"]
    assert len(pairs) == 3 and len(judged) >= 2
    assert 2 <= len(made) == len({id(s) for s in made}) <= 3  # none twice; a per-pair digest makes 2 a pair
