"""Subjects, private memory spaces and memories (the private layer)."""

from __future__ import annotations

import uuid

from django.conf import settings
from django.contrib.postgres.indexes import GinIndex
from django.contrib.postgres.search import SearchVector, SearchVectorField
from django.db import models
from django.db.models import Q
from django.utils import timezone
from pgvector.django import VectorField

EMBEDDING_DIM = 384
WORKSPACE_REF = "@workspace"


class Subject(models.Model):
    """A person Quorum holds memory about, or the shared operational workspace (no personal data).

    ``external_ref`` is the caller's opaque reference, created on first use. ``user`` links a
    portal login. ``consolidation_requested_at`` is the durable "dirty" marker: set in the same
    transaction as a write, cleared by the consolidator, so a broker outage loses nothing.
    Kept until the person is erased.
    """

    class Kind(models.TextChoices):
        PERSON = "person", "Person"
        WORKSPACE = "workspace", "Workspace"

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    external_ref = models.CharField(max_length=200, unique=True)
    kind = models.CharField(max_length=16, choices=Kind.choices, default=Kind.PERSON)
    user = models.OneToOneField(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                related_name="subject")
    created_at = models.DateTimeField(default=timezone.now)
    consolidation_requested_at = models.DateTimeField(null=True, blank=True, db_index=True)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(kind="workspace", external_ref=WORKSPACE_REF) | (Q(kind="person") & ~Q(external_ref=WORKSPACE_REF)),
                name="subject_workspace_ref_matches_kind",
                violation_error_message="Only the @workspace subject is of kind workspace.",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.kind}:{self.pk}"


