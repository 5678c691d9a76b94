"""Step 7 (memory/consolidation/dependence.py): versions whose support fell close as unsupported."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from config.actors import Actor
from governance.models import AuditEvent
from memory.consolidation.dependence import close_unsupported
from memory.models import CollectiveFact, Memory
from memory.services.memories import memory_expire_due
from tests.memory.consolidation.support import consolidate, current, remember

pytestmark = pytest.mark.django_db


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


def _promoted(agents):  # noqa: ANN001, ANN202
    for i, agent in enumerate(agents[:2]):
        remember(agent, "Prefiere informes breves", session=f"s{i}", origin=f"u{i}",
                 predicate="preference.report_length", value="short")
    consolidate()
    (fact,) = current()
    return fact


def test_close_unsupported_closes_what_step_5_did_not_keep(agents, grouped):
    fact = _promoted(agents)
    ctx, _, existing = grouped()
    close_unsupported(ctx, existing)
    fact.refresh_from_db()
    assert (fact.status, fact.close_reason) == ("unsupported", "support_fell")
    assert ctx.stats["unsupported"] == 1
    assert [(d.step, d.outcome, d.reason, d.inputs) for d in ctx.decisions if d.step == "depend"] == [
        ("depend", "unsupported", "support_below_policy", {"fact": str(fact.pk)})]
    assert AuditEvent.objects.get(action="fact.unsupported").data == {"reason": "support_fell",
                                                                       "run": str(ctx.run.pk)}


def test_close_unsupported_leaves_kept_and_already_closed_versions(agents, grouped):
    fact = _promoted(agents)
    ctx, _, existing = grouped()
    ctx.keep_ids.add(fact.pk)
    close_unsupported(ctx, existing)
    assert CollectiveFact.objects.get(pk=fact.pk).status == "current"
    CollectiveFact.objects.filter(pk=fact.pk).update(status="superseded")  # closed by someone else meanwhile
    ctx.keep_ids.clear()
    close_unsupported(ctx, existing)
    assert CollectiveFact.objects.get(pk=fact.pk).status == "superseded"
    assert "unsupported" not in ctx.stats and not [d for d in ctx.decisions if d.step == "depend"]
