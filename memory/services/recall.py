"""Recall (DESIGN §6): what an agent receives each turn — bounded, dated, degradable.

Merges the caller's own private memories with the current collective facts it may receive (the
request's purpose must be one of the agent's; the policy's category, purpose and domain rules),
ranks by relevance × confidence × recency (relevance: the hybrid, embedder-calibrated, time-aware
rule of ``memory.retrieval.fusion``; recency from ``observed_at``), and deduplicates: a private memory that is evidence
of a returned collective fact appears once, as the collective item (``also_private``). Other
agents' private text never appears: collective items carry the fact's minimal statement only.

The collective part runs under a time budget (``QUORUM_RECALL_COLLECTIVE_BUDGET_MS``, 300 ms) as
both lock and statement timeouts inside a savepoint; if it fails or is too slow, recall answers
with the private results and ``degraded: true`` — never an error. With the database unreachable
altogether, recall answers no items and ``degraded: true`` (``config.db.degrade_on_outage``).
Served collective versions are written to the read log (anti-echo, "who read it").
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import psycopg
from django.conf import settings
from django.db import DatabaseError, connection, transaction
from django.utils import timezone

from agents_registry.models import Agent
from config.db import degrade_on_outage
from governance.policy import policy_current
from governance.selectors.conflicts import trust_conflicts_open_among
from governance.selectors.restrictions import ActiveRestrictions
from memory.embedding import get_embedder
from memory.errors import PurposeNotGranted, QueryTooLong
from memory.models import WORKSPACE_REF, CollectiveFact, Evidence, Memory
from memory.retrieval import calibration, fusion
from memory.retrieval.fusion import recency_factor
from memory.retrieval.lexical import QUERY_WORDS_CTE, query_words
from memory.retrieval.temporal import TimeWindow, parse_time_reference
from memory.scrubbing import scrub
from memory.selectors.collective import subject_gate
from memory.selectors.memories import workspace_shared_for
from memory.selectors.withheld import Withheld
from memory.services.read_log import readlog_record
from memory.services.search import (
    MAX_QUERY_CHARS,
    embed_query,
    search_own,
    touch_served,
)
from memory.trust import RANK

logger = logging.getLogger(__name__)


@dataclass
class RecallItem:
    layer: str  # "private" | "collective" | "workspace"
    id: str
    text: str
    kind: str
    trust: str
    relevance: float
    confidence: float
    recency: float
    recorded_at: datetime
    valid_from: datetime | None = None
    valid_to: datetime | None = None
    last_confirmed: datetime | None = None
    observed_at: datetime | None = None
    conflict: str | None = None
    corroboration: dict[str, Any] | None = None
    also_private: bool = False
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def score(self) -> float:
        return self.relevance * self.confidence * self.recency


@dataclass
class RecallResult:
    items: list[RecallItem]
    degraded: bool
    omitted: int
    generated_at: datetime


def purpose_granted(agent: Agent, purpose: str) -> bool:
    return any(purpose == p or purpose.startswith(p + ".") for p in agent.purposes)


# The collective candidates: current facts about the subject with, over the fact's embedded
# evidence, the best cosine similarity to the query and the share of query words found
# (full-text, as for private rows); ordered by calibrated cosine + lexical share. A fact with no
# embedded evidence (a person's own correction) has no cosine: it counts as moderately relevant.
_COLLECTIVE_SQL = f"""
WITH {QUERY_WORDS_CTE.strip()},
f AS (
    SELECT f.id, f.importance, f.recorded_at,
           max(1 - (m.embedding <=> %(q)s::vector)) FILTER (WHERE %(q)s::text IS NOT NULL) AS cosine,
           COALESCE((SELECT count(*) FROM qw WHERE EXISTS (
               SELECT 1 FROM memory_evidence e2 JOIN memory_memory m2 ON m2.id = e2.memory_id
               WHERE e2.fact_id = f.id AND m2.content_tsv @@ qw.q))::float8
               / NULLIF((SELECT count(*) FROM qw), 0), 0) AS lexical
    FROM memory_collectivefact f
    JOIN memory_subject s ON s.id = f.subject_id
    LEFT JOIN memory_evidence e ON e.fact_id = f.id
    LEFT JOIN memory_memory m ON m.id = e.memory_id AND m.embedding IS NOT NULL
    WHERE s.external_ref = %(subject)s AND f.status = 'current'
    GROUP BY f.id
)
SELECT r.id, r.cosine, r.lexical FROM f AS r
ORDER BY ({fusion.VECTOR_SQL}) + %(w_lex)s * r.lexical DESC, r.importance DESC, r.recorded_at DESC
LIMIT %(k)s
"""


@degrade_on_outage(lambda **_: RecallResult(items=[], degraded=True, omitted=0, generated_at=timezone.now()))
def recall(*, agent: Agent, subject_ref: str, query: str, purpose: str, session_id: str = "",
           max_items: int = 10, max_chars: int = 1200, min_trust: str | None = None,
           now: datetime | None = None) -> RecallResult:
    if not purpose_granted(agent, purpose):
        raise PurposeNotGranted(extra={"purpose": scrub(purpose[:100]).text})  # echoed, never a secret
    if len(query) > MAX_QUERY_CHARS:
        raise QueryTooLong(extra={"max_chars": MAX_QUERY_CHARS})
    now = now or timezone.now()
    gate = subject_gate(subject_ref)
    restrictions, withheld = gate.restrictions, gate.withheld
    if restrictions.blocks_reader(agent_id=agent.pk, purpose=purpose) or withheld.everything:
        # The person paused this agent, objected to this purpose, or is being erased (from
        # verification on): nothing about them is served.
        return RecallResult(items=[], degraded=False, omitted=0, generated_at=now)
    trusts = [t for t, r in RANK.items() if min_trust is None or r >= RANK[min_trust]]
    vector, degraded = embed_query(query) if query.strip() else (None, False)
    candidates = max(max_items * 3, 20)
    window = parse_time_reference(query, now) if query.strip() else None

    private_hits = search_own(agent=agent, subject_ref=subject_ref, query=query or " ", vector=vector,
                              limit=candidates, trusts=[str(t) for t in trusts], now=now,
                              withheld=withheld, window=window, with_recency=True) if query.strip() else []
    items: dict[str, RecallItem] = {}
    conflicts = _conflicts([h.memory for h in private_hits])
    for hit in private_hits:
        m = hit.memory
        items[str(m.pk)] = RecallItem(
            layer="private", id=str(m.pk), text=m.content, kind=m.kind, trust=m.trust, relevance=hit.similarity,
            confidence=hit.confidence, recency=hit.recency, recorded_at=m.recorded_at,
            valid_from=m.valid_from, valid_to=m.valid_to, last_confirmed=m.last_confirmed_at,
            observed_at=m.observed_at, conflict=conflicts.get(m.pk))

    collective_degraded = False
    facts: list[tuple[CollectiveFact, float]] = []
    try:
        facts = _collective(agent=agent, subject_ref=subject_ref, vector=vector, query=query, window=window,
                            purpose=purpose, min_trust=min_trust, k=candidates, restrictions=restrictions,
                            withheld=withheld)
    except (DatabaseError, psycopg.Error):
        collective_degraded = True
        logger.warning("recall: collective layer unavailable or slow; serving private results only")
    if facts:
        own_evidence = set(Evidence.objects.filter(fact__in=[f for f, _ in facts], agent=agent)
                           .values_list("fact_id", "memory_id"))
        for fact, relevance in facts:
            mine = {str(mem) for fid, mem in own_evidence if fid == fact.pk}
            for memory_id in mine:
                items.pop(memory_id, None)  # shown once, as the collective item
            items[str(fact.pk)] = RecallItem(
                layer="collective", id=str(fact.pk), text=fact.statement, kind="fact", trust=fact.trust,
                relevance=relevance, confidence=fact.confidence, recency=recency_factor(fact.last_confirmed_at, now),
                recorded_at=fact.recorded_at, valid_from=fact.valid_from, valid_to=fact.valid_to,
                last_confirmed=fact.last_confirmed_at, also_private=bool(mine),
                corroboration={"agents": fact.support_agents, "lineages": fact.support_lineages,
                               "sessions": fact.support_sessions,
                               "first_seen": fact.first_evidence_at, "last_confirmed": fact.last_confirmed_at})
    if subject_ref == WORKSPACE_REF and query.strip():
        for item in _workspace_shared(agent=agent, vector=vector, k=candidates, now=now, trusts=trusts,
                                      window=window):
            items.setdefault(item.id, item)

    ranked = sorted(items.values(), key=lambda i: i.score, reverse=True)
    chosen: list[RecallItem] = []
    used = 0
    for item in ranked:
        if len(chosen) >= max_items:
            break
        if used + len(item.text) > max_chars:
            continue  # never truncate an item; a shorter one may still fit
        chosen.append(item)
        used += len(item.text)
    served_facts = [f for f, _ in facts if any(i.id == str(f.pk) for i in chosen)]
    if served_facts:
        readlog_record(agent=agent, facts=served_facts, session_id=session_id, purpose=purpose)
    touch_served(hits=[h.memory for h in private_hits if any(i.id == str(h.memory.pk) for i in chosen)], now=now)
    return RecallResult(items=chosen, degraded=degraded or collective_degraded,
                        omitted=len(ranked) - len(chosen), generated_at=now)


def _collective(*, agent: Agent, subject_ref: str, vector: str | None, query: str, window: TimeWindow | None,
                purpose: str, min_trust: str | None, k: int, restrictions: ActiveRestrictions,
                withheld: Withheld) -> list[tuple[CollectiveFact, float]]:
    budget_ms = int(getattr(settings, "QUORUM_RECALL_COLLECTIVE_BUDGET_MS", 300))
    policy = policy_current()
    if not policy.purpose_receives([purpose]):
        return []
    with transaction.atomic():
        connection.ensure_connection()
        with psycopg.Cursor(connection.connection) as cursor:
            cursor.execute("SELECT set_config('lock_timeout', %(t)s, true), set_config('statement_timeout', %(t)s, true)",
                           {"t": f"{budget_ms}ms"})
            cursor.execute(_COLLECTIVE_SQL, collective_params(subject_ref=subject_ref, query=query, vector=vector,
                                                              window=window, k=k))
            rows = cursor.fetchall()
        by_id = CollectiveFact.objects.select_related("predicate").in_bulk([r[0] for r in rows])
    cal = _calibration(vector)
    result = []
    for fact_id, cosine, lexical in rows:
        fact = by_id.get(fact_id)
        if fact is None:
            continue
        relevance = fusion.relevance(vector=None if cosine is None else cal.relevance(float(cosine)),
                                     lexical=float(lexical), time=fusion.time_match(fact.valid_from, window),
                                     window=window)
        if not policy.category_shareable(fact.category)[0] or not policy.domain_receives(agent.domain, fact.domains):
            continue
        if min_trust is not None and RANK.get(fact.trust, 0) < RANK[min_trust]:
            continue
        if restrictions.blocks_fact(fact.lineage) or withheld.blocks_fact(fact.lineage):
            continue
        result.append((fact, relevance))
    return result


def collective_params(*, subject_ref: str, query: str, vector: str | None, window: TimeWindow | None,
                      k: int) -> dict[str, object]:
    """The parameters of :data:`_COLLECTIVE_SQL` (the benchmarks run the same statement)."""
    cal = _calibration(vector)
    return {"q": vector, "subject": subject_ref, "k": k, "words": query_words(query), "c_centre": cal.centre,
            "c_spread": cal.spread, "z_mid": calibration.Z_MID, "z_scale": calibration.Z_SCALE,
            **fusion.sql_params(window)}


def _calibration(vector: str | None) -> calibration.Calibration:
    if vector is None:  # no cosine to calibrate
        return calibration.Calibration("none", *calibration.FALLBACK)
    return calibration.calibration_for(get_embedder())


def _conflicts(memories: list[Memory]) -> dict[Any, str]:
    ids = [m.pk for m in memories]
    if not ids:
        return {}
    found: dict[Any, str] = {}
    wanted = set(ids)
    for kept, challenger in trust_conflicts_open_among(ids):
        if kept in wanted:
            found[kept] = str(challenger)
        if challenger in wanted:
            found[challenger] = str(kept)
    return found


def _workspace_shared(*, agent: Agent, vector: str | None, k: int, now: datetime, trusts: list[str],
                      window: TimeWindow | None) -> list[RecallItem]:
    """Other agents' workspace events, statuses and decisions: shared without corroboration."""
    queryset = workspace_shared_for(agent=agent).filter(trust__in=trusts)
    if vector is not None:
        from pgvector.django import CosineDistance

        queryset = queryset.exclude(embedding__isnull=True).annotate(
            distance=CosineDistance("embedding", [float(x) for x in vector.strip("[]").split(",")])
        ).order_by("distance")
    else:
        queryset = queryset.order_by("-recorded_at")
    cal = _calibration(vector)
    items = []
    for m in queryset[:k]:
        vector_relevance = cal.relevance(1 - float(m.distance)) if vector is not None else None
        when = m.observed_at
        relevance = fusion.relevance(vector=vector_relevance, lexical=0.0, window=window,
                                     time=max(fusion.time_match(when, window), fusion.time_match(m.valid_from, window)))
        items.append(RecallItem(layer="workspace", id=str(m.pk), text=m.content, kind=m.kind, trust=m.trust,
                                relevance=relevance, confidence=m.base_confidence,
                                recency=recency_factor(fusion.memory_date(
                                    observed_at=m.observed_at, recorded_at=m.recorded_at,
                                    last_confirmed_at=m.last_confirmed_at), now),
                                recorded_at=m.recorded_at, observed_at=m.observed_at))
    return items
