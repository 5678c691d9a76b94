"""Records of processing (Art. 30), generated from configuration — never written by hand.

One record per agent: its purposes, the data categories it may write (from the predicate
registry) and receive (policy), its domain and compatible recipients, and the retention in force.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.utils import timezone

from agents_registry.models import Agent
from governance.models import Predicate
from governance.policy import policy_current
from governance.taxonomy import SPECIAL_CATEGORY_ROOTS


def records_of_processing() -> dict[str, Any]:
    policy = policy_current(fresh=True)
    predicates = list(Predicate.objects.order_by("key"))
    records = []
    for agent in Agent.objects.order_by("slug"):
        receives = policy.purpose_receives(agent.purposes)
        records.append({
            "agent": agent.slug, "role": agent.role, "domain": agent.domain, "active": agent.is_active,
            "purposes": agent.purposes,
            "categories_recorded": sorted({p.category for p in predicates}),
            "categories_received": sorted(policy.shareable_categories) if receives else [],
            "recipients": sorted({a.slug for a in Agent.objects.all() if a.pk != agent.pk
                                  and policy.domain_receives(a.domain, [agent.domain])
                                  and policy.purpose_receives(a.purposes)}),
        })
    return {
        "schema": "quorum.records_of_processing/1",
        "generated_at": timezone.now(),
        "policy_version": policy.version,
        "controller_note": "Generated from Quorum's configuration; complete with controller details.",
        "never_shared_categories": list(SPECIAL_CATEGORY_ROOTS),
        "retention": {
            "user_asserted_days_default": settings.QUORUM_USER_ASSERTED_TTL_DAYS,
            "ephemeral_hours": settings.QUORUM_EPHEMERAL_TTL_HOURS,
            "predicates": {p.key: {"category": p.category, "ttl_days": p.ttl_days} for p in predicates},
        },
        "records": records,
    }
