"""Housekeeping of the database-recorded auth failures (``AuthFailure``, the lockout's fallback
while Redis is unreachable): rows past the lockout window count for nothing and are deleted."""

from __future__ import annotations

import uuid
from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone

from agents_registry.models import AuthFailure
from config.actors import Actor
from config.audit import audit


@transaction.atomic
def auth_failures_sweep(*, actor: Actor, older_than: timedelta, now: datetime | None = None) -> int:
    """Delete the auth failures recorded before ``now - older_than``; returns how many.

    A sweep that deletes something leaves one audit row with the count (the rows hold only HMACs,
    and the audit row not even those); one that finds nothing writes nothing."""
    cutoff = (now or timezone.now()) - older_than
    deleted, _ = AuthFailure.objects.filter(created_at__lt=cutoff).delete()
    if deleted:
        audit(actor=actor, action="auth_failure.swept", object_type="auth_failure_batch",
              object_id=uuid.uuid4().hex[:12], data={"deleted": deleted})
    return deleted
