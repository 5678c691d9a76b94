"""The consolidator: promote independently corroborated, shareable, non-echo facts (DESIGN §5).

One run works on one subject, inside one transaction, under a per-subject advisory lock:

1. gather    the subject's live private facts across spaces (read-only; pending embeddings are
             computed first so a run never depends on the embedding task's timing);
2. group     candidate pairs (same key, or embedding neighbours within the subject) judged by the
             equivalence chain; only EQUIVALENT merges; high-similarity UNSURE → review item;
3. corroborate   count distinct roots (origin_ref), never rows: one verified root suffices, else
             ≥ k agents and ≥ m sessions among counted roots with one root above ``inferred``;
4. gate      the category/purpose policy (special categories and secrets never);
5. validity  a newer value of a single-valued key closes the old version and inserts a new one
             (high-impact keys go to review instead); values are never updated in place;
6. echoes    evidence restating the collective layer is not counted (read log, timing,
             agent-asserted, derived_from);
7. depend    current versions whose support fell close as ``unsupported``;
then the digest is rebuilt. Every judgment and outcome is a Decision (ids and labels only).
The run's effects commit together or not at all; the run row itself is committed separately so
a failure stays visible. The subject's "needs consolidation" marker is cleared only if nothing
was written after the run read it.
"""

from __future__ import annotations

import hashlib
import logging
import time
import uuid
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import numpy as np
from django.db import connection, transaction
from django.utils import timezone

from config.actors import Actor
from config.audit import audit
from governance.models import Predicate, ReviewItem
from governance.policy import SharingPolicy, policy_current
from governance.services.conflicts import review_item_open
from governance.services.restrictions import restrictions_active
from memory.equivalence import JudgeChain, Label, Statement, default_chain
from memory.models import (
    CollectiveFact,
    ConsolidationRun,
    Decision,
    Digest,
    Evidence,
    JudgmentOverride,
    Memory,
    ReadLog,
    Subject,
)
from memory.services.embeddings import memory_embed_pending

logger = logging.getLogger(__name__)

CODE_VERSION = "consolidator-1"
TRUST_RANK = {"ephemeral": 0, "inferred": 1, "user_asserted": 2, "verified": 3}
DIGEST_MAX_FACTS = 20
DIGEST_MAX_CHARS = 1500
NEIGHBOURS_PER_MEMORY = 8
_LOCK_NAMESPACE = 0x51_43  # "QC": consolidation locks, keyed by subject


@dataclass
class RunResult:
    run_id: str
    status: str
    stats: dict[str, Any] = field(default_factory=dict)


class _JudgmentCache:
    """Process-wide memo of pair judgments (a worker re-runs the same subject often).

    Keys are SHA-256 digests of both statements, the similarity (3 decimals) and the chain's
    identity — never the text itself. Judgments carry labels and reason codes only.
    """

    def __init__(self, maxsize: int = 200_000) -> None:
        self.maxsize = maxsize
        self.data: dict[bytes, Any] = {}

    @staticmethod
    def key(chain: JudgeChain, a: Statement, b: Statement, similarity: float | None) -> bytes:
        parts = [str(id(chain)), a.text, str(a.predicate), repr(a.value), b.text, str(b.predicate), repr(b.value),
                 "none" if similarity is None else f"{similarity:.3f}"]
        return hashlib.sha256("\x1f".join(parts).encode()).digest()

    def get(self, key: bytes) -> Any:
        return self.data.get(key)

    def put(self, key: bytes, judgment: Any) -> None:
        if len(self.data) >= self.maxsize:
            self.data.clear()  # crude but bounded; judgments are cheap to recompute
        self.data[key] = judgment


JUDGMENTS = _JudgmentCache()
_DEFAULT_CHAIN: JudgeChain | None = None


def _default_chain() -> JudgeChain:
    """One chain per process (its LLM judge's budget and cache live with it); the predicate
    cardinalities it consults are read once — restart workers after changing the registry."""
    global _DEFAULT_CHAIN
    if _DEFAULT_CHAIN is None:
        from memory.llm_judge import llm_judge_from_settings

        cardinalities = dict(Predicate.objects.values_list("key", "cardinality"))
        _DEFAULT_CHAIN = default_chain(llm=llm_judge_from_settings(), cardinality=cardinalities.get)
    return _DEFAULT_CHAIN


