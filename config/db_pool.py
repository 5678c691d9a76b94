"""The connection pool's idle-aware health check (``config.postgres``).

Django's pool check (``CONN_HEALTH_CHECKS``) costs every request one round trip
(``conn.execute("")``, ~0.3 ms of a recall in a one-off in-process profile). Here a connection last
handed out less than ``QUORUM_DB_POOL_CHECK_IDLE_SECONDS`` (1 s) ago (so idle in the pool for less
than that) gets the round trip only if its socket has something to read: an idle connection has
nothing to read unless the server ended it (a restart, ``pg_terminate_backend``, an idle timeout:
PostgreSQL sends the error and closes), so those are still checked and replaced. The pool already
discards a connection that comes back broken. What is skipped is only the check for a server host
that vanished without closing its sockets within that second: then one request on that connection
fails as any mid-request drop does (503 ``unavailable``; recall answers degraded) and the
connection is discarded when it comes back. 0 checks every checkout (Django's behaviour)."""

from __future__ import annotations

import select
import time
from collections.abc import Callable

import psycopg

# When the pool last handed the connection out. The time it came back would be exact, but a
# psycopg_pool ``reset`` callback moves every return onto the pool's worker thread; the checkout
# time is earlier, so it can only overstate the idle time (check more often, never less).
_HANDED_OUT_AT = "_quorum_handed_out_at"


def _quiet(conn: psycopg.Connection) -> bool:
    """Nothing waits to be read on the idle connection's socket (no syscall beyond one ``select``)."""
    try:
        readable, _, _ = select.select([conn.fileno()], [], [], 0)
    except (OSError, ValueError, psycopg.Error):  # closed, or no socket: let the real check decide
        return False
    return not readable


def idle_aware_check(idle_seconds: float) -> Callable[[psycopg.Connection], None]:
    """A pool ``check`` that runs psycopg_pool's own check unless the connection was handed out less
    than ``idle_seconds`` ago and its socket is quiet (a new connection is always checked)."""
    from psycopg_pool import ConnectionPool  # local import: only processes that pool connections load it

    def check(conn: psycopg.Connection) -> None:
        now = time.monotonic()
        last = getattr(conn, _HANDED_OUT_AT, None)
        if last is None or now - last >= idle_seconds or not _quiet(conn):
            ConnectionPool.check_connection(conn)  # raises for a dead one: the pool replaces it
        setattr(conn, _HANDED_OUT_AT, now)

    check.idle_seconds = idle_seconds  # type: ignore[attr-defined]
    return check
