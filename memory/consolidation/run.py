"""One consolidation pass over one subject (DESIGN §5): the entry, the run context, the seven steps.

``consolidation_run_subject`` is the entry: it records the run row (committed on its own, so a
failure stays visible), computes pending embeddings, then in one transaction takes the subject's
advisory lock, builds the :class:`RunContext` every step receives and calls :func:`run`.

:func:`run` is the seven steps in the design's order, each a public function of its own module:

1. ``gather``       the subject's live private facts across spaces;
2. ``group``        candidate pairs judged by the equivalence chain into clusters (only
                    EQUIVALENT merges; high-similarity UNSURE → review item); the clusters then
                    meet the collective versions they already support;
3. ``corroborate``  count distinct roots among the evidence that counts;
4. ``gate``         the category/purpose policy and erasure suppressions;
5. ``validity``     promote, refresh, supersede or send to review — never update a value;
6. ``echo``         which evidence restates the collective layer. Its verdicts are an *input* of
                    step 3 (support is counted only over evidence that is not an echo), so ``run``
                    computes them for each cluster just before corroborating it;
7. ``dependence``   current versions whose support fell close as ``unsupported``;

then the digest is rebuilt. Every judgment and outcome is a Decision (ids and labels only). The
run's effects commit together or not at all. The subject's "needs consolidation" marker is
cleared only if nothing was written after the run read it.
"""

from __future__ import annotations

import hashlib
import logging
import time
import uuid
from collections import Counter
from collections.abc import Hashable
from dataclasses import dataclass, field
from datetime import datetime
from functools import cached_property
from typing import Any

from django.conf import settings
from django.db import connection, transaction
from django.db.models import Prefetch, prefetch_related_objects
from django.utils import timezone

from agents_registry.models import Agent
from config.actors import Actor
from config.audit import audit, audits_deferred
from config.db import CompiledOnce, copy_insert, insert_without_flush_wait, instances_from_rows
from config.metrics import consolidation_run_observed
from governance.policy import SharingPolicy, policy_current
from governance.selectors.predicates import predicate_cardinalities
from governance.selectors.restrictions import ActiveRestrictions, restrictions_active
from memory.consolidation import (
    corroborate,
    dependence,
    digest,
    echo,
    gate,
    gather,
    group,
    validity,
)
from memory.consolidation.clusters import clusters_match
from memory.equivalence import JudgeChain, Statement, default_chain
from memory.equivalence.llm import llm_judge_from_settings
from memory.models import (
    CollectiveFact,
    ConsolidationRun,
    Decision,
    Evidence,
    JudgmentOverride,
    Subject,
)
from memory.services.embedding_backfill import memory_embed_pending

logger = logging.getLogger(__name__)

CODE_VERSION = "consolidator-1"
CONSOLIDATOR = Actor.system("consolidator")  # the actor of scheduled and operator-started runs
_LOCK_NAMESPACE = 0x51_43  # "QC": consolidation locks, keyed by subject


@dataclass
class RunResult:
    run_id: str
    status: str
    stats: dict[str, Any] = field(default_factory=dict)


class JudgmentCache:
    """Process-wide memo of pair judgments (a worker re-runs the same subject often).

    Keys are the chain's identity, the SHA-256 digests of both statements (each statement's text,
    predicate and value: :meth:`statement_digest`) and the similarity (3 decimals) — never the text
    itself — or, for a claims judgment (``group``), a tuple of the two memory ids, their claims'
    predicate ids and value digests and the verdict. Judgments carry labels and reason codes only.
    A run digests each statement once (``group``), not once per pair it is in (perf53a).
    """

    def __init__(self, maxsize: int = 200_000) -> None:
        self.maxsize = maxsize
        self.data: dict[Hashable, Any] = {}

    @staticmethod
    def statement_digest(statement: Statement) -> bytes:
        """SHA-256 of one statement's text, predicate and value (a pair's key holds two)."""
        return hashlib.sha256("\x1f".join((statement.text, str(statement.predicate), repr(statement.value)))
                              .encode()).digest()

    @staticmethod
    def pair_key(chain: JudgeChain, a: bytes, b: bytes, similarity: float | None) -> tuple[int, bytes, bytes, str]:
        """The key of a pair whose statements' digests are ``a`` and ``b`` (in that order)."""
        return (id(chain), a, b, "none" if similarity is None else f"{similarity:.3f}")

    @staticmethod
    def key(chain: JudgeChain, a: Statement, b: Statement, similarity: float | None) -> tuple[int, bytes, bytes, str]:
        return JudgmentCache.pair_key(chain, JudgmentCache.statement_digest(a), JudgmentCache.statement_digest(b),
                                      similarity)

    def get(self, key: Hashable) -> Any:
        return self.data.get(key)

    def put(self, key: Hashable, judgment: Any) -> None:
        if len(self.data) >= self.maxsize:
            self.data.clear()  # crude but bounded; judgments are cheap to recompute
        self.data[key] = judgment


