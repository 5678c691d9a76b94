"""DRF authentication for agents: ``Authorization: Bearer qk_<prefix>_<secret>``.

The database is the authority: every request checks the key there (revocation and deactivation
take effect on the next request). A key verified there is also remembered in the cache (Valkey)
for ``QUORUM_AUTH_CACHE_SECONDS`` (300 s), under an HMAC of the key (never the key, its hash or
the agent), so that while PostgreSQL is unreachable the agent can still authenticate and recall
can answer its degraded ``200``; writes answer 503 all the same because they need the database.

Trade-off: during an outage a key that was valid at most ``QUORUM_AUTH_CACHE_SECONDS`` ago keeps
authenticating. Revocations cannot be committed during an outage, and every change to an agent or
a credential committed before it (revoke, rotate, deactivate, purposes) moves a global epoch that
invalidates all remembered keys at once, so a revoked or deactivated key is never served from the
cache. ``QUORUM_AUTH_CACHE_SECONDS=0`` turns the fallback off (an outage is then 503 everywhere).

Per process, a key the database verified is also kept in memory for
``QUORUM_AUTH_LOCAL_SECONDS`` (1 s), under the same HMAC, so a busy agent's requests skip the
credential query: a revocation or deactivation committed anywhere is effective within that second
(at once in the process that committed it: the same signals clear the local entries).
``QUORUM_AUTH_LOCAL_SECONDS=0`` (or ``QUORUM_AUTH_CACHE_SECONDS=0``) turns it off.

The lockout check (a Valkey round trip) runs before every verification against the database. It is
skipped only for a key this process verified less than ``QUORUM_AUTH_LOCAL_SECONDS`` ago, coming
from scopes (address, prefix) this process found unlocked less than
``QUORUM_AUTH_LOCKOUT_CHECK_SECONDS`` (1 s) ago: such a request is not a guess. Any failure this
process records drops its unlocked memo, so a guesser is checked on every attempt, and a lock set
by another process is effective here within that second. ``QUORUM_AUTH_LOCKOUT_CHECK_SECONDS=0``
checks on every request.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import threading
import time
import uuid
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.db.models.signals import post_delete, post_save
from rest_framework import exceptions
from rest_framework.authentication import BaseAuthentication, get_authorization_header
from rest_framework.request import Request

from agents_registry import lockout
from agents_registry.errors import LockedOut
from agents_registry.models import Agent, AgentCredential
from agents_registry.services.credentials import credential_authenticate, parse_prefix
from config.db import UNAVAILABLE_ERRORS, note_outage, outage_noted
from config.errors import unavailable
from config.metrics import lockout_observe

logger = logging.getLogger(__name__)
_EPOCH_KEY = "auth:epoch"
# Per process: when each key's cache entry was last written, so a busy agent writes it at most
# once a minute rather than on every request.
_REFRESHED: dict[str, float] = {}
_REFRESHED_LOCK = threading.Lock()
_REFRESH_EVERY = 60.0
# Per process: HMAC of a key → (monotonic deadline, credential with its agent) for keys the database
# verified less than QUORUM_AUTH_LOCAL_SECONDS ago.
_LOCAL: dict[str, tuple[float, AgentCredential]] = {}
_LOCAL_MAX = 10_000
# Per process: lockout scopes (address, prefix HMACs) → monotonic deadline until which they were found unlocked.
_UNLOCKED: dict[tuple[str, ...], float] = {}


def _lockout_check_seconds() -> float:
    return min(float(getattr(settings, "QUORUM_AUTH_LOCKOUT_CHECK_SECONDS", 1.0)), 1.0)


def _known_unlocked(scope_list: list[str]) -> bool:
    deadline = _UNLOCKED.get(tuple(scope_list))
    return deadline is not None and time.monotonic() < deadline


def _note_unlocked(scope_list: list[str]) -> None:
    seconds = _lockout_check_seconds()
    if seconds <= 0:
        return
    if len(_UNLOCKED) >= _LOCAL_MAX:
        _UNLOCKED.clear()
    _UNLOCKED[tuple(scope_list)] = time.monotonic() + seconds


def forget_unlocked() -> None:
    """Drop every unlocked memo (this process recorded a failure)."""
    _UNLOCKED.clear()


def _local_seconds() -> float:
    """Never longer than the Valkey fallback's lifetime: ``QUORUM_AUTH_CACHE_SECONDS=0`` means no
    remembered verification at all (an outage is 503 even a moment after a verified request)."""
    return min(float(getattr(settings, "QUORUM_AUTH_LOCAL_SECONDS", 1.0)), float(_cache_seconds()))


def _local_get(entry_key: str) -> AgentCredential | None:
    found = _LOCAL.get(entry_key)
    if found is None:
        return None
    if time.monotonic() >= found[0]:
        _LOCAL.pop(entry_key, None)
        return None
    return found[1]


def _local_put(entry_key: str, credential: AgentCredential) -> None:
    seconds = _local_seconds()
    if seconds <= 0:
        return
    if len(_LOCAL) >= _LOCAL_MAX:
        _LOCAL.clear()
    _LOCAL[entry_key] = (time.monotonic() + seconds, credential)


def forget_local_keys() -> None:
    """Drop every key this process verified (a change to an agent or a credential was committed)."""
    _LOCAL.clear()


def _cache_seconds() -> int:
    return int(getattr(settings, "QUORUM_AUTH_CACHE_SECONDS", 300))


def _entry_key(key: str) -> str:
    digest = hmac.new(settings.SECRET_KEY.encode(), b"agent-key\x1f" + key.encode(), hashlib.sha256).hexdigest()
    return f"auth:key:{digest}"


def _due_for_refresh(entry_key: str) -> bool:
    with _REFRESHED_LOCK:
        last = _REFRESHED.get(entry_key)
    return last is None or time.monotonic() - last >= min(_REFRESH_EVERY, _cache_seconds() / 2)


def _read_epoch() -> str | None:
    try:
        return cache.get(_EPOCH_KEY)
    except Exception:  # noqa: BLE001 - the cache is an optimisation; Valkey down must not fail auth
        return None


def _remember(key: str, credential: AgentCredential, epoch: str | None) -> None:
    entry_key = _entry_key(key)
    try:
        cache.set(entry_key, {"epoch": epoch, "agent": credential.agent, "credential": credential},
                  timeout=_cache_seconds())
    except Exception:  # noqa: BLE001
        return
    with _REFRESHED_LOCK:
        if len(_REFRESHED) > 10_000:
            _REFRESHED.clear()
        _REFRESHED[entry_key] = time.monotonic()


def _remembered(key: str) -> AgentCredential | None:
    """The credential verified for ``key`` recently, if nothing changed since (epoch) and it is still valid."""
    if _cache_seconds() <= 0:
        return None
    try:
        found = cache.get_many([_entry_key(key), _EPOCH_KEY])
    except Exception:  # noqa: BLE001
        return None
    entry = found.get(_entry_key(key))
    if not entry or entry.get("epoch") != found.get(_EPOCH_KEY):
        return None
    credential, agent = entry["credential"], entry["agent"]
    if credential.revoked_at is not None or not agent.is_active:
        return None
    credential.agent = agent
    return credential


def forget_all_keys(**_: Any) -> None:
    """Invalidate every remembered key once the current transaction commits (signal receiver).

    This process's own entries are dropped at once and again at the commit (a request verifying
    in between may have kept the old row)."""
    forget_local_keys()

    def bump() -> None:
        forget_local_keys()
        try:
            cache.set(_EPOCH_KEY, uuid.uuid4().hex, timeout=None)
        except Exception:  # noqa: BLE001
            logger.warning("could not invalidate the agent-key cache; it expires within %s s", _cache_seconds())

    transaction.on_commit(bump)


def connect_signals() -> None:
    """Called from ``config.apps`` so every process (web, worker, commands) invalidates on change."""
    for model in (Agent, AgentCredential):
        post_save.connect(forget_all_keys, sender=model, dispatch_uid=f"auth-cache-save-{model.__name__}")
        post_delete.connect(forget_all_keys, sender=model, dispatch_uid=f"auth-cache-delete-{model.__name__}")


def client_address(request: Any) -> str:
    """The client's address: REMOTE_ADDR, or the entry ``QUORUM_TRUSTED_PROXIES`` hops back in X-Forwarded-For."""
    trusted = settings.QUORUM_TRUSTED_PROXIES
    if trusted:
        forwarded = [p.strip() for p in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if p.strip()]
        if len(forwarded) >= trusted:
            return forwarded[-trusted]
    return request.META.get("REMOTE_ADDR", "") or "unknown"


