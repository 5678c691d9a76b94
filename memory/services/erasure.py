"""Erasure (Art. 17) in the memory layer: the person, one agent's knowledge of them, or one fact.

Called by governance's request service. Returns what was erased per store and the erased values
(for the residue scan, never stored) plus suppression keys for the facts, so the same fact about
the same person is not promoted again (the keys are governance's HMACs,
``governance.selectors.suppressions``). Idempotent: erasing what is already gone erases nothing.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from django.db import connection, transaction

from config.actors import Actor
from config.audit import audit
from config.ids import parse_uuid
from config.needles import Needles
from config.redis import REDIS_ERRORS, get_redis
from governance.selectors.suppressions import erased_root_keys, fact_suppression_key
from memory.keys import consolidation_debounce_key
from memory.models import (
    CollectiveFact,
    ConsolidationRun,
    Decision,
    Digest,
    Evidence,
    JudgmentOverride,
    Memory,
    MemoryClaim,
    MemorySpace,
    ReadLog,
    Subject,
)
from memory.consolidation import digest as consolidation_digest
from memory.services.memories import subject_mark_for_consolidation

MIN_SCANNED_CHARS = 6
# What ``_collect`` reads of an erased memory: named tuples, not models (no embedding loaded).
_COLLECTED = ("pk", "content", "reasoning", "value", "origin_ref")


@dataclass
class ErasureOutcome:
    counts: dict[str, int] = field(default_factory=dict)
    values: set[str] = field(default_factory=set)
    shared_values: set[str] = field(default_factory=set)
    suppression_keys: set[str] = field(default_factory=set)
    root_keys: set[str] = field(default_factory=set)


def _strings(value: Any) -> Iterable[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)
    elif isinstance(value, dict):
        for k, v in value.items():
            yield str(k)
            yield from _strings(v)


def _collect(outcome: ErasureOutcome, memories: list[Any], facts: list[CollectiveFact], subject: Subject,
             *, whole: bool = False) -> None:
    texts: set[str] = set()
    for m in memories:
        texts.update([m.content, m.reasoning, *_strings(m.value)])
    # Each erased root event, so replaying its write is refused (governance.selectors.suppressions):
    # keyed HMACs only.
    outcome.root_keys |= erased_root_keys(subject_ref=subject.external_ref,
                                          origin_refs={m.origin_ref for m in memories})
    for f in facts:
        texts.update([f.statement, *_strings(f.value)])
        outcome.suppression_keys.add(fact_suppression_key(subject_ref=subject.external_ref, key=f.key,
                                                          value=f.value, statement=f.statement))
    texts = {t for t in texts if t and len(t) >= MIN_SCANNED_CHARS}
    # Text that also stands in rows this erasure keeps (another person's, or — for a partial
    # erasure — this person's other agents') is theirs, not residue: it is not searched, and the
    # receipt counts how many such values there were. "Stands in" is a substring test, as the
    # residue scan's own: a common structured value ("morning") or a short sentence another
    # person's note contains would otherwise be found in their rows and block the erasure.
    shared = _held_elsewhere(texts, memory_ids=[m.pk for m in memories], fact_ids=[f.pk for f in facts],
                             subject=subject, whole=whole)
    outcome.shared_values |= shared
    outcome.values |= texts - shared


# The rows an erasure keeps, streamed once (see ``_held_elsewhere``): other people's, and for a
# partial erasure this person's rows outside the erased ids (``<> ALL`` of a constant array is
# hashed by PostgreSQL 15+; other people's rows never reach it).
_KEPT_TEXT_SQL = (
    """SELECT m.content, m.reasoning, m.value::text FROM memory_memory m
       WHERE m.subject_id <> %(subject)s::uuid {partial_memories}""",
    """SELECT f.statement, f.value::text FROM memory_collectivefact f
       WHERE f.subject_id <> %(subject)s::uuid {partial_facts}""",
    "SELECT d.text FROM memory_digest d WHERE d.subject_id <> %(subject)s::uuid",
)
_PARTIAL = {"partial_memories": "OR m.id <> ALL(%(memories)s::uuid[])",
            "partial_facts": "OR f.id <> ALL(%(facts)s::uuid[])"}
_BATCH_ROWS = 2000


def _held_elsewhere(values: set[str], *, memory_ids: list[Any], fact_ids: list[Any],
                    subject: Subject, whole: bool = False) -> set[str]:
    """The values that also stand (as a whole or a substring) in a memory, fact or digest this
    erasure keeps. One pass over those rows whatever the number of values (Aho-Corasick).
    ``whole``: every row of the subject is erased, so only other people's rows are kept."""
    if not values:
        return set()
    needles = Needles(values)
    params: dict[str, Any] = {"subject": str(subject.pk)}
    if not whole:
        params |= {"memories": [str(i) for i in memory_ids], "facts": [str(i) for i in fact_ids]}
    clauses = {name: "" if whole else clause for name, clause in _PARTIAL.items()}
    shared: set[str] = set()
    for sql in _KEPT_TEXT_SQL:
        with connection.chunked_cursor() as cursor:
            cursor.execute(sql.format(**clauses), params)
            while rows := cursor.fetchmany(_BATCH_ROWS):
                shared |= needles.which_in_rows(rows)
        if len(shared) == needles.count:
            break
    return shared


