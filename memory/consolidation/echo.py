"""Step 6 — block echoes: evidence that restates the collective layer is not counted (DESIGN §5.6).

A member of a cluster is an echo when — in this order of precedence, the first rule that applies
names it —

1. it declares ``derived_from`` (a restatement, by its own account): ``derived_from``;
2. it is ``asserted_by=agent`` (an agent's conclusion, not something the person said):
   ``agent_asserted``;
3. it was recorded after its (agent, session) was served the cluster's lineage (the read-log rule,
   :func:`first_reads`): ``echo_read_log``;
4. it was recorded after *any agent of its writer's lineage* was served a version of the cluster's
   lineage saying what the cluster says (the same value), in *any* session (:func:`served_before`),
   and it is not ``verified``: ``echo_served``. (Served an older value, then writing the new one, is
   what a person's update looks like, not an echo.) Declarations
   do not lift this: ``asserted_by=user``, a fresh ``origin_ref`` or a new ``session_id`` are what an
   agent that read the fact can type. Only a root verified by a verified channel (a system or tool
   record, ``trust=verified``) counts; a person's genuine re-confirmation goes through the portal;
5. some clause of it restates a fact *other than the cluster's* that its writer's lineage was
   served before it was recorded (:mod:`memory.consolidation.restatement`, content decides): the
   summary rule, ``echo_summary`` — such a note is no evidence for a new fact built from its text;
6. it was recorded after the lineage became receivable by its agent and carries no origin of its own
   (the timing rule, :func:`readable_since`): ``echo_timing``.

The verdicts are an input of step 3: ``run.run`` asks :func:`discounts` for each cluster just
before ``corroborate.corroborate`` counts its roots, and the counting applies them with this
precedence — restricted (3), the echoes 1–5 above, same root (3), then the timing echo. (The timing
rule's "no independent root" cannot be met by a root already counted: such a memory is discounted
as ``same_root`` first, so only "no origin" remains to check here.)

What a lineage was served is read once per run from the read log (:func:`served_index`, every
serving path writes it: recall, briefing, ``collective/facts``), with reading agents mapped to
their lineage as it is now.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

from agents_registry.models import Agent
from config.db import CompiledOnce
from memory.consolidation import restatement
from memory.consolidation.clusters import Cluster
from memory.consolidation.corroborate import lineage_of
from memory.models import CollectiveFact, Evidence, Memory, ReadLog

if TYPE_CHECKING:  # the context's type only; run.py imports this module
    from memory.consolidation.run import RunContext


@dataclass
class ServedIndex:
    """What each agent lineage was served about the run's subject: (fact lineage, version, when)."""

    reads: dict[str, list[tuple[Any, Any, datetime]]]
    facts: dict[Any, tuple[str, Any]] = field(default_factory=dict)  # version → (statement, value)
    # (fact lineage, agent id, session) → when that agent was first served the lineage in that session
    session_reads: dict[tuple[Any, int, str], datetime] = field(default_factory=dict)
    vocabularies: dict[Any, set[str]] = field(default_factory=dict)  # by version, filled lazily

    def first_served(self, writer_lineage: str, fact_lineage: Any, value: Any) -> datetime | None:
        """When the writer's lineage was first served a version of ``fact_lineage`` with ``value``."""
        times = [at for lineage, fact, at in self.reads.get(writer_lineage, ())
                 if lineage == fact_lineage and fact in self.facts and same_value(self.facts[fact][1], value)]
        return min(times, default=None)

    def versions_before(self, writer_lineage: str, before: datetime, *, exclude_lineage: Any) -> set[Any]:
        return {fact for lineage, fact, at in self.reads.get(writer_lineage, ())
                if at < before and lineage != exclude_lineage}


def discounts(ctx: RunContext, cluster: Cluster) -> dict[Any, str]:
    """Each echoing member's discount reason, by memory id (members absent here are no echo)."""
    lineage = cluster.matched.lineage if cluster.matched is not None else None
    since = readable_since(ctx, lineage) if lineage else {}
    first_read = first_reads(ctx, lineage, cluster.members) if lineage else {}
    served = served_index(ctx)
    found: dict[Any, str] = {}
    for memory in cluster.members:
        if memory.derived_from:
            found[memory.pk] = Evidence.Discount.DERIVED_FROM
        elif memory.asserted_by == Memory.AssertedBy.AGENT:
            found[memory.pk] = Evidence.Discount.AGENT_ASSERTED
        elif first_read.get((memory.agent_id, memory.session_id), ctx.now) < memory.recorded_at:
            found[memory.pk] = Evidence.Discount.ECHO_READ_LOG
        elif lineage and memory.trust != Memory.Trust.VERIFIED \
                and served_before(served, memory, lineage, cluster.matched.value):
            found[memory.pk] = Evidence.Discount.ECHO_SERVED
        elif restates_served(served, memory, exclude_lineage=lineage):
            found[memory.pk] = Evidence.Discount.ECHO_SUMMARY
        elif memory.agent_id in since and memory.recorded_at >= since[memory.agent_id] and not memory.origin_ref:
            found[memory.pk] = Evidence.Discount.ECHO_TIMING
    return found


# The subject's read log: the statement built and compiled once a process (config.db.CompiledOnce).
_READS = CompiledOnce(lambda *, subject_id: ReadLog.objects.filter(subject_id=subject_id).values_list(
    "agent_id", "lineage", "fact_id", "served_at", "session_id"))