class BudgetExhausted(Exception):
    """Raised inside grouping when the run's budget is spent (the rest is judged next pass)."""


# ------------------------------------------------------------------------------------ entry


def consolidation_run_subject(*, subject_id: Any, mode: str = ConsolidationRun.Mode.INCREMENTAL,
                              actor: Actor | None = None, judge_chain: JudgeChain | None = None) -> RunResult:
    """Run one consolidation pass over one subject. Never raises for a failed run: it records it."""
    actor = actor or Actor.system("consolidator")
    policy = policy_current(fresh=True)
    run = ConsolidationRun.objects.create(subject_id=subject_id, mode=mode, policy_version=policy.version,
                                          code_version=CODE_VERSION, budget=policy.budget)
    try:
        memory_embed_pending(subject_id=subject_id, batch_size=64, max_batches=20)
    except Exception:  # noqa: BLE001 - a missing embedding only narrows candidates to same-key pairs
        logger.warning("run %s: embedding pending memories failed; continuing", run.pk)
    started = time.monotonic()
    try:
        with transaction.atomic():
            if not _try_lock(subject_id):
                status, stats = ConsolidationRun.Status.SKIPPED, {"reason": "locked"}
            else:
                engine = _Engine(run=run, policy=policy, actor=actor, chain=judge_chain or _default_chain(),
                                 started=started)
                stats = engine.run(subject_id)
                status = ConsolidationRun.Status.SUCCEEDED
    except Exception as exc:  # noqa: BLE001 - recorded; the subject stays marked for the next pass
        logger.error("consolidation run %s for subject %s failed: %s", run.pk, subject_id, type(exc).__name__)
        ConsolidationRun.objects.filter(pk=run.pk).update(status=ConsolidationRun.Status.FAILED,
                                                          error=type(exc).__name__[:64],
                                                          finished_at=timezone.now())
        return RunResult(run_id=str(run.pk), status=ConsolidationRun.Status.FAILED)
    stats["ms"] = round((time.monotonic() - started) * 1000, 1)
    ConsolidationRun.objects.filter(pk=run.pk).update(status=status, stats=stats, used=stats.get("used", {}),
                                                      finished_at=timezone.now())
    return RunResult(run_id=str(run.pk), status=status, stats=stats)


def _try_lock(subject_id: Any) -> bool:
    digest = hashlib.sha256(str(subject_id).encode()).digest()
    key = int.from_bytes(digest[:4], "big", signed=True)
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_try_advisory_xact_lock(%s, %s)", [_LOCK_NAMESPACE, key])
        return bool(cursor.fetchone()[0])


# ------------------------------------------------------------------------------------ engine


@dataclass
class _Cluster:
    members: list[Memory]
    key: str = ""
    predicate: Predicate | None = None
    category: str = ""
    single: bool = False
    value: Any = None
    statement: str = ""
    matched: CollectiveFact | None = None
    evidence: list[tuple[Memory, str, bool, str]] = field(default_factory=list)  # memory, root, counted, reason
    corroborated: bool = False
    shareable: bool = False
    gate_reason: str = ""
    trust: str = "inferred"

    @property
    def ids(self) -> set[Any]:
        return {m.pk for m in self.members}

    @property
    def counted(self) -> list[tuple[Memory, str, bool, str]]:
        return [e for e in self.evidence if e[2]]

    @property
    def valid_time(self) -> datetime:
        times = [m.valid_from or m.observed_at for m, _, ok, _ in self.evidence if ok] or \
                [m.valid_from or m.observed_at for m in self.members]
        return max(times)


