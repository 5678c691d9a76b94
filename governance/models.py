"""Governance models."""

from __future__ import annotations

from django.db import models
from django.utils import timezone


class AuditEvent(models.Model):
    """One state change anywhere in Quorum: who, what kind of change, on which object — ids only.

    Append-only: a database trigger refuses UPDATE, DELETE and TRUNCATE (migration 0001).
    Hash-chained: ``hash`` = SHA-256 over ``prev_hash`` and this row's canonical content, so
    ``manage.py audit_verify`` detects any edit, deletion or reordering. ``data`` holds ids, counts,
    labels and hashes — never personal text. Kept for the life of the deployment: it contains no
    personal data, so erasure does not need to touch it.
    """

    class ActorKind(models.TextChoices):
        AGENT = "agent", "Agent"
        USER = "user", "User"
        SYSTEM = "system", "System"

    occurred_at = models.DateTimeField(default=timezone.now)
    actor_kind = models.CharField(max_length=16, choices=ActorKind.choices)
    actor_id = models.CharField(max_length=64)
    action = models.CharField(max_length=64, db_index=True)
    object_type = models.CharField(max_length=64)
    object_id = models.CharField(max_length=64)
    data = models.JSONField(default=dict, blank=True)
    prev_hash = models.CharField(max_length=64)
    hash = models.CharField(max_length=64, unique=True)

    class Meta:
        ordering = ["id"]
        indexes = [models.Index(fields=["object_type", "object_id"], name="auditevent_object")]

    def __str__(self) -> str:
        return f"#{self.pk} {self.action} {self.object_type}:{self.object_id}"
