"""Rectification (Art. 16): the person corrects a collective fact.

The wrong version closes as ``rectified`` (its system time ends; ``as_of`` before still shows what
was believed). A new, subject-asserted version supersedes it in the same lineage: it outranks
agents' evidence and does not depend on it. The private memories that supported the wrong value
are marked ``disputed`` through this layer's own service, so they stop counting and are not
recalled. The digest is rebuilt. Everything is audited (ids only).
"""

from __future__ import annotations

import uuid
from typing import Any

from django.db import transaction
from django.utils import timezone

from config.actors import Actor
from config.audit import audit
from config.errors import NotFoundError
from memory.models import CollectiveFact, Evidence, Memory
from memory.scrubbing import scrub
from memory.consolidation.digest import digest_rebuild
from memory.services.memories import memory_dispute


@transaction.atomic
def fact_rectify(*, actor: Actor, subject_id: uuid.UUID, fact_id: uuid.UUID, statement: str,
                 value: Any = None) -> CollectiveFact:
    wrong = CollectiveFact.objects.select_for_update().filter(pk=fact_id, subject_id=subject_id).first()
    if wrong is None:
        raise NotFoundError()
    # The version the person saw may already be closed: correct the lineage's current one.
    current = (CollectiveFact.objects.select_for_update()
               .filter(subject_id=subject_id, lineage=wrong.lineage, status=CollectiveFact.Status.CURRENT).first())
    target = current or wrong
    now = timezone.now()
    supporting = list(Evidence.objects.filter(fact__lineage=target.lineage).values_list("memory_id", flat=True))
    if target.status == CollectiveFact.Status.CURRENT:
        CollectiveFact.objects.filter(pk=target.pk).update(status=CollectiveFact.Status.RECTIFIED, closed_at=now,
                                                           close_reason="rectified_by_subject")
    clean = scrub(statement).text
    corrected = CollectiveFact(
        subject_id=subject_id, lineage=target.lineage, revises=target, predicate=target.predicate, key=target.key,
        single=target.single, statement=clean, value=value, category=target.category,
        status=CollectiveFact.Status.CURRENT, valid_from=now, recorded_at=now, trust=Memory.Trust.USER_ASSERTED,
        confidence=0.99, importance=target.importance, policy_version=target.policy_version,
        subject_asserted=True, first_evidence_at=now, last_confirmed_at=now, domains=[])
    corrected.full_clean(exclude=["subject", "predicate", "revises", "run"], validate_constraints=False,
                         validate_unique=False)
    corrected.save(force_insert=True)
    disputed = memory_dispute(actor=actor, memory_ids=supporting)
    audit(actor=actor, action="fact.rectified", object_type="collective_fact", object_id=corrected.pk,
          data={"revises": str(target.pk), "disputed_memories": disputed})
    digest_rebuild(subject=corrected.subject)
    return corrected