JUDGMENTS = JudgmentCache()
_DEFAULT_CHAIN: JudgeChain | None = None


def default_judge_chain() -> JudgeChain:
    """One chain per process (its LLM judge's budget and cache live with it); the predicate
    cardinalities it consults are read once — restart workers after changing the registry."""
    global _DEFAULT_CHAIN
    if _DEFAULT_CHAIN is None:
        cardinalities = predicate_cardinalities()
        _DEFAULT_CHAIN = default_chain(llm=llm_judge_from_settings(), cardinality=cardinalities.get,
                                       learned=settings.QUORUM_EQUIVALENCE_LEARNED)
    return _DEFAULT_CHAIN


@dataclass
class Budget:
    """What a run may spend (the policy's ``budget``) and what it has spent so far."""

    limits: dict[str, Any]
    started: float
    candidates: int = 0
    judge_calls: int = 0
    exhausted: bool = False

    def spend(self, *, judge: bool) -> bool:
        """Count one candidate (and one judge call); False once any limit is passed."""
        self.candidates += 1
        if judge:
            self.judge_calls += 1
        return not (self.candidates > self.limits.get("max_candidates", 5000)
                    or self.judge_calls > self.limits.get("max_judge_calls", 2000)
                    or time.monotonic() - self.started > self.limits.get("max_seconds", 20))


@dataclass(slots=True)
class DecisionRow:
    """One :class:`Decision` as a run records it, under the model's attribute names, written with
    the run's others by one ``COPY`` (``config.db.copy_insert``): a run records hundreds, and a
    model instance's construction cost more than its row's share of the ``COPY``."""

    run_id: Any
    subject_id: Any
    step: str
    inputs: dict[str, Any]
    outcome: str
    score: float | None
    judge: str
    reason: str
    policy_version: str
    created_at: datetime


@dataclass
class RunContext:
    """Everything a step may read or record during one run; built whole before the first step."""

    run: ConsolidationRun
    subject: Subject
    policy: SharingPolicy
    actor: Actor
    chain: JudgeChain
    budget: Budget
    restrictions: ActiveRestrictions
    overrides: dict[frozenset[Any], str]  # reviewers' pair judgments, by the pair's memory ids
    judgments: JudgmentCache
    now: datetime
    decisions: list[DecisionRow] = field(default_factory=list)
    stats: Counter[str] = field(default_factory=Counter)
    keep_ids: set[Any] = field(default_factory=set)  # versions step 7 must not close
    memo: dict[str, Any] = field(default_factory=dict)  # per-run reads a step shares across clusters

    def __post_init__(self) -> None:
        # What every Decision of the run repeats, read once (perf52b): thousands a pass.
        self._run_id, self._subject_id, self._policy_version = self.run.pk, self.subject.pk, self.policy.version

    def decide(self, step: str, outcome: str, *, inputs: dict[str, Any] | None = None, score: float | None = None,
               judge: str = "", reason: str = "") -> None:
        """Record one Decision (written in bulk at the end of the run), stamped with its own time."""
        self.decisions.append(DecisionRow(self._run_id, self._subject_id, step, inputs or {}, outcome, score, judge,
                                          reason, self._policy_version, timezone.now()))

    @cached_property
    def active_agents(self) -> list[Agent]:
        """Loaded on first use, once per run (the timing rule asks for every matched cluster)."""
        return list(Agent.objects.filter(is_active=True).only("pk", "domain", "purposes"))


# Reviewers' pair judgments of a subject: the statement built and compiled once a process
# (config.db.CompiledOnce), as the other reads every run repeats.
_OVERRIDES = CompiledOnce(lambda *, subject_id: JudgmentOverride.objects.filter(subject_id=subject_id)
                          .values_list("memory_a_id", "memory_b_id", "label"))


_SUBJECT_COLUMNS = [f.attname for f in Subject._meta.concrete_fields]
_SUBJECT = CompiledOnce(lambda *, subject_id: Subject.objects.filter(pk=subject_id).values_list(*_SUBJECT_COLUMNS))


