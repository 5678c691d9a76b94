"""Access (Art. 15) and portability (Art. 20) exports, generated on request and never stored.

Access: the person's collective facts (with contributors by role, who may receive them and who
read them), every agent's private memories about them (each with the special category its content
revealed, if any: ``special_category``, and the claims resolved from it: ``claims``), the notes kept private for that reason
(``special_category_notes``), purposes, recipients and retention.
Portability: only what the person provided or was observed (asserted by the user, or a system or
tool record); agents' inferences are left out (they stay in the access export).
Schema id ``quorum.access/1`` / ``quorum.portability/1`` (docs/privacy.md).

The memory layer's rows come through its selectors (``memory.selectors.access``, ``.portal``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.utils import timezone
from prov.model import ProvDocument

from agents_registry.models import Agent
from config.errors import NotFoundError
from governance.models import DataSubjectRequest, Predicate
from governance.selectors.requests import request_get_for_user
from memory.selectors.claims import claim_row
from memory.selectors.access import lineages_prov, memories_about, memories_provided_or_observed, reads_about
from memory.selectors.portal import facts_for_subject
from memory.selectors.subjects import subject_get

if TYPE_CHECKING:
    from memory.models import Memory, Subject

MEMORY_FIELDS = ("kind", "content", "value", "reasoning", "category", "trust", "asserted_by", "session_id",
                 "origin_ref", "status", "observed_at", "valid_from", "valid_to", "recorded_at", "expires_at")
# ``special_category``: the special category the content revealed (null if none); such a note was
# kept private to the agent that wrote it and never shared.
INFERRED = "inferred"  # the trust tier of an agent's inference (``Memory.Trust.INFERRED``)
FORMATS = ("json", "prov-json", "prov-o")


def _memory_row(memory: Memory) -> dict[str, Any]:
    row = {"id": str(memory.pk), "predicate": memory.predicate.key if memory.predicate else None}
    row.update({name: getattr(memory, name) for name in MEMORY_FIELDS})
    row["special_category"] = memory.special_category_key
    row["claims"] = [claim_row(claim) for claim in memory.claims.all()]  # explicit and inferred (memory.claims)
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
    memories = memories_about(subject=subject)
    facts = facts_for_subject(subject=subject, history=True)
    agents = {a.pk: a for a in Agent.objects.all()}
    recipients = [{"agent_role": agents[a].role, "agent_domain": agents[a].domain, "fact": str(f), "purpose": p,
                   "at": t} for f, a, p, t in reads_about(subject=subject) if a in agents]
    return {
        "schema": "quorum.access/1",
        "generated_at": timezone.now(),
        "subject": {"reference": subject.external_ref, "kind": subject.kind, "created_at": subject.created_at},
        "collective_facts": facts,
        "private_memories": _by_agent(memories),
        "inferred": [_memory_row(m) for m in memories if m.trust == INFERRED],
        "special_category_notes": [{"id": str(m.pk), "agent_role": m.agent.role, "agent_domain": m.agent.domain,
                                    "special_category": m.special_category, "recorded_at": m.recorded_at}
                                   for m in memories if m.special_category],
        "purposes": sorted({p for m in memories for p in m.agent.purposes}),
        "recipients": recipients,
        "retention": {
            "user_asserted_days_default": settings.QUORUM_USER_ASSERTED_TTL_DAYS,
            "ephemeral_hours": settings.QUORUM_EPHEMERAL_TTL_HOURS,
            "predicates": {p.key: p.ttl_days for p in Predicate.objects.all()},
        },
    }


def portability_export(*, subject: Subject) -> dict[str, Any]:
    memories = memories_provided_or_observed(subject=subject)
    return {"schema": "quorum.portability/1", "generated_at": timezone.now(),
            "subject": {"reference": subject.external_ref}, "provided_or_observed": _by_agent(memories)}


def access_prov(*, subject: Subject) -> ProvDocument:
    """Every fact lineage of the person as one PROV document (ids and labels for private memories)."""
    return lineages_prov(subject=subject)


@dataclass(frozen=True)
class RequestExport:
    """A completed access or portability request's export in one format: a JSON document
    (``data``) or a PROV document (``prov``, serialised by the view)."""

    format: str
    data: dict[str, Any] | None = None
    prov: ProvDocument | None = None


def request_export_for_user(*, user: Any, request_id: str, fmt: str) -> RequestExport:
    """The export of a completed access/portability request the user may read; anything else
    (another person's request, not completed, the person erased) is "not found"."""
    dsr = request_get_for_user(user=user, request_id=request_id)
    if dsr.type not in (DataSubjectRequest.Type.ACCESS, DataSubjectRequest.Type.PORTABILITY) \
            or dsr.status != DataSubjectRequest.Status.COMPLETED:
        raise NotFoundError()
    subject = subject_get(subject_id=dsr.subject_id)
    if subject is None:
        raise NotFoundError()
    if dsr.type == DataSubjectRequest.Type.PORTABILITY:
        if fmt != "json":
            raise NotFoundError("Portability exports are JSON only.")
        return RequestExport(format=fmt, data=portability_export(subject=subject))
    if fmt == "json":
        return RequestExport(format=fmt, data=access_export(subject=subject))
    return RequestExport(format=fmt, prov=access_prov(subject=subject))
