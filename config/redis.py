"""One shared Redis/Valkey client per process, with short timeouts so an outage degrades quickly."""

from __future__ import annotations

import threading

import redis
from redis.backoff import NoBackoff
from redis.retry import Retry
from django.conf import settings

_client: redis.Redis | None = None
_lock = threading.Lock()

REDIS_ERRORS: tuple[type[Exception], ...] = (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError)


def get_redis() -> redis.Redis:
    global _client
    if _client is None:
        with _lock:
            if _client is None:
                _client = make_client(settings.REDIS_URL)
    return _client


def make_client(url: str) -> redis.Redis:
    """A client that fails fast: no backoff and a single retry, so an outage costs < 1 s per call."""
    return redis.Redis.from_url(url, socket_timeout=0.3, socket_connect_timeout=0.3,
                                health_check_interval=30, retry=Retry(NoBackoff(), 1))


def reset_redis() -> None:
    """Forget the client (tests that point REDIS_URL elsewhere)."""
    global _client
    with _lock:
        _client = None
