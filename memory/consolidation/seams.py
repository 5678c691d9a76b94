"""The consolidator's calls out of its package into governance, one small function each.

Every cross-app read or write the steps need goes through here, so the seam between memory and
governance is one list: predicate cardinalities (the judge chain), active restrictions (step 3),
review items (steps 2 and 5), suppression keys (step 4).
"""

from __future__ import annotations

from typing import Any

from config.actors import Actor
from governance.models import Predicate, ReviewItem, Suppression
from governance.services.conflicts import review_item_open
from governance.services.restrictions import ActiveRestrictions, restrictions_active
from memory.services.erasure import suppression_key


def predicate_cardinalities() -> dict[str, str]:
    """Each registered predicate's cardinality, by key."""
    return dict(Predicate.objects.values_list("key", "cardinality"))


def restrictions_for(*, subject_id: Any) -> ActiveRestrictions:
    """The subject's restrictions in force (Art. 18)."""
    return restrictions_active(subject_id=subject_id)


def promotion_review_filed(*, subject_id: Any, refs: dict[str, str]) -> bool:
    """Whether a promotion review item with these refs already exists for the subject."""
    return ReviewItem.objects.filter(kind=ReviewItem.Kind.PROMOTION, subject_id=subject_id, refs=refs).exists()


def promotion_review_open(*, actor: Actor, subject_id: Any, reason: str, refs: dict[str, str]) -> None:
    """File a promotion review item (a reviewer decides)."""
    review_item_open(actor=actor, kind=ReviewItem.Kind.PROMOTION, subject_id=subject_id, reason=reason, refs=refs)


def suppression_key_for(*, subject_ref: str, key: str, value: Any, statement: str) -> str:
    """The keyed hash an erasure leaves for a statement (never the statement itself)."""
    return suppression_key(subject_ref=subject_ref, key=key, value=value, statement=statement)


def suppressed_among(keys: list[str]) -> set[str]:
    """Which of ``keys`` an erasure suppressed (one query)."""
    return set(Suppression.objects.filter(key__in=keys).values_list("key", flat=True))
