"""Step 1 — gather: the subject's live private facts across every space, read-only (DESIGN §5.1).

Pending embeddings were computed by the entry (``run.consolidation_run_subject``) before the run's
transaction, so a run never depends on the embedding task's timing.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any

from django.db.models.expressions import RawSQL
from pgvector import Vector

from agents_registry.models import Agent
from config.db import CompiledOnce, in_bulk_by_pk, instances_from_rows
from governance.selectors.predicates import predicates_by_id
from memory.models import Memory

if TYPE_CHECKING:  # the context's type only; run.py imports this module
    from memory.consolidation.run import RunContext


# Columns no step reads (the reasoning may be long); the embedding comes binary, below.
_DEFERRED = {"content_tsv", "embedding", "reasoning", "content_sha256", "quarantine_rule", "redaction_count",
             "special_rule", "last_accessed_at", "expires_at", "supersedes", "quarantined", "valid_to"}
_COLUMNS = [f.attname for f in Memory._meta.concrete_fields if f.name not in _DEFERRED]


def _read(*, subject_id: Any, now: datetime) -> Any:
    return (
        Memory.objects.filter(subject_id=subject_id, kind=Memory.Kind.FACT, status=Memory.Status.ACTIVE,
                              quarantined=False)
        .exclude(trust=Memory.Trust.EPHEMERAL)
        .exclude(expires_at__lte=now)
        # pgvector's binary form (vector_send), read by pgvector's own Vector.from_binary: the text
        # form is parsed number by number (a third of the step's time for a 100-memory subject).
        .annotate(embedding_binary=RawSQL('vector_send("memory_memory"."embedding")', []))
        .order_by("recorded_at", "pk")
        .values_list(*_COLUMNS, "embedding_binary"))


# Built and compiled once a process (config.db.CompiledOnce): the same statement every run, only the
# subject and the time differ.
_READ = CompiledOnce(_read)


def gather(ctx: RunContext) -> list[Memory]:
    """Active, unquarantined, unexpired, non-ephemeral facts about the subject, oldest first."""
    rows = _READ.rows(subject_id=ctx.subject.pk, now=ctx.now)
    # Instances as the queryset would build them, the columns above left deferred (config.db).
    memories: list[Memory] = instances_from_rows(Memory, [*_COLUMNS, "embedding_binary"], rows)
    # A subject's memories come from a few agents and predicates: one instance of each, shared
    # (a join would build one copy per row).
    agents = in_bulk_by_pk(Agent, {m.agent_id for m in memories})  # one fixed statement (config.db)
    predicates = ctx.memo.setdefault("predicates", {})
    predicates.update(predicates_by_id({m.predicate_id for m in memories if m.predicate_id} - predicates.keys()))
    for memory in memories:
        binary = memory.embedding_binary
        memory.embedding = None if binary is None else Vector.from_binary(binary).to_numpy()
        # What ``memory.agent = …`` leaves (the ids already match): the related instances cached.
        cache = memory._state.fields_cache
        cache["agent"] = agents[memory.agent_id]
        cache["predicate"] = predicates[memory.predicate_id] if memory.predicate_id else None
    ctx.decide("gather", "gathered", inputs={"memories": len(memories)})
    return memories

