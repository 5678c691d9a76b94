"""``memory.selectors.access``, ``.subjects`` and the fact lookups of ``.collective``: what governance's
rights code reads of the memory layer, on real rows (two agents corroborate a fact; one reads it)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from config.actors import Actor
from memory.models import CollectiveFact, ConsolidationRun, Decision, ReadLog, Subject
from memory.selectors.access import lineages_prov, memories_about, memories_provided_or_observed, reads_about
from memory.selectors.collective import fact_lineage, lineage_recipients_count
from memory.selectors.subjects import subject_get, subject_get_by_ref, subject_login
from memory.consolidation.run import CONSOLIDATOR, consolidation_run_subject
from memory.services.memories import memory_record
from memory.services.read_log import readlog_record
from memory.services.retention import memory_traces_expire

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(make_agent):
    # The shared note is one the special-category detector leaves alone: its n-gram stage reads
    # "Su palabra favorita es …" as ethnicity (a known false positive, docs/privacy.md).
    agents = [make_agent(f"access-{i}")[0] for i in range(3)]
    for i, agent in enumerate(agents[:2]):
        memory_record(actor=Actor.for_agent(agent), agent=agent, subject_ref="ana", kind="fact",
                      content="Su color favorito es el verde oliva", session_id=f"s{i}", origin_ref=f"u{i}",
                      key="favourite_colour", category="user.behavior", asserted_by="user")
    memory_record(actor=Actor.for_agent(agents[0]), agent=agents[0], subject_ref="ana", kind="event",
                  content="Parece preferir las mañanas", session_id="s9", trust="inferred")
    memory_record(actor=Actor.for_agent(agents[0]), agent=agents[0], subject_ref="bea", kind="event",
                  content="Another person entirely", session_id="s9")
    ana = Subject.objects.get(external_ref="ana")
    consolidation_run_subject(actor=CONSOLIDATOR, subject_id=ana.pk)
    fact = CollectiveFact.objects.get(subject=ana, status="current", key="favourite_colour")
    return ana, agents, fact


def test_memories_about_the_person_and_what_portability_keeps(world):
    ana, _, _ = world
    about = memories_about(subject=ana)
    assert [m.subject_id for m in about] == [ana.pk] * 3
    assert [m.recorded_at for m in about] == sorted(m.recorded_at for m in about)
    provided = memories_provided_or_observed(subject=ana)
    assert {m.trust for m in provided} == {"user_asserted"} and len(provided) == 2  # no inference, no agent claim


def test_reads_recipients_and_lineages(world):
    ana, agents, fact = world
    assert reads_about(subject=ana) == [] and lineage_recipients_count(lineage=fact.lineage) == 0
    for agent in (agents[2], agents[2], agents[1]):
        readlog_record(agent=agent, facts=[fact], purpose="essential.service")
    reads = reads_about(subject=ana)
    assert [(f, a, p) for f, a, p, _ in reads] == [(fact.pk, agents[2].pk, "essential.service")] * 2 + [
        (fact.pk, agents[1].pk, "essential.service")]
    assert lineage_recipients_count(lineage=fact.lineage) == 2  # distinct agents
    assert fact_lineage(fact_id=fact.pk) == fact.lineage and fact_lineage(fact_id=None) is None
    document = lineages_prov(subject=ana)
    assert str(fact.lineage) in document.serialize(format="json")


def test_subject_lookups(world):
    ana, _, _ = world
    assert subject_get(subject_id=ana.pk) == ana == subject_get_by_ref(external_ref="ana")
    assert subject_get_by_ref(external_ref="nobody") is None
    assert subject_login(subject_id=ana.pk) == {"user_id": None, "external_ref": "ana"}


def test_traces_expire_drops_only_what_is_past_its_retention(world, settings):
    ana, agents, fact = world
    readlog_record(agent=agents[2], facts=[fact])
    now = timezone.now()
    runs, decisions = ConsolidationRun.objects.count(), Decision.objects.count()
    assert runs and decisions
    assert memory_traces_expire(now=now) == {"read_logs_deleted": 0, "runs_deleted": 0, "decisions_deleted": 0}
    later = now + timedelta(days=max(settings.QUORUM_READLOG_RETENTION_DAYS, settings.QUORUM_RUN_RETENTION_DAYS) + 1)
    counts = memory_traces_expire(now=later)
    assert counts == {"read_logs_deleted": 1, "runs_deleted": runs, "decisions_deleted": decisions}
    assert not ReadLog.objects.exists() and not ConsolidationRun.objects.exists()
