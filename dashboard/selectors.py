"""Reads for the dashboard pages, each scoped to the signed-in user.

Nothing here returns an agent's private memory text: reviewers and people see roles, dates,
counts, structured values and collective statements only (DESIGN §7, §9).
"""

from __future__ import annotations

import json
import uuid
from collections import Counter, defaultdict
from datetime import datetime, timedelta
from typing import Any

import numpy as np
from django.db.models import QuerySet
from django.http import Http404
from django.utils import timezone

from agents_registry.models import Agent
from governance.models import AuditEvent, DataSubjectRequest, Restriction, ReviewItem, TrustConflict
from memory.models import CollectiveFact, ConsolidationRun, Evidence, Memory, ReadLog, Subject

ECHO_DISCOUNTS = {Evidence.Discount.ECHO_READ_LOG, Evidence.Discount.ECHO_TIMING, Evidence.Discount.DERIVED_FROM}


def _short(value: Any, limit: int = 80) -> str:
    """A structured value for display: JSON, cut with an explicit ellipsis (never silently)."""
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return text if len(text) <= limit else text[: limit - 1] + "…"


# ---------------------------------------------------------------------------------- the person


def person_requests(*, user: Any) -> QuerySet[DataSubjectRequest]:
    """The requests this login filed (they outlive an erasure of the person)."""
    return DataSubjectRequest.objects.filter(requested_by=f"user:{user.pk}").select_related("receipt") \
        .order_by("-created_at")


def person_request_get(*, user: Any, request_id: str) -> DataSubjectRequest:
    from config.ids import parse_uuid

    pk = parse_uuid(request_id)
    request = person_requests(user=user).filter(pk=pk).first() if pk else None
    if request is None:
        raise Http404
    return request


def person_restrictions(*, subject: Subject) -> dict[str, Any]:
    """Active restrictions, by kind, with agent targets resolved to their slugs."""
    active = list(Restriction.objects.filter(subject_id=subject.pk, lifted_at__isnull=True))
    agents = {str(a.pk): a for a in Agent.objects.filter(pk__in=[r.target for r in active if r.kind == "agent"
                                                               and r.target.isdigit()])}
    return {
        "facts": {r.target for r in active if r.kind == "fact"},
        "agents": {agents[r.target].slug for r in active if r.kind == "agent" and r.target in agents},
        "purposes": {r.target for r in active if r.kind == "purpose"},
    }


def person_agents(*, subject: Subject) -> list[Agent]:
    """Agents that hold a private space about the person (the ones a restriction can name)."""
    return list(Agent.objects.filter(spaces__subject=subject).distinct().order_by("role", "slug"))


def fact_timeline(*, subject: Subject, lineage: str) -> list[dict[str, Any]]:
    """The provenance timeline of one fact: versions, evidence (roles and dates) and reads, oldest first."""
    try:
        lineage_id = uuid.UUID(str(lineage))
    except ValueError:
        raise Http404 from None
    versions = list(CollectiveFact.objects.filter(subject=subject, lineage=lineage_id).order_by("recorded_at"))
    if not versions:
        raise Http404
    agents = {a.pk: a for a in Agent.objects.all()}
    events: list[dict[str, Any]] = []
    for version in versions:
        events.append({"at": version.recorded_at, "what": "version", "status": version.status,
                       "statement": version.statement, "valid_from": version.valid_from,
                       "valid_to": version.valid_to})
        if version.closed_at:
            events.append({"at": version.closed_at, "what": "closed", "status": version.status,
                           "reason": version.close_reason})
    for ev in Evidence.objects.filter(fact__in=versions).order_by("created_at"):
        agent = agents.get(ev.agent_id)
        events.append({"at": ev.created_at, "what": "evidence", "role": agent.role if agent else "?",
                       "counted": ev.counted, "reason": ev.discount_reason, "trust": ev.trust})
    for read in ReadLog.objects.filter(lineage=lineage_id).order_by("served_at")[:200]:
        agent = agents.get(read.agent_id)
        events.append({"at": read.served_at, "what": "read", "role": agent.role if agent else "?",
                       "purpose": read.purpose})
    return sorted(events, key=lambda e: e["at"])


# ---------------------------------------------------------------------------------- reviewers


