"""Reviewers decide review items (DESIGN §7): approve or reject with a reason, audited, fed back.

A reviewer needs the django-guardian object permission ``memory.review_subject`` on the person
(or the global permission, e.g. operators). Items of people they may not review answer 404,
exactly like missing ones (``governance.selectors.reviews``). What a decision changes in the
memory layer goes through memory's own services (``memory.services.review_effects``).
"""

from __future__ import annotations

import uuid
from typing import Any

from django.db import transaction
from django.utils import timezone

from config.actors import Actor
from config.audit import audit
from governance.errors import AlreadyDecided
from governance.models import ReviewItem
from governance.selectors.reviews import review_item_get_for_user
from governance.services.conflicts import trust_conflict_resolve
from memory.services import review_effects


@transaction.atomic
def review_item_decide(*, user: Any, item_id: uuid.UUID | str, approve: bool, reason: str) -> ReviewItem:
    item = review_item_get_for_user(user=user, item_id=item_id)
    item = ReviewItem.objects.select_for_update().get(pk=item.pk)
    if item.status != ReviewItem.Status.OPEN:
        raise AlreadyDecided(extra={"status": item.status})
    actor = Actor.for_user(user)
    refs = item.refs or {}
    if item.kind == ReviewItem.Kind.PROMOTION and "fact" in refs:
        review_effects.fact_pending_resolve(actor=actor, fact_id=uuid.UUID(refs["fact"]), approve=approve)
    elif item.kind == ReviewItem.Kind.PROMOTION and {"a", "b"} <= set(refs):
        review_effects.pair_override_record(actor=actor, subject_id=item.subject_id, memory_a=uuid.UUID(refs["a"]),
                                            memory_b=uuid.UUID(refs["b"]), equivalent=approve)
    elif item.kind == ReviewItem.Kind.TRUST_CONFLICT and {"kept", "challenger"} <= set(refs):
        review_effects.trust_conflict_decide(actor=actor, kept_id=uuid.UUID(refs["kept"]),
                                             challenger_id=uuid.UUID(refs["challenger"]), challenger_wins=approve)
        trust_conflict_resolve(conflict_id=refs.get("conflict"), challenger_accepted=approve)
    elif item.kind == ReviewItem.Kind.QUARANTINE and "memory" in refs:
        review_effects.memory_quarantine_decide(actor=actor, memory_id=uuid.UUID(refs["memory"]), release=approve)
    item.status = ReviewItem.Status.APPROVED if approve else ReviewItem.Status.REJECTED
    item.decided_at = timezone.now()
    item.decided_by = f"user:{user.pk}"
    item.decision_reason = reason
    item.save(update_fields=["status", "decided_at", "decided_by", "decision_reason"])
    # The reason is free text written by staff about the decision; the audit keeps only its length.
    audit(actor=actor, action="review_item.decided", object_type="review_item", object_id=item.pk,
          data={"decision": item.status, "kind": item.kind, "reason_chars": len(reason)})
    return item
