"""Reads of the collective layer, filtered by what the calling agent may receive.

Receiving rule (API.md "Default policy"): the agent's purposes must include a receiving purpose
(``essential.service`` or a child), the fact's category must be shareable, every domain among the
fact's counted evidence must be the reader's domain or compatible with it (``work``↔``support``;
``health`` with none — a work+support fact never reaches a health agent), and the person's restrictions and objections (agent, fact, purpose) apply.
A pending erasure withholds its scope at once (``memory.selectors.withheld``).
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime

from django.db.models import Q, QuerySet

from agents_registry.models import Agent
from governance.policy import SharingPolicy, policy_current
from governance.selectors.restrictions import ActiveRestrictions, restrictions_active
from memory.models import CollectiveFact, ReadLog, Subject
from memory.selectors.withheld import NOTHING_WITHHELD, Withheld, withheld_for_subject

SERVED_STATUSES = (CollectiveFact.Status.CURRENT, CollectiveFact.Status.SUPERSEDED,
                   CollectiveFact.Status.UNSUPPORTED, CollectiveFact.Status.RECTIFIED)


def fact_versions_as_of(*, subject_ref: str, as_of: datetime | None = None,
                        valid_at: datetime | None = None) -> QuerySet[CollectiveFact]:
    """Versions believed at system time ``as_of`` (default: now → current) holding at world time ``valid_at``."""
    queryset = CollectiveFact.objects.filter(subject__external_ref=subject_ref).select_related("predicate")
    if as_of is None:
        queryset = queryset.filter(status=CollectiveFact.Status.CURRENT)
    else:
        queryset = queryset.filter(status__in=SERVED_STATUSES, recorded_at__lte=as_of).filter(
            Q(closed_at__isnull=True) | Q(closed_at__gt=as_of))
    if valid_at is not None:
        queryset = queryset.filter(valid_from__lte=valid_at).filter(Q(valid_to__isnull=True) | Q(valid_to__gt=valid_at))
    return queryset.order_by("-importance", "-recorded_at")


def agent_may_receive(agent: Agent, fact: CollectiveFact, policy: SharingPolicy) -> bool:
    if not policy.purpose_receives(agent.purposes):
        return False
    if not policy.category_shareable(fact.category)[0]:
        return False
    return policy.domain_receives(agent.domain, fact.domains)


@dataclass(frozen=True)
class SubjectGate:
    """What stops a read about one person: restrictions/objections and pending erasures."""

    restrictions: ActiveRestrictions
    withheld: Withheld


def subject_gate(subject_ref: str) -> SubjectGate:
    """The person's gate: one subject lookup and two indexed queries (none for an unknown reference)."""
    subject_id = Subject.objects.filter(external_ref=subject_ref).values_list("pk", flat=True).first()
    if subject_id is None:
        return SubjectGate(ActiveRestrictions(), NOTHING_WITHHELD)
    return SubjectGate(restrictions_active(subject_id=subject_id), withheld_for_subject(subject_id))


def collective_facts_for_agent(*, agent: Agent, subject_ref: str, as_of: datetime | None = None,
                               valid_at: datetime | None = None, purpose: str | None = None) -> list[CollectiveFact]:
    policy = policy_current()
    gate = subject_gate(subject_ref)
    if gate.restrictions.blocks_reader(agent_id=agent.pk, purpose=purpose) or gate.withheld.everything:
        return []
    return [fact for fact in fact_versions_as_of(subject_ref=subject_ref, as_of=as_of, valid_at=valid_at)
            if agent_may_receive(agent, fact, policy) and not gate.restrictions.blocks_fact(fact.lineage)
            and not gate.withheld.blocks_fact(fact.lineage)]


def fact_lineage(*, fact_id: uuid.UUID | None) -> uuid.UUID | None:
    """The lineage of a fact version (what a fact restriction targets), or None if there is none."""
    if fact_id is None:
        return None
    return CollectiveFact.objects.filter(pk=fact_id).values_list("lineage", flat=True).first()


def lineage_recipients_count(*, lineage: uuid.UUID) -> int:
    """How many agents were served a version of the lineage (Art. 19: whom a correction concerns)."""
    return ReadLog.objects.filter(lineage=lineage).values("agent_id").distinct().count()
