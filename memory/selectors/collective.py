"""Reads of the collective layer, filtered by what the calling agent may receive.

Receiving rule (API.md "Default policy"): the agent's purposes must include a receiving purpose
(``essential.service`` or a child), the fact's category must be shareable, a fact whose counted
evidence comes from agents of a single domain is receivable only by that domain and the domains
compatible with it, and the person's restrictions and objections (agent, fact, purpose) apply.
"""

from __future__ import annotations

from datetime import datetime

from django.db.models import Q, QuerySet

from agents_registry.models import Agent
from governance.policy import SharingPolicy, policy_current
from governance.services.restrictions import ActiveRestrictions, restrictions_active
from memory.models import CollectiveFact, Subject

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


def restrictions_for_ref(subject_ref: str) -> ActiveRestrictions:
    """The person's active restrictions and objections (none for an unknown reference)."""
    subject_id = Subject.objects.filter(external_ref=subject_ref).values_list("pk", flat=True).first()
    return restrictions_active(subject_id=subject_id) if subject_id else ActiveRestrictions()


def collective_facts_for_agent(*, agent: Agent, subject_ref: str, as_of: datetime | None = None,
                               valid_at: datetime | None = None, purpose: str | None = None) -> list[CollectiveFact]:
    policy = policy_current()
    restrictions = restrictions_for_ref(subject_ref)
    if restrictions.blocks_reader(agent_id=agent.pk, purpose=purpose):
        return []
    return [fact for fact in fact_versions_as_of(subject_ref=subject_ref, as_of=as_of, valid_at=valid_at)
            if agent_may_receive(agent, fact, policy) and not restrictions.blocks_fact(fact.lineage)]
