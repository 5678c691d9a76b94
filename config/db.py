"""Database availability: which errors mean "the database cannot be reached right now".

A request that cannot get a connection — PostgreSQL down, the pool exhausted past its timeout
(``psycopg_pool.PoolTimeout``), a connection dropped mid-request — is answered 503 ``unavailable``
with ``Retry-After`` (``config.errors``, ``config.middleware``), never 500. Within one request the
first such error is noted (thread-local, reset when the next request starts) so code that can
answer without the database — agent-key authentication from its short cache, recall's degraded
answer — does not wait for the pool a second time.
"""

from __future__ import annotations

import functools
import logging
import re
import threading
import time
from collections.abc import Callable
from typing import Any, TypeVar

import psycopg
from django.db import InterfaceError, OperationalError, connection

logger = logging.getLogger(__name__)
F = TypeVar("F", bound=Callable[..., Any])

# psycopg_pool.PoolTimeout subclasses psycopg.OperationalError; Django wraps both into its own.
UNAVAILABLE_ERRORS: tuple[type[BaseException], ...] = (OperationalError, InterfaceError, psycopg.OperationalError,
                                                        psycopg.InterfaceError)

_state = threading.local()
# Outside a request (a task, a command) nothing resets the note: it lapses after this long.
NOTE_SECONDS = 5.0


def is_unavailable(exc: BaseException | None) -> bool:
    return isinstance(exc, UNAVAILABLE_ERRORS)


def note_outage() -> None:
    _state.noted_at = time.monotonic()


def outage_noted() -> bool:
    noted_at = getattr(_state, "noted_at", None)
    return noted_at is not None and time.monotonic() - noted_at < NOTE_SECONDS


def reset_outage() -> None:
    _state.noted_at = None


def degrade_on_outage(fallback: Callable[..., Any]) -> Callable[[F], F]:
    """Answer ``fallback(*args, **kwargs)`` instead of failing when the database is unreachable.

    For read paths that have a safe degraded answer (recall: nothing served, ``degraded: true``).
    Only availability errors degrade; every other error propagates as before, and so does every
    error inside a caller's transaction (which the failure has broken anyway).
    """

    def decorate(func: F) -> F:
        @functools.wraps(func)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            if outage_noted() and not connection.in_atomic_block:
                return fallback(*args, **kwargs)
            try:
                return func(*args, **kwargs)
            except UNAVAILABLE_ERRORS as exc:
                if connection.in_atomic_block:
                    raise
                note_outage()
                logger.warning("%s: database unavailable (%s); answering degraded", func.__name__,
                               type(exc.__cause__ or exc).__name__)
                return fallback(*args, **kwargs)

        return wrapper  # type: ignore[return-value]

    return decorate


def allow_explicit_prepare(raw: psycopg.Connection) -> None:
    """Let ``raw`` prepare the statements that ask for it (``execute(..., prepare=True)``) and only
    those. Django leaves ``prepare_threshold`` at None (nothing is ever prepared); a huge threshold
    keeps Django's own queries unprepared while recall's and the write's hot statements are
    prepared once per connection (docs/performance.md)."""
    if raw.prepare_threshold is None:
        raw.prepare_threshold = 2**31 - 1



_PLACEHOLDER = re.compile(r"%%|%\((\w+)\)s|%")


@functools.lru_cache(maxsize=64)
def raw_query(sql: str) -> tuple[str, tuple[str, ...]]:
    """``sql`` with psycopg's ``%(name)s`` placeholders turned into PostgreSQL's ``$n`` (``%%`` → ``%``),
    and the parameter names in ``$n`` order, for a :class:`psycopg.RawCursor`.

    psycopg converts a query on every execute and caches the conversion only for queries of at most
    4,096 characters; recall's statement is longer, so its conversion (~0.4 ms a call) is done once
    here. Any other ``%`` form is refused rather than guessed."""
    names: list[str] = []

    def replace(match: re.Match[str]) -> str:
        token, name = match.group(0), match.group(1)
        if token == "%%":
            return "%"
        if name is None:
            raise ValueError("raw_query: only %(name)s placeholders and %% are supported")
        if name not in names:
            names.append(name)
        return f"${names.index(name) + 1}"

    return _PLACEHOLDER.sub(replace, sql), tuple(names)
