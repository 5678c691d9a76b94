"""Governance models."""

from __future__ import annotations

import uuid

from django.core.exceptions import ValidationError
from django.core.validators import RegexValidator
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from governance.taxonomy import is_known_category


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


PREDICATE_KEY_RE = r"^[a-z][a-z0-9_]{0,39}(\.[a-z][a-z0-9_]{0,39}){1,3}$"
MAX_VALUES = 50
MAX_EXEMPLARS_PER_VALUE = 40
MAX_EXEMPLAR_CHARS = 300
EXEMPLAR_LANGUAGES = ("es", "en")


def _value_text(value: object) -> str | None:
    """A value-set entry: a short non-empty string, else None."""
    return value.strip() if isinstance(value, str) and 0 < len(value.strip()) <= 100 else None


class Predicate(models.Model):
    """A registry entry for structured facts (``communication.language``…): category, cardinality, TTL.

    ``single`` predicates have one current value per subject; ``multi`` may have several.
    ``shareable`` is the default answer of the category gate; ``high_impact`` sends changes to
    review instead of letting recency decide. ``values`` is the closed value set (empty: open
    values, e.g. a name); ``exemplars`` holds phrasings per value, ``{"<value>": {"es": [...],
    "en": [...], "cues": [...]}}``, that claim inference (``memory.claims``) embeds beside the
    bundled ones. An inactive predicate makes no new claims; the facts and claims it already
    backs stay as they are. Seeded by migration; operators add and edit more through
    ``governance.services.predicates`` (admin, dashboard), never deleted (memories refer to it).
    ``updated_at`` is the registry's version stamp: claim inference rebuilds its exemplar index
    when it changes.
    """

    class Cardinality(models.TextChoices):
        SINGLE = "single", "Single value"
        MULTI = "multi", "Multiple values"

    key = models.CharField(max_length=100, unique=True, validators=[RegexValidator(PREDICATE_KEY_RE)],
                           help_text="dotted lower-case key, e.g. preference.diet")
    label = models.CharField(max_length=200)
    category = models.CharField(max_length=200, help_text="fideslang data-category key")
    cardinality = models.CharField(max_length=8, choices=Cardinality.choices)
    shareable = models.BooleanField(default=True)
    high_impact = models.BooleanField(default=False)
    ttl_days = models.PositiveIntegerField(null=True, blank=True, help_text="empty: no expiry")
    active = models.BooleanField(default=True, help_text="inactive: no new claims; existing facts stay")
    values = models.JSONField(default=list, blank=True, help_text="closed value set; empty: open values")
    exemplars = models.JSONField(default=dict, blank=True,
                                 help_text='{"value": {"es": [phrasings], "en": [phrasings], "cues": [words]}}')
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["key"]

    def __str__(self) -> str:
        return self.key

    def clean(self) -> None:
        errors: dict[str, str] = {}
        if not is_known_category(self.category):
            errors["category"] = "Unknown fideslang data category."
        values = self.values if isinstance(self.values, list) else None
        if values is None or len(values) > MAX_VALUES or any(_value_text(v) is None for v in values):
            errors["values"] = f"A list of at most {MAX_VALUES} short, non-empty strings."
        elif len({v.strip() for v in values}) != len(values):
            errors["values"] = "Each value once."
        problem = self._exemplars_problem(values or [])
        if problem:
            errors["exemplars"] = problem
        if errors:
            raise ValidationError(errors)

    def _exemplars_problem(self, values: list[str]) -> str:
        exemplars = self.exemplars
        if not isinstance(exemplars, dict):
            return "An object of value -> phrasings."
        if exemplars and not values:
            return "Exemplars need a closed value set: one entry per value."
        for value, entry in exemplars.items():
            if value not in values:
                return f"Exemplars for a value outside the value set: {value[:50]}."
            if not isinstance(entry, dict) or not set(entry) <= {*EXEMPLAR_LANGUAGES, "cues"}:
                return 'Each value: {"es": [...], "en": [...], "cues": [...]}.'
            for field, texts in entry.items():
                if not isinstance(texts, list) or len(texts) > MAX_EXEMPLARS_PER_VALUE or any(
                        not isinstance(t, str) or not t.strip() or len(t) > MAX_EXEMPLAR_CHARS for t in texts):
                    return (f"{field}: a list of at most {MAX_EXEMPLARS_PER_VALUE} non-empty phrasings of "
                            f"at most {MAX_EXEMPLAR_CHARS} characters.")
        return ""