class InvalidCredentials(exceptions.AuthenticationFailed):
    default_detail = "Invalid API key."
    default_code = "invalid_credentials"


class AgentKeyAuthentication(BaseAuthentication):
    """Authenticates an agent by API key, enforcing the failed-attempt lockout first."""

    keyword = "bearer"

    def authenticate(self, request: Request) -> tuple[Agent, AgentCredential] | None:
        header = get_authorization_header(request).split()
        if not header or header[0].lower() != self.keyword.encode():
            return None
        if len(header) != 2:
            key = ""
        else:
            try:
                key = header[1].decode("ascii")
            except UnicodeDecodeError:
                key = ""
        scope_list = lockout.scopes(client_address(request), parse_prefix(key))
        recent = _local_get(_entry_key(key)) if key else None
        if recent is None or not _known_unlocked(scope_list):
            lock = lockout.check(scope_list)
            if lock is not None:
                lockout_observe(kind="agent_key")
                raise LockedOut(extra={"retry_after": lock.retry_after},
                                headers={"Retry-After": str(lock.retry_after)})
            _note_unlocked(scope_list)
        credential = recent or (self._verify(key) if key else None)
        if credential is None:
            forget_unlocked()
            lockout.record_failure(scope_list)
            raise InvalidCredentials()
        return credential.agent, credential

    @staticmethod
    def _verify(key: str) -> AgentCredential | None:
        """The database's answer; while the database is unreachable, the cache's (or 503)."""
        caching = _cache_seconds() > 0
        entry_key = _entry_key(key)
        local = _local_get(entry_key)
        if local is not None:
            return local
        if not outage_noted():
            refresh = caching and _due_for_refresh(entry_key)
            # Read before the database so a change committed in between invalidates what we write.
            epoch = _read_epoch() if refresh else None
            try:
                credential = credential_authenticate(key)
            except UNAVAILABLE_ERRORS as exc:
                note_outage()
                remembered = _remembered(key)
                if remembered is None:
                    raise unavailable(exc) from exc
                return remembered
            if credential is not None:
                _local_put(entry_key, credential)
                if refresh:
                    _remember(key, credential, epoch)
            return credential
        remembered = _remembered(key)
        if remembered is None:
            raise unavailable()
        return remembered

    def authenticate_header(self, request: Request) -> str:
        return 'Bearer realm="quorum"'