def _memory_card(memory: Memory | None, agents: dict[int, Agent]) -> dict[str, Any] | None:
    if memory is None:
        return None
    agent = agents.get(memory.agent_id)
    return {"role": agent.role if agent else "?", "domain": agent.domain if agent else "?",
            "kind": memory.kind, "trust": memory.trust, "asserted_by": memory.asserted_by,
            "predicate": memory.predicate.key if memory.predicate else (memory.key or "—"),
            "value": _short(memory.value) if memory.value is not None else "—",
            "recorded_at": memory.recorded_at, "status": memory.status, "has_origin": bool(memory.origin_ref),
            "redactions": memory.redaction_count, "quarantine_rule": memory.quarantine_rule}


def _fact_card(fact: CollectiveFact | None) -> dict[str, Any] | None:
    if fact is None:
        return None
    evidence = list(fact.evidence.all())
    return {"statement": fact.statement, "value": _short(fact.value) if fact.value is not None else "—",
            "status": fact.status, "trust": fact.trust, "confidence": fact.confidence,
            "agents": fact.support_agents, "sessions": fact.support_sessions,
            "first_seen": fact.first_evidence_at, "last_confirmed": fact.last_confirmed_at,
            "valid_from": fact.valid_from, "evidence": evidence}


def _similarity(a: Memory | None, b: Memory | None) -> float | None:
    if a is None or b is None or a.embedding is None or b.embedding is None:
        return None
    va, vb = np.asarray(a.embedding, dtype=np.float32), np.asarray(b.embedding, dtype=np.float32)
    denom = float(np.linalg.norm(va) * np.linalg.norm(vb))
    return round(float(va @ vb) / denom, 3) if denom else None


def review_item_summary(item: ReviewItem) -> dict[str, Any]:
    """What a reviewer needs to decide, without any agent's private text."""
    refs = item.refs or {}
    agents = {a.pk: a for a in Agent.objects.all()}
    ids = [refs.get(k) for k in ("a", "b", "kept", "challenger", "memory") if refs.get(k)]
    memories = {str(m.pk): m for m in Memory.objects.filter(pk__in=ids).select_related("predicate")}
    summary: dict[str, Any] = {"item": item, "kind": item.kind, "reason": item.reason}
    if item.kind == ReviewItem.Kind.PROMOTION and "fact" in refs:
        facts = {str(f.pk): f for f in CollectiveFact.objects.filter(pk__in=[refs["fact"], refs.get("current")])
                 .prefetch_related("evidence")}
        new, current = _fact_card(facts.get(refs["fact"])), _fact_card(facts.get(refs.get("current")))
        if new:
            roles = Counter(agents[e.agent_id].role for e in new["evidence"] if e.agent_id in agents and e.counted)
            new["roles"] = sorted(roles.items())
        summary.update(layout="change", new=new, current=current)
    elif item.kind == ReviewItem.Kind.PROMOTION:
        a, b = memories.get(refs.get("a", "")), memories.get(refs.get("b", ""))
        summary.update(layout="pair", left=_memory_card(a, agents), right=_memory_card(b, agents),
                       similarity=_similarity(a, b),
                       same_session=bool(a and b and a.session_id == b.session_id))
    elif item.kind == ReviewItem.Kind.TRUST_CONFLICT:
        summary.update(layout="conflict", left=_memory_card(memories.get(refs.get("kept", "")), agents),
                       right=_memory_card(memories.get(refs.get("challenger", "")), agents))
    else:
        summary.update(layout="quarantine", left=_memory_card(memories.get(refs.get("memory", "")), agents))
    subject = Subject.objects.filter(pk=item.subject_id).only("external_ref").first()
    summary["subject_ref"] = subject.external_ref if subject else "—"
    return summary


# ---------------------------------------------------------------------------------- operators


