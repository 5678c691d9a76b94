"""API keys: issue (shown once), revoke, rotate, and authenticate in constant time."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from agents_registry.models import Agent, AgentCredential
from config.actors import Actor
from config.audit import audit

KEY_SCHEME = "qk"
PREFIX_BYTES = 6  # 12 hex characters
LAST_USED_RESOLUTION = timedelta(minutes=1)
# Compared against when the prefix is unknown, so a miss costs the same as a hit.
_DUMMY_HASH = hashlib.sha256(b"qk_000000000000_dummy").hexdigest()


@dataclass(frozen=True)
class IssuedKey:
    credential: AgentCredential
    key: str


def hash_key(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


def parse_prefix(key: str) -> str | None:
    """The prefix of a well-formed ``qk_<prefix>_<secret>`` key, else None."""
    parts = key.split("_", 2)
    if len(parts) != 3 or parts[0] != KEY_SCHEME:
        return None
    prefix = parts[1]
    if len(prefix) != PREFIX_BYTES * 2 or any(c not in "0123456789abcdef" for c in prefix):
        return None
    if len(parts[2]) < 20 or len(key) > 200:
        return None
    return prefix


@transaction.atomic(savepoint=False)
def credential_issue(*, actor: Actor, agent: Agent, label: str = "") -> IssuedKey:
    """Create a new key for ``agent``. The plain key exists only in the return value."""
    while True:
        prefix = secrets.token_hex(PREFIX_BYTES)
        if not AgentCredential.objects.filter(prefix=prefix).exists():
            break
    key = f"{KEY_SCHEME}_{prefix}_{secrets.token_urlsafe(32)}"
    credential = AgentCredential(agent=agent, prefix=prefix, key_hash=hash_key(key), label=label)
    credential.full_clean()
    credential.save()
    audit(actor=actor, action="credential.issued", object_type="agent_credential",
          object_id=credential.pk, data={"agent": agent.pk, "prefix": prefix})
    return IssuedKey(credential=credential, key=key)


@transaction.atomic
def credential_revoke_all(*, actor: Actor, agent: Agent) -> int:
    """Revoke every active key of ``agent``; returns how many were revoked."""
    now = timezone.now()
    revoked = list(
        AgentCredential.objects.select_for_update().filter(agent=agent, revoked_at__isnull=True).order_by("pk")
    )
    for credential in revoked:
        credential.revoked_at = now
        credential.save(update_fields=["revoked_at"])
        audit(actor=actor, action="credential.revoked", object_type="agent_credential",
              object_id=credential.pk, data={"agent": agent.pk, "prefix": credential.prefix})
    return len(revoked)


@transaction.atomic
def credential_rotate(*, actor: Actor, agent: Agent) -> IssuedKey:
    """Issue a new key and revoke all previous ones, atomically."""
    credential_revoke_all(actor=actor, agent=agent)
    return credential_issue(actor=actor, agent=agent, label="rotated")


def credential_authenticate(key: str) -> AgentCredential | None:
    """The active credential matching ``key`` (with its active agent), or None.

    Constant time with respect to the secret: the digest comparison always happens, against a
    dummy digest when the prefix is unknown or the key is malformed.
    """
    prefix = parse_prefix(key)
    credential = None
    if prefix is not None:
        credential = (
            AgentCredential.objects.select_related("agent").filter(prefix=prefix).first()
        )
    expected = credential.key_hash if credential is not None else _DUMMY_HASH
    matches = hmac.compare_digest(hash_key(key), expected)
    if not matches or credential is None:
        return None
    if credential.revoked_at is not None or not credential.agent.is_active:
        return None
    _touch(credential)
    return credential


def _touch(credential: AgentCredential) -> None:
    # A usage stamp, not a state change: throttled, unaudited, outside any business transaction.
    now = timezone.now()
    if credential.last_used_at is None or now - credential.last_used_at >= LAST_USED_RESOLUTION:
        AgentCredential.objects.filter(pk=credential.pk).update(last_used_at=now)
        credential.last_used_at = now
