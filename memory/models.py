"""Subjects, private memory spaces and memories (the private layer)."""

from __future__ import annotations

import uuid

from django.conf import settings
from django.contrib.postgres.constraints import ExclusionConstraint
from django.contrib.postgres.fields import ArrayField, DateTimeRangeField, RangeBoundary, RangeOperators
from django.contrib.postgres.indexes import GinIndex
from django.contrib.postgres.search import SearchVectorField
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from pgvector.django import VectorField


class TsTzRange(models.Func):
    """``tstzrange(valid_from, valid_to, '[)')`` for the exclusion constraint."""

    function = "TSTZRANGE"
    output_field = DateTimeRangeField()

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
        permissions = [("review_subject", "Can review this person's doubtful promotions and conflicts")]
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
    (``expires_at``); everything is erased with the subject. ``special_category`` is the fideslang
    key the content revealed (``memory.inspection.special``: lexically on the write, by its vector
    in the embedding backfill), whatever the agent declared; ``special_rule`` the detector rule id.
    Such a memory stays in its writer's space: consolidation never shares it.
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
        ACTIVE = "active", _("Active")
        SUPERSEDED = "superseded", _("Superseded")
        EXPIRED = "expired", _("Expired")
        DISPUTED = "disputed", _("Disputed")
        RESTRICTED = "restricted", _("Restricted")

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
    special_category = models.CharField(max_length=100, blank=True, default="", db_default="",
                                        help_text="fideslang key of a special category the content revealed")
    special_rule = models.CharField(max_length=64, blank=True, default="", db_default="",
                                    help_text="the detector rule that found it")
    # Stored so lexical search never recomputes it per row: Spanish ∪ English lexemes, unaccented,
    # plus the observation date as words (migration 0009_fulltext, docs/decisions/0011).
    content_tsv = models.GeneratedField(expression=models.Func(models.F("content"), models.F("observed_at"),
                                                               function="quorum_search_vector",
                                                               output_field=SearchVectorField()),
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

    @property
    def special_category_key(self) -> str | None:
        """The special category found in the content, or None (the API's ``special_category``)."""
        return self.special_category or None


class MemoryClaim(models.Model):
    """One claim a fact/status memory makes: (predicate, canonical value, category) — DESIGN §5.2.

    ``explicit``: the writer gave the predicate and value. ``inferred``: the local default read it
    from one sentence of the content (the bundled embedder against exemplar phrasings,
    ``memory.claims``); ``sentence`` is that sentence's index and ``span_start``/``span_end`` its
    character offsets in the stored content — the text itself is never copied. ``llm``: reserved
    for an optional extractor. Written by ``memory.services.claims`` only; deleted with the memory.
    """

    class Source(models.TextChoices):
        EXPLICIT = "explicit"
        INFERRED = "inferred"
        LLM = "llm"

    memory = models.ForeignKey(Memory, on_delete=models.CASCADE, related_name="claims")
    predicate = models.ForeignKey("governance.Predicate", on_delete=models.PROTECT, related_name="+")
    value = models.JSONField(help_text="canonical value (folded strings, sorted lists)")
    value_key = models.CharField(max_length=64, help_text="SHA-256 of the canonical value: equal claims group")
    category = models.CharField(max_length=200)
    source = models.CharField(max_length=16, choices=Source.choices)
    confidence = models.FloatField(default=1.0)
    sentence = models.PositiveIntegerField(null=True, blank=True)
    span_start = models.PositiveIntegerField(null=True, blank=True)
    span_end = models.PositiveIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["memory", "sentence", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["memory", "predicate", "value_key"], name="claim_once_per_memory"),
            models.CheckConstraint(condition=Q(confidence__gte=0) & Q(confidence__lte=1), name="claim_confidence_0_1",
                                   violation_error_message="confidence must be between 0 and 1."),
        ]

    def __str__(self) -> str:
        return f"claim:{self.pk}"


# ----------------------------------------------------------------------------------------------
# Collective layer: written only by the consolidator (memory.consolidation) and the
# rights services; read through selectors scoped by the receiving policy.