def subject_get(subject_id: Any) -> Subject:
    """``Subject.objects.get(pk=subject_id)``: the id converted as the lookup converts it (an invalid
    one raises as it did), the row read by a statement compiled once a process and the instance
    built as the queryset builds it (``config.db.instances_from_rows``); no row (or an id that is
    no UUID, e.g. None) goes to ``get`` itself, which raises as before (perf52b)."""
    pk = Subject._meta.pk.to_python(subject_id)
    rows = _SUBJECT.rows(subject_id=pk) if type(pk) is uuid.UUID else []
    if len(rows) != 1:
        return Subject.objects.get(pk=subject_id)
    return instances_from_rows(Subject, _SUBJECT_COLUMNS, rows)[0]


def context_open(*, run: ConsolidationRun, subject_id: Any, policy: SharingPolicy, actor: Actor,
                 chain: JudgeChain, started: float) -> RunContext:
    """Read what every step shares (the subject, its restrictions and reviewers' overrides)."""
    now = timezone.now()
    subject = subject_get(subject_id)
    # By the subject's own id (the same UUID, whatever type the caller's had): compiled once a process.
    restrictions = restrictions_active(subject_id=subject.pk)
    overrides = {frozenset((a, b)): label for a, b, label in _OVERRIDES.rows(subject_id=subject.pk)}
    return RunContext(run=run, subject=subject, policy=policy, actor=actor, chain=chain,
                      budget=Budget(limits=policy.budget, started=started), restrictions=restrictions,
                      overrides=overrides, judgments=JUDGMENTS, now=now)


# ------------------------------------------------------------------------------------ entry


@consolidation_run_observed  # quorum_consolidation_runs_total / _run_duration_seconds by status
def consolidation_run_subject(*, subject_id: Any, actor: Actor, mode: str = ConsolidationRun.Mode.INCREMENTAL,
                              judge_chain: JudgeChain | None = None) -> RunResult:
    """Run one consolidation pass over one subject. Never raises for a failed run: it records it."""
    policy = policy_current(fresh=True)
    run_row = ConsolidationRun(subject_id=subject_id, mode=mode, policy_version=policy.version,
                               code_version=CODE_VERSION, budget=policy.budget)
    # The row that says "running" commits without waiting for the disk (config.db): lost in a crash
    # it is as if the run never started (the subject stays marked), and the run's own commit, which
    # waits for the disk, flushes it too, being earlier in the log. Inside a caller's transaction it
    # is a plain insert.
    insert_without_flush_wait(run_row)
    try:
        memory_embed_pending(subject_id=subject_id, batch_size=64, max_batches=20)
    except Exception:  # noqa: BLE001 - a missing embedding only narrows candidates to same-key pairs
        logger.warning("run %s: embedding pending memories failed; continuing", run_row.pk)
    started = time.monotonic()
    # A deep run's commit does not wait for the disk (docs/decisions/0023): its transaction stays
    # atomic, a crash loses at most the last few hundred milliseconds of runs whole (their audit
    # rows with them, the subjects' markers restored), and the next pass recomputes them. Never
    # inside a caller's transaction, whose durability is the caller's.
    flush_wait = mode != ConsolidationRun.Mode.DEEP or connection.in_atomic_block
    try:
        with transaction.atomic():
            if not subject_lock_try(subject_id, flush_wait=flush_wait):
                status, stats = ConsolidationRun.Status.SKIPPED, {"reason": "locked"}
            else:
                context = context_open(run=run_row, subject_id=subject_id, policy=policy, actor=actor,
                                       chain=judge_chain or default_judge_chain(), started=started)
                # The run's audit rows are appended together at its end, in the order made: the
                # chain's lock (shared by every audited transaction) is then held from there to
                # the commit, not from the run's first change on (perf48: the deep pass's two
                # chains waited for each other's lock).
                with audits_deferred():
                    stats = run(context)
                status = ConsolidationRun.Status.SUCCEEDED
            # The row says finished in the run's own transaction: it commits with the run's work
            # (one commit a run less; on this machine a durable commit waits ≈ 5 ms for the disk).
            stats["ms"] = round((time.monotonic() - started) * 1000, 1)
            ConsolidationRun.objects.filter(pk=run_row.pk).update(status=status, stats=stats,
                                                                  used=stats.get("used", {}),
                                                                  finished_at=timezone.now())
    except Exception as exc:  # noqa: BLE001 - recorded; the subject stays marked for the next pass
        logger.error("consolidation run %s for subject %s failed: %s", run_row.pk, subject_id, type(exc).__name__)
        ConsolidationRun.objects.filter(pk=run_row.pk).update(status=ConsolidationRun.Status.FAILED,
                                                              error=type(exc).__name__[:64],
                                                              finished_at=timezone.now())
        return RunResult(run_id=str(run_row.pk), status=ConsolidationRun.Status.FAILED)
    return RunResult(run_id=str(run_row.pk), status=status, stats=stats)