class _Engine:
    def __init__(self, *, run: ConsolidationRun, policy: SharingPolicy, actor: Actor, chain: JudgeChain,
                 started: float) -> None:
        self.run_row = run
        self.policy = policy
        self.actor = actor
        self.chain = chain
        self.started = started
        self.decisions: list[Decision] = []
        self.stats: Counter[str] = Counter()
        self.judge_calls = 0
        self.candidates = 0
        self.budget_exhausted = False
        self.keep_ids: set[Any] = set()
        self._agents: list[Any] | None = None
        self.suppressed: set[str] = set()
        self.now = timezone.now()

    # -- helpers -----------------------------------------------------------------------------
    def decide(self, step: str, outcome: str, *, inputs: dict[str, Any] | None = None, score: float | None = None,
               judge: str = "", reason: str = "") -> None:
        self.decisions.append(Decision(run=self.run_row, subject_id=self.subject.pk, step=step,
                                       inputs=inputs or {}, outcome=outcome, score=score, judge=judge,
                                       reason=reason, policy_version=self.policy.version))

    def _spend(self, *, judge: bool) -> None:
        budget = self.policy.budget
        self.candidates += 1
        if judge:
            self.judge_calls += 1
        if (self.candidates > budget.get("max_candidates", 5000)
                or self.judge_calls > budget.get("max_judge_calls", 2000)
                or time.monotonic() - self.started > budget.get("max_seconds", 20)):
            raise BudgetExhausted

    # -- the pass ----------------------------------------------------------------------------
    def run(self, subject_id: Any) -> dict[str, Any]:
        self.subject = Subject.objects.get(pk=subject_id)
        self.restrictions = restrictions_active(subject_id=subject_id)
        self.overrides = {frozenset((a, b)): label for a, b, label in JudgmentOverride.objects.filter(
            subject_id=subject_id).values_list("memory_a_id", "memory_b_id", "label")}
        marker = self.subject.consolidation_requested_at
        memories = self.gather()
        clusters = self.group(memories)
        existing = list(CollectiveFact.objects.filter(
            subject=self.subject, status__in=[CollectiveFact.Status.CURRENT, CollectiveFact.Status.PENDING_REVIEW])
            .prefetch_related("evidence"))
        self.match(clusters, existing)
        for cluster in clusters:
            self.describe(cluster)
        self.suppressed = self._suppressed_keys(clusters)
        for cluster in clusters:
            self.corroborate(cluster)
            self.gate(cluster)
        self.apply(clusters, existing)
        Decision.objects.bulk_create(self.decisions, batch_size=1000)
        self.rebuild_digest()
        if not self.budget_exhausted:
            # Only if no write landed after the run read the marker (equality re-checked on the
            # latest row version, so a concurrent writer keeps the subject marked).
            Subject.objects.filter(pk=self.subject.pk, consolidation_requested_at=marker).update(
                consolidation_requested_at=None)
        self.stats.update({"memories": len(memories), "clusters": len(clusters), "decisions": len(self.decisions)})
        stats: dict[str, Any] = dict(self.stats)
        stats["used"] = {"candidates": self.candidates, "judge_calls": self.judge_calls,
                         "seconds": round(time.monotonic() - self.started, 3)}
        stats["budget_exhausted"] = self.budget_exhausted
        audit(actor=self.actor, action="consolidation.run", object_type="subject", object_id=self.subject.pk,
              data={"run": str(self.run_row.pk), "promoted": stats.get("promoted", 0),
                    "superseded": stats.get("superseded", 0), "unsupported": stats.get("unsupported", 0),
                    "review": stats.get("review", 0)})
        return stats

    # 1. gather --------------------------------------------------------------------------------
    def gather(self) -> list[Memory]:
        memories = list(
            Memory.objects.filter(subject=self.subject, kind=Memory.Kind.FACT, status=Memory.Status.ACTIVE,
                                  quarantined=False)
            .exclude(trust=Memory.Trust.EPHEMERAL)
            .exclude(expires_at__lte=self.now)
            .select_related("agent", "predicate")
            .defer("content_tsv")
            .order_by("recorded_at", "pk"))
        self.decide("gather", "gathered", inputs={"memories": len(memories)})
        return memories

    # 2. group ---------------------------------------------------------------------------------
    def group(self, memories: list[Memory]) -> list[_Cluster]:
        n = len(memories)
        parent = list(range(n))

        def find(i: int) -> int:
            while parent[i] != i:
                parent[i] = parent[parent[i]]
                i = parent[i]
            return i

        sims = self._similarities(memories)
        pairs: dict[tuple[int, int], float | None] = {}
        by_key: dict[str, list[int]] = defaultdict(list)
        for i, memory in enumerate(memories):
            if memory.key:
                by_key[memory.key].append(i)
        for indexes in by_key.values():
            for x, i in enumerate(indexes):
                for j in indexes[x + 1:]:
                    pairs[(i, j)] = None if sims is None else float(sims[i, j])
        if sims is not None:
            for i in range(n):
                order = np.argsort(-sims[i])
                taken = 0
                for j in order:
                    j = int(j)
                    if j == i or sims[i, j] < self.policy.candidate_similarity:
                        continue
                    pairs.setdefault((min(i, j), max(i, j)), float(sims[i, j]))
                    taken += 1
                    if taken >= NEIGHBOURS_PER_MEMORY:
                        break
        # Strongest candidates first, so a budget cut keeps the most likely merges.
        ordered = sorted(pairs.items(), key=lambda item: -(item[1] if item[1] is not None else 1.0))
        try:
            for (i, j), similarity in ordered:
                if find(i) == find(j):
                    continue
                a, b = memories[i], memories[j]
                override = self.overrides.get(frozenset((a.pk, b.pk)))
                if override is not None:
                    self.decide("group", override, inputs={"a": str(a.pk), "b": str(b.pk)}, score=similarity,
                                judge="reviewer", reason="review_decision")
                    if override == "EQUIVALENT":
                        parent[find(j)] = find(i)
                    continue
                sa, sb = self._statement(a), self._statement(b)
                cache_key = JUDGMENTS.key(self.chain, sa, sb, similarity)
                judgment = JUDGMENTS.get(cache_key)
                if judgment is None:
                    # Only fresh judgments spend budget and leave a Decision; a memoised one was
                    # recorded by the run that made it.
                    self._spend(judge=True)
                    judgment = self.chain.judge(sa, sb, similarity=similarity)
                    JUDGMENTS.put(cache_key, judgment)
                    self.decide("group", judgment.label.value, inputs={"a": str(a.pk), "b": str(b.pk)},
                                score=similarity, judge=f"{judgment.judge}/{judgment.version}",
                                reason=judgment.reason)
                else:
                    self.stats["judgments_memoised"] += 1
                if judgment.label == Label.EQUIVALENT:
                    parent[find(j)] = find(i)
                elif judgment.label == Label.UNSURE and similarity is not None \
                        and similarity >= self.policy.review_similarity:
                    self._review_pair(a, b, judgment.reason)
        except BudgetExhausted:
            self.budget_exhausted = True
            self.decide("group", "budget_exhausted", inputs={"pairs": len(ordered)})
        groups: dict[int, list[Memory]] = defaultdict(list)
        for i, memory in enumerate(memories):
            groups[find(i)].append(memory)
        return [_Cluster(members=members) for members in groups.values()]

    @staticmethod
    def _statement(memory: Memory) -> Statement:
        return Statement(text=memory.content, predicate=memory.predicate.key if memory.predicate else None,
                         value=memory.value)

    @staticmethod
    def _similarities(memories: list[Memory]) -> np.ndarray | None:
        if not memories or any(m.embedding is None for m in memories):
            return None  # nothing to compare, or not all embedded: same-key candidates only
        matrix = np.asarray([np.asarray(m.embedding, dtype=np.float32) for m in memories])
        norms = np.linalg.norm(matrix, axis=1, keepdims=True)
        matrix = matrix / np.where(norms == 0, 1, norms)
        return matrix @ matrix.T

    def _review_pair(self, a: Memory, b: Memory, reason: str) -> None:
        refs = {"a": str(min(a.pk, b.pk)), "b": str(max(a.pk, b.pk))}
        if ReviewItem.objects.filter(kind=ReviewItem.Kind.PROMOTION, subject_id=self.subject.pk, refs=refs).exists():
            return
        review_item_open(actor=self.actor, kind=ReviewItem.Kind.PROMOTION, subject_id=self.subject.pk,
                         reason=reason or "unsure_equivalence", refs=refs)
        self.stats["review"] += 1

    # match clusters to existing versions by shared evidence ------------------------------------
    def match(self, clusters: list[_Cluster], existing: list[CollectiveFact]) -> None:
        taken: set[Any] = set()
        for fact in existing:
            support = {e.memory_id for e in fact.evidence.all()}
            best = max(clusters, key=lambda c: len(c.ids & support), default=None)
            if best is not None and best.ids & support and best.matched is None and fact.pk not in taken:
                best.matched = fact
                taken.add(fact.pk)

    # describe: key, category, statement, value -------------------------------------------------
    def describe(self, cluster: _Cluster) -> None:
        predicates = Counter(m.predicate_id for m in cluster.members if m.predicate_id)
        if predicates:
            predicate_id = predicates.most_common(1)[0][0]
            cluster.predicate = next(m.predicate for m in cluster.members if m.predicate_id == predicate_id)
            cluster.key = cluster.predicate.key
            cluster.category = cluster.predicate.category
            cluster.single = cluster.predicate.cardinality == Predicate.Cardinality.SINGLE
        else:
            keys = Counter(m.key for m in cluster.members if m.key)
            cluster.key = keys.most_common(1)[0][0] if keys else "free"
            categories = Counter(m.category for m in cluster.members if m.category)
            cluster.category = categories.most_common(1)[0][0] if categories else ""
        # The representative: highest tier, then the person's own words, then the earliest.
        rep = sorted(cluster.members, key=lambda m: (-TRUST_RANK[m.trust], m.asserted_by != "user",
                                                      m.recorded_at))[0]
        cluster.value = rep.value
        if cluster.predicate is not None and rep.value not in (None, "", [], {}):
            cluster.statement = f"{cluster.predicate.label}: {_format_value(rep.value)}"
        else:
            cluster.statement = rep.content

    # 3 + 6. corroborate, with echo blocking ----------------------------------------------------
    def corroborate(self, cluster: _Cluster) -> None:
        lineage = cluster.matched.lineage if cluster.matched is not None else None
        readable_since = self._readable_since(lineage) if lineage else {}
        first_read = self._first_reads(lineage, cluster.members) if lineage else {}
        seen_roots: set[str] = set()
        roots_before: dict[str, datetime] = {}
        for memory in sorted(cluster.members, key=lambda m: (m.recorded_at, m.pk)):
            root = memory.origin_ref or f"{memory.agent_id}:{memory.session_id}:{memory.pk}"
            reason = ""
            if self.restrictions.blocks_agent(memory.agent_id):
                reason = Evidence.Discount.RESTRICTED
            elif memory.derived_from:
                reason = Evidence.Discount.DERIVED_FROM
            elif memory.asserted_by == Memory.AssertedBy.AGENT:
                reason = Evidence.Discount.AGENT_ASSERTED
            elif first_read.get((memory.agent_id, memory.session_id), self.now) < memory.recorded_at:
                reason = Evidence.Discount.ECHO_READ_LOG
            elif root in seen_roots:
                reason = Evidence.Discount.SAME_ROOT
            elif memory.agent_id in readable_since and memory.recorded_at >= readable_since[memory.agent_id] \
                    and (not memory.origin_ref or root in roots_before):
                reason = Evidence.Discount.ECHO_TIMING
            counted = reason == ""
            if counted:
                seen_roots.add(root)
                roots_before.setdefault(root, memory.recorded_at)
            else:
                self.stats[f"discount_{reason}"] += 1
            cluster.evidence.append((memory, root, counted, reason))
        counted_rows = cluster.counted
        agents = {m.agent_id for m, _, _, _ in counted_rows}
        sessions = {(m.agent_id, m.session_id) for m, _, _, _ in counted_rows}
        tiers = [TRUST_RANK[m.trust] for m, _, _, _ in counted_rows]
        best = max(tiers, default=0)
        cluster.trust = next(t for t, r in TRUST_RANK.items() if r == best) if counted_rows else "inferred"
        if best >= TRUST_RANK["verified"]:
            cluster.corroborated, reason = True, "verified_root"
        elif len(agents) >= self.policy.k_agents and len(sessions) >= self.policy.m_sessions \
                and best > TRUST_RANK["inferred"]:
            cluster.corroborated, reason = True, "independent_roots"
        else:
            cluster.corroborated = False
            reason = ("too_few_agents" if len(agents) < self.policy.k_agents
                      else "too_few_sessions" if len(sessions) < self.policy.m_sessions else "no_root_above_inferred")
        self.decide("corroborate", "corroborated" if cluster.corroborated else "insufficient",
                    inputs={"memories": sorted(str(m.pk) for m in cluster.members), "roots": len(seen_roots),
                            "agents": len(agents), "sessions": len(sessions)}, reason=reason)

    def _readable_since(self, lineage: Any) -> dict[int, datetime]:
        """When the lineage first became receivable, per agent that may receive it (timing rule)."""
        first = CollectiveFact.objects.filter(subject=self.subject, lineage=lineage).order_by("recorded_at").first()
        if first is None:
            return {}
        return {agent.pk: first.recorded_at for agent in self._active_agents()
                if self.policy.purpose_receives(agent.purposes) and self.policy.domain_receives(agent.domain,
                                                                                                first.domains)}

    def _active_agents(self) -> list[Any]:
        """Loaded once per run (the timing rule asks for every matched cluster)."""
        if self._agents is None:
            from agents_registry.models import Agent

            self._agents = list(Agent.objects.filter(is_active=True).only("pk", "domain", "purposes"))
        return self._agents

    def _first_reads(self, lineage: Any, members: Iterable[Memory]) -> dict[tuple[int, str], datetime]:
        """When each (agent, session) of the cluster was first served this lineage (read-log rule)."""
        keys = {(m.agent_id, m.session_id) for m in members}
        reads = ReadLog.objects.filter(subject=self.subject, lineage=lineage,
                                       agent_id__in={a for a, _ in keys}).values_list("agent_id", "session_id",
                                                                                      "served_at")
        first: dict[tuple[int, str], datetime] = {}
        for agent_id, session_id, served_at in reads:
            if (agent_id, session_id) in keys:
                current = first.get((agent_id, session_id))
                first[(agent_id, session_id)] = min(served_at, current) if current else served_at
        return first

    # 4. gate ----------------------------------------------------------------------------------
    def gate(self, cluster: _Cluster) -> None:
        shareable, reason = self.policy.category_shareable(cluster.category)
        if shareable and cluster.predicate is not None and not cluster.predicate.shareable:
            shareable, reason = False, "predicate_not_shareable"
        if shareable and self._suppression_key(cluster) in self.suppressed:
            shareable, reason = False, "suppressed_after_erasure"
        cluster.shareable, cluster.gate_reason = shareable, reason
        if cluster.corroborated:
            self.decide("gate", "pass" if shareable else "blocked",
                        inputs={"memories": sorted(str(m.pk) for m in cluster.members),
                                "category": cluster.category}, reason=reason)
            if not shareable:
                self.stats[f"gate_{reason}"] += 1

    def _suppression_key(self, cluster: _Cluster) -> str:
        from memory.services.erasure import suppression_key

        return suppression_key(subject_ref=self.subject.external_ref, key=cluster.key, value=cluster.value,
                               statement=cluster.statement)

    def _suppressed_keys(self, clusters: list[_Cluster]) -> set[str]:
        """The clusters' keys that an erasure suppressed: one query per run, not per cluster."""
        from governance.models import Suppression

        keys = [self._suppression_key(c) for c in clusters]
        return set(Suppression.objects.filter(key__in=keys).values_list("key", flat=True)) if keys else set()

    # 5 + 7. apply: validity, promotion, dependence ------------------------------------------------
    def apply(self, clusters: list[_Cluster], existing: list[CollectiveFact]) -> None:
        promotable = [c for c in clusters if c.corroborated and c.shareable]
        # The person's own correction outranks agents and does not depend on their evidence.
        asserted = {f.key for f in existing if f.subject_asserted and f.status == CollectiveFact.Status.CURRENT}
        self.keep_ids.update(f.pk for f in existing if f.subject_asserted)
        for cluster in [c for c in promotable if c.single and c.key in asserted]:
            promotable.remove(cluster)
            self.decide("validity", "kept_subject_value", inputs={"memories": sorted(str(m.pk) for m in cluster.members)},
                        reason="subject_asserted_outranks")
        # For single-valued keys only the most recent valid value may be current.
        winners: dict[str, _Cluster] = {}
        for cluster in promotable:
            if cluster.single:
                other = winners.get(cluster.key)
                if other is None or cluster.valid_time > other.valid_time:
                    winners[cluster.key] = cluster
        keep_ids = self.keep_ids
        for cluster in promotable:
            if cluster.single and winners[cluster.key] is not cluster:
                self.decide("validity", "older_value", inputs={"memories": sorted(str(m.pk) for m in cluster.members)},
                            reason="newer_value_exists")
                continue
            fact = self._promote(cluster, existing)
            if fact is not None:
                keep_ids.add(fact.pk)
        for fact in existing:
            if fact.pk in keep_ids or fact.status != CollectiveFact.Status.CURRENT:
                continue
            if CollectiveFact.objects.filter(pk=fact.pk, status=CollectiveFact.Status.CURRENT).exists():
                self._close(fact, CollectiveFact.Status.UNSUPPORTED, reason="support_fell")
                self.stats["unsupported"] += 1
                self.decide("depend", "unsupported", inputs={"fact": str(fact.pk)}, reason="support_below_policy")

    def _promote(self, cluster: _Cluster, existing: list[CollectiveFact]) -> CollectiveFact | None:
        matched = cluster.matched
        if matched is not None and matched.status == CollectiveFact.Status.PENDING_REVIEW:
            if matched.revises_id:
                self.keep_ids.add(matched.revises_id)
            return matched  # a reviewer decides; nothing changes meanwhile
        if matched is not None and _same_value(matched.value, cluster.value):
            self._refresh(matched, cluster)
            return matched
        previous = matched
        if cluster.single and previous is None:
            previous = next((f for f in existing if f.key == cluster.key and f.single
                             and f.status == CollectiveFact.Status.CURRENT), None)
        valid_from = cluster.valid_time
        if previous is not None and cluster.predicate is not None and cluster.predicate.high_impact:
            fact = self._insert(cluster, status=CollectiveFact.Status.PENDING_REVIEW, valid_from=valid_from,
                                revises=previous)
            review_item_open(actor=self.actor, kind=ReviewItem.Kind.PROMOTION, subject_id=self.subject.pk,
                             reason="high_impact_change", refs={"fact": str(fact.pk), "current": str(previous.pk)})
            self.stats["review"] += 1
            self.decide("validity", "review", inputs={"new": str(fact.pk), "current": str(previous.pk)},
                        reason="high_impact_predicate")
            self.keep_ids.add(previous.pk)  # the current value stays until a reviewer decides
            return fact
        if previous is not None and previous.status == CollectiveFact.Status.CURRENT:
            if valid_from <= previous.valid_from:
                valid_from = timezone.now()
            self._close(previous, CollectiveFact.Status.SUPERSEDED, reason="newer_value", valid_to=valid_from)
            self.stats["superseded"] += 1
        fact = self._insert(cluster, status=CollectiveFact.Status.CURRENT, valid_from=valid_from, revises=previous)
        self.stats["promoted"] += 1
        self.decide("validity", "promoted", inputs={"fact": str(fact.pk),
                                                    "revises": str(previous.pk) if previous else None},
                    reason="supersedes_older_value" if previous else "new_fact")
        return fact

    def _insert(self, cluster: _Cluster, *, status: str, valid_from: datetime,
                revises: CollectiveFact | None) -> CollectiveFact:
        counted = cluster.counted
        fact = CollectiveFact(
            subject=self.subject, lineage=revises.lineage if revises else uuid.uuid4(), revises=revises,
            predicate=cluster.predicate, key=cluster.key, single=cluster.single, statement=cluster.statement,
            value=cluster.value, category=cluster.category, status=status, valid_from=valid_from,
            recorded_at=timezone.now(), policy_version=self.policy.version, run=self.run_row,
            **self._metadata(cluster))
        fact.full_clean(exclude=["subject", "predicate", "revises", "run"], validate_constraints=False,
                        validate_unique=False)
        fact.save(force_insert=True)
        self._write_evidence(fact, cluster)
        audit(actor=self.actor, action="fact.recorded", object_type="collective_fact", object_id=fact.pk,
              data={"status": status, "revises": str(revises.pk) if revises else None,
                    "roots": len({r for _, r, ok, _ in counted if ok}), "run": str(self.run_row.pk)})
        return fact

    def _refresh(self, fact: CollectiveFact, cluster: _Cluster) -> None:
        """Support metadata only; statement, value and validity are never rewritten."""
        metadata = self._metadata(cluster)
        changed = {k: v for k, v in metadata.items() if getattr(fact, k) != v}
        if changed:
            CollectiveFact.objects.filter(pk=fact.pk).update(**changed)
        wanted = {(m.pk, root[:300], counted, reason) for m, root, counted, reason in cluster.evidence}
        have = {(e.memory_id, e.root, e.counted, e.discount_reason) for e in fact.evidence.all()}
        if wanted != have:  # steady state (nothing new) writes nothing
            Evidence.objects.filter(fact=fact).delete()
            self._write_evidence(fact, cluster)
        self.stats["confirmed"] += 1

    def _metadata(self, cluster: _Cluster) -> dict[str, Any]:
        counted = cluster.counted
        memories = [m for m, _, _, _ in counted]
        confidence = 1.0
        for m in memories:
            confidence *= 1 - m.base_confidence
        return {
            "trust": cluster.trust,
            "confidence": round(min(0.99, 1 - confidence), 4),
            "importance": max((m.importance for m in cluster.members), default=0.5),
            "support_roots": len({r for _, r, _, _ in counted}),
            "support_agents": len({m.agent_id for m in memories}),
            "support_sessions": len({(m.agent_id, m.session_id) for m in memories}),
            "domains": sorted({m.agent.domain for m in memories}),
            "first_evidence_at": min((m.recorded_at for m in cluster.members), default=None),
            "last_confirmed_at": max((m.last_confirmed_at for m in memories), default=None),
        }

    def _write_evidence(self, fact: CollectiveFact, cluster: _Cluster) -> None:
        Evidence.objects.bulk_create([
            Evidence(fact=fact, memory=m, agent_id=m.agent_id, session_id=m.session_id, root=root[:300],
                     trust=m.trust, counted=counted, discount_reason=reason)
            for m, root, counted, reason in cluster.evidence])

    def _close(self, fact: CollectiveFact, status: str, *, reason: str, valid_to: datetime | None = None) -> None:
        update: dict[str, Any] = {"status": status, "closed_at": timezone.now(), "close_reason": reason}
        if valid_to is not None:
            update["valid_to"] = valid_to
        CollectiveFact.objects.filter(pk=fact.pk, status=fact.status).update(**update)
        fact.status = status
        audit(actor=self.actor, action=f"fact.{status}", object_type="collective_fact", object_id=fact.pk,
              data={"reason": reason, "run": str(self.run_row.pk)})

    # digest -----------------------------------------------------------------------------------
    def rebuild_digest(self) -> None:
        digest_rebuild(subject=self.subject)


