"""The connection pool's idle-aware health check (``config.postgres``, the settings' pool options).

Kept apart from ``config.db`` so the settings can import it without importing ``django.db``.

Django's pool check (``CONN_HEALTH_CHECKS``) costs every request one round trip
(``conn.execute("")``, ~0.3 ms of a recall). Here a connection given back to the pool less than
``QUORUM_DB_POOL_CHECK_IDLE_SECONDS`` (1 s) ago gets the round trip only if its socket has
something to read: an idle connection has nothing to read unless the server ended it (a restart,
``pg_terminate_backend``, an idle timeout: PostgreSQL sends the error and closes), so those are
still checked and replaced. The pool already discards a connection that comes back broken. What is
skipped is only the check for a server host that vanished without closing its sockets within that
second: then one request on that connection fails as any mid-request drop does (503
``unavailable``; recall answers degraded) and the connection is discarded when it comes back.
0 checks every checkout (Django's behaviour)."""

from __future__ import annotations

import select
import time
from collections.abc import Callable

import psycopg

_RETURNED_AT = "_quorum_returned_at"


def note_returned(conn: psycopg.Connection) -> None:
    """The pool's ``reset`` callback: when the connection came back (it is idle from now)."""
    setattr(conn, _RETURNED_AT, time.monotonic())


def _quiet(conn: psycopg.Connection) -> bool:
    """Nothing waits to be read on the idle connection's socket (no syscall beyond one ``select``)."""
    try:
        readable, _, _ = select.select([conn.fileno()], [], [], 0)
    except (OSError, ValueError, psycopg.Error):  # closed, or no socket: let the real check decide
        return False
    return not readable


def idle_aware_check(idle_seconds: float) -> Callable[[psycopg.Connection], None]:
    """A pool ``check`` that runs psycopg_pool's own check only on a connection idle ≥ ``idle_seconds``
    (or never given back yet)."""
    from psycopg_pool import ConnectionPool  # local import: only processes that pool connections load it

    def check(conn: psycopg.Connection) -> None:
        returned_at = getattr(conn, _RETURNED_AT, None)
        if returned_at is not None and time.monotonic() - returned_at < idle_seconds and _quiet(conn):
            return
        ConnectionPool.check_connection(conn)

    check.idle_seconds = idle_seconds  # type: ignore[attr-defined]
    return check
