"""Lockout after repeated failed API authentications (DESIGN §8).

``QUORUM_AUTH_FAILURE_LIMIT`` (10) failures within ``QUORUM_AUTH_FAILURE_WINDOW`` (60 s) from one
client address, or against one key prefix, lock that scope for ``QUORUM_AUTH_LOCKOUT_SECONDS``:
every request from it answers 429 ``locked_out`` with ``Retry-After``, even with a correct key.

Counters are atomic in Redis (one Lua script: increment, expire, lock). When Redis is unreachable
the same rule is enforced from the database (``AuthFailure`` rows), so an outage never disables
the lockout. Scopes are HMACs keyed by SECRET_KEY: neither addresses nor prefixes are stored.
"""

from __future__ import annotations

import hashlib
import hmac
import math
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.utils import timezone

from agents_registry.models import AuthFailure
from config.redis import REDIS_ERRORS, get_redis

_FAIL_SCRIPT = """
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
if n >= tonumber(ARGV[2]) then redis.call('SET', KEYS[2], '1', 'EX', ARGV[3]) end
return n
"""


@dataclass(frozen=True)
class Lock:
    retry_after: int


def scope_for(kind: str, value: str) -> str:
    digest = hmac.new(settings.SECRET_KEY.encode(), f"{kind}:{value}".encode(), hashlib.sha256)
    return digest.hexdigest()


def scopes(client_address: str, prefix: str | None) -> list[str]:
    found = [scope_for("addr", client_address)]
    if prefix:
        found.append(scope_for("prefix", prefix))
    return found


def _keys(scope: str) -> tuple[str, str]:
    return f"quorum:authfail:{scope}", f"quorum:authlock:{scope}"


def check(scope_list: list[str]) -> Lock | None:
    """The active lock over any of the scopes, or None."""
    try:
        redis = get_redis()
        pipe = redis.pipeline(transaction=False)
        for scope in scope_list:
            pipe.ttl(_keys(scope)[1])
        ttls = [t for t in pipe.execute() if t is not None and t > 0]
        return Lock(retry_after=max(ttls)) if ttls else None
    except REDIS_ERRORS:
        return _check_database(scope_list)


def record_failure(scope_list: list[str]) -> None:
    """Count one failed attempt against every scope (atomically)."""
    limit = settings.QUORUM_AUTH_FAILURE_LIMIT
    window = settings.QUORUM_AUTH_FAILURE_WINDOW
    lockout = settings.QUORUM_AUTH_LOCKOUT_SECONDS
    try:
        redis = get_redis()
        script = redis.register_script(_FAIL_SCRIPT)
        for scope in scope_list:
            counter, lock = _keys(scope)
            script(keys=[counter, lock], args=[window, limit, lockout])
    except REDIS_ERRORS:
        AuthFailure.objects.bulk_create([AuthFailure(scope=scope) for scope in scope_list])


def _check_database(scope_list: list[str]) -> Lock | None:
    limit = settings.QUORUM_AUTH_FAILURE_LIMIT
    window = timedelta(seconds=settings.QUORUM_AUTH_FAILURE_WINDOW)
    lockout = timedelta(seconds=settings.QUORUM_AUTH_LOCKOUT_SECONDS)
    now = timezone.now()
    longest: float = 0
    for scope in scope_list:
        recent = list(
            AuthFailure.objects.filter(scope=scope, created_at__gte=now - window - lockout)
            .order_by("-created_at")
            .values_list("created_at", flat=True)[:limit]
        )
        # Locked when the `limit` most recent failures fit in one window and the lock has not run out.
        if len(recent) >= limit and recent[0] - recent[-1] <= window:
            remaining = (recent[0] + lockout - now).total_seconds()
            longest = max(longest, remaining)
    return Lock(retry_after=max(1, math.ceil(longest))) if longest > 0 else None
