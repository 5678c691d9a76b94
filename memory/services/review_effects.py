"""What a reviewer's decision changes in the memory layer (called by governance's review service).

Each function is the memory layer's own contract for a decision; governance never writes memory
rows itself. Every change is audited and marks the subject for a consolidation pass.
"""

from __future__ import annotations

import uuid

from django.db import transaction
from django.utils import timezone

from config.actors import Actor
from config.audit import audit
from memory.models import CollectiveFact, JudgmentOverride, Memory
from memory.services.memories import memory_dispute, subject_mark_for_consolidation


def _mark(subject_id: uuid.UUID) -> None:
    subject_mark_for_consolidation(subject_ids=[subject_id])


@transaction.atomic
def fact_pending_resolve(*, actor: Actor, fact_id: uuid.UUID, approve: bool) -> CollectiveFact | None:
    """A high-impact change waiting for review: approve → it becomes current (the previous value
    closes as superseded); reject → it closes as rejected. Values are never rewritten."""
    fact = CollectiveFact.objects.select_for_update().filter(pk=fact_id).first()
    if fact is None or fact.status != CollectiveFact.Status.PENDING_REVIEW:
        return fact
    now = timezone.now()
    if approve:
        previous = fact.revises
        if previous is not None and previous.status == CollectiveFact.Status.CURRENT:
            valid_from = max(fact.valid_from, previous.valid_from)
            CollectiveFact.objects.filter(pk=previous.pk).update(
                status=CollectiveFact.Status.SUPERSEDED, closed_at=now, close_reason="review_approved_change",
                valid_to=valid_from)
        CollectiveFact.objects.filter(pk=fact.pk).update(status=CollectiveFact.Status.CURRENT)
    else:
        CollectiveFact.objects.filter(pk=fact.pk).update(status=CollectiveFact.Status.REJECTED, closed_at=now,
                                                         close_reason="review_rejected")
    audit(actor=actor, action="fact.review_approved" if approve else "fact.review_rejected",
          object_type="collective_fact", object_id=fact.pk, data={})
    _mark(fact.subject_id)
    fact.refresh_from_db()
    return fact


@transaction.atomic
def pair_override_record(*, actor: Actor, subject_id: uuid.UUID, memory_a: uuid.UUID, memory_b: uuid.UUID,
                         equivalent: bool) -> JudgmentOverride | None:
    """A reviewer's answer to a doubtful pair; the next pass merges (or keeps apart) accordingly."""
    a, b = sorted([memory_a, memory_b], key=str)
    if Memory.objects.filter(pk__in=[a, b], subject_id=subject_id).count() != 2:
        return None  # one of them is gone (expired or erased): nothing to decide
    override, _ = JudgmentOverride.objects.update_or_create(
        memory_a_id=a, memory_b_id=b,
        defaults={"subject_id": subject_id, "label": "EQUIVALENT" if equivalent else "UNRELATED",
                  "decided_by": f"{actor.kind}:{actor.id}"})
    audit(actor=actor, action="pair.reviewed", object_type="memory_pair", object_id=override.pk,
          data={"a": str(a), "b": str(b), "label": override.label})
    _mark(subject_id)
    return override


@transaction.atomic
def memory_quarantine_decide(*, actor: Actor, memory_id: uuid.UUID, release: bool) -> Memory | None:
    """Quarantined (instruction-shaped) content: release → active again; keep → stays restricted."""
    memory = Memory.objects.select_for_update().filter(pk=memory_id).first()
    if memory is None or not memory.quarantined:
        return memory
    if release:
        memory.quarantined = False
        memory.status = Memory.Status.ACTIVE
        memory.save(update_fields=["quarantined", "status"])
        _mark(memory.subject_id)
    audit(actor=actor, action="memory.quarantine_released" if release else "memory.quarantine_kept",
          object_type="memory", object_id=memory.pk, data={})
    return memory


@transaction.atomic
def trust_conflict_decide(*, actor: Actor, kept_id: uuid.UUID, challenger_id: uuid.UUID,
                          challenger_wins: bool) -> None:
    """A reviewer settles an inferred-vs-verified conflict: the challenger supersedes the kept
    memory, or the challenger is marked disputed. Nothing is deleted."""
    kept = Memory.objects.select_for_update().filter(pk=kept_id).first()
    challenger = Memory.objects.select_for_update().filter(pk=challenger_id).first()
    if kept is None or challenger is None:
        return
    if challenger_wins:
        Memory.objects.filter(pk=kept.pk).update(status=Memory.Status.SUPERSEDED)
        if challenger.supersedes_id is None and not Memory.objects.filter(supersedes=kept).exists():
            Memory.objects.filter(pk=challenger.pk).update(supersedes=kept)
    else:
        memory_dispute(actor=actor, memory_ids=[challenger.pk])
    audit(actor=actor, action="trust_conflict.settled", object_type="memory", object_id=challenger.pk,
          data={"kept": str(kept.pk), "challenger_wins": challenger_wins})
    _mark(kept.subject_id)
