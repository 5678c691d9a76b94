"""Restriction and objection (Art. 18/21): apply and lift, audited (read in ``governance.selectors.restrictions``)."""

from __future__ import annotations

import uuid

from django.db import IntegrityError, transaction
from django.utils import timezone

from config.actors import Actor
from config.audit import audit
from governance.models import Restriction


@transaction.atomic
def restriction_apply(*, actor: Actor, subject_id: uuid.UUID, kind: str, target: str,
                      basis: str = Restriction.Basis.RESTRICTION) -> Restriction:
    """Idempotent: an already active restriction on the same target is returned as is."""
    existing = Restriction.objects.filter(subject_id=subject_id, kind=kind, target=target,
                                          lifted_at__isnull=True).first()
    if existing is not None:
        return existing
    restriction = Restriction(subject_id=subject_id, kind=kind, target=str(target), basis=basis,
                              created_by=f"{actor.kind}:{actor.id}")
    restriction.full_clean(validate_constraints=False)
    try:
        with transaction.atomic():
            restriction.save()
    except IntegrityError:  # a concurrent request won: same outcome
        return Restriction.objects.get(subject_id=subject_id, kind=kind, target=target, lifted_at__isnull=True)
    audit(actor=actor, action="restriction.applied", object_type="restriction", object_id=restriction.pk,
          data={"subject": str(subject_id), "kind": kind, "target": str(target), "basis": basis})
    return restriction


@transaction.atomic
def restriction_lift(*, actor: Actor, restriction: Restriction) -> Restriction:
    restriction = Restriction.objects.select_for_update().get(pk=restriction.pk)
    if restriction.lifted_at is None:
        restriction.lifted_at = timezone.now()
        restriction.save(update_fields=["lifted_at"])
        audit(actor=actor, action="restriction.lifted", object_type="restriction", object_id=restriction.pk,
              data={"subject": str(restriction.subject_id), "kind": restriction.kind})
    return restriction
