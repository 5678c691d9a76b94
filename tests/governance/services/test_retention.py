"""Retention: TTL expiry re-evaluates evidence; read logs and run traces expire."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from config.actors import Actor
from governance.models import AuditEvent
from governance.services.retention import retention_sweep
from memory.models import CollectiveFact, ConsolidationRun, Decision, Memory, ReadLog, Subject
from memory.consolidation.run import CONSOLIDATOR, consolidation_run_subject
from memory.services.memories import memory_record
from memory.services.read_log import readlog_record

pytestmark = pytest.mark.django_db


def test_sweep_expires_memories_and_old_traces(make_agent, settings):
    agents = [make_agent(f"ret{i}")[0] for i in range(2)]
    for i, agent in enumerate(agents):
        memory_record(actor=Actor.for_agent(agent), agent=agent, subject_ref="ana", kind="fact",
                      content="Prefiere reuniones por la mañana", predicate="preference.meeting_time",
                      value="morning", asserted_by="user", session_id=f"s{i}", origin_ref=f"u{i}")
    subject = Subject.objects.get(external_ref="ana")
    consolidation_run_subject(actor=CONSOLIDATOR, subject_id=subject.pk)
    fact = CollectiveFact.objects.get(status="current")
    readlog_record(agent=agents[0], facts=[fact], session_id="r")
    ReadLog.objects.update(served_at=timezone.now() - timedelta(days=200))
    ConsolidationRun.objects.update(started_at=timezone.now() - timedelta(days=100))
    Memory.objects.filter(agent=agents[1]).update(expires_at=timezone.now() - timedelta(minutes=1))
    counts = retention_sweep(actor=Actor.system("retention"))
    assert counts["memories_expired"] == 1 and counts["read_logs_deleted"] == 1
    assert counts["runs_deleted"] >= 1 and not Decision.objects.exists()
    assert AuditEvent.objects.filter(action="retention.swept").exists()
    assert Subject.objects.get(pk=subject.pk).consolidation_requested_at is not None
    consolidation_run_subject(actor=CONSOLIDATOR, subject_id=subject.pk)  # step 7: support fell
    fact.refresh_from_db()
    assert fact.status == "unsupported"