def _memories_delete(*, subject: Subject | None = None, ids: list[Any] | None = None) -> int:
    """Delete the subject's memories (or those ``ids``) in three statements.

    Django's collector would load every row first (10,000 for a person) because of the
    ``supersedes`` SET_NULL relation. A memory's only dependants are its evidence and its claims
    (CASCADE) and the memory that supersedes it (SET_NULL, always in the same space), all handled here; the
    foreign keys are DEFERRABLE, so a reference left behind would fail the erasure's transaction
    at commit, never leave a dangling row (tests/governance/test_erasure_scale.py pins the
    relations).
    """
    rows = Memory.objects.filter(subject=subject) if subject is not None else Memory.objects.filter(pk__in=ids)
    Evidence.objects.filter(memory__in=rows.values("pk")).delete()
    MemoryClaim.objects.filter(memory__in=rows.values("pk")).delete()
    Memory.objects.filter(supersedes__in=rows.values("pk")).update(supersedes=None)
    with connection.cursor() as cursor:
        if subject is not None:
            cursor.execute(f'DELETE FROM "{Memory._meta.db_table}" WHERE subject_id = %s', [subject.pk])
        else:
            cursor.execute(f'DELETE FROM "{Memory._meta.db_table}" WHERE id = ANY(%s::uuid[])',
                           [[str(i) for i in ids or []]])
        return cursor.rowcount


@transaction.atomic
def subject_erase(*, actor: Actor, subject_id: uuid.UUID, scope: dict[str, Any]) -> ErasureOutcome:
    outcome = ErasureOutcome()
    subject = Subject.objects.select_for_update().filter(pk=subject_id).first()
    if subject is None:
        return outcome  # already erased: idempotent
    if scope.get("all"):
        memories = list(Memory.objects.filter(subject=subject).values_list(*_COLLECTED, named=True))
        facts = list(CollectiveFact.objects.filter(subject=subject))
        _collect(outcome, memories, facts, subject, whole=True)
        if len(subject.external_ref) >= MIN_SCANNED_CHARS:
            outcome.values.add(subject.external_ref)
        outcome.counts = {
            "evidence": Evidence.objects.filter(fact__subject=subject).count(),
            "read_logs": ReadLog.objects.filter(subject=subject).delete()[0],
            "review_overrides": JudgmentOverride.objects.filter(subject=subject).delete()[0],
            "decisions": Decision.objects.filter(subject_id=subject.pk).delete()[0],
            "digests": Digest.objects.filter(subject=subject).delete()[0],
        }
        CollectiveFact.objects.filter(subject=subject, revises__isnull=False).update(revises=None)
        outcome.counts["facts"] = CollectiveFact.objects.filter(subject=subject).delete()[1].get(
            "memory.CollectiveFact", 0)
        outcome.counts["embeddings"] = Memory.objects.filter(subject=subject, embedding__isnull=False).count()
        outcome.counts["memories"] = _memories_delete(subject=subject)
        outcome.counts["spaces"] = MemorySpace.objects.filter(subject=subject).delete()[0]
        outcome.counts["runs_unlinked"] = ConsolidationRun.objects.filter(subject=subject).update(subject=None)
        subject.delete()
        outcome.counts["subjects"] = 1
    else:
        if "agent" in scope:
            memories = list(Memory.objects.filter(subject=subject, agent__slug=str(scope["agent"]))
                            .values_list(*_COLLECTED, named=True))
            facts: list[CollectiveFact] = []
        else:
            fact = CollectiveFact.objects.filter(pk=parse_uuid(scope.get("fact_id")), subject=subject).first()
            if fact is None:
                return outcome
            facts = list(CollectiveFact.objects.filter(subject=subject, lineage=fact.lineage))
            memories = list(Memory.objects.filter(evidence__fact__in=facts).distinct()
                            .values_list(*_COLLECTED, named=True))
        _collect(outcome, memories, facts, subject)
        ids = [m.pk for m in memories]
        outcome.counts = {
            "evidence": Evidence.objects.filter(memory_id__in=ids).count()
            + Evidence.objects.filter(fact__in=facts).exclude(memory_id__in=ids).count(),
            "read_logs": ReadLog.objects.filter(fact__in=facts).delete()[0],
            "embeddings": Memory.objects.filter(pk__in=ids, embedding__isnull=False).count(),
        }
        outcome.counts["memories"] = _memories_delete(ids=ids)
        CollectiveFact.objects.filter(revises__in=facts).update(revises=None)
        outcome.counts["facts"] = CollectiveFact.objects.filter(pk__in=[f.pk for f in facts]).delete()[1].get(
            "memory.CollectiveFact", 0)
        # Decisions reference erased memories by id: drop those references' rows.
        erased = {str(i) for i in ids} | {str(f.pk) for f in facts}
        stale = [d.pk for d in Decision.objects.filter(subject_id=subject.pk).only("pk", "inputs")
                 if erased & set(map(str, _strings(d.inputs)))]
        outcome.counts["decisions"] = Decision.objects.filter(pk__in=stale).delete()[0]
        if facts and Digest.objects.filter(subject=subject).exists():
            # The digest quotes current statements: rebuilt now, not at the next pass, or the
            # erased statement would survive in it (the residue scan would roll the erasure back).
            consolidation_digest.digest_rebuild(subject=subject)
            outcome.counts["digests_rebuilt"] = 1
        # What the remaining evidence supports is re-evaluated by the next pass (step 7).
        subject_mark_for_consolidation(subject_ids=[subject.pk])
    audit(actor=actor, action="subject.erased", object_type="subject", object_id=subject_id,
          data={"scope": sorted(scope), "counts": outcome.counts})
    return outcome


def subject_schedule_forget(*, subject_id: uuid.UUID) -> None:
    """Drop the subject's pending-consolidation prompt from Redis (an erased person's id is not
    kept there either). Best effort: with Redis down there is nothing to drop that outlives it."""
    try:
        get_redis().delete(consolidation_debounce_key(subject_id))
    except REDIS_ERRORS:
        pass
