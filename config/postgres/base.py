"""``ENGINE = "config.postgres"``: Django's PostgreSQL backend, unchanged except that its connection
pool checks a connection before handing it out only when it sat idle (``config.db_pool``).

Django creates the pool itself, with ``check=ConnectionPool.check_connection`` when
``CONN_HEALTH_CHECKS`` is on (a round trip on every checkout), and the pool keeps that callback as
``_check``. It is swapped for the idle-aware one only when it is exactly Django's, so a
psycopg_pool that stored it otherwise keeps Django's full check (``tests/config/test_db_pool.py``
fails then, so an upgrade that loses the speed-up is noticed)."""

from __future__ import annotations

from django.conf import settings
from django.db.backends.postgresql import base
from psycopg_pool import ConnectionPool

from config.db_pool import idle_aware_check


class DatabaseWrapper(base.DatabaseWrapper):
    @property
    def pool(self):  # noqa: ANN201 - Django's own signature
        pool = super().pool
        # Django reads ``pool`` several times a request: after the one swap this is a single compare.
        if pool is not None and getattr(pool, "_check", None) is ConnectionPool.check_connection:
            idle = float(settings.QUORUM_DB_POOL_CHECK_IDLE_SECONDS or 0)
            if idle > 0:
                pool._check = idle_aware_check(idle)
        return pool
