"""Reads of restrictions and objections (Art. 18/21): the active ones of a person, as a small set."""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field

from django.db.models import QuerySet

from config.db import CompiledOnce
from governance.models import Restriction


@dataclass(frozen=True)
class ActiveRestrictions:
    agents: frozenset[str] = field(default_factory=frozenset)
    lineages: frozenset[str] = field(default_factory=frozenset)
    purposes: frozenset[str] = field(default_factory=frozenset)

    def blocks_agent(self, agent_id: object) -> bool:
        return str(agent_id) in self.agents

    def blocks_purpose(self, purpose: str) -> bool:
        return any(purpose == p or purpose.startswith(p + ".") for p in self.purposes)

    def blocks_fact(self, lineage: object) -> bool:
        return str(lineage) in self.lineages

    def blocks_reader(self, *, agent_id: object, purpose: str | None) -> bool:
        return self.blocks_agent(agent_id) or (purpose is not None and self.blocks_purpose(purpose))


def _active(*, subject_id: object) -> QuerySet:
    return Restriction.objects.filter(subject_id=subject_id, lifted_at__isnull=True).values_list("kind", "target")


# Read once by every consolidation run and every recall: the statement built and compiled once a
# process (config.db.CompiledOnce) for a UUID, the queryset's own rows (perf52b).
_ACTIVE = CompiledOnce(_active)


def restrictions_active(*, subject_id: object) -> ActiveRestrictions:
    # Another type (a string id) goes through the queryset, which converts it as it always did.
    rows = _ACTIVE.rows(subject_id=subject_id) if type(subject_id) is uuid.UUID else _active(subject_id=subject_id)
    by_kind: dict[str, set[str]] = {"agent": set(), "fact": set(), "purpose": set()}
    for kind, target in rows:
        by_kind[kind].add(target)
    return ActiveRestrictions(agents=frozenset(by_kind["agent"]), lineages=frozenset(by_kind["fact"]),
                              purposes=frozenset(by_kind["purpose"]))


def restrictions_open(*, subject_id: uuid.UUID, kind: str, target: str) -> QuerySet[Restriction]:
    """The person's restrictions on one target that are not lifted (what a lift request lifts)."""
    return Restriction.objects.filter(subject_id=subject_id, kind=kind, target=target, lifted_at__isnull=True)
