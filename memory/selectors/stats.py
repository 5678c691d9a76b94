"""``GET stats``: what one agent holds and may receive about one subject, as counts."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count

from agents_registry.models import Agent
from memory.selectors.collective import collective_facts_for_agent
from memory.selectors.memories import memory_list_for_agent


@dataclass(frozen=True)
class AgentStats:
    memories: dict[str, dict[str, int]]  # kind → status → count, the caller's own (withheld left out)
    collective_facts: int  # facts about the subject the caller may receive now


def stats_for_agent(*, agent: Agent, subject_ref: str) -> AgentStats:
    counts: dict[str, dict[str, int]] = {}
    rows = (memory_list_for_agent(agent=agent, subject_ref=subject_ref).order_by()
            .values("kind", "status").annotate(n=Count("id")))
    for row in rows:
        counts.setdefault(row["kind"], {})[row["status"]] = row["n"]
    facts = collective_facts_for_agent(agent=agent, subject_ref=subject_ref)
    return AgentStats(memories=counts, collective_facts=len(facts))
