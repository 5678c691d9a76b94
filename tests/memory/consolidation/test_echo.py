"""Step 6 (memory/consolidation/echo.py): evidence restating the collective layer never counts.

``echo.discounts`` is an input of step 3; the end-to-end tests show its effect on support.
"""

from __future__ import annotations

import pytest

from memory.consolidation.echo import discounts, first_reads, readable_since
from memory.models import CollectiveFact, Evidence
from memory.selectors.collective import collective_facts_for_agent
from memory.services.read_log import readlog_record
from tests.memory.consolidation.support import consolidate, corroborate_short_reports, current, remember

pytestmark = pytest.mark.django_db


def test_twenty_echo_rounds_leave_support_unchanged(agents):
    corroborate_short_reports(agents)
    consolidate()
    (fact,) = current()
    echoer = agents[2]
    for round_ in range(20):
        session = f"echo-{round_}"
        served = collective_facts_for_agent(agent=echoer, subject_ref="ana")
        readlog_record(agent=echoer, facts=served, session_id=session, purpose="essential.service")
        assert [f.pk for f in served] == [fact.pk]
        # The agent restates what it just read, as if the person had said it (no new utterance).
        remember(echoer, served[0].statement, session=session, predicate="preference.report_length",
                 value="short")
        consolidate()
        (same,) = current()
        assert same.pk == fact.pk
        assert (same.support_roots, same.support_agents, same.support_sessions) == (2, 2, 2)
    assert CollectiveFact.objects.count() == 1
    discounts_seen = set(Evidence.objects.filter(fact=fact, counted=False).values_list("discount_reason", flat=True))
    assert discounts_seen <= {"echo_read_log", "echo_timing", "same_root"} and discounts_seen


def test_restatements_marked_as_such_never_count(agents):
    corroborate_short_reports(agents)
    consolidate()
    (fact,) = current()
    remember(agents[2], "Prefiere informes breves", session="s9", origin="u9",
             predicate="preference.report_length", value="short", derived_from=str(fact.pk))
    consolidate()
    fact.refresh_from_db()
    assert fact.support_agents == 2
    assert Evidence.objects.get(fact=fact, agent=agents[2]).discount_reason == "derived_from"


def test_a_person_reconfirming_with_a_new_utterance_counts(agents):
    corroborate_short_reports(agents)
    consolidate()
    remember(agents[2], "Prefiere informes breves", session="s3", origin="u3-new-utterance",
             predicate="preference.report_length", value="short")
    consolidate()
    (fact,) = current()
    assert fact.support_agents == 3 and fact.support_roots == 3


def test_a_restatement_takes_the_lowest_tier_of_its_inputs(agents):
    corroborate_short_reports(agents)
    consolidate()
    (fact,) = current()
    assert fact.trust == "user_asserted"
    # A tool restating the collective fact cannot lift it to verified.
    restated = remember(agents[2], "Informe breve confirmado por la herramienta", session="s3", origin="tool:7",
                        asserted_by="tool", trust="verified", derived_from=str(fact.pk), key="report-note")
    assert restated.trust == "user_asserted"
    unrelated = remember(agents[2], "Registro del CRM", session="s3", origin="crm:9", asserted_by="tool",
                         trust="verified", key="crm-note")
    assert unrelated.trust == "verified"


