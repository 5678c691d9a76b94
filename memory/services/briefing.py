"""Briefing (DESIGN §6; seed 001): what changed since the caller's last session with a person.

Collective facts promoted, superseded and retracted since then, plus workspace events, statuses
and decisions from other agents — never the caller's own contributions (a fact whose counted
evidence came only from the caller is excluded). Ordered by importance, then recency; bounded.
Served fact versions are written to the read log.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.db.models import Max, Q
from django.utils import timezone

from agents_registry.models import Agent
from governance.policy import policy_current
from memory.models import WORKSPACE_REF, CollectiveFact, Evidence, Memory, ReadLog
from memory.selectors.collective import subject_gate
from memory.selectors.memories import workspace_shared_for
from memory.services.read_log import readlog_record

DEFAULT_LOOKBACK = timedelta(days=30)
CHANGE_BY_STATUS = {
    CollectiveFact.Status.SUPERSEDED: "superseded",
    CollectiveFact.Status.UNSUPPORTED: "retracted",
    CollectiveFact.Status.RECTIFIED: "retracted",
    CollectiveFact.Status.REJECTED: "retracted",
}


@dataclass
class BriefingItem:
    change: str  # promoted | superseded | retracted | event
    text: str
    importance: float
    at: datetime
    id: str
    layer: str
    subject: str
    extra: dict[str, Any]


def last_session_end(*, agent: Agent, subject_ref: str) -> datetime | None:
    """The caller's last activity with this person: its latest memory or read about them."""
    wrote = Memory.objects.filter(agent=agent, subject__external_ref=subject_ref).aggregate(t=Max("recorded_at"))["t"]
    read = ReadLog.objects.filter(agent=agent, subject__external_ref=subject_ref).aggregate(t=Max("served_at"))["t"]
    times = [t for t in (wrote, read) if t is not None]
    return max(times) if times else None


def briefing(*, agent: Agent, subject_ref: str, since: datetime | None = None, limit: int = 20,
             session_id: str = "", now: datetime | None = None) -> tuple[datetime, list[BriefingItem]]:
    now = now or timezone.now()
    since = since or last_session_end(agent=agent, subject_ref=subject_ref) or now - DEFAULT_LOOKBACK
    policy = policy_current()
    gate = subject_gate(subject_ref)
    restrictions, withheld = gate.restrictions, gate.withheld
    if restrictions.blocks_agent(agent.pk):
        return since, []
    facts = list(CollectiveFact.objects.filter(subject__external_ref=subject_ref).filter(
        Q(status=CollectiveFact.Status.CURRENT, recorded_at__gt=since)
        | Q(status__in=list(CHANGE_BY_STATUS), closed_at__gt=since)).select_related("subject"))
    receivable = [f for f in facts if policy.purpose_receives(agent.purposes)
                  and policy.category_shareable(f.category)[0] and policy.domain_receives(agent.domain, f.domains)
                  and not restrictions.blocks_fact(f.lineage) and not withheld.blocks_fact(f.lineage)]
    counted_agents: dict[Any, set[int]] = {}
    for fact_id, agent_id in Evidence.objects.filter(fact__in=receivable, counted=True).values_list("fact_id",
                                                                                                 "agent_id"):
        counted_agents.setdefault(fact_id, set()).add(agent_id)
    items: list[BriefingItem] = []
    served: list[CollectiveFact] = []
    for fact in receivable:
        if counted_agents.get(fact.pk, set()) <= {agent.pk}:
            continue  # the caller's own contribution (or no counted evidence left)
        change = "promoted" if fact.status == CollectiveFact.Status.CURRENT else CHANGE_BY_STATUS[fact.status]
        at = fact.recorded_at if change == "promoted" else fact.closed_at
        items.append(BriefingItem(change=change, text=fact.statement, importance=fact.importance, at=at,
                                  id=str(fact.pk), layer="collective", subject=subject_ref,
                                  extra={"status": fact.status, "valid_from": fact.valid_from,
                                         "corroboration": {"agents": fact.support_agents,
                                                           "lineages": fact.support_lineages,
                                                           "sessions": fact.support_sessions}}))
        served.append(fact)
    workspace = (workspace_shared_for(agent=agent).filter(recorded_at__gt=since)
                 .exclude(trust=Memory.Trust.EPHEMERAL)
                 .order_by("-importance", "-recorded_at").defer("embedding")[:limit])
    for memory in workspace:
        items.append(BriefingItem(change="event", text=memory.content, importance=memory.importance,
                                  at=memory.recorded_at, id=str(memory.pk), layer="workspace",
                                  subject=WORKSPACE_REF, extra={"kind": memory.kind}))
    items.sort(key=lambda i: (-i.importance, -i.at.timestamp()))
    items = items[:limit]
    chosen_ids = {i.id for i in items}
    readlog_record(agent=agent, facts=[f for f in served if str(f.pk) in chosen_ids], session_id=session_id,
                   purpose="briefing")
    return since, items
