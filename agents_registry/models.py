"""Agents and their API keys."""

from __future__ import annotations

from typing import Any

from django.contrib.postgres.fields import ArrayField
from django.core.exceptions import ValidationError
from django.core.validators import RegexValidator
from django.db import models
from django.utils import timezone

from agents_registry.purposes import unknown_purposes

DOMAIN_VALIDATOR = RegexValidator(r"^[a-z][a-z0-9_-]{0,31}$", "Domain: lowercase letters, digits, - or _.")


class Agent(models.Model):
    """A registered AI agent identity.

    ``domain`` (work, health, sales…) bounds what collective facts it may receive; ``purposes``
    are fideslang data-use keys it acts for. ``lineage`` names the evidence source the agent
    belongs to (one operator, one model pipeline, one upstream feed): agents of one lineage count
    as ONE independent source in consolidation (step 3) and share what any of them was served
    (step 6). It defaults to the agent's own slug and is changed by an operator only through
    ``agent_lineage_set`` (audited). ``verified_channel`` marks an authoritative system or tool
    record feed: only such an agent's writes can be ``verified`` (the write channel, not the
    agent's declaration, assigns the tier); it is set by an operator only (``agent_create
    --verified-channel``, ``agent_verified_channel_set``, audited). Written by the ``agents``
    services only; kept while the deployment exists (deactivated, never deleted, so audit and
    evidence keep their referent).
    """

    slug = models.SlugField(max_length=64, unique=True)
    role = models.CharField(max_length=64, help_text="planner, reviewer, explorer…")
    domain = models.CharField(max_length=32, validators=[DOMAIN_VALIDATOR])
    purposes = ArrayField(models.CharField(max_length=100), default=list, blank=True)
    description = models.CharField(max_length=300, blank=True)
    lineage = models.SlugField(max_length=64, blank=True,
                               help_text="evidence source: agents of one lineage count as one (default: the slug)")
    verified_channel = models.BooleanField(
        default=False,
        help_text="an authoritative system or tool channel: only its asserted_by=system|tool writes "
                  "with an origin_ref are verified (set by an operator, never by the agent)")
    is_active = models.BooleanField(default=True)
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["slug"]

    def __str__(self) -> str:
        return self.slug

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self.lineage:  # the default lineage is the agent itself (one agent, one source)
            self.lineage = self.slug
        super().save(*args, **kwargs)

    def clean(self) -> None:
        if not self.lineage:
            self.lineage = self.slug
        unknown = unknown_purposes(list(self.purposes))
        if unknown:
            raise ValidationError({"purposes": f"Unknown fideslang data use(s): {', '.join(unknown)}"})

    # DRF treats request.user as authenticated through this flag; an Agent is never a Django user.
    @property
    def is_authenticated(self) -> bool:
        return True

    @property
    def is_anonymous(self) -> bool:
        return False


class AgentCredential(models.Model):
    """An API key ``qk_<prefix>_<secret>``: only the prefix and the SHA-256 of the whole key are stored.

    The key is shown once at creation. Revoked keys stay (revoked_at set) for the audit trail.
    ``last_used_at`` is refreshed at most once a minute.
    """

    agent = models.ForeignKey(Agent, on_delete=models.PROTECT, related_name="credentials")
    prefix = models.CharField(max_length=16, unique=True)
    key_hash = models.CharField(max_length=64)
    label = models.CharField(max_length=100, blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    revoked_at = models.DateTimeField(null=True, blank=True)
    last_used_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(key_hash__regex=r"^[0-9a-f]{64}$"),
                name="agentcredential_key_hash_is_sha256",
                violation_error_message="key_hash must be a hex SHA-256 digest.",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.agent_id}:{self.prefix}"

    @property
    def is_active(self) -> bool:
        return self.revoked_at is None


class AuthFailure(models.Model):
    """A failed API authentication, recorded here only while Redis is unreachable.

    ``scope`` is an HMAC of the client address or key prefix (never the address itself). Swept
    after an hour by ``auth_failures_sweep_task``.
    """

    scope = models.CharField(max_length=64, db_index=True)
    created_at = models.DateTimeField(default=timezone.now, db_index=True)

    class Meta:
        indexes = [models.Index(fields=["scope", "-created_at"], name="authfailure_scope_recent")]
