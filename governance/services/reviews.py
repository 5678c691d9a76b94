"""Reviewers decide review items (DESIGN §7): approve or reject with a reason, audited, fed back.

A reviewer needs the django-guardian object permission ``memory.review_subject`` on the person
(or the global permission, e.g. operators). Items of people they may not review answer 404,
exactly like missing ones.
"""

from __future__ import annotations

import uuid
from typing import Any

from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone
from guardian.shortcuts import get_objects_for_user

from config.actors import Actor
from config.audit import audit
from config.errors import NotFoundError, QuorumError
from config.ids import parse_uuid
from governance.models import ReviewItem

PERMISSION = "memory.review_subject"


class AlreadyDecided(QuorumError):
    status_code = 409
    code = "already_decided"
    default_message = "This review item was already decided."


def reviewable_subject_ids(user: Any) -> QuerySet:
    from memory.models import Subject

    return get_objects_for_user(user, PERMISSION, klass=Subject, accept_global_perms=True).values("pk")


def review_items_for_user(*, user: Any, status: str | None = ReviewItem.Status.OPEN) -> QuerySet[ReviewItem]:
    items = ReviewItem.objects.filter(subject_id__in=reviewable_subject_ids(user))
    if status:
        items = items.filter(status=status)
    return items.order_by("created_at", "pk")


def review_item_get_for_user(*, user: Any, item_id: uuid.UUID | str) -> ReviewItem:
    pk = parse_uuid(item_id)  # ids are UUIDs: anything else (an old integer id too) is simply not found
    if pk is None:
        raise NotFoundError()
    item = review_items_for_user(user=user, status=None).filter(pk=pk).first()
    if item is None:
        raise NotFoundError()
    return item


@transaction.atomic
def review_item_decide(*, user: Any, item_id: uuid.UUID | str, approve: bool, reason: str) -> ReviewItem:
    from memory.services import review_effects

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
        from governance.models import TrustConflict

        review_effects.trust_conflict_decide(actor=actor, kept_id=uuid.UUID(refs["kept"]),
                                             challenger_id=uuid.UUID(refs["challenger"]), challenger_wins=approve)
        TrustConflict.objects.filter(pk=refs.get("conflict")).update(
            status=TrustConflict.Status.RESOLVED, resolved_at=timezone.now(),
            resolution="challenger_accepted" if approve else "kept_confirmed")
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
