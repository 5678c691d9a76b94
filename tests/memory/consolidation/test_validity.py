"""Step 5 (memory/consolidation/validity.py): promote, refresh, supersede, review — never rewrite."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from governance.models import AuditEvent, Predicate, ReviewItem
from memory.consolidation.corroborate import corroborate
from memory.consolidation.gate import gate
from memory.consolidation.validity import fact_close, resolve
from memory.models import CollectiveFact, Evidence
from memory.selectors.collective import fact_versions_as_of
from tests.memory.consolidation.support import consolidate, current, remember

pytestmark = pytest.mark.django_db


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


def test_high_impact_changes_go_to_review_instead_of_recency(agents):
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


def _passed(grouped):  # noqa: ANN001, ANN202
    """Steps 1–4 as the run does them (no echoes in these scenarios)."""
    ctx, clusters, existing = grouped()
    for cluster in clusters:
        corroborate(ctx, cluster, {})
        gate(ctx, cluster, set())
    return ctx, clusters, existing


def test_resolve_inserts_a_new_version_with_its_evidence_and_audit(agents, grouped):
    rows = [remember(agent, "Prefiere informes breves", session=f"s{i}", origin=f"u{i}",
                     predicate="preference.report_length", value="short") for i, agent in enumerate(agents[:2])]
    ctx, clusters, existing = _passed(grouped)
    resolve(ctx, clusters, existing)
    (fact,) = CollectiveFact.objects.all()
    assert (fact.status, fact.statement, fact.support_roots, fact.run_id) == (
        "current", "Preferred report length: short", 2, ctx.run.pk)
    assert set(Evidence.objects.filter(fact=fact).values_list("memory_id", flat=True)) == {r.pk for r in rows}
    assert ctx.keep_ids == {fact.pk} and ctx.stats["promoted"] == 1
    (decision,) = [d for d in ctx.decisions if d.step == "validity"]
    assert (decision.outcome, decision.reason, decision.inputs) == (
        "promoted", "new_fact", {"fact": str(fact.pk), "revises": None})
    event = AuditEvent.objects.get(action="fact.recorded", object_id=str(fact.pk))
    assert event.data == {"status": "current", "revises": None, "roots": 2, "run": str(ctx.run.pk)}


def test_resolve_refreshes_a_matched_version_without_rewriting_it(agents, grouped):
    for i, agent in enumerate(agents[:2]):
        remember(agent, "Prefiere informes breves", session=f"s{i}", origin=f"u{i}",
                 predicate="preference.report_length", value="short")
    consolidate()
    (fact,) = current()
    remember(agents[2], "Prefiere informes breves", session="s2", origin="u2",
             predicate="preference.report_length", value="short")
    ctx, clusters, existing = _passed(grouped)
    resolve(ctx, clusters, existing)
    refreshed = CollectiveFact.objects.get()
    assert refreshed.pk == fact.pk and refreshed.statement == fact.statement and refreshed.valid_from == fact.valid_from
    assert (refreshed.support_agents, refreshed.support_roots) == (3, 3)
    assert ctx.stats["confirmed"] == 1 and "promoted" not in ctx.stats
    assert [d for d in ctx.decisions if d.step == "validity"] == []


def test_of_two_values_for_a_single_key_only_the_most_recent_is_promoted(agents, grouped):
    long_ago = timezone.now() - timedelta(days=30)
    for i, agent in enumerate(agents[:2]):
        remember(agent, "Prefiere informes extensos", session=f"s{i}", origin=f"u{i}",
                 predicate="preference.report_length", value="long", valid_from=long_ago)
    for i, agent in enumerate(agents[2:]):
        remember(agent, "Prefiere informes breves", session=f"t{i}", origin=f"v{i}",
                 predicate="preference.report_length", value="short")
    ctx, clusters, existing = _passed(grouped)
    assert sorted(c.value for c in clusters if c.corroborated) == ["long", "short"]
    resolve(ctx, clusters, existing)
    assert [f.value for f in current()] == ["short"]
    assert sorted((d.outcome, d.reason) for d in ctx.decisions if d.step == "validity") == [
        ("older_value", "newer_value_exists"), ("promoted", "new_fact")]


def test_the_persons_own_value_outranks_agents(agents, grouped):
    for i, agent in enumerate(agents[:2]):
        remember(agent, "Prefiere informes breves", session=f"s{i}", origin=f"u{i}",
                 predicate="preference.report_length", value="short")
    consolidate()
    (fact,) = current()
    CollectiveFact.objects.filter(pk=fact.pk).update(subject_asserted=True)
    for i, agent in enumerate(agents[2:]):
        remember(agent, "Prefiere informes extensos", session=f"t{i}", origin=f"v{i}",
                 predicate="preference.report_length", value="long")
    ctx, clusters, existing = _passed(grouped)
    resolve(ctx, clusters, existing)
    assert [f.pk for f in current()] == [fact.pk] and CollectiveFact.objects.count() == 1
    assert fact.pk in ctx.keep_ids
    assert ("kept_subject_value", "subject_asserted_outranks") in {
        (d.outcome, d.reason) for d in ctx.decisions if d.step == "validity"}


def test_fact_close_sets_the_status_and_audits_but_keeps_the_value(agents, grouped):
    for i, agent in enumerate(agents[:2]):
        remember(agent, "Prefiere informes breves", session=f"s{i}", origin=f"u{i}",
                 predicate="preference.report_length", value="short")
    consolidate()
    (fact,) = current()
    ctx, _, _ = grouped()
    fact_close(ctx, fact, "superseded", reason="newer_value", valid_to=timezone.now())
    fact.refresh_from_db()
    assert (fact.status, fact.close_reason, fact.value) == ("superseded", "newer_value", "short")
    assert fact.closed_at is not None and fact.valid_to is not None
    event = AuditEvent.objects.get(action="fact.superseded")
    assert event.data == {"reason": "newer_value", "run": str(ctx.run.pk)}