def subject_lock_try(subject_id: Any, *, flush_wait: bool = True) -> bool:
    """The subject's transaction-scoped advisory lock: False while another run holds it.

    ``flush_wait=False``: the same statement makes the open transaction's commit return without
    waiting for the WAL flush (``set_config('synchronous_commit', 'off', true)``: this transaction
    only; the session's setting is untouched), so a deep run pays no extra round trip for it."""
    key_digest = hashlib.sha256(str(subject_id).encode()).digest()
    key = int.from_bytes(key_digest[:4], "big", signed=True)
    relax = "" if flush_wait else ", set_config('synchronous_commit', 'off', true)"
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT pg_try_advisory_xact_lock(%s, %s){relax}", [_LOCK_NAMESPACE, key])
        return bool(cursor.fetchone()[0])


# ------------------------------------------------------------------------------------ the pass


_VERSION_COLUMNS = [f.attname for f in CollectiveFact._meta.concrete_fields]
# The subject's open versions (current or pending review), in the model's order: the statement built
# and compiled once a process (config.db.CompiledOnce), as the run's other reads.
_OPEN_VERSIONS = CompiledOnce(lambda *, subject_id: CollectiveFact.objects.filter(
    subject_id=subject_id, status__in=[CollectiveFact.Status.CURRENT, CollectiveFact.Status.PENDING_REVIEW])
    .values_list(*_VERSION_COLUMNS))


def open_versions(subject_id: Any) -> list[CollectiveFact]:
    """The subject's current and pending versions with their evidence as steps 2 and 5 compare it
    (which memory, root, counted, why not): what ``list(CollectiveFact.objects.filter(subject=…,
    status__in=[current, pending_review]).prefetch_related(Prefetch("evidence", …)))`` returns — the
    rows read by a statement compiled once a process, the instances built as the queryset builds
    them (``config.db.instances_from_rows``), the evidence prefetched by Django's own
    ``prefetch_related_objects`` (the same query, none for no version) — without building and
    compiling the queryset every run (perf53a)."""
    versions = instances_from_rows(CollectiveFact, _VERSION_COLUMNS, _OPEN_VERSIONS.rows(subject_id=subject_id))
    prefetch_related_objects(versions, Prefetch("evidence", queryset=Evidence.objects.only(
        "fact_id", "memory_id", "root", "counted", "discount_reason")))
    return versions


def run(ctx: RunContext) -> dict[str, Any]:
    """The seven steps over the context's subject, then the digest; returns the run's stats."""
    marker = ctx.subject.consolidation_requested_at
    memories = gather.gather(ctx)                                             # 1
    clusters = group.group(ctx, memories)                                     # 2
    existing = open_versions(ctx.subject.pk)
    clusters_match(clusters, existing)
    suppressed = gate.suppressed_keys(ctx, clusters)  # one query for step 4, before the loop
    for cluster in clusters:
        echoes = echo.discounts(ctx, cluster)  # 6 first: step 3 counts only evidence that is no echo
        corroborate.corroborate(ctx, cluster, echoes)                         # 3
        gate.gate(ctx, cluster, suppressed)                                   # 4
    validity.resolve(ctx, clusters, existing)                                 # 5
    # (6 ran above, inside the cluster loop, as an input of 3.)
    dependence.close_unsupported(ctx, existing)                               # 7
    copy_insert(Decision, ctx.decisions)  # hundreds a run: one COPY (config.db)
    digest.digest_rebuild(subject=ctx.subject)
    if not ctx.budget.exhausted:
        # Only if no write landed after the run read the marker (equality re-checked on the
        # latest row version, so a concurrent writer keeps the subject marked).
        Subject.objects.filter(pk=ctx.subject.pk, consolidation_requested_at=marker).update(
            consolidation_requested_at=None)
    ctx.stats.update({"memories": len(memories), "clusters": len(clusters), "decisions": len(ctx.decisions)})
    stats: dict[str, Any] = dict(ctx.stats)
    stats["used"] = {"candidates": ctx.budget.candidates, "judge_calls": ctx.budget.judge_calls,
                     "seconds": round(time.monotonic() - ctx.budget.started, 3)}
    stats["budget_exhausted"] = ctx.budget.exhausted
    audit(actor=ctx.actor, action="consolidation.run", object_type="subject", object_id=ctx.subject.pk,
          data={"run": str(ctx.run.pk), "promoted": stats.get("promoted", 0),
                "superseded": stats.get("superseded", 0), "unsupported": stats.get("unsupported", 0),
                "review": stats.get("review", 0)})
    return stats
