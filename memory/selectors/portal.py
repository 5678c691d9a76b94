"""What Quorum knows about the signed-in person (Art. 15 inspection), for the portal and ``me/facts``.

Per fact version: the statement, validity, corroboration, which agent *roles* contributed (never
their private text), which agent roles may receive it under the policy, who read it (read log),
and its lineage id (the full lineage is available as PROV). Beside the facts: the agents' notes
kept private because their content revealed a special category (which agent, which category,
when — the notes themselves are in the access export).
"""

from __future__ import annotations

from collections import defaultdict
from datetime import datetime
from typing import Any

from agents_registry.models import Agent
from config.errors import NotFoundError
from governance.policy import policy_current
from memory.models import CollectiveFact, Evidence, Memory, ReadLog, Subject
from memory.selectors.collective import fact_versions_as_of


def subject_linked_to(user: Any) -> Subject | None:
    """The person this login belongs to, or None (never linked, or erased)."""
    if not getattr(user, "is_authenticated", False):
        return None
    return Subject.objects.filter(user_id=user.pk).first()


def subject_for_user(user: Any) -> Subject:
    subject = subject_linked_to(user)
    if subject is None:
        raise NotFoundError("No person is linked to this login.")
    return subject


def facts_for_subject_user(*, user: Any, as_of: datetime | None = None, valid_at: datetime | None = None,
                           history: bool = False) -> list[dict[str, Any]]:
    return facts_for_subject(subject=subject_for_user(user), as_of=as_of, valid_at=valid_at, history=history)


def facts_for_subject(*, subject: Subject, as_of: datetime | None = None, valid_at: datetime | None = None,
                      history: bool = False) -> list[dict[str, Any]]:
    if history:
        facts = list(CollectiveFact.objects.filter(subject=subject).select_related("predicate")
                     .order_by("lineage", "recorded_at"))
    else:
        facts = list(fact_versions_as_of(subject_ref=subject.external_ref, as_of=as_of, valid_at=valid_at))
    ids = [f.pk for f in facts]
    contributors: dict[Any, dict[int, dict[str, Any]]] = defaultdict(dict)
    for fact_id, agent_id, counted, session in Evidence.objects.filter(fact_id__in=ids).values_list(
            "fact_id", "agent_id", "counted", "session_id"):
        entry = contributors[fact_id].setdefault(agent_id, {"sessions": set(), "counted": False})
        entry["sessions"].add(session)
        entry["counted"] = entry["counted"] or counted
    readers: dict[Any, list[dict[str, Any]]] = defaultdict(list)
    for fact_id, agent_id, purpose, served_at in ReadLog.objects.filter(fact_id__in=ids).order_by(
            "-served_at").values_list("fact_id", "agent_id", "purpose", "served_at")[:2000]:
        readers[fact_id].append({"agent": agent_id, "purpose": purpose, "at": served_at})
    agents = {a.pk: a for a in Agent.objects.all()}
    policy = policy_current()
    out = []
    for fact in facts:
        out.append({
            "id": str(fact.pk), "lineage": str(fact.lineage), "statement": fact.statement,
            "predicate": fact.predicate.key if fact.predicate else None, "value": fact.value,
            "category": fact.category, "status": fact.status, "valid_from": fact.valid_from,
            "valid_to": fact.valid_to, "recorded_at": fact.recorded_at, "closed_at": fact.closed_at,
            "close_reason": fact.close_reason, "trust": fact.trust, "confidence": fact.confidence,
            "corroboration": {"agents": fact.support_agents, "sessions": fact.support_sessions,
                              "first_seen": fact.first_evidence_at, "last_confirmed": fact.last_confirmed_at},
            "contributors": [{"role": agents[a].role, "domain": agents[a].domain, "sessions": len(e["sessions"]),
                              "counted": e["counted"]} for a, e in contributors[fact.pk].items() if a in agents],
            "may_receive": sorted({f"{a.role} ({a.domain})" for a in agents.values() if a.is_active
                                   and policy.purpose_receives(a.purposes)
                                   and policy.category_shareable(fact.category)[0]
                                   and policy.domain_receives(a.domain, fact.domains)}),
            "read_by": [{"role": agents[r["agent"]].role, "purpose": r["purpose"], "at": r["at"]}
                        for r in readers[fact.pk] if r["agent"] in agents],
        })
    return out


def special_notes_for_subject(*, subject: Subject) -> list[dict[str, Any]]:
    """Every agent's notes about the person whose content revealed a special category, newest first:
    the agent's role and domain, the category and when — never the note's text (one query)."""
    rows = (Memory.objects.filter(subject=subject).exclude(special_category="")
            .order_by("-recorded_at").values_list("pk", "agent__role", "agent__domain", "special_category",
                                                  "recorded_at", "status"))
    return [{"id": str(pk), "role": role, "domain": domain, "special_category": category, "recorded_at": at,
             "status": status} for pk, role, domain, category, at, status in rows]
