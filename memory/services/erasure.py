"""Erasure (Art. 17) in the memory layer: the person, one agent's knowledge of them, or one fact.

Called by governance's request service. Returns what was erased per store and the erased values
(for the residue scan, never stored) plus suppression keys for the facts, so the same fact about
the same person is not promoted again. Idempotent: erasing what is already gone erases nothing.
"""

from __future__ import annotations

import hashlib
import hmac
import uuid
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.db import transaction

from config.actors import Actor
from config.audit import audit
from config.ids import parse_uuid
from memory.models import (
    CollectiveFact,
    ConsolidationRun,
    Decision,
    Digest,
    Evidence,
    JudgmentOverride,
    Memory,
    MemorySpace,
    ReadLog,
    Subject,
)
from memory.roots import erased_root_key
from memory.services.records import subject_mark_for_consolidation
from memory.text import normalize

MIN_SCANNED_CHARS = 6
# What ``_collect`` reads of an erased memory (the embedding is not loaded).
_COLLECTED = ("pk", "content", "reasoning", "value", "origin_ref")


@dataclass
class ErasureOutcome:
    counts: dict[str, int] = field(default_factory=dict)
    values: set[str] = field(default_factory=set)
    shared_values: set[str] = field(default_factory=set)
    suppression_keys: set[str] = field(default_factory=set)
    root_keys: set[str] = field(default_factory=set)


def suppression_key(*, subject_ref: str, key: str, value: Any, statement: str) -> str:
    basis = normalize(str(value)) if value not in (None, "", [], {}) else normalize(statement)
    message = f"{subject_ref}\x1f{key}\x1f{basis}".encode()
    return hmac.new(settings.SECRET_KEY.encode(), message, hashlib.sha256).hexdigest()


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


def _collect(outcome: ErasureOutcome, memories: list[Memory], facts: list[CollectiveFact], subject: Subject) -> None:
    texts: set[str] = set()
    for m in memories:
        texts.update([m.content, m.reasoning, *_strings(m.value)])
    # Each erased root event, so replaying its write is refused (memory.roots): keyed HMACs only.
    outcome.root_keys |= {erased_root_key(subject_ref=subject.external_ref, origin_ref=ref)
                          for ref in {m.origin_ref for m in memories} if ref}
    for f in facts:
        texts.update([f.statement, *_strings(f.value)])
        outcome.suppression_keys.add(suppression_key(subject_ref=subject.external_ref, key=f.key, value=f.value,
                                                     statement=f.statement))
    texts = {t for t in texts if t and len(t) >= MIN_SCANNED_CHARS}
    # Text that also stands in rows this erasure keeps (another person's, or — for a partial
    # erasure — this person's other agents') is theirs, not residue: it is not searched, and the
    # receipt counts how many such values there were. "Stands in" is a substring test, as the
    # residue scan's own: a common structured value ("morning") or a short sentence another
    # person's note contains would otherwise be found in their rows and block the erasure.
    shared = _held_elsewhere(texts, memory_ids=[m.pk for m in memories], fact_ids=[f.pk for f in facts],
                             subject=subject)
    outcome.shared_values |= shared
    outcome.values |= texts - shared


_HELD_ELSEWHERE_SQL = """
SELECT v FROM unnest(%(values)s::text[]) AS v
WHERE EXISTS (SELECT 1 FROM memory_memory m WHERE NOT (m.id = ANY(%(memories)s::uuid[]))
                AND (strpos(m.content, v) > 0 OR strpos(m.reasoning, v) > 0
                     OR strpos(coalesce(m.value::text, ''), v) > 0))
   OR EXISTS (SELECT 1 FROM memory_collectivefact f WHERE NOT (f.id = ANY(%(facts)s::uuid[]))
                AND (strpos(f.statement, v) > 0 OR strpos(coalesce(f.value::text, ''), v) > 0))
   OR EXISTS (SELECT 1 FROM memory_digest d WHERE d.subject_id <> %(subject)s::uuid AND strpos(d.text, v) > 0)
"""


