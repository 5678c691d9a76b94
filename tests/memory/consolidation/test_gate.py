"""Step 4 (memory/consolidation/gate.py): category, predicate and erasure suppression gate sharing."""

from __future__ import annotations

import pytest

from governance.models import Predicate
from governance.services.suppressions import suppression_keys_add
from memory.consolidation.corroborate import corroborate
from memory.consolidation.gate import gate, suppressed_keys, suppression_key
from memory.models import CollectiveFact, Decision
from memory.selectors.collective import collective_facts_for_agent
from tests.memory.consolidation.support import consolidate, corroborate_short_reports, remember

pytestmark = pytest.mark.django_db


def test_a_health_fact_is_never_promoted_however_corroborated(agents, make_agent):
    health = [make_agent(f"health-{i}", domain="health")[0] for i in range(3)]
    for i, agent in enumerate(health):
        remember(agent, "Tiene diabetes tipo 2", session=f"s{i}", origin=f"utt-{i}", key="condition",
                 category="user.health_and_medical")
    consolidate()
    assert CollectiveFact.objects.count() == 0
    assert Decision.objects.filter(step="gate", outcome="blocked", reason="special_category").exists()


def test_receiving_follows_purpose_and_domain(agents, make_agent):
    corroborate_short_reports(agents)
    consolidate()
    support = make_agent("support-1", domain="support")[0]
    sales = make_agent("sales-1", domain="sales")[0]
    marketing = make_agent("marketer", domain="work", purposes=["marketing"])[0]
    coach = make_agent("coach", domain="health")[0]
    assert len(collective_facts_for_agent(agent=support, subject_ref="ana")) == 1  # work ~ support
    assert collective_facts_for_agent(agent=sales, subject_ref="ana") == []      # work-only evidence
    assert collective_facts_for_agent(agent=marketing, subject_ref="ana") == []  # purpose not granted
    assert collective_facts_for_agent(agent=coach, subject_ref="ana") == []      # health is isolated


def _corroborated(grouped):  # noqa: ANN001, ANN202
    ctx, (cluster,), _ = grouped()
    corroborate(ctx, cluster, {})
    assert cluster.corroborated
    return ctx, cluster


def test_a_shareable_corroborated_cluster_passes(agents, grouped):
    corroborate_short_reports(agents)
    ctx, cluster = _corroborated(grouped)
    gate(ctx, cluster, set())
    assert cluster.shareable
    (decision,) = [d for d in ctx.decisions if d.step == "gate"]
    assert (decision.outcome, decision.inputs["category"]) == ("pass", cluster.category)
    assert decision.inputs["memories"] == sorted(str(m.pk) for m in cluster.members)


def test_an_unshareable_predicate_is_blocked(agents, grouped):
    Predicate.objects.filter(key="preference.report_length").update(shareable=False)
    corroborate_short_reports(agents)
    ctx, cluster = _corroborated(grouped)
    gate(ctx, cluster, set())
    assert (cluster.shareable, cluster.gate_reason) == (False, "predicate_not_shareable")
    assert [(d.outcome, d.reason) for d in ctx.decisions if d.step == "gate"] == [
        ("blocked", "predicate_not_shareable")]
    assert ctx.stats["gate_predicate_not_shareable"] == 1


def test_a_statement_an_erasure_suppressed_is_blocked(agents, grouped):
    corroborate_short_reports(agents)
    ctx, cluster = _corroborated(grouped)
    assert suppressed_keys(ctx, [cluster]) == set()
    suppression_keys_add(keys=[suppression_key(ctx, cluster)])
    suppressed = suppressed_keys(ctx, [cluster])
    assert suppressed == {suppression_key(ctx, cluster)}
    gate(ctx, cluster, suppressed)
    assert (cluster.shareable, cluster.gate_reason) == (False, "suppressed_after_erasure")
    assert ctx.stats["gate_suppressed_after_erasure"] == 1


def test_an_uncorroborated_cluster_is_gated_silently(agents, grouped):
    remember(agents[0], "Tiene diabetes tipo 2", session="s1", origin="u1", key="condition",
             category="user.health_and_medical")
    ctx, (cluster,), _ = grouped()
    corroborate(ctx, cluster, {})
    gate(ctx, cluster, set())
    assert (cluster.shareable, cluster.gate_reason) == (False, "special_category")
    assert [d for d in ctx.decisions if d.step == "gate"] == [] and not ctx.stats