class ConsolidationRun(models.Model):
    """One consolidation pass over one subject: mode, policy and code version, budget and use.

    Created (committed) before the work starts so a crash leaves a visible ``running`` row that
    the stale-run sweep marks ``abandoned``; the work itself commits atomically or not at all.
    Kept 90 days (run traces expire with retention).
    """

    class Mode(models.TextChoices):
        INCREMENTAL = "incremental", "Incremental"
        DEEP = "deep", "Deep"

    class Status(models.TextChoices):
        RUNNING = "running", _("Running")
        SUCCEEDED = "succeeded", _("Succeeded")
        SKIPPED = "skipped", _("Skipped (another run holds the subject)")
        FAILED = "failed", _("Failed")
        ABANDONED = "abandoned", _("Abandoned (worker died)")

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    subject = models.ForeignKey(Subject, null=True, on_delete=models.SET_NULL, related_name="runs")
    mode = models.CharField(max_length=16, choices=Mode.choices)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.RUNNING)
    policy_version = models.CharField(max_length=32)
    code_version = models.CharField(max_length=32)
    budget = models.JSONField(default=dict)
    used = models.JSONField(default=dict)
    stats = models.JSONField(default=dict)
    error = models.CharField(max_length=64, blank=True, help_text="exception class name only")
    started_at = models.DateTimeField(default=timezone.now, db_index=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-started_at"]


class CollectiveFact(models.Model):
    """One immutable *version* of a fact in a subject's collective layer (bitemporal).

    ``valid_from``/``valid_to``: when the fact holds in the world. ``recorded_at``/``closed_at``:
    when Quorum believed it. A change never updates ``statement``/``value``/validity: the version
    closes (``closed_at``, ``close_reason``) and a new version ``revises`` it. Only corroboration
    metadata (support counts, last confirmation, confidence) is refreshed in place. One current
    version per (subject, single-valued key) per validity period is an exclusion constraint.
    Erased with the subject or by an erasure request.
    """

    class Status(models.TextChoices):
        CURRENT = "current", _("Current")
        SUPERSEDED = "superseded", _("Superseded")
        UNSUPPORTED = "unsupported", _("Unsupported (evidence fell)")
        RECTIFIED = "rectified", _("Rectified by the person")
        PENDING_REVIEW = "pending_review", _("Pending review")
        REJECTED = "rejected", _("Rejected")

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    subject = models.ForeignKey(Subject, on_delete=models.CASCADE, related_name="facts")
    lineage = models.UUIDField(default=uuid.uuid4, db_index=True, help_text="shared by all versions of one fact")
    revises = models.OneToOneField("self", null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="revised_by")
    predicate = models.ForeignKey("governance.Predicate", null=True, blank=True, on_delete=models.PROTECT)
    key = models.CharField(max_length=200, help_text="predicate key, or the cluster key of a free fact")
    single = models.BooleanField(default=False, help_text="single-valued key: one current value")
    statement = models.TextField()
    value = models.JSONField(null=True, blank=True)
    category = models.CharField(max_length=200, blank=True)
    status = models.CharField(max_length=16, choices=Status.choices)
    valid_from = models.DateTimeField()
    valid_to = models.DateTimeField(null=True, blank=True)
    recorded_at = models.DateTimeField(default=timezone.now)
    closed_at = models.DateTimeField(null=True, blank=True)
    close_reason = models.CharField(max_length=32, blank=True)
    trust = models.CharField(max_length=16, help_text="highest tier among counted roots")
    confidence = models.FloatField(default=0.0)
    importance = models.FloatField(default=0.5)
    support_roots = models.PositiveIntegerField(default=0)
    support_agents = models.PositiveIntegerField(default=0)
    support_lineages = models.PositiveIntegerField(default=0, help_text="distinct agent lineages (step 3)")
    support_sessions = models.PositiveIntegerField(default=0)
    domains = ArrayField(models.CharField(max_length=32), default=list, blank=True,
                         help_text="domains of the agents behind counted evidence")
    first_evidence_at = models.DateTimeField(null=True, blank=True)
    last_confirmed_at = models.DateTimeField(null=True, blank=True)
    policy_version = models.CharField(max_length=32)
    run = models.ForeignKey(ConsolidationRun, null=True, blank=True, on_delete=models.SET_NULL)
    subject_asserted = models.BooleanField(default=False, help_text="set by the person's rectification; "
                                           "outranks agents' evidence and does not depend on it")

    class Meta:
        ordering = ["-recorded_at"]
        indexes = [
            models.Index(fields=["subject", "status"], name="fact_subject_status"),
            models.Index(fields=["subject", "key"], name="fact_subject_key"),
        ]
        constraints = [
            ExclusionConstraint(
                name="fact_one_current_single_value",
                expressions=[("subject", RangeOperators.EQUAL), ("key", RangeOperators.EQUAL),
                             (TsTzRange("valid_from", "valid_to", RangeBoundary()), RangeOperators.OVERLAPS)],
                condition=Q(status="current", single=True),
                violation_error_message="One current value per subject and single-valued key at a time.",
            ),
            models.CheckConstraint(condition=Q(closed_at__isnull=True) | Q(closed_at__gte=models.F("recorded_at")),
                                   name="fact_closed_after_recorded",
                                   violation_error_message="A version closes after it was recorded."),
        ]


class Evidence(models.Model):
    """Links a fact version to a private memory that supports it, with independence bookkeeping.

    ``root`` is the origin the memory derives from (``origin_ref``; else agent+session+memory):
    support counts distinct roots, never rows. ``counted`` false carries a ``discount_reason``.
    Deleted with the memory or the fact (erasure cascades).
    """

    class Discount(models.TextChoices):
        SAME_AGENT = "same_agent", "Same agent"
        SAME_SESSION = "same_session", "Same session"
        SAME_ROOT = "same_root", "Same root (already counted)"
        ECHO_READ_LOG = "echo_read_log", "Echo: served the fact in this session before recording"
        ECHO_TIMING = "echo_timing", "Echo: recorded after the fact was readable, no new root"
        ECHO_SERVED = "echo_served", "Echo: its lineage was served the fact before, no verified root"
        ECHO_SUMMARY = "echo_summary", "Echo: restates facts its lineage was served (a summary)"
        AGENT_ASSERTED = "agent_asserted", "Asserted by the agent itself"
        DERIVED_FROM = "derived_from", "Restates a collective fact"
        LOWER_TIER = "lower_tier", "Lower trust tier"
        RESTRICTED = "restricted", "Restricted"

    id = models.BigAutoField(primary_key=True)
    fact = models.ForeignKey(CollectiveFact, on_delete=models.CASCADE, related_name="evidence")
    memory = models.ForeignKey(Memory, on_delete=models.CASCADE, related_name="evidence")
    agent = models.ForeignKey("agents_registry.Agent", on_delete=models.PROTECT, related_name="+")
    session_id = models.CharField(max_length=200)
    root = models.CharField(max_length=300)
    trust = models.CharField(max_length=16)
    counted = models.BooleanField()
    discount_reason = models.CharField(max_length=32, choices=Discount.choices, blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["fact", "memory"], name="evidence_once_per_fact",
                                               violation_error_message="A memory supports a version once.")]


