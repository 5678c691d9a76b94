"""Late quarantine: a memory found instruction-shaped after it was written (issue 15, SEC-6).

The write path quarantines what ``memory.poisoning`` flags at once. The embedding stage
(``memory.inspection.instructions``) needs the memory's vector, which the embedding backfill stores
right behind the write; when it flags a memory, this service puts it where the write path would
have: quarantined, restricted, with the same quarantine review item. Consolidation embeds pending
memories before it gathers, so a memory is judged before it can be shared. Ids and rule ids only.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Iterable

import numpy as np
from django.db import transaction

from config.actors import Actor
from config.audit import audit
from governance.services.conflicts import quarantine_review_open
from memory.embedding import EmbeddingError
from memory.inspection.fields import value_strings
from memory.inspection.instructions import instruction_by_vector, instruction_in_texts
from memory.scrubbing.kinds import PLACEHOLDER_RE
from memory.models import Memory

__all__ = ["memory_quarantine_late", "quarantine_by_vector"]
logger = logging.getLogger(__name__)
MIN_WORDS = 4  # fewer words than this is a label, not an instruction


@transaction.atomic
def memory_quarantine_late(*, actor: Actor, memory_id: uuid.UUID, rule: str, field: str = "content") -> bool:
    """Quarantine an active, not yet quarantined memory for ``rule`` (e.g. ``vector.exfiltration``)
    found in ``field`` (``content``, ``reasoning``, ``value``): ``quarantined``,
    ``quarantine_rule="<field>:<rule>"``, status restricted (as on the write path;
    a reviewer's release makes it active again), a quarantine review item, an audit row.
    Idempotent: a missing, already quarantined or no longer active memory is left alone (False)."""
    memory = Memory.objects.select_for_update().filter(pk=memory_id).first()
    if memory is None or memory.quarantined or memory.status != Memory.Status.ACTIVE:
        return False
    memory.quarantined = True
    memory.quarantine_rule = f"{field}:{rule}"[:32]
    memory.status = Memory.Status.RESTRICTED
    memory.full_clean(exclude=["space", "subject", "agent", "predicate", "supersedes"],
                      validate_unique=False, validate_constraints=False)
    memory.save(update_fields=["quarantined", "quarantine_rule", "status"])
    item = quarantine_review_open(actor=actor, subject_id=memory.subject_id, reason=memory.quarantine_rule,
                                  memory_id=memory.pk)
    audit(actor=actor, action="memory.quarantined_late", object_type="memory", object_id=memory.pk,
          data={"rule": memory.quarantine_rule, "review_item": str(item.pk)})
    return True


def quarantine_by_vector(*, actor: Actor,
                         memory_ids_and_vectors: Iterable[tuple[uuid.UUID, np.ndarray | None]]) -> int:
    """Judge freshly stored embeddings with the embedding stage and quarantine what it flags
    (one transaction per flagged memory). Returns how many memories were quarantined."""
    quarantined = 0
    unflagged = []
    for memory_id, vector in memory_ids_and_vectors:
        rule = instruction_by_vector(vector)
        if rule is not None and memory_quarantine_late(actor=actor, memory_id=memory_id, rule=rule):
            quarantined += 1
        elif rule is None:
            unflagged.append(memory_id)
    return quarantined + _quarantine_other_fields(actor=actor, memory_ids=unflagged)


def _sentence_like(text: str) -> bool:
    """An instruction is a sentence: a key, a label or a redaction placeholder ("[REDACTED:token]")
    is not judged (the exemplars are sentences, and a two-word string lands near anything)."""
    return len(PLACEHOLDER_RE.sub(" ", text).split()) >= MIN_WORDS


def _quarantine_other_fields(*, actor: Actor, memory_ids: list[uuid.UUID]) -> int:
    """The same stage over the strings a memory carries besides its content (``reasoning``, every
    key and value of ``value``): they have no stored embedding, so they are embedded here — only
    for the memories that carry such strings. An embedder failure leaves them to the write path's
    rules (logged, ids only)."""
    quarantined = 0
    rows = Memory.objects.filter(pk__in=memory_ids).exclude(reasoning="", value__isnull=True).values_list(
        "pk", "reasoning", "value")
    for memory_id, reasoning, value in rows:
        for field, texts in (("reasoning", [reasoning]), ("value", [t for _, t in value_strings(value)])):
            texts = [t for t in texts if _sentence_like(t)]
            try:
                rule = instruction_in_texts(texts)
            except EmbeddingError:
                logger.warning("instruction embedding stage skipped for memory %s: embedder unavailable", memory_id)
                return quarantined
            if rule is not None:
                quarantined += memory_quarantine_late(actor=actor, memory_id=memory_id, rule=rule, field=field)
                break
    return quarantined
