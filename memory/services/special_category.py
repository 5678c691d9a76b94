"""Where a special-category finding goes (issue 15): onto the memory, never into the collective layer.

The detector (``memory.inspection.special``) says *whether* a memory's strings reveal a special
category (GDPR Art. 9/10); this module records its verdict on the memory so every later stage
can read it from the row:

* ``special_mark`` — the lexical stage, on the write path: called by ``memory_record`` on the
  unsaved memory (its stored, scrubbed fields), so the write response says ``special_category``
  at once. The stored text is unchanged and the memory stays in its writer's private space.
* ``special_vector_finding`` — the vector stage, in the embedding
  backfill (which writes the finding in its batch statement): the memory's own embedding against
  the detector's exemplars. Its verdict is written in the same UPDATE that
  stores the embedding and never replaces a lexical finding, so there is no moment at which a
  memory is embedded but not yet inspected.
* ``memory_special_reinspect`` — both stages again over memories already stored (written before
  the detector existed, or before it improved): a newly flagged memory's subject is marked for
  consolidation, whose next pass closes any version it supported (``manage.py special_reinspect``).

Consolidation's gate (``memory.consolidation.gate``) then refuses any cluster with a flagged
member, or with a member whose vector stage has not run yet (``embedding_pending``).
Neither the category nor the rule goes into audit rows or decision traces (that a given memory
is about someone's health is itself special-category data); they live on the memory row only,
which the person sees in the portal and the access export.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator, Sequence
from typing import Any

import numpy as np
from django.db import transaction
from django.utils import timezone

from config.actors import Actor
from config.audit import audit
from memory.inspection.fields import memory_strings
from memory.inspection.special import (
    SpecialFinding,
    special_category_in,
    vector_stage,
)
from memory.models import Memory, Subject


def _write_strings(memory: Memory) -> Iterator[tuple[str, str]]:
    """Every string the write carries, as stored (after scrubbing), named by field."""
    return memory_strings({
        "content": memory.content, "key": memory.key,
        "predicate": memory.predicate.key if memory.predicate is not None else "",
        "category": memory.category, "reasoning": memory.reasoning, "origin_ref": memory.origin_ref,
        "session_id": memory.session_id, "value": memory.value,
    })


def special_mark(memory: Memory) -> SpecialFinding | None:
    """The lexical stage: set ``special_category``/``special_rule`` on an unsaved memory."""
    finding = special_category_in(_write_strings(memory))
    memory.special_category = finding.category if finding else ""
    memory.special_rule = finding.rule[:64] if finding else ""
    return finding


def special_vector_finding(vector: Sequence[float] | np.ndarray, content: str = "") -> tuple[str, str] | None:
    """The vector stage's verdict as ``(category, rule)`` (the rule cut to the column's 64
    characters), or None, for the backfill's batch statement, which applies it only where no
    finding is recorded yet (a lexical finding is kept whole). ``content`` is the text the vector
    was made from: when it uses a special word in an ordinary sense the stage reads what lies
    outside those spans (``special.vector_to_read``), as the n-gram stage does on the write path."""
    finding = vector_stage(np.asarray(vector, dtype=np.float32), content)
    return None if finding is None else (finding.category, finding.rule[:64])


def memory_special_reinspect(*, actor: Actor, subject_id: Any = None, batch_size: int = 500) -> int:
    """Run both detector stages over stored, not yet flagged memories (one subject or all), in
    batches of one transaction each; returns how many were newly flagged. Each batch that flags
    any marks those subjects for consolidation and writes one audit row (counts only)."""
    flagged = 0
    last_pk = None
    while True:
        rows = Memory.objects.filter(special_category="").select_related("predicate").defer("content_tsv")
        if subject_id is not None:
            rows = rows.filter(subject_id=subject_id)
        if last_pk is not None:
            rows = rows.filter(pk__gt=last_pk)
        batch = list(rows.order_by("pk")[:batch_size])
        if not batch:
            return flagged
        last_pk = batch[-1].pk
        flagged += _reinspect_batch(actor=actor, memories=batch)


@transaction.atomic
def _reinspect_batch(*, actor: Actor, memories: list[Memory]) -> int:
    found: list[Memory] = []
    for memory in memories:
        finding = special_category_in(_write_strings(memory))
        if finding is None and memory.embedding is not None:
            finding = vector_stage(np.asarray(memory.embedding, dtype=np.float32), memory.content)
        if finding is not None:
            memory.special_category, memory.special_rule = finding.category, finding.rule[:64]
            found.append(memory)
    for memory in found:  # only where no finding landed meanwhile
        Memory.objects.filter(pk=memory.pk, special_category="").update(
            special_category=memory.special_category, special_rule=memory.special_rule)
    if found:
        subjects = sorted({m.subject_id for m in found}, key=str)
        # The durable "needs consolidation" marker (as memory.services.memories sets it; that
        # module imports this one, so the one-line update is repeated here rather than imported).
        Subject.objects.filter(pk__in=subjects).update(consolidation_requested_at=timezone.now())
        audit(actor=actor, action="memory.special_reinspected", object_type="memory_batch",
              object_id=uuid.uuid4().hex[:12], data={"inspected": len(memories), "flagged": len(found),
                                                        "subjects": len(subjects)})
    return len(found)
