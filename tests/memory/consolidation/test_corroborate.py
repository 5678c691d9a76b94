"""Step 3 (memory/consolidation/corroborate.py): independence is counted by roots, never rows."""

from __future__ import annotations

import pytest

from config.actors import Actor
from governance.services.restrictions import restriction_apply
from memory.consolidation.corroborate import corroborate
from memory.models import Decision, Evidence, Subject
from tests.memory.consolidation.support import consolidate, current, remember

pytestmark = pytest.mark.django_db


def test_one_agent_in_five_sessions_promotes_nothing(agents):
    for s in range(5):
        remember(agents[0], "Prefiere informes breves" if s % 2 else "Prefiere informes breves.",
                 session=f"s{s}", origin=f"utt-{s}", predicate="preference.report_length", value="short")
    result = consolidate()
    assert result.status == "succeeded"
    assert current() == []
    assert Decision.objects.filter(step="corroborate", reason="too_few_agents").exists()


def test_three_agents_hearing_one_utterance_are_one_root(agents):
    for agent in agents[:3]:
        remember(agent, "Prefiere informes breves", session="s1", origin="utt-shared",
                 predicate="preference.report_length", value="short")
    consolidate()
    assert current() == []


def test_inferred_only_evidence_is_not_enough(agents):
    remember(agents[0], "Works on project Atlas", session="s1", predicate="project.current", value="Atlas",
             asserted_by="agent")
    remember(agents[1], "Works on project Atlas", session="s2", predicate="project.current", value="Atlas",
             asserted_by="agent")
    consolidate()
    assert current() == []
    assert Evidence.objects.count() == 0
    assert Decision.objects.filter(step="corroborate", outcome="insufficient").exists()


def test_one_verified_root_suffices(agents):
    remember(agents[0], "Idioma preferido: español", session="s1", origin="crm:42",
             predicate="communication.language", value="es", asserted_by="system", trust="verified")
    consolidate()
    (fact,) = current()
    assert fact.trust == "verified" and fact.support_roots == 1


def test_a_shared_root_counts_once_and_the_rest_is_discounted(agents, grouped):
    rows = [remember(agent, "Prefiere informes breves", session=f"s{i}", origin="utt-shared",
                     predicate="preference.report_length", value="short") for i, agent in enumerate(agents[:3])]
    ctx, (cluster,), _ = grouped()
    corroborate(ctx, cluster, {})
    assert [(m.pk, root, counted, reason) for m, root, counted, reason in cluster.evidence] == [
        (rows[0].pk, "utt-shared", True, ""), (rows[1].pk, "utt-shared", False, "same_root"),
        (rows[2].pk, "utt-shared", False, "same_root")]
    assert not cluster.corroborated and cluster.trust == "user_asserted"
    assert ctx.stats["discount_same_root"] == 2
    (decision,) = [d for d in ctx.decisions if d.step == "corroborate"]
    assert (decision.outcome, decision.reason) == ("insufficient", "too_few_agents")
    assert decision.inputs == {"memories": sorted(str(r.pk) for r in rows), "roots": 1, "agents": 1,
                              "lineages": 1, "sessions": 1}


def test_independent_roots_corroborate(agents, grouped):
    for i, agent in enumerate(agents[:2]):
        remember(agent, "Prefiere informes breves", session=f"s{i}", origin=f"u{i}",
                 predicate="preference.report_length", value="short")
    ctx, (cluster,), _ = grouped()
    corroborate(ctx, cluster, {})
    assert cluster.corroborated and cluster.trust == "user_asserted"
    assert [d.reason for d in ctx.decisions if d.step == "corroborate"] == ["independent_roots"]


def test_a_restricted_agent_and_the_echoes_given_do_not_count(agents, grouped):
    rows = [remember(agent, "Prefiere informes breves", session=f"s{i}", origin=f"u{i}",
                     predicate="preference.report_length", value="short") for i, agent in enumerate(agents[:3])]
    restriction_apply(actor=Actor.system("tests"), subject_id=Subject.objects.get(external_ref="ana").pk,
                      kind="agent", target=str(agents[0].pk))
    ctx, (cluster,), _ = grouped()
    # The restriction outranks an echo verdict; a timing echo yields to nothing else here.
    corroborate(ctx, cluster, {rows[0].pk: Evidence.Discount.ECHO_READ_LOG,
                               rows[1].pk: Evidence.Discount.ECHO_TIMING})
    assert [(counted, reason) for _, _, counted, reason in cluster.evidence] == [
        (False, "restricted"), (False, "echo_timing"), (True, "")]
    assert not cluster.corroborated
    assert (ctx.stats["discount_restricted"], ctx.stats["discount_echo_timing"]) == (1, 1)


def test_same_root_outranks_the_timing_echo_but_not_the_other_echoes(agents, grouped):
    rows = [remember(agent, "Prefiere informes breves", session=f"s{i}", origin="utt-shared",
                     predicate="preference.report_length", value="short") for i, agent in enumerate(agents[:3])]
    ctx, (cluster,), _ = grouped()
    corroborate(ctx, cluster, {rows[1].pk: Evidence.Discount.ECHO_TIMING,
                               rows[2].pk: Evidence.Discount.DERIVED_FROM})
    assert [reason for _, _, _, reason in cluster.evidence] == ["", "same_root", "derived_from"]


def test_a_declared_system_record_from_an_ordinary_agent_promotes_nothing_alone(agents):
    """The one-verified-root rule rests on the channel, not on asserted_by: agent-1 is no channel."""
    assert not agents[1].verified_channel
    memory = remember(agents[1], "Idioma preferido: español", session="s1", origin="crm:43",
                      predicate="communication.language", value="es", asserted_by="system")
    assert memory.trust == "inferred"
    consolidate()
    assert current() == []