def served_index(ctx: RunContext) -> ServedIndex:
    """The subject's read log by reading lineage: one query per run (memoised on the context)."""
    index = ctx.memo.get("served_index")
    if index is None:
        rows = _READS.rows(subject_id=ctx.subject.pk)
        readers = {agent_id for agent_id, _, _, _, _ in rows}
        lineages = {pk: lineage or slug for pk, lineage, slug in
                    Agent.objects.filter(pk__in=readers).values_list("pk", "lineage", "slug")} if readers else {}
        reads: dict[str, list[tuple[Any, Any, datetime]]] = defaultdict(list)
        session_reads: dict[tuple[Any, int, str], datetime] = {}
        for agent_id, fact_lineage, fact_id, served_at, session_id in rows:
            reads[lineages[agent_id]].append((fact_lineage, fact_id, served_at))
            key = (fact_lineage, agent_id, session_id)
            session_reads[key] = min(served_at, session_reads.get(key, served_at))
        facts = {pk: (statement, value) for pk, statement, value in CollectiveFact.objects.filter(
            pk__in={fact_id for _, _, fact_id, _, _ in rows}).values_list("pk", "statement", "value")} if rows else {}
        index = ctx.memo["served_index"] = ServedIndex(reads=dict(reads), facts=facts, session_reads=session_reads)
    return index


def served_before(served: ServedIndex, memory: Memory, fact_lineage: Any, value: Any) -> bool:
    """Was any agent of the writer's lineage served a version of ``fact_lineage`` saying ``value``
    before ``memory`` was recorded?"""
    first = served.first_served(lineage_of(memory), fact_lineage, value)
    return first is not None and first < memory.recorded_at


def same_value(a: Any, b: Any) -> bool:
    """Two versions' values say the same (free-text versions have none: the same fact)."""
    return _norm(a) == _norm(b)


def restates_served(served: ServedIndex, memory: Memory, *, exclude_lineage: Any = None) -> bool:
    """Does some clause of ``memory`` restate a fact its writer's lineage was served before it was
    recorded (other than versions of ``exclude_lineage``, the cluster's own fact)?"""
    versions = served.versions_before(lineage_of(memory), memory.recorded_at, exclude_lineage=exclude_lineage)
    if not versions:
        return False
    _vocabularies_load(served, versions)
    return restatement.restates(memory.content, (served.vocabularies[v] for v in versions))


def _vocabularies_load(served: ServedIndex, versions: set[Any]) -> None:
    missing = versions - served.vocabularies.keys()
    if not missing:
        return
    wordings: dict[Any, list[str]] = defaultdict(list)
    for fact_id, content in Evidence.objects.filter(fact_id__in=missing, counted=True).values_list(
            "fact_id", "memory__content"):
        wordings[fact_id].append(content)
    for fact_id in missing:
        statement, value = served.facts.get(fact_id, ("", None))  # absent: erased since it was served
        served.vocabularies[fact_id] = restatement.vocabulary(statement, value, wordings[fact_id]) \
            if fact_id in served.facts else set()


def _norm(value: Any) -> Any:
    if isinstance(value, str):
        return " ".join(value.casefold().split())
    if isinstance(value, list):
        return sorted(str(_norm(v)) for v in value)
    if isinstance(value, dict):
        return {str(k): _norm(v) for k, v in value.items()}
    return value


def readable_since(ctx: RunContext, lineage: Any) -> dict[int, datetime]:
    """When the lineage first became receivable, per agent that may receive it (timing rule)."""
    first = first_versions(ctx).get(lineage)
    if first is None:
        return {}
    recorded_at, domains = first
    return dict.fromkeys(_receivers(ctx, domains), recorded_at)


def _receivers(ctx: RunContext, domains: list[str]) -> list[int]:
    """The active agents that may receive a fact of these evidence domains (memoised per run)."""
    memo = ctx.memo.setdefault("receivers", {})
    key = tuple(domains)
    if key not in memo:
        memo[key] = [agent.pk for agent in ctx.active_agents
                     if ctx.policy.purpose_receives(agent.purposes) and ctx.policy.domain_receives(agent.domain, domains)]
    return memo[key]


def first_versions(ctx: RunContext) -> dict[Any, tuple[datetime, list[str]]]:
    """Each of the subject's fact lineages' first version (when recorded, its domains): one query
    per run, memoised on the context."""
    found = ctx.memo.get("first_versions")
    if found is None:
        found = ctx.memo["first_versions"] = {
            lineage: (recorded_at, domains) for lineage, recorded_at, domains in
            CollectiveFact.objects.filter(subject=ctx.subject).order_by("lineage", "recorded_at", "pk")
            .distinct("lineage").values_list("lineage", "recorded_at", "domains")}
    return found


def first_reads(ctx: RunContext, lineage: Any, members: Iterable[Memory]) -> dict[tuple[int, str], datetime]:
    """When each (agent, session) of the cluster was first served this lineage (read-log rule),
    from the run's read-log index (:func:`served_index`)."""
    session_reads = served_index(ctx).session_reads
    first: dict[tuple[int, str], datetime] = {}
    for agent_id, session_id in {(m.agent_id, m.session_id) for m in members}:
        served_at = session_reads.get((lineage, agent_id, session_id))
        if served_at is not None:
            first[(agent_id, session_id)] = served_at
    return first