def digest_rebuild(*, subject: Subject) -> Digest:
    """≤ 20 current facts / ≤ 1,500 characters, by importance then recency."""
    facts = CollectiveFact.objects.filter(subject=subject, status=CollectiveFact.Status.CURRENT) \
        .order_by("-importance", "-last_confirmed_at", "-recorded_at")[:DIGEST_MAX_FACTS]
    items: list[dict[str, Any]] = []
    lines: list[str] = []
    used = 0
    for fact in facts:
        line = f"- {fact.statement} (since {fact.valid_from.date().isoformat()})"
        if used + len(line) + 1 > DIGEST_MAX_CHARS:
            break
        used += len(line) + 1
        lines.append(line)
        items.append({"fact": str(fact.pk), "importance": fact.importance})
    digest, _ = Digest.objects.update_or_create(subject=subject, defaults={
        "built_at": timezone.now(), "items": items, "text": "\n".join(lines)})
    return digest


def _format_value(value: Any) -> str:
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    if isinstance(value, dict):
        return ", ".join(f"{k}={v}" for k, v in value.items())
    return str(value)


def _same_value(old_value: Any, new_value: Any) -> bool:
    if old_value is not None or new_value is not None:
        return _norm(old_value) == _norm(new_value)
    return True  # free facts matched by shared evidence are the same fact


def _norm(value: Any) -> Any:
    if isinstance(value, str):
        return " ".join(value.casefold().split())
    if isinstance(value, list):
        return sorted(str(_norm(v)) for v in value)
    return value