def _run_row(run: ConsolidationRun) -> dict[str, Any]:
    stats = run.stats or {}
    used, budget = run.used or {}, run.budget or {}
    # The share of the run's budget spent: the largest of its three dimensions.
    shares = [100 * used[name] / budget[limit] for name, limit in
              (("seconds", "max_seconds"), ("candidates", "max_candidates"), ("judge_calls", "max_judge_calls"))
              if isinstance(used.get(name), (int, float)) and budget.get(limit)]
    budget_pct = max(shares) if shares else None
    return {"run": run, "subject": run.subject.external_ref if run.subject else "—",
            "duration": (run.finished_at - run.started_at).total_seconds() if run.finished_at else None,
            "budget_pct": budget_pct, "promoted": stats.get("promoted", 0),
            "rejected": sum(v for k, v in stats.items() if k.startswith("gate_") and isinstance(v, int)),
            "review": stats.get("review", 0),
            "echo": sum(v for k, v in stats.items() if k.startswith("discount_")
                        and k.removeprefix("discount_") in ECHO_DISCOUNTS and isinstance(v, int)),
            "superseded": stats.get("superseded", 0)}


def ops_runs(*, limit: int = 30) -> list[dict[str, Any]]:
    runs = ConsolidationRun.objects.select_related("subject").order_by("-started_at")[:limit]
    return [_run_row(run) for run in runs]


def ops_run_series(*, days: int = 14, now: datetime | None = None) -> list[dict[str, Any]]:
    """Per day: runs, promotions, rejections, review items, echo discounts (for the bar chart)."""
    now = now or timezone.now()
    start = (now - timedelta(days=days - 1)).replace(hour=0, minute=0, second=0, microsecond=0)
    buckets: dict[str, dict[str, int]] = {
        (start + timedelta(days=i)).date().isoformat(): defaultdict(int) for i in range(days)}
    for run in ConsolidationRun.objects.filter(started_at__gte=start).only("started_at", "stats", "used", "budget"):
        row, day = _run_row(run), run.started_at.date().isoformat()
        if day in buckets:
            buckets[day]["runs"] += 1
            for key in ("promoted", "rejected", "review", "echo"):
                buckets[day][key] += row[key]
    series = [{"day": day, **{k: values.get(k, 0) for k in ("runs", "promoted", "rejected", "review", "echo")}}
              for day, values in buckets.items()]
    peak = max((s["promoted"] + s["rejected"] + s["review"] + s["echo"] for s in series), default=0) or 1
    for s in series:
        s["total"] = s["promoted"] + s["rejected"] + s["review"] + s["echo"]
        # Stacked bar geometry for a 120-px-high SVG (heights in px, stacked from the bottom).
        y = 120.0
        for key in ("promoted", "rejected", "review", "echo"):
            height = 110.0 * s[key] / peak
            y -= height
            s[f"{key}_h"], s[f"{key}_y"] = round(height, 1), round(y, 1)
    return series


def ops_requests(*, limit: int = 50) -> list[dict[str, Any]]:
    now = timezone.now()
    open_first = DataSubjectRequest.objects.order_by("status" , "deadline")
    rows = []
    for req in list(open_first.exclude(status__in=["completed", "rejected"])[:limit]) + \
            list(DataSubjectRequest.objects.filter(status__in=["completed", "rejected"]).order_by("-completed_at")[:10]):
        rows.append({"request": req, "overdue": req.status not in ("completed", "rejected") and req.deadline < now,
                     "days_left": (req.deadline - now).days})
    return rows


def ops_retention_sweeps(*, limit: int = 10) -> list[AuditEvent]:
    return list(AuditEvent.objects.filter(action="retention.swept").order_by("-occurred_at")[:limit])


def ops_counts() -> dict[str, int]:
    return {
        "people": Subject.objects.filter(kind=Subject.Kind.PERSON).count(),
        "facts_current": CollectiveFact.objects.filter(status=CollectiveFact.Status.CURRENT).count(),
        "reviews_open": ReviewItem.objects.filter(status=ReviewItem.Status.OPEN).count(),
        "conflicts_open": TrustConflict.objects.filter(status=TrustConflict.Status.OPEN).count(),
        "requests_open": DataSubjectRequest.objects.exclude(status__in=["completed", "rejected"]).count(),
        "agents_active": Agent.objects.filter(is_active=True).count(),
    }


def ops_agents() -> list[dict[str, Any]]:
    agents = Agent.objects.order_by("slug").prefetch_related("credentials")
    out = []
    for agent in agents:
        creds = list(agent.credentials.all())
        active = [c for c in creds if c.revoked_at is None]
        out.append({"agent": agent, "keys_active": len(active), "keys_total": len(creds),
                    "prefixes": [c.prefix for c in active],
                    "last_used": max((c.last_used_at for c in creds if c.last_used_at), default=None)})
    return out