def _held_elsewhere(values: set[str], *, memory_ids: list[Any], fact_ids: list[Any],
                    subject: Subject) -> set[str]:
    if not values:
        return set()
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(_HELD_ELSEWHERE_SQL, {"values": sorted(values), "memories": memory_ids, "facts": fact_ids,
                                             "subject": subject.pk})
        return {row[0] for row in cursor.fetchall()}


@transaction.atomic
def subject_erase(*, actor: Actor, subject_id: uuid.UUID, scope: dict[str, Any]) -> ErasureOutcome:
    outcome = ErasureOutcome()
    subject = Subject.objects.select_for_update().filter(pk=subject_id).first()
    if subject is None:
        return outcome  # already erased: idempotent
    if scope.get("all"):
        memories = list(Memory.objects.filter(subject=subject))
        facts = list(CollectiveFact.objects.filter(subject=subject))
        _collect(outcome, memories, facts, subject)
        if len(subject.external_ref) >= MIN_SCANNED_CHARS:
            outcome.values.add(subject.external_ref)
        outcome.counts = {
            "evidence": Evidence.objects.filter(fact__subject=subject).count(),
            "read_logs": ReadLog.objects.filter(subject=subject).delete()[0],
            "review_overrides": JudgmentOverride.objects.filter(subject=subject).delete()[0],
            "decisions": Decision.objects.filter(subject_id=subject.pk).delete()[0],
            "digests": Digest.objects.filter(subject=subject).delete()[0],
        }
        CollectiveFact.objects.filter(subject=subject).update(revises=None)
        outcome.counts["facts"] = CollectiveFact.objects.filter(subject=subject).delete()[1].get(
            "memory.CollectiveFact", 0)
        outcome.counts["embeddings"] = Memory.objects.filter(subject=subject, embedding__isnull=False).count()
        Memory.objects.filter(subject=subject).update(supersedes=None)
        outcome.counts["memories"] = Memory.objects.filter(subject=subject).delete()[1].get("memory.Memory", 0)
        outcome.counts["spaces"] = MemorySpace.objects.filter(subject=subject).delete()[0]
        outcome.counts["runs_unlinked"] = ConsolidationRun.objects.filter(subject=subject).update(subject=None)
        subject.delete()
        outcome.counts["subjects"] = 1
    else:
        if "agent" in scope:
            memories = list(Memory.objects.filter(subject=subject, agent__slug=str(scope["agent"])))
            facts: list[CollectiveFact] = []
        else:
            fact = CollectiveFact.objects.filter(pk=parse_uuid(scope.get("fact_id")), subject=subject).first()
            if fact is None:
                return outcome
            facts = list(CollectiveFact.objects.filter(subject=subject, lineage=fact.lineage))
            memories = list(Memory.objects.filter(evidence__fact__in=facts).distinct())
        _collect(outcome, memories, facts, subject)
        ids = [m.pk for m in memories]
        outcome.counts = {
            "evidence": Evidence.objects.filter(memory_id__in=ids).count()
            + Evidence.objects.filter(fact__in=facts).exclude(memory_id__in=ids).count(),
            "read_logs": ReadLog.objects.filter(fact__in=facts).delete()[0],
            "embeddings": Memory.objects.filter(pk__in=ids, embedding__isnull=False).count(),
        }
        Memory.objects.filter(supersedes_id__in=ids).update(supersedes=None)
        outcome.counts["memories"] = Memory.objects.filter(pk__in=ids).delete()[1].get("memory.Memory", 0)
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
            from memory.services.consolidation import digest_rebuild

            digest_rebuild(subject=subject)
            outcome.counts["digests_rebuilt"] = 1
        # What the remaining evidence supports is re-evaluated by the next pass (step 7).
        subject_mark_for_consolidation(subject_ids=[subject.pk])
    audit(actor=actor, action="subject.erased", object_type="subject", object_id=subject_id,
          data={"scope": sorted(scope), "counts": outcome.counts})
    return outcome
