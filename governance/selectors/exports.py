"""Access (Art. 15) and portability (Art. 20) exports, generated on request and never stored.

Access: the person's collective facts (with contributors by role, who may receive them and who
read them), every agent's private memories about them, purposes, recipients and retention.
Portability: only what the person provided or was observed (asserted by the user, or a system or
tool record); agents' inferences are left out (they stay in the access export).
Schema id ``quorum.access/1`` / ``quorum.portability/1`` (docs/privacy.md).
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.utils import timezone
from prov.model import ProvDocument

from agents_registry.models import Agent
from governance.models import Predicate
from memory.models import CollectiveFact, Memory, ReadLog, Subject
from memory.provenance import fact_lineage_document
from memory.selectors.portal import facts_for_subject

MEMORY_FIELDS = ("kind", "content", "value", "reasoning", "category", "trust", "asserted_by", "session_id",
                 "origin_ref", "status", "observed_at", "valid_from", "valid_to", "recorded_at", "expires_at")


def _memory_row(memory: Memory) -> dict[str, Any]:
    row = {"id": str(memory.pk), "predicate": memory.predicate.key if memory.predicate else None}
    row.update({name: getattr(memory, name) for name in MEMORY_FIELDS})
    return row


def _by_agent(memories: list[Memory]) -> list[dict[str, Any]]:
    agents: dict[int, dict[str, Any]] = {}
    for memory in memories:
        entry = agents.setdefault(memory.agent_id, {
            "agent": {"slug": memory.agent.slug, "role": memory.agent.role, "domain": memory.agent.domain,
                      "purposes": memory.agent.purposes}, "memories": []})
        entry["memories"].append(_memory_row(memory))
    return list(agents.values())


def access_export(*, subject: Subject) -> dict[str, Any]:
    memories = list(Memory.objects.filter(subject=subject).select_related("agent", "predicate")
                    .defer("embedding", "content_tsv").order_by("recorded_at"))
    facts = facts_for_subject(subject=subject, history=True)
    agents = {a.pk: a for a in Agent.objects.all()}
    recipients = [{"agent_role": agents[a].role, "agent_domain": agents[a].domain, "fact": str(f), "purpose": p,
                   "at": t} for f, a, p, t in ReadLog.objects.filter(subject=subject).order_by("served_at")
                  .values_list("fact_id", "agent_id", "purpose", "served_at") if a in agents]
    return {
        "schema": "quorum.access/1",
        "generated_at": timezone.now(),
        "subject": {"reference": subject.external_ref, "kind": subject.kind, "created_at": subject.created_at},
        "collective_facts": facts,
        "private_memories": _by_agent(memories),
        "inferred": [_memory_row(m) for m in memories if m.trust == Memory.Trust.INFERRED],
        "purposes": sorted({p for m in memories for p in m.agent.purposes}),
        "recipients": recipients,
        "retention": {
            "user_asserted_days_default": settings.QUORUM_USER_ASSERTED_TTL_DAYS,
            "ephemeral_hours": settings.QUORUM_EPHEMERAL_TTL_HOURS,
            "predicates": {p.key: p.ttl_days for p in Predicate.objects.all()},
        },
    }


def portability_export(*, subject: Subject) -> dict[str, Any]:
    memories = list(Memory.objects.filter(subject=subject).exclude(trust=Memory.Trust.INFERRED)
                    .exclude(asserted_by=Memory.AssertedBy.AGENT).select_related("agent", "predicate")
                    .defer("embedding", "content_tsv").order_by("recorded_at"))
    return {"schema": "quorum.portability/1", "generated_at": timezone.now(),
            "subject": {"reference": subject.external_ref}, "provided_or_observed": _by_agent(memories)}


def access_prov(*, subject: Subject) -> ProvDocument:
    """Every fact lineage of the person as one PROV document (ids and labels for private memories)."""
    document = ProvDocument()
    seen: set[Any] = set()
    for fact in CollectiveFact.objects.filter(subject=subject).order_by("recorded_at"):
        if fact.lineage in seen:
            continue
        seen.add(fact.lineage)
        document.update(fact_lineage_document(fact))
    return document
