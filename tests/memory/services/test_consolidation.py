"""The consolidator's seven steps through the real database (DESIGN §5; issue must-shows)."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.db import connection, transaction
from django.utils import timezone

from config.actors import Actor
from governance.models import ReviewItem
from memory.models import CollectiveFact, ConsolidationRun, Decision, Evidence, Memory, Subject
from memory.selectors.collective import collective_facts_for_agent, fact_versions_as_of
from memory.services.consolidation import consolidation_run_subject
from memory.services.read_log import readlog_record
from memory.services.records import memory_expire_due, memory_record

pytestmark = pytest.mark.django_db


@pytest.fixture
def agents(make_agent):
    return [make_agent(f"agent-{i}", domain="work")[0] for i in range(4)]


def remember(agent, content, *, session, origin="", predicate="", value=None, asserted_by="user",
             trust=None, subject="ana", derived_from="", key="", category="", valid_from=None):
    return memory_record(actor=Actor.for_agent(agent), agent=agent, subject_ref=subject, kind="fact",
                         content=content, session_id=session, origin_ref=origin, predicate=predicate,
                         value=value, asserted_by=asserted_by, trust=trust, derived_from=derived_from,
                         key=key, category=category, valid_from=valid_from).memory


def corroborate_short_reports(agents):
    """Two agents, two sessions, two distinct utterances: enough to promote once consolidated."""
    return [remember(agent, "Prefiere informes breves", session=f"s{i + 1}", origin=f"u{i + 1}",
                     predicate="preference.report_length", value="short") for i, agent in enumerate(agents[:2])]


def consolidate(subject="ana", **kwargs):
    return consolidation_run_subject(subject_id=Subject.objects.get(external_ref=subject).pk, **kwargs)


def current(subject="ana"):
    return list(CollectiveFact.objects.filter(subject__external_ref=subject, status="current"))


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


def test_two_agents_two_sessions_distinct_origins_promote_once_with_provenance(agents):
    a = remember(agents[0], "Prefiere informes breves", session="s1", origin="utt-1",
                 predicate="preference.report_length", value="short")
    b = remember(agents[1], "Prefiere informes breves", session="s2", origin="utt-2",
                 predicate="preference.report_length", value="short")
    consolidate()
    facts = current()
    assert len(facts) == 1
    fact = facts[0]
    assert fact.statement == "Preferred report length: short"
    assert (fact.support_roots, fact.support_agents, fact.support_sessions) == (2, 2, 2)
    evidence = {e.memory_id: e for e in Evidence.objects.filter(fact=fact)}
    assert set(evidence) == {a.pk, b.pk} and {e.root for e in evidence.values()} == {"utt-1", "utt-2"}
    assert all(e.counted for e in evidence.values())
    # Re-running changes nothing: same version, no duplicate.
    consolidate()
    assert [f.pk for f in current()] == [fact.pk]
    assert CollectiveFact.objects.count() == 1
    assert Subject.objects.get(external_ref="ana").consolidation_requested_at is None


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


def test_a_health_fact_is_never_promoted_however_corroborated(agents, make_agent):
    health = [make_agent(f"health-{i}", domain="health")[0] for i in range(3)]
    for i, agent in enumerate(health):
        remember(agent, "Tiene diabetes tipo 2", session=f"s{i}", origin=f"utt-{i}", key="condition",
                 category="user.health_and_medical")
    consolidate()
    assert CollectiveFact.objects.count() == 0
    assert Decision.objects.filter(step="gate", outcome="blocked", reason="special_category").exists()


def test_a_newer_value_closes_the_old_version_and_as_of_shows_the_old_belief(agents):
    long_ago = timezone.now() - timedelta(days=30)
    remember(agents[0], "Prefiere informes extensos", session="s1", origin="u1",
             predicate="preference.report_length", value="long", valid_from=long_ago)
    remember(agents[1], "Prefiere informes extensos", session="s2", origin="u2",
             predicate="preference.report_length", value="long", valid_from=long_ago)
    consolidate()
    (old,) = current()
    moment_before = timezone.now()
    remember(agents[0], "Ahora prefiere informes breves", session="s3", origin="u3",
             predicate="preference.report_length", value="short")
    remember(agents[1], "Ahora prefiere informes breves", session="s4", origin="u4",
             predicate="preference.report_length", value="short")
    consolidate()
    (new,) = current()
    old.refresh_from_db()
    assert new.value == "short" and new.revises_id == old.pk and new.lineage == old.lineage
    assert old.status == "superseded" and old.closed_at is not None and old.valid_to == new.valid_from
    assert old.value == "long"  # the old version's value was never rewritten
    believed_then = list(fact_versions_as_of(subject_ref="ana", as_of=moment_before))
    assert [f.pk for f in believed_then] == [old.pk]
    valid_last_month = list(fact_versions_as_of(subject_ref="ana", as_of=timezone.now(),
                                                valid_at=long_ago + timedelta(days=1)))
    assert [f.pk for f in valid_last_month] == []  # as now believed, it was not current then either
    assert [f.pk for f in fact_versions_as_of(subject_ref="ana", as_of=timezone.now())] == [new.pk]


def test_support_falling_closes_the_version_as_unsupported(agents):
    remember(agents[0], "Prefiere reuniones por la mañana", session="s1", origin="u1",
             predicate="preference.meeting_time", value="morning")
    remember(agents[1], "Prefiere reuniones por la mañana", session="s2", origin="u2",
             predicate="preference.meeting_time", value="morning", trust="ephemeral")
    remember(agents[2], "Prefiere reuniones por la mañana", session="s3", origin="u3",
             predicate="preference.meeting_time", value="morning")
    consolidate()
    (fact,) = current()
    assert fact.support_agents == 2  # the ephemeral one never counts
    # agent-2's memory expires: support falls to one agent
    Memory.objects.filter(agent=agents[2]).update(expires_at=timezone.now() - timedelta(seconds=1))
    memory_expire_due(actor=Actor.system("tests"))
    consolidate()
    fact.refresh_from_db()
    assert fact.status == "unsupported" and fact.closed_at is not None
    assert current() == []


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
    discounts = set(Evidence.objects.filter(fact=fact, counted=False).values_list("discount_reason", flat=True))
    assert discounts <= {"echo_read_log", "echo_timing", "same_root"} and discounts


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


def test_a_failed_run_changes_nothing_and_keeps_the_subject_marked(agents, monkeypatch):
    corroborate_short_reports(agents)
    from memory.services import consolidation

    def explode(self):  # noqa: ANN001, ANN202
        raise RuntimeError("boom")

    monkeypatch.setattr(consolidation._Engine, "rebuild_digest", explode)
    result = consolidate()
    assert result.status == "failed"
    assert CollectiveFact.objects.count() == 0 and Evidence.objects.count() == 0
    assert ConsolidationRun.objects.get(pk=result.run_id).error == "RuntimeError"
    assert Subject.objects.get(external_ref="ana").consolidation_requested_at is not None
    monkeypatch.undo()
    assert consolidate().status == "succeeded" and len(current()) == 1


def test_an_exhausted_budget_keeps_the_subject_marked(agents):
    from governance.models import Policy

    policy = Policy.objects.get(active=True)
    policy.rules = {**policy.rules, "budget": {"max_candidates": 0, "max_judge_calls": 0, "max_seconds": 20}}
    policy.save()
    remember(agents[0], "Prefiere informes breves", session="s1", origin="u1", predicate="preference.report_length")
    remember(agents[1], "Pide resúmenes cortos", session="s2", origin="u2", predicate="preference.report_length")
    result = consolidate()
    assert result.stats["budget_exhausted"] is True
    assert Subject.objects.get(external_ref="ana").consolidation_requested_at is not None


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
    a = remember(agents[0], "Le encanta hacer senderismo por la montaña los fines de semana", session="s1",
                 origin="u1", category="user.behavior")
    b = remember(agents[1], "Los fines de semana suele salir a caminar por la sierra", session="s2", origin="u2",
                 category="user.behavior")
    consolidate()
    decision = Decision.objects.get(step="group")
    assert decision.outcome == "UNSURE" and decision.reason == "unproven_paraphrase" and decision.score >= 0.88
    assert CollectiveFact.objects.count() == 0  # neither merged nor promoted separately
    item = ReviewItem.objects.get(kind="promotion")
    assert item.refs == {"a": str(min(a.pk, b.pk)), "b": str(max(a.pk, b.pk))}
    consolidate()  # the same doubt is not filed twice
    assert ReviewItem.objects.filter(kind="promotion").count() == 1


@pytest.mark.django_db(transaction=True)
def test_concurrent_runs_on_one_subject_do_the_work_once(agents):
    corroborate_short_reports(agents)
    subject_id = Subject.objects.get(external_ref="ana").pk
    # Deterministic: while another transaction holds the subject's lock, a run is skipped.
    from memory.services.consolidation import _try_lock

    holding, release = threading.Event(), threading.Event()

    def hold() -> None:
        with transaction.atomic():
            assert _try_lock(subject_id)
            holding.set()
            release.wait(10)
        connection.close()

    holder = threading.Thread(target=hold)
    holder.start()
    holding.wait(10)
    skipped = consolidation_run_subject(subject_id=subject_id)
    release.set()
    holder.join()
    assert skipped.status == "skipped" and CollectiveFact.objects.count() == 0
    assert Subject.objects.get(pk=subject_id).consolidation_requested_at is not None
    # Racing: two runs at once, exactly one current version results.
    results = []

    def race() -> None:
        results.append(consolidation_run_subject(subject_id=subject_id).status)
        connection.close()

    threads = [threading.Thread(target=race) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results) in (["skipped", "succeeded"], ["succeeded", "succeeded"])
    assert CollectiveFact.objects.filter(status="current").count() == 1
    assert CollectiveFact.objects.count() == 1


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


def test_digest_is_bounded_and_rebuilt(agents):
    for i in range(25):
        for j, agent in enumerate(agents[:2]):
            remember(agent, f"Mencionó el proyecto número {i} de la lista", session=f"s{j}-{i}", origin=f"u{j}-{i}",
                     predicate="project.mentioned", value=f"P{i}")
    consolidate()
    digest = Subject.objects.get(external_ref="ana").digest
    assert len(digest.items) <= 20 and len(digest.text) <= 1500
    assert len(current()) == 25


def test_high_impact_changes_go_to_review_instead_of_recency(agents):
    from governance.models import Predicate

    Predicate.objects.filter(key="project.current").update(high_impact=True)
    for i, agent in enumerate(agents[:2]):
        remember(agent, "Trabaja en el proyecto Atlas", session=f"s{i}", origin=f"u{i}",
                 predicate="project.current", value="Atlas")
    consolidate()
    (atlas,) = current()
    for i, agent in enumerate(agents[:2]):
        remember(agent, "Ahora trabaja en el proyecto Borealis", session=f"t{i}", origin=f"v{i}",
                 predicate="project.current", value="Borealis")
    consolidate()
    assert [f.pk for f in current()] == [atlas.pk]  # recency did not decide
    pending = CollectiveFact.objects.get(status="pending_review")
    assert pending.value == "Borealis" and pending.revises_id == atlas.pk
    item = ReviewItem.objects.get(kind="promotion", reason="high_impact_change")
    assert item.refs == {"fact": str(pending.pk), "current": str(atlas.pk)}
    consolidate()  # idempotent while the reviewer decides
    assert CollectiveFact.objects.filter(status="pending_review").count() == 1


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


def test_a_subject_without_facts_consolidates_cleanly(agents):
    memory_record(actor=Actor.for_agent(agents[0]), agent=agents[0], subject_ref="@workspace", kind="event",
                  content="El flujo nocturno falló", session_id="w1")
    result = consolidate("@workspace")
    assert result.status == "succeeded" and result.stats["memories"] == 0
    assert Subject.objects.get(external_ref="@workspace").consolidation_requested_at is None
