"""Recall (DESIGN §6): what an agent receives each turn — bounded, dated, degradable.

Merges the caller's own private memories with the current collective facts it may receive (the
request's purpose must be one of the agent's; the policy's category, purpose and domain rules),
ranks by relevance × confidence × recency (relevance: the hybrid, embedder-calibrated, time-aware
rule of ``memory.retrieval.fusion``; recency from ``observed_at``), and deduplicates: a private memory that is evidence
of a returned collective fact appears once, as the collective item (``also_private``). Other
agents' private text never appears: collective items carry the fact's minimal statement only.

Both layers' candidates, with every row the answer shows, and the person's gate (restrictions,
objections, pending erasures) and the active policy's stamp, come from one statement
(``memory.services.recall_statement``): a restriction, erasure or policy change committed before it
is seen by this very recall, in every process. It runs under the collective time budget
(``QUORUM_RECALL_COLLECTIVE_BUDGET_MS``, 300 ms) as both lock and statement timeouts inside a
savepoint; if it fails or is too slow, the private part runs again on its own and recall answers
with the private results and ``degraded: true`` — never an error. With the database unreachable
altogether, recall answers no items and ``degraded: true`` (``config.db.degrade_on_outage``).
Served collective versions are written to the read log (anti-echo, "who read it") and served
memories' decay clocks restarted, in one more statement, committed before the response.
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
from governance.policy import SharingPolicy, policy_current
from governance.selectors.restrictions import ActiveRestrictions
from memory.embedding import get_embedder
from memory.errors import PurposeNotGranted, QueryTooLong
from memory.models import WORKSPACE_REF
from memory.retrieval import calibration, fusion
from memory.retrieval.fusion import recency_factor
from memory.retrieval.lexical import query_words
from memory.retrieval.temporal import TimeWindow, parse_time_reference
from memory.scrubbing import scrub
from memory.selectors.memories import workspace_shared_for
from memory.selectors.withheld import NOTHING_WITHHELD, Withheld, withheld_for_subject
from memory.services import recall_cache
from memory.services.read_log import readlog_record_served
from memory.services.recall_statement import (
    PRIVATE_SQL,
    RECALL_SQL,
    FactRow,
    GateRow,
    PrivateRow,
    execute_prepared,
    split_rows,
)
from memory.services.search import (
    ACCESS_STAMP_RESOLUTION,
    MAX_QUERY_CHARS,
    embed_query,
    search_params,
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


@degrade_on_outage(lambda **_: RecallResult(items=[], degraded=True, omitted=0, generated_at=timezone.now()))
def recall(*, agent: Agent, subject_ref: str, query: str, purpose: str, session_id: str = "",
           max_items: int = 10, max_chars: int = 1200, min_trust: str | None = None,
           now: datetime | None = None) -> RecallResult:
    if not purpose_granted(agent, purpose):
        raise PurposeNotGranted(extra={"purpose": scrub(purpose[:100]).text})  # echoed, never a secret
    if len(query) > MAX_QUERY_CHARS:
        raise QueryTooLong(extra={"max_chars": MAX_QUERY_CHARS})
    cache_key = None
    if now is None and subject_ref != WORKSPACE_REF and recall_cache.usable_here():
        cache_key = recall_cache.key_for(agent=agent, subject_ref=subject_ref, query=query, purpose=purpose,
                                         session_id=session_id, max_items=max_items, max_chars=max_chars,
                                         min_trust=min_trust)
        hit = recall_cache.serve(cache_key, agent=agent, query=query, session_id=session_id, purpose=purpose,
                                 now=timezone.now())
        if hit is not None:
            return hit  # type: ignore[return-value]
    now = now or timezone.now()
    trusts = [t for t, r in RANK.items() if min_trust is None or r >= RANK[min_trust]]
    vector, degraded = embed_query(query) if query.strip() else (None, False)
    candidates = max(max_items * 3, 20)
    window = parse_time_reference(query, now) if query.strip() else None
    policy = _POLICY.policy
    ask = {"agent": agent, "subject_ref": subject_ref, "query": query, "vector": vector, "k": candidates,
           "trusts": [str(t) for t in trusts], "now": now, "window": window}
    collective = policy.purpose_receives([purpose])
    private_rows, fact_rows, gate_row, collective_degraded = _candidates(**ask, collective=collective)
    if gate_row.policy_stamp != _POLICY.stamp:
        # The active policy changed since this process last read it (or it never did): read it
        # again; if the purpose's collective answer changed with it, ask again with the right one.
        policy = _POLICY.refresh(gate_row.policy_stamp)
        if policy.purpose_receives([purpose]) != collective:
            private_rows, fact_rows, gate_row, collective_degraded = _candidates(
                **ask, collective=not collective)
    restrictions = gate_row.restrictions
    # A pending erasure is resolved to rows as before (its scopes may name facts and agents);
    # with none pending — nearly always — nothing more is read.
    withheld = withheld_for_subject(gate_row.subject_id) if gate_row.pending_erasures else NOTHING_WITHHELD
    if restrictions.blocks_reader(agent_id=agent.pk, purpose=purpose) or withheld.everything:
        # The person paused this agent, objected to this purpose, or is being erased (from
        # verification on): nothing about them is served.
        return RecallResult(items=[], degraded=False, omitted=0, generated_at=now)

    items: dict[str, RecallItem] = {}
    served_private: dict[str, PrivateRow] = {}
    if query.strip() and agent.pk not in withheld.agent_ids:
        for row in private_rows:
            if withheld.blocks_memory(agent_id=agent.pk, memory_id=row.id):
                continue
            served_private[str(row.id)] = row
            items[str(row.id)] = RecallItem(
                layer="private", id=str(row.id), text=row.text, kind=row.kind, trust=row.trust,
                relevance=row.relevance, confidence=row.confidence, recency=row.recency,
                recorded_at=row.recorded_at, valid_from=row.valid_from, valid_to=row.valid_to,
                last_confirmed=row.last_confirmed_at, observed_at=row.observed_at,
                conflict=None if row.conflict is None else str(row.conflict))
    facts = _receivable(fact_rows, agent=agent, vector=vector, window=window, min_trust=min_trust,
                        restrictions=restrictions, withheld=withheld, policy=policy)
    for fact, relevance in facts:
        mine = {str(memory_id) for memory_id in fact.own_evidence}
        for memory_id in mine:
            items.pop(memory_id, None)  # shown once, as the collective item
        items[str(fact.id)] = RecallItem(
            layer="collective", id=str(fact.id), text=fact.statement, kind="fact", trust=fact.trust,
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
    chosen_ids = {i.id for i in chosen}
    served_facts = [(f.id, f.lineage, f.subject_id) for f, _ in facts if str(f.id) in chosen_ids]
    touched = [row.id for key, row in served_private.items()
               if key in chosen_ids and now - row.last_accessed_at >= ACCESS_STAMP_RESOLUTION]
    readlog_record_served(agent=agent, facts=served_facts, session_id=session_id, purpose=purpose,
                          touch_memory_ids=touched, touched_at=now)
    result = RecallResult(items=chosen, degraded=degraded or collective_degraded,
                          omitted=len(ranked) - len(chosen), generated_at=now)
    if cache_key is not None and not result.degraded and not gate_row.pending_erasures:
        recall_cache.store(cache_key, result=result, subject_id=gate_row.subject_id, snapshot=gate_row.snapshot,
                           window=window, served_facts=served_facts,
                           accessed=[row.last_accessed_at for key, row in served_private.items() if key in chosen_ids])
    return result


def _candidates(*, agent: Agent, subject_ref: str, query: str, vector: str | None, k: int, trusts: list[str],
                now: datetime, window: TimeWindow | None,
                collective: bool) -> tuple[list[PrivateRow], list[FactRow], GateRow, bool]:
    """Both layers' candidates in one statement; the collective part under its time budget.

    The whole statement runs with the budget as lock and statement timeouts (in a savepoint); if it
    fails or overruns, the private part runs again on its own, without the budget, and the answer
    is ``degraded``. When the purpose receives nothing collective, only the private part runs."""
    params = search_params(agent_pk=agent.pk, subject_ref=subject_ref, query=query if query.strip() else " ",
                           vector=vector, limit=k, now=now, trusts=trusts, window=window, with_recency=True)
    connection.ensure_connection()
    if collective:
        budget_ms = int(getattr(settings, "QUORUM_RECALL_COLLECTIVE_BUDGET_MS", 300))
        try:
            with transaction.atomic():
                raw = connection.connection
                # One round trip for the transaction's start, the budget and the statement
                # (psycopg's pipeline mode; the commit is the second).
                with psycopg.Cursor(raw) as budget, psycopg.RawCursor(raw) as cursor:
                    with raw.pipeline():
                        # A generic plan for the prepared statement: no planning per call (same rows).
                        budget.execute("SELECT set_config('lock_timeout', %(t)s, true), "
                                       "set_config('statement_timeout', %(t)s, true), "
                                       "set_config('plan_cache_mode', 'force_generic_plan', true)",
                                       {"t": f"{budget_ms}ms"})
                        execute_prepared(cursor, RECALL_SQL, params)  # binary results: C loaders, ~1 ms less
                    private, facts, gate = split_rows(cursor.fetchall())
            return private, facts, _present(gate), False
        except (DatabaseError, psycopg.Error):
            logger.warning("recall: collective layer unavailable or slow; serving private results only")
            private, _, gate = _private_only(params)
            return private, [], _present(gate), True
    private, _, gate = _private_only(params)
    return private, [], _present(gate), False


def _private_only(params: dict[str, object]) -> tuple[list[PrivateRow], list[FactRow], GateRow | None]:
    # Server-side binding: the 384-float vector is sent once as a parameter; binary results are
    # loaded by psycopg's C loaders (Django's text timestamptz loader is Python: ~1 ms per recall).
    with psycopg.RawCursor(connection.connection) as cursor:
        execute_prepared(cursor, PRIVATE_SQL, params)
        return split_rows(cursor.fetchall())


def _present(gate: GateRow | None) -> GateRow:
    if gate is None:  # both statements always return it: a missing one is a broken statement
        raise RuntimeError("recall statement returned no gate row")
    return gate


class _PolicyCopy:
    """This process's copy of the active sharing policy, checked against the stamp every recall
    statement returns (same snapshot as the candidates): a new version or changed rules are seen
    by the next recall, in every process, with no extra query while nothing changed."""

    def __init__(self) -> None:
        self.stamp: str | None = None
        self._policy: SharingPolicy | None = None

    @property
    def policy(self) -> SharingPolicy:
        if self._policy is None:
            self._policy = policy_current(fresh=True)  # the stamp stays unknown: the first recall checks it
        return self._policy

    def refresh(self, stamp: str | None) -> SharingPolicy:
        self._policy = policy_current(fresh=True)
        # Read after the stamp: if the policy changed again in between, the next stamp differs.
        self.stamp = stamp
        return self._policy


_POLICY = _PolicyCopy()


def _receivable(rows: list[FactRow], *, agent: Agent, vector: str | None, window: TimeWindow | None,
                min_trust: str | None, restrictions: ActiveRestrictions, withheld: Withheld,
                policy: SharingPolicy) -> list[tuple[FactRow, float]]:
    """The candidate facts this agent may receive, with their fused relevance, in rank order."""
    cal = _calibration(vector)
    result = []
    for fact in rows:
        relevance = fusion.relevance(vector=None if fact.cosine is None else cal.relevance(fact.cosine),
                                     lexical=fact.lexical, time=fusion.time_match(fact.valid_from, window),
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
    """The parameters of ``recall_statement.COLLECTIVE_SQL`` (the benchmarks' floor runs it)."""
    cal = _calibration(vector)
    return {"q": vector, "subject": subject_ref, "k": k, "words": query_words(query), "c_centre": cal.centre,
            "c_spread": cal.spread, "z_mid": calibration.Z_MID, "z_scale": calibration.Z_SCALE,
            **fusion.sql_params(window)}


def _calibration(vector: str | None) -> calibration.Calibration:
    if vector is None:  # no cosine to calibrate
        return calibration.Calibration("none", *calibration.FALLBACK)
    return calibration.calibration_for(get_embedder())


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
