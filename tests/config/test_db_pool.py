"""The pool's idle-aware check (config.db_pool, ENGINE config.postgres): a connection given back
less than QUORUM_DB_POOL_CHECK_IDLE_SECONDS ago is handed out without a round trip; one idle longer
is checked, and a dead one is replaced before any query sees it."""

from __future__ import annotations

import time

import pytest
from django.db import connection, connections
from psycopg_pool import ConnectionPool

from config.db_pool import idle_aware_check

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_backend_pool_uses_the_idle_aware_check(settings):
    pool = connection.pool
    assert pool is not None, "the pool is on in every environment"
    assert getattr(pool._check, "idle_seconds", None) == settings.QUORUM_DB_POOL_CHECK_IDLE_SECONDS == 1.0
    assert pool._reset is not None


def test_a_connection_just_given_back_is_not_checked_one_idle_longer_is(monkeypatch):
    round_trips = []
    monkeypatch.setattr(ConnectionPool, "check_connection", staticmethod(lambda conn: round_trips.append(1)))
    check = idle_aware_check(0.3)
    pool = connection.pool
    monkeypatch.setattr(pool, "_check", check)
    connection.close()
    for _ in range(3):  # each checkout takes the connection the previous one gave back
        connection.ensure_connection()
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
        connection.close()
    assert round_trips == []
    time.sleep(0.35)
    connection.ensure_connection()
    connection.close()
    assert round_trips == [1]


def test_a_dead_idle_connection_is_replaced_before_a_query_sees_it(monkeypatch):
    pool = connection.pool
    monkeypatch.setattr(pool, "_check", idle_aware_check(0.2))
    connection.ensure_connection()
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        victim = cursor.fetchone()[0]
    connection.close()
    other = connections.create_connection("default")  # outside the pool's checkout path
    try:
        other.settings_dict = {**other.settings_dict, "OPTIONS": {k: v for k, v in other.settings_dict["OPTIONS"].items()
                                                                  if k != "pool"}}
        with other.cursor() as cursor:
            cursor.execute("SELECT pg_terminate_backend(%s)", [victim])
    finally:
        other.close()
    time.sleep(0.3)  # idle past the threshold: the check runs and finds it dead
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        assert cursor.fetchone()[0] != victim
    connection.close()
