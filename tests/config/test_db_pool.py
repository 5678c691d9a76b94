"""The pool's idle-aware check (config.db_pool, ENGINE config.postgres): a connection handed out
less than QUORUM_DB_POOL_CHECK_IDLE_SECONDS ago, with a quiet socket, is handed out again without a
round trip; one idle longer, or one the server ended, is checked, and a dead one is replaced before
any query sees it."""

from __future__ import annotations

import select
import time

import psycopg
import pytest
from django.db import connection, connections
from psycopg_pool import ConnectionPool

from config.db_pool import idle_aware_check

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_backend_pool_uses_the_idle_aware_check(settings):
    pool = connection.pool
    assert pool is not None, "the pool is on in every environment"
    assert getattr(pool._check, "idle_seconds", None) == settings.QUORUM_DB_POOL_CHECK_IDLE_SECONDS == 1.0
    assert pool._reset is None, "a reset callback would move every return onto the pool's thread"


def test_a_connection_just_handed_out_is_not_checked_one_idle_longer_is(monkeypatch):
    round_trips = []
    monkeypatch.setattr(ConnectionPool, "check_connection", staticmethod(lambda conn: round_trips.append(1)))
    check = idle_aware_check(0.3)
    pool = connection.pool
    conn = pool.getconn()
    try:
        check(conn)  # its first time with this check's clock: checked (at most once)
        first = len(round_trips)
        for _ in range(3):
            check(conn)
        assert len(round_trips) == first <= 1
        time.sleep(0.35)
        check(conn)
        assert len(round_trips) == first + 1
    finally:
        pool.putconn(conn)


def _terminate(pid: int) -> None:
    """End a backend from outside the pool (as an administrator or a restart would)."""
    other = connections.create_connection("default")
    other.settings_dict = {**other.settings_dict,
                           "OPTIONS": {k: v for k, v in other.settings_dict["OPTIONS"].items() if k != "pool"}}
    try:
        with other.cursor() as cursor:
            cursor.execute("SELECT pg_terminate_backend(%s)", [pid])
    finally:
        other.close()


def test_a_connection_the_server_ended_is_checked_even_just_given_back(monkeypatch):
    round_trips = []
    real_check = ConnectionPool.check_connection

    def counted(conn):
        round_trips.append(1)
        real_check(conn)

    monkeypatch.setattr(ConnectionPool, "check_connection", staticmethod(counted))
    check = idle_aware_check(60.0)  # only the socket can tell
    pool = connection.pool
    raw = pool.getconn()
    victim = raw.execute("SELECT pg_backend_pid()").fetchone()[0]
    check(raw)  # stamps it (checked once: this check had not seen it)
    round_trips.clear()
    check(raw)
    assert round_trips == [], "a quiet connection handed out just now is not checked"
    _terminate(victim)
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and not select.select([raw.fileno()], [], [], 0.05)[0]:
        pass
    with pytest.raises(psycopg.OperationalError):
        check(raw)  # the server's goodbye is waiting on the socket: checked, and found dead
    assert round_trips == [1]
    pool.putconn(raw)  # broken: the pool discards it


def test_after_backends_are_ended_every_checkout_still_works(monkeypatch):
    """Every pooled connection ended at once (as a restart does), then checkouts in quick
    succession: the pool replaces the dead ones before any query sees them. (psycopg_pool waits
    about a second between failed checks, whatever the check: the timeout is raised for that.)"""
    pool = connection.pool
    monkeypatch.setattr(pool, "timeout", 15.0)
    connection.close()
    pids = []
    held = [pool.getconn() for _ in range(3)]
    for conn in held:
        pids.append(conn.execute("SELECT pg_backend_pid()").fetchone()[0])
    for conn in held:
        pool.putconn(conn)
    for pid in pids:
        _terminate(pid)
    time.sleep(0.2)
    for _ in range(8):
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_backend_pid()")
            assert cursor.fetchone()[0] not in pids
        connection.close()
