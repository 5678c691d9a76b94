"""Where a special-category finding goes (issue 15): onto the memory, never into the collective layer.

The detector (``memory.inspection.special``) says *whether* a memory's strings reveal a special
category (GDPR Art. 9/10); this module records its verdict on the memory so every later stage
can read it from the row:

* ``special_mark`` — the lexical stage, on the write path: called by ``memory_record`` on the
  unsaved memory (its stored, scrubbed fields), so the write response says ``special_category``
  at once. The stored text is unchanged and the memory stays in its writer's private space.
* ``special_update_fields`` — the vector stage, in the embedding backfill: the memory's own
  embedding against the detector's exemplars. Its verdict is written in the same UPDATE that
  stores the embedding and never replaces a lexical finding, so there is no moment at which a
  memory is embedded but not yet inspected.

Consolidation's gate (``memory.consolidation.gate``) then refuses any cluster with a flagged
member, or with a member whose vector stage has not run yet (``embedding_pending``).
Neither the category nor the rule goes into audit rows or decision traces (that a given memory
is about someone's health is itself special-category data); they live on the memory row only,
which the person sees in the portal and the access export.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
from django.db.models import Case, F, Value, When

from memory.inspection.fields import memory_strings
from memory.inspection.special import SpecialFinding, special_category_by_vector, special_category_in

if TYPE_CHECKING:
    from memory.models import Memory


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


def special_update_fields(vector: Sequence[float] | np.ndarray) -> dict[str, Any]:
    """The vector stage's verdict as UPDATE assignments for the embedding's own UPDATE: empty when
    nothing was found; otherwise the finding, applied only where no finding is recorded yet (SET
    expressions read the row as it was, so a lexical finding is kept whole)."""
    finding = special_category_by_vector(np.asarray(vector, dtype=np.float32))
    if finding is None:
        return {}
    unset = When(special_category="", then=Value(finding.category))
    return {"special_category": Case(unset, default=F("special_category")),
            "special_rule": Case(When(special_category="", then=Value(finding.rule[:64])),
                                 default=F("special_rule"))}