class PredicateProposal(models.Model):
    """A predicate key an agent used or proposed that the registry lacks, waiting for an operator.

    ``pending`` → ``approved`` (the predicate is created, ``predicate``; the memories written with
    the key are then re-read for claims, ``applied_at``) or ``rejected``. One row per key: later
    sightings add to ``sightings`` (``PredicateProposalSighting``). ``label``, ``category``,
    ``cardinality`` are the proposer's suggestions; the operator decides the real ones. Never
    holds note text. Kept as the record of the decision.
    """

    class Status(models.TextChoices):
        PENDING = "pending", _("Pending")
        APPROVED = "approved", _("Approved")
        REJECTED = "rejected", _("Rejected")

    key = models.CharField(max_length=100, unique=True, validators=[RegexValidator(PREDICATE_KEY_RE)])
    label = models.CharField(max_length=200, blank=True)
    category = models.CharField(max_length=200, blank=True, help_text="suggested fideslang data category")
    cardinality = models.CharField(max_length=8, choices=Predicate.Cardinality.choices, blank=True)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.PENDING)
    sightings = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(default=timezone.now)
    last_seen_at = models.DateTimeField(default=timezone.now)
    decided_at = models.DateTimeField(null=True, blank=True)
    decided_by = models.CharField(max_length=80, blank=True, help_text="actor kind:id")
    decision_reason = models.CharField(max_length=500, blank=True)
    predicate = models.ForeignKey(Predicate, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    applied_at = models.DateTimeField(null=True, blank=True, help_text="memories re-read for claims")

    class Meta:
        ordering = ["-last_seen_at"]
        indexes = [models.Index(fields=["status", "last_seen_at"], name="predproposal_status")]

    def __str__(self) -> str:
        return f"proposal:{self.key}"

    def clean(self) -> None:
        if self.category and not is_known_category(self.category):
            raise ValidationError({"category": "Unknown fideslang data category."})


class PredicateProposalSighting(models.Model):
    """One agent using or proposing a proposal's key: the agent, and the memory (id only) written
    with it, if any. Read for the operator's counts and, on approval, for the memories to re-read.
    Deleted with the proposal only (a memory id of an erased memory is a dangling id, no text)."""

    proposal = models.ForeignKey(PredicateProposal, on_delete=models.CASCADE, related_name="seen")
    agent = models.ForeignKey("agents_registry.Agent", on_delete=models.PROTECT, related_name="+")
    memory_id = models.UUIDField(null=True, blank=True, db_index=True)
    subject_id = models.UUIDField(null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["created_at"]


class TrustConflict(models.Model):
    """Two memories of one space on one key whose trust tiers forbid a silent supersede.

    Recorded when an ``inferred`` (or otherwise lower-tier) write meets a current ``verified``
    memory: both stay, the conflict is surfaced to the agent and to reviewers. Ids only.
    Deleted with the memories it references (erasure).
    """

    class Status(models.TextChoices):
        OPEN = "open", _("Open")
        RESOLVED = "resolved", _("Resolved")

    space_id = models.UUIDField(db_index=True)
    subject_id = models.UUIDField(db_index=True)
    key = models.CharField(max_length=200)
    kept_memory_id = models.UUIDField()
    challenger_memory_id = models.UUIDField()
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.OPEN)
    created_at = models.DateTimeField(default=timezone.now)
    resolved_at = models.DateTimeField(null=True, blank=True)
    resolution = models.CharField(max_length=32, blank=True)

    class Meta:
        ordering = ["-created_at"]


class ReviewItem(models.Model):
    """Something a human reviewer must decide: a quarantined memory, a doubtful promotion…

    ``refs`` holds ids only (memory ids, fact ids, judge labels). Closed with a decision and a
    reason code; deleted with the subject's data on erasure. The id is a random UUID, so the API
    and dashboard URLs that name an item reveal nothing about how many exist; ``legacy_id`` is
    the sequential id an item had before migration 0011 (audit rows written before it name that).
    """

    class Kind(models.TextChoices):
        QUARANTINE = "quarantine", _("Quarantined memory (possible poisoning)")
        PROMOTION = "promotion", _("Doubtful promotion")
        TRUST_CONFLICT = "trust_conflict", _("Trust conflict")

    class Status(models.TextChoices):
        OPEN = "open", _("Open")
        APPROVED = "approved", _("Approved")
        REJECTED = "rejected", _("Rejected")

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    legacy_id = models.BigIntegerField(null=True, blank=True, editable=False,
                                       help_text="the sequential id before migration 0011, for old audit rows")
    kind = models.CharField(max_length=32, choices=Kind.choices)
    subject_id = models.UUIDField(db_index=True)
    refs = models.JSONField(default=dict, blank=True)
    reason = models.CharField(max_length=64, help_text="stable reason code, e.g. a poisoning rule id")
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.OPEN)
    created_at = models.DateTimeField(default=timezone.now)
    decided_at = models.DateTimeField(null=True, blank=True)
    decided_by = models.CharField(max_length=64, blank=True)
    decision_reason = models.TextField(blank=True)

    class Meta:
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["status", "kind"], name="reviewitem_status_kind")]


class Policy(models.Model):
    """A versioned sharing policy: thresholds, shareable categories, receiving purposes, domain
    compatibility. Exactly one is active; every consolidation Decision records its version.
    Versions are kept forever (they explain past decisions)."""

    version = models.CharField(max_length=32, unique=True)
    rules = models.JSONField()
    active = models.BooleanField(default=False)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-created_at"]
        constraints = [models.UniqueConstraint(fields=["active"], condition=models.Q(active=True),
                                               name="policy_one_active",
                                               violation_error_message="Only one policy is active.")]

    def __str__(self) -> str:
        return self.version