class Decision(models.Model):
    """The trace of a consolidation run: step, inputs (ids), outcome, score, judge, reason code.

    Never personal text. Kept with its run (90 days); erasure removes references to erased ids.
    """

    id = models.BigAutoField(primary_key=True)
    run = models.ForeignKey(ConsolidationRun, on_delete=models.CASCADE, related_name="decisions")
    subject_id = models.UUIDField(db_index=True)
    step = models.CharField(max_length=16)  # gather, group, corroborate, gate, validity, echo, depend, digest
    inputs = models.JSONField(default=dict)
    outcome = models.CharField(max_length=32)
    score = models.FloatField(null=True, blank=True)
    judge = models.CharField(max_length=64, blank=True)
    reason = models.CharField(max_length=64, blank=True)
    policy_version = models.CharField(max_length=32)
    created_at = models.DateTimeField(default=timezone.now)


class ReadLog(models.Model):
    """Which fact version was served to which agent, in which session, for which purpose, when.

    Written by the read path; input of anti-echo and of "who read it" in the portal. Expires with
    retention (default 180 days) and is erased with the subject.
    """

    id = models.BigAutoField(primary_key=True)
    fact = models.ForeignKey(CollectiveFact, on_delete=models.CASCADE, related_name="reads")
    lineage = models.UUIDField(db_index=True)
    subject = models.ForeignKey(Subject, on_delete=models.CASCADE, related_name="+")
    agent = models.ForeignKey("agents_registry.Agent", on_delete=models.PROTECT, related_name="+")
    session_id = models.CharField(max_length=200, blank=True)
    purpose = models.CharField(max_length=100, blank=True)
    served_at = models.DateTimeField(default=timezone.now)

    class Meta:
        indexes = [models.Index(fields=["agent", "session_id", "lineage"], name="readlog_agent_session")]


class Digest(models.Model):
    """A small dated summary of a subject's current facts (≤ 20 facts, ≤ 1,500 characters).

    Rebuilt by every consolidation run; erased with the subject.
    """

    subject = models.OneToOneField(Subject, on_delete=models.CASCADE, primary_key=True, related_name="digest")
    built_at = models.DateTimeField(default=timezone.now)
    items = models.JSONField(default=list)
    text = models.TextField(blank=True)


class JudgmentOverride(models.Model):
    """A reviewer's answer to a doubtful pair ("these two memories say the same thing", or not).

    Consolidation's grouping step uses it instead of the judge chain. Ids only; deleted with the
    subject or either memory.
    """

    id = models.BigAutoField(primary_key=True)
    subject = models.ForeignKey(Subject, on_delete=models.CASCADE, related_name="+")
    memory_a = models.ForeignKey(Memory, on_delete=models.CASCADE, related_name="+")
    memory_b = models.ForeignKey(Memory, on_delete=models.CASCADE, related_name="+")
    label = models.CharField(max_length=16)  # EQUIVALENT | UNRELATED
    decided_by = models.CharField(max_length=80)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["memory_a", "memory_b"], name="override_one_per_pair",
                                               violation_error_message="This pair was already decided.")]
