"""Trust conflicts and review items opened by the memory layer (ids only, audited)."""

from __future__ import annotations

import uuid
from collections.abc import Mapping
from typing import Any

from django.db import transaction

from config.actors import Actor
from config.audit import audit
from governance.models import ReviewItem, TrustConflict


@transaction.atomic(savepoint=False)
def trust_conflict_record(*, actor: Actor, space_id: uuid.UUID, subject_id: uuid.UUID, key: str,
                          kept_memory_id: uuid.UUID, challenger_memory_id: uuid.UUID) -> TrustConflict:
    conflict = TrustConflict(space_id=space_id, subject_id=subject_id, key=key,
                             kept_memory_id=kept_memory_id, challenger_memory_id=challenger_memory_id)
    conflict.full_clean()
    conflict.save()
    audit(actor=actor, action="trust_conflict.recorded", object_type="trust_conflict", object_id=conflict.pk,
          data={"kept": str(kept_memory_id), "challenger": str(challenger_memory_id)})
    review_item_open(actor=actor, kind=ReviewItem.Kind.TRUST_CONFLICT, subject_id=subject_id,
                     reason="inferred_vs_verified",
                     refs={"conflict": conflict.pk, "kept": str(kept_memory_id),
                           "challenger": str(challenger_memory_id)})
    return conflict


@transaction.atomic(savepoint=False)
def review_item_open(*, actor: Actor, kind: str, subject_id: uuid.UUID, reason: str,
                     refs: Mapping[str, Any]) -> ReviewItem:
    item = ReviewItem(kind=kind, subject_id=subject_id, reason=reason, refs=dict(refs))
    item.full_clean()
    item.save()
    audit(actor=actor, action="review_item.opened", object_type="review_item", object_id=item.pk,
          data={"kind": kind, "reason": reason, "refs": dict(refs)})
    return item