class Restriction(models.Model):
    """A person's restriction (Art. 18) or objection (Art. 21) on one agent, one fact or one purpose.

    While active (``lifted_at`` empty) the data stays stored but is excluded at once from recall,
    briefing, collective reads, action checks and — for agents — from counting as evidence.
    ``target``: an agent id, a fact *lineage* id, or a fideslang purpose key. Ids only.
    Kept after lifting as the record of the request; deleted with the person on erasure.
    """

    class Kind(models.TextChoices):
        AGENT = "agent", _("Agent")
        FACT = "fact", _("Fact")
        PURPOSE = "purpose", _("Purpose")

    class Basis(models.TextChoices):
        RESTRICTION = "restriction", "Restriction (Art. 18)"
        OBJECTION = "objection", "Objection (Art. 21)"

    subject_id = models.UUIDField(db_index=True)
    kind = models.CharField(max_length=16, choices=Kind.choices)
    target = models.CharField(max_length=100)
    basis = models.CharField(max_length=16, choices=Basis.choices, default=Basis.RESTRICTION)
    created_at = models.DateTimeField(default=timezone.now)
    created_by = models.CharField(max_length=80, help_text="actor kind:id")
    lifted_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        constraints = [models.UniqueConstraint(fields=["subject_id", "kind", "target"],
                                               condition=models.Q(lifted_at__isnull=True),
                                               name="restriction_one_active_per_target",
                                               violation_error_message="This restriction is already active.")]


class DataSubjectRequest(models.Model):
    """A data-subject request (Art. 15–21): received → verified → in_progress → completed | rejected,
    or → ``failed`` when an execution could not finish after ``QUORUM_DSR_MAX_ATTEMPTS`` tries.

    Legal transitions are enforced by a database trigger and every transition is audited. The
    30-day deadline is set at receipt. ``subject_id`` survives whole-person erasure (no foreign
    key); ``payload`` (e.g. a rectified value) is cleared when the request completes. ``attempts``
    counts executions that ended in an error; ``error`` is a stable code (``residue``,
    ``execution_error``) and ``result`` then names the stores (``table.column``, ``redis:<type>``),
    never values. From ``verified`` until ``completed`` — ``failed`` included — an erasure's scope
    is withheld from agents (``governance.selectors.erasure``). Kept as the record of the request.
    """

    class Type(models.TextChoices):
        ACCESS = "access", _("Access (Art. 15)")
        PORTABILITY = "portability", _("Portability (Art. 20)")
        RECTIFICATION = "rectification", _("Rectification (Art. 16)")
        ERASURE = "erasure", _("Erasure (Art. 17)")
        RESTRICTION = "restriction", _("Restriction (Art. 18)")
        OBJECTION = "objection", _("Objection (Art. 21)")

    class Status(models.TextChoices):
        RECEIVED = "received", _("Received")
        VERIFIED = "verified", _("Verified")
        IN_PROGRESS = "in_progress", _("In progress")
        COMPLETED = "completed", _("Completed")
        REJECTED = "rejected", _("Rejected")
        FAILED = "failed", _("Failed (operator action needed)")

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    type = models.CharField(max_length=16, choices=Type.choices)
    subject_id = models.UUIDField(db_index=True)
    scope = models.JSONField(default=dict)
    payload = models.JSONField(default=dict, blank=True)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.RECEIVED)
    requested_by = models.CharField(max_length=80)
    deadline = models.DateTimeField()
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(auto_now=True)
    completed_at = models.DateTimeField(null=True, blank=True)
    result = models.JSONField(default=dict, blank=True)
    error = models.CharField(max_length=64, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0, help_text="executions that ended in an error")

    class Meta:
        ordering = ["-created_at"]
        indexes = [
            # The read path asks "is an erasure of this person pending?" on every recall: a tiny
            # partial index (only open erasures are in it).
            models.Index(fields=["subject_id"], name="dsr_erasure_pending",
                         condition=models.Q(type="erasure", status__in=["verified", "in_progress", "failed"])),
        ]


class ErasureReceipt(models.Model):
    """Proof of an erasure: counts per store and the residue scan (which must report 0 matches).

    Ids, counts and hashes only. Kept for the life of the deployment (accountability)."""

    request = models.OneToOneField(DataSubjectRequest, on_delete=models.PROTECT, related_name="receipt")
    counts = models.JSONField(default=dict)
    residue = models.JSONField(default=dict)
    created_at = models.DateTimeField(default=timezone.now)


class Suppression(models.Model):
    """Something erased that must not come back about the same person; written by erasure, kept for ever.

    Two kinds of key share the table, under different HMAC keys derived from the secret (so they
    can never collide): a fact suppression key = HMAC(secret, person reference + predicate/key +
    normalised value or statement), which the consolidation gate refuses to promote again; and an
    erased-root key = HMAC(derived secret, person reference + origin_ref) (``governance.selectors.suppressions``), which
    makes a write naming that root about that person answer 409 ``erased``. Reveals nothing by itself.
    """

    key = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(default=timezone.now)
