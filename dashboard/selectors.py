"""Reads for the dashboard pages, each scoped to the signed-in user.

Nothing here returns an agent's private memory text: reviewers and people see roles, dates,
counts, structured values and collective statements only (DESIGN §7, §9).
"""

from __future__ import annotations

import json
import uuid
from collections import Counter, defaultdict
from datetime import datetime, timedelta
from datetime import timezone as dt_timezone
from typing import Any

import numpy as np
from django.db import connection
from django.db.models import Count
from django.db.models.functions import TruncDate
from django.utils import timezone

from agents_registry.models import Agent
from config.errors import NotFoundError
from governance.models import AuditEvent, DataSubjectRequest, Restriction, ReviewItem, TrustConflict
from memory.models import CollectiveFact, ConsolidationRun, Evidence, Memory, ReadLog, Subject

ECHO_DISCOUNTS = {Evidence.Discount.ECHO_READ_LOG, Evidence.Discount.ECHO_TIMING, Evidence.Discount.DERIVED_FROM,
                  Evidence.Discount.ECHO_SERVED, Evidence.Discount.ECHO_SUMMARY}
# One lineage writing the same claim about one person in this many sessions is flagged (ops overview).
LINEAGE_REPEAT_SESSIONS = 3
LINEAGE_REPEAT_WINDOW = timedelta(days=90)


def _short(value: Any, limit: int = 80) -> str:
    """A structured value for display: JSON, cut with an explicit ellipsis (never silently)."""
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return text if len(text) <= limit else text[: limit - 1] + "…"


# ---------------------------------------------------------------------------------- the person


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
        raise NotFoundError() from None
    versions = list(CollectiveFact.objects.filter(subject=subject, lineage=lineage_id).order_by("recorded_at"))
    if not versions:
        raise NotFoundError()
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


MEMORY_REFS = ("a", "b", "kept", "challenger", "memory")
FACT_REFS = ("fact", "current")


def review_item_summaries(items: list[ReviewItem]) -> list[dict[str, Any]]:
    """What a reviewer needs to decide each item, without any agent's private text. The agents,
    memories, facts and people the items refer to are loaded once for the whole page."""
    refs_of = [item.refs or {} for item in items]
    agents = {a.pk: a for a in Agent.objects.all()}
    memories = {str(m.pk): m for m in Memory.objects.filter(
        pk__in=[r[k] for r in refs_of for k in MEMORY_REFS if r.get(k)]).select_related("predicate")}
    facts = {str(f.pk): f for f in CollectiveFact.objects.filter(
        pk__in=[r[k] for r in refs_of for k in FACT_REFS if r.get(k)]).prefetch_related("evidence")}
    subjects = dict(Subject.objects.filter(pk__in={item.subject_id for item in items})
                    .values_list("pk", "external_ref"))
    summaries = []
    for item, refs in zip(items, refs_of, strict=True):
        summary: dict[str, Any] = {"item": item, "kind": item.kind, "reason": item.reason,
                                   "subject_ref": subjects.get(item.subject_id, "—")}
        if item.kind == ReviewItem.Kind.PROMOTION and "fact" in refs:
            new, current = _fact_card(facts.get(refs["fact"])), _fact_card(facts.get(refs.get("current", "")))
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
        summaries.append(summary)
    return summaries


# ---------------------------------------------------------------------------------- operators


OUTCOMES = ("promoted", "rejected", "review", "echo")
ECHO_STAT_KEYS = tuple(f"discount_{reason}" for reason in ECHO_DISCOUNTS)


def _outcomes(stats: dict[str, Any]) -> dict[str, int]:
    """A run's (or a day's summed) statistics as the four outcomes the overview shows."""
    numbers = {k: v for k, v in stats.items() if isinstance(v, (int, float)) and not isinstance(v, bool)}
    return {"promoted": int(numbers.get("promoted", 0)),
            "rejected": int(sum(v for k, v in numbers.items() if k.startswith("gate_"))),
            "review": int(numbers.get("review", 0)),
            "echo": int(sum(numbers.get(k, 0) for k in ECHO_STAT_KEYS))}


def _run_row(run: ConsolidationRun) -> dict[str, Any]:
    used, budget = run.used or {}, run.budget or {}
    # The share of the run's budget spent: the largest of its three dimensions.
    shares = [100 * used[name] / budget[limit] for name, limit in
              (("seconds", "max_seconds"), ("candidates", "max_candidates"), ("judge_calls", "max_judge_calls"))
              if isinstance(used.get(name), (int, float)) and budget.get(limit)]
    return {"run": run, "subject": run.subject.external_ref if run.subject else "—",
            "duration": (run.finished_at - run.started_at).total_seconds() if run.finished_at else None,
            "budget_pct": max(shares) if shares else None, **_outcomes(run.stats or {})}


def ops_runs(*, limit: int = 30) -> list[dict[str, Any]]:
    runs = ConsolidationRun.objects.select_related("subject").order_by("-started_at")[:limit]
    return [_run_row(run) for run in runs]


# Per UTC day, the sum of every numeric statistic the outcomes are made of — summed by the
# database, so the overview never loads the runs themselves (there may be thousands a day).
_DAILY_STATS_SQL = f"""
SELECT (r.started_at AT TIME ZONE 'UTC')::date AS day, s.key, sum(s.value::text::numeric)
FROM {ConsolidationRun._meta.db_table} r, jsonb_each(r.stats) s
WHERE r.started_at >= %(start)s AND jsonb_typeof(s.value) = 'number'
  AND (s.key IN ('promoted', 'review') OR s.key LIKE 'gate\\_%%' OR s.key = ANY(%(echo)s))
GROUP BY 1, 2
"""