class MemorySpace(models.Model):
    """The private namespace of one agent about one subject. Exactly one writer: that agent's
    memory service. The consolidator only reads it. Deleted with its memories on erasure."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    agent = models.ForeignKey("agents_registry.Agent", on_delete=models.PROTECT, related_name="spaces")
    subject = models.ForeignKey(Subject, on_delete=models.CASCADE, related_name="spaces")
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["agent", "subject"], name="memoryspace_one_per_agent_subject",
                                               violation_error_message="An agent has one space per subject.")]


class Memory(models.Model):
    """One private memory: typed (event/fact/status/decision), trust-tiered, scrubbed, bitemporal.

    Written only by ``memory.services.memory_record`` (and the status/expiry/dispute services).
    ``content`` is already scrubbed; ``redaction_count`` says how many secrets were removed (never
    what). ``embedding`` is filled by a batched task; until then ``embedding_pending`` is true and
    search finds the memory lexically. ``user_asserted`` and ``ephemeral`` memories expire
    (``expires_at``); everything is erased with the subject.
    """

    class Kind(models.TextChoices):
        EVENT = "event", "Event"
        FACT = "fact", "Fact"
        STATUS = "status", "Status"
        DECISION = "decision", "Decision"

    class Trust(models.TextChoices):
        VERIFIED = "verified", "Verified"
        INFERRED = "inferred", "Inferred"
        USER_ASSERTED = "user_asserted", "User-asserted"
        EPHEMERAL = "ephemeral", "Ephemeral"

    class AssertedBy(models.TextChoices):
        USER = "user", "User"
        AGENT = "agent", "Agent"
        SYSTEM = "system", "System"
        TOOL = "tool", "Tool"

    class Status(models.TextChoices):
        ACTIVE = "active", "Active"
        SUPERSEDED = "superseded", "Superseded"
        EXPIRED = "expired", "Expired"
        DISPUTED = "disputed", "Disputed"
        RESTRICTED = "restricted", "Restricted"

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    space = models.ForeignKey(MemorySpace, on_delete=models.CASCADE, related_name="memories")
    # Denormalised from the space so per-subject scans use one B-tree index.
    subject = models.ForeignKey(Subject, on_delete=models.CASCADE, related_name="memories")
    agent = models.ForeignKey("agents_registry.Agent", on_delete=models.PROTECT, related_name="memories")
    kind = models.CharField(max_length=16, choices=Kind.choices)
    predicate = models.ForeignKey("governance.Predicate", null=True, blank=True, on_delete=models.PROTECT)
    key = models.CharField(max_length=200, blank=True, help_text="upsert key (the predicate key when given)")
    content = models.TextField()
    value = models.JSONField(null=True, blank=True)
    reasoning = models.TextField(blank=True)
    category = models.CharField(max_length=200, blank=True)
    trust = models.CharField(max_length=16, choices=Trust.choices)
    asserted_by = models.CharField(max_length=16, choices=AssertedBy.choices)
    session_id = models.CharField(max_length=200)
    origin_ref = models.CharField(max_length=200, blank=True)
    derived_from = models.CharField(max_length=64, blank=True, help_text="collective fact id restated")
    observed_at = models.DateTimeField(default=timezone.now)
    valid_from = models.DateTimeField(null=True, blank=True)
    valid_to = models.DateTimeField(null=True, blank=True)
    recorded_at = models.DateTimeField(default=timezone.now)
    expires_at = models.DateTimeField(null=True, blank=True)
    importance = models.FloatField(default=0.5)
    base_confidence = models.FloatField(default=0.7)
    last_accessed_at = models.DateTimeField(default=timezone.now)
    last_confirmed_at = models.DateTimeField(default=timezone.now)
    content_sha256 = models.CharField(max_length=64)
    supersedes = models.OneToOneField("self", null=True, blank=True, on_delete=models.SET_NULL,
                                      related_name="superseded_by")
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.ACTIVE)
    quarantined = models.BooleanField(default=False)
    quarantine_rule = models.CharField(max_length=32, blank=True)
    redaction_count = models.PositiveIntegerField(default=0)
    # Stored so lexical search never recomputes it per row (fresh memories are found this way).
    content_tsv = models.GeneratedField(expression=SearchVector("content", config="simple"),
                                        output_field=SearchVectorField(), db_persist=True)
    embedding = VectorField(dimensions=EMBEDDING_DIM, null=True, blank=True)
    embedding_pending = models.BooleanField(default=True)
    embedding_model = models.CharField(max_length=100, blank=True)

    class Meta:
        ordering = ["-recorded_at"]
        indexes = [
            models.Index(fields=["space", "status", "kind"], name="memory_space_status_kind"),
            models.Index(fields=["space", "key"], name="memory_space_key"),
            models.Index(fields=["space", "content_sha256"], name="memory_space_sha"),
            models.Index(fields=["subject", "status"], name="memory_subject_status"),
            models.Index(fields=["recorded_at"], name="memory_pending_embedding",
                         condition=Q(embedding_pending=True)),
            models.Index(fields=["expires_at"], name="memory_expiring", condition=Q(expires_at__isnull=False)),
            GinIndex(fields=["content_tsv"], name="memory_content_tsv"),
        ]
        constraints = [
            models.CheckConstraint(condition=Q(importance__gte=0) & Q(importance__lte=1),
                                   name="memory_importance_0_1",
                                   violation_error_message="importance must be between 0 and 1."),
            models.CheckConstraint(condition=Q(base_confidence__gte=0) & Q(base_confidence__lte=1),
                                   name="memory_confidence_0_1",
                                   violation_error_message="confidence must be between 0 and 1."),
            models.CheckConstraint(condition=~Q(kind="decision") | ~Q(reasoning=""),
                                   name="memory_decision_has_reasoning",
                                   violation_error_message="A decision needs its reasoning."),
            models.CheckConstraint(condition=Q(valid_to__isnull=True) | Q(valid_from__isnull=True)
                                   | Q(valid_to__gte=models.F("valid_from")),
                                   name="memory_valid_interval",
                                   violation_error_message="valid_to must not precede valid_from."),
            # One current fact/status per key in a space, except beside a trust conflict
            # (an inferred fact stored next to a verified one is flagged by conflict_with).
            models.UniqueConstraint(fields=["space", "kind", "key"], name="memory_one_current_status_per_key",
                                    condition=Q(kind="status") & Q(status="active") & ~Q(key=""),
                                    violation_error_message="One current status per key."),
        ]

    def __str__(self) -> str:
        return f"{self.kind}:{self.pk}"