def test_each_echo_rule_names_its_member(agents, grouped, make_agent):
    corroborate_short_reports(agents)
    more = [make_agent(f"late-{i}", domain="work")[0] for i in range(3)]
    consolidate()
    (fact,) = current()
    reader = agents[2]
    served = collective_facts_for_agent(agent=reader, subject_ref="ana")
    readlog_record(agent=reader, facts=served, session_id="read-1", purpose="essential.service")
    read_echo = remember(reader, "Prefiere informes breves", session="read-1", origin="u-read",
                         predicate="preference.report_length", value="short")
    timing_echo = remember(agents[3], "Prefiere informes breves", session="t1",
                           predicate="preference.report_length", value="short")
    derived = remember(more[0], "Prefiere informes breves", session="t2", origin="u-derived",
                       predicate="preference.report_length", value="short", derived_from=str(fact.pk))
    agents_own = remember(more[1], "Prefiere informes breves", session="t3", asserted_by="agent",
                          predicate="preference.report_length", value="short")
    independent = remember(more[2], "Prefiere informes breves", session="t4", origin="u-new",
                           predicate="preference.report_length", value="short")
    ctx, (cluster,), _ = grouped()
    assert cluster.matched == fact
    found = discounts(ctx, cluster)
    assert found == {read_echo.pk: "echo_read_log", timing_echo.pk: "echo_timing", derived.pk: "derived_from",
                     agents_own.pk: "agent_asserted"}
    assert independent.pk not in found  # recorded after the fact was readable, but with its own origin
    assert len({m.pk for m in cluster.members}) == 7


def test_without_a_matched_fact_only_the_declared_rules_apply(agents, grouped):
    declared = remember(agents[0], "Prefiere informes breves", session="s1", asserted_by="agent",
                        predicate="preference.report_length", value="short")
    remember(agents[1], "Prefiere informes breves", session="s2", predicate="preference.report_length",
             value="short")
    ctx, (cluster,), _ = grouped()
    assert cluster.matched is None
    assert discounts(ctx, cluster) == {declared.pk: "agent_asserted"}


def test_the_seams_read_the_read_log_and_when_the_lineage_became_receivable(agents, grouped, make_agent):
    corroborate_short_reports(agents)
    consolidate()
    (fact,) = current()
    outsider = make_agent("sales-1", domain="sales")[0]
    readlog_record(agent=agents[2], facts=[fact], session_id="read-1", purpose="essential.service")
    remember(agents[2], "Prefiere informes breves", session="read-1", origin="u-read",
             predicate="preference.report_length", value="short")
    ctx, (cluster,), _ = grouped()
    since = readable_since(ctx, fact.lineage)
    assert since[agents[2].pk] == fact.recorded_at and outsider.pk not in since  # work-only evidence
    reads = first_reads(ctx, fact.lineage, cluster.members)
    assert set(reads) == {(agents[2].pk, "read-1")}


def test_served_to_the_lineage_in_another_session_and_summaries_name_their_members(agents, grouped, make_agent):
    corroborate_short_reports(agents)
    consolidate()
    (fact,) = current()
    reader = make_agent("reader", domain="work", lineage="line-r")[0]
    sibling = make_agent("sibling", domain="work", lineage="line-r")[0]
    readlog_record(agent=reader, facts=[fact], session_id="read-1", purpose="essential.service")
    same_session = remember(reader, "Prefiere informes breves", session="read-1", origin="u-r1",
                            predicate="preference.report_length", value="short")
    later = remember(sibling, "Prefiere informes breves", session="later", origin="u-invented",
                     predicate="preference.report_length", value="short")
    crm = make_agent("crm", domain="work", lineage="line-r", verified_channel=True)[0]
    verified = remember(crm, "CRM: informes breves", session="crm", origin="crm:1", asserted_by="tool",
                        trust="verified", predicate="preference.report_length", value="short")
    ctx, clusters, _ = grouped()
    (cluster,) = [c for c in clusters if c.matched == fact]
    found = discounts(ctx, cluster)
    assert found[same_session.pk] == "echo_read_log"  # the same-session rule keeps its own name
    assert found[later.pk] == "echo_served"
    assert verified.pk not in found  # a verified root is the one way a reader's claim counts
    # A note restating the served fact is no evidence for a new fact built from its text.
    remember(sibling, "Resumen: informes breves, y además le gusta viajar", session="w1", origin="w1",
             key="weekly", category="user.behavior")
    ctx, clusters, _ = grouped()
    (summary,) = [c for c in clusters if c.key == "weekly"]
    assert list(discounts(ctx, summary).values()) == ["echo_summary"]