def ops_run_series(*, days: int = 14, now: datetime | None = None) -> list[dict[str, Any]]:
    """Per day: runs, promotions, rejections, review items, echo discounts (for the bar chart)."""
    now = now or timezone.now()
    start = (now - timedelta(days=days - 1)).replace(hour=0, minute=0, second=0, microsecond=0)
    day_keys = [(start + timedelta(days=i)).date() for i in range(days)]
    runs = dict(ConsolidationRun.objects.filter(started_at__gte=start)
                .annotate(day=TruncDate("started_at", tzinfo=dt_timezone.utc)).values("day")
                .annotate(n=Count("pk")).values_list("day", "n"))
    sums: dict[Any, dict[str, float]] = defaultdict(dict)
    with connection.cursor() as cursor:
        cursor.execute(_DAILY_STATS_SQL, {"start": start, "echo": list(ECHO_STAT_KEYS)})
        for day, key, total in cursor.fetchall():
            sums[day][key] = float(total)
    series = [{"day": day.isoformat(), "runs": runs.get(day, 0), **_outcomes(sums.get(day, {}))} for day in day_keys]
    peak = max((sum(s[k] for k in OUTCOMES) for s in series), default=0) or 1
    for s in series:
        s["total"] = sum(s[k] for k in OUTCOMES)
        # Stacked bar geometry for a 120-px-high SVG (heights in px, stacked from the bottom).
        y = 120.0
        for key in OUTCOMES:
            height = 110.0 * s[key] / peak
            y -= height
            s[f"{key}_h"], s[f"{key}_y"] = round(height, 1), round(y, 1)
    return series


def ops_requests(*, open_limit: int = 50, closed_limit: int = 10) -> list[dict[str, Any]]:
    """Open requests by deadline (the overdue first), then the latest closed ones."""
    now = timezone.now()
    closed = [DataSubjectRequest.Status.COMPLETED, DataSubjectRequest.Status.REJECTED]
    open_requests = DataSubjectRequest.objects.exclude(status__in=closed).order_by("deadline")[:open_limit]
    latest_closed = DataSubjectRequest.objects.filter(status__in=closed).order_by("-completed_at")[:closed_limit]
    return [{"request": req, "overdue": req.status not in closed and req.deadline < now,
             "days_left": (req.deadline - now).days} for req in [*open_requests, *latest_closed]]


def ops_failed_requests(*, limit: int = 50) -> list[dict[str, Any]]:
    """Requests that gave up after their bounded attempts: what failed and where (store names only)."""
    failed = DataSubjectRequest.objects.filter(status=DataSubjectRequest.Status.FAILED).order_by("deadline")[:limit]
    return [{"request": req, "where": list(req.result.get("residue", {}).get("where", [])),
             "exception": str(req.result.get("exception", "")), "overdue": req.deadline < timezone.now()}
            for req in failed]


def ops_retention_sweeps(*, limit: int = 10) -> list[AuditEvent]:
    return list(AuditEvent.objects.filter(action="retention.swept").order_by("-occurred_at")[:limit])


def ops_counts() -> dict[str, int]:
    return {
        "people": Subject.objects.filter(kind=Subject.Kind.PERSON).count(),
        "facts_current": CollectiveFact.objects.filter(status=CollectiveFact.Status.CURRENT).count(),
        "reviews_open": ReviewItem.objects.filter(status=ReviewItem.Status.OPEN).count(),
        "conflicts_open": TrustConflict.objects.filter(status=TrustConflict.Status.OPEN).count(),
        "requests_open": DataSubjectRequest.objects.exclude(status__in=["completed", "rejected"]).count(),
        "requests_failed": DataSubjectRequest.objects.filter(status=DataSubjectRequest.Status.FAILED).count(),
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


def ops_lineage_repeats(*, min_sessions: int = LINEAGE_REPEAT_SESSIONS, limit: int = 20,
                        now: datetime | None = None) -> list[dict[str, Any]]:
    """Lineages that wrote the same claim (one fact key) about one person in ``min_sessions`` or more
    sessions within the window: a warning sign (one source repeating itself, or sock puppets), since
    such a lineage counts once however often it writes. Counts, registry keys and slugs only: a
    free upsert key an agent chose is not shown (it may carry personal text)."""
    since = (now or timezone.now()) - LINEAGE_REPEAT_WINDOW
    rows = (Memory.objects.filter(kind=Memory.Kind.FACT, recorded_at__gte=since).exclude(key="")
            .values("agent__lineage", "subject_id", "key", "predicate_id")
            .annotate(sessions=Count("session_id", distinct=True), agents=Count("agent_id", distinct=True))
            .filter(sessions__gte=min_sessions))
    flags: dict[tuple[str, str], dict[str, Any]] = {}
    for row in rows:
        shown = row["key"] if row["predicate_id"] else ""
        flag = flags.setdefault((row["agent__lineage"], shown), {
            "lineage": row["agent__lineage"], "key": shown, "people": 0, "sessions": 0, "agents": 0})
        flag["people"] += 1
        flag["sessions"] = max(flag["sessions"], row["sessions"])
        flag["agents"] = max(flag["agents"], row["agents"])
    out = sorted(flags.values(), key=lambda f: (-f["sessions"], -f["people"], f["lineage"], f["key"]))[:limit]
    slugs: dict[str, list[str]] = defaultdict(list)
    for lineage, slug in Agent.objects.filter(lineage__in={f["lineage"] for f in out}).order_by("slug") \
            .values_list("lineage", "slug"):
        slugs[lineage].append(slug)
    for flag in out:
        flag["agent_slugs"] = slugs[flag["lineage"]]
    return out
