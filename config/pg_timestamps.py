"""``timestamptz`` columns parsed by psycopg's C loader, with Django's time zone (perf49).

Django's PostgreSQL backend reads every ``timestamptz`` through its own loader
(``psycopg_any.BaseTzLoader``: psycopg's *pure-Python* ``TimestamptzLoader`` with the result's
``tzinfo`` replaced by the connection's time zone), so even with ``psycopg[binary]`` installed each
timestamp is parsed in Python. A consolidation run's gather reads four per memory: in the free-text
deep pass (6,374 memories gathered) the parse took ≈ 90–100 ms of CPU, ≈ 35–40 ms with the C parse
(≈ 1 % of the pass; docs/performance.md, perf49).

:func:`connection_prepare` registers, on each new psycopg connection, a loader that parses with
psycopg's C ``TimestamptzLoader`` — the same parse of the same text (ISO date style, the session's
time zone), accelerated — and then replaces the ``tzinfo`` exactly as Django's does, keeping
Django's ``timezone`` attribute (Django's ``create_cursor`` compares it to decide whether a cursor
needs its own loader). The values are the same ``datetime`` objects, equal and with the same
``tzinfo``. Without psycopg's C implementation nothing is registered. Connected to Django's
``connection_created`` signal in ``config.apps`` (each new connection, pooled or not).

perf53a: that wrapper's Python ``load`` (a call into the C parse and a ``replace`` per value) cost
three times the parse itself (25.8 against 5.8 ms for the 6,400 memories' four timestamps,
``/tmp/perf53a/bench_ts2.py``). When the session's time zone is UTC — Django sets it so on each
connection — psycopg's C loader already returns Django's ``datetime.timezone.utc`` as the ``tzinfo``
(psycopg's ``_tz.get_tzinfo``: ``b"UTC"`` → ``timezone.utc``), so the ``replace`` changes nothing:
:class:`UtcTzLoader` hands psycopg the C loader itself, checked as each loader is made (psycopg
makes one per result, reading the session's zone then), and the wrapper otherwise.
"""

from __future__ import annotations

from datetime import timezone as dt_timezone
from typing import Any

import psycopg
from psycopg.adapt import Loader
from psycopg.pq import Format

try:  # psycopg's own session-zone reading (a private module): without it every session gets the wrapper
    from psycopg._tz import get_tzinfo
except ImportError:  # pragma: no cover - a psycopg that moved it
    get_tzinfo = None

TIMESTAMPTZ_OID = psycopg.postgres.types["timestamptz"].oid


def _c_loader() -> type[Loader] | None:
    """psycopg's C timestamptz loader, or None when psycopg runs its pure-Python implementation."""
    loader = psycopg.adapters.get_loader(TIMESTAMPTZ_OID, Format.TEXT)
    if loader is None or loader.__module__.startswith("psycopg.types"):
        return None
    return loader


_C_LOADER = _c_loader()


class CParsedTzLoader(Loader):
    """Django's ``BaseTzLoader`` with psycopg's C parse: ``parse(text).replace(tzinfo=timezone)``."""

    timezone: Any = None  # set per time zone by :func:`_loader_for`, as Django's SpecificTzLoader

    def __init__(self, oid: int, context: Any = None) -> None:
        super().__init__(oid, context)
        assert _C_LOADER is not None
        # The C loader reads the session's time zone and date style from the same context.
        self._parse = _C_LOADER(oid, context).load

    def load(self, data: Any) -> Any:
        return self._parse(data).replace(tzinfo=self.timezone)


_LOADERS: dict[Any, type[CParsedTzLoader]] = {}


def _loader_for(timezone: Any) -> type[CParsedTzLoader]:
    if timezone not in _LOADERS:
        _LOADERS[timezone] = type("CParsedTzLoader", (CParsedTzLoader,), {"timezone": timezone})
    return _LOADERS[timezone]


class UtcTzLoader:
    """The loader class registered when Django's time zone is UTC (``datetime.timezone.utc``).

    psycopg's C loader cannot be subclassed, and Django reads the registered class's ``timezone``;
    so this class carries the attribute and, when psycopg makes a loader, returns psycopg's C loader
    itself when the session's time zone gives exactly Django's ``tzinfo`` (its values are then the
    ones :class:`CParsedTzLoader` returns, the ``replace`` being a no-op), else the wrapper."""

    timezone = dt_timezone.utc
    format = Format.TEXT  # what psycopg's AdaptersMap reads from a loader class

    def __new__(cls, oid: int, context: Any = None) -> Any:  # noqa: D102 - see the class
        connection = getattr(context, "connection", None) if context is not None else None
        pgconn = getattr(connection, "pgconn", None)
        if pgconn is not None and get_tzinfo is not None and get_tzinfo(pgconn) is cls.timezone:
            assert _C_LOADER is not None
            return _C_LOADER(oid, context)
        return _loader_for(cls.timezone)(oid, context)


def connection_prepare(sender: Any = None, connection: Any = None, **kwargs: Any) -> None:
    """``connection_created`` receiver: on a PostgreSQL psycopg 3 connection whose ``timestamptz``
    loader is Django's, register the C-parsed one with the same time zone (once per connection)."""
    if _C_LOADER is None or connection is None or connection.vendor != "postgresql":
        return
    raw = getattr(connection, "connection", None)
    adapters = getattr(raw, "adapters", None)
    if adapters is None:  # psycopg2, or no connection
        return
    current = adapters.get_loader(TIMESTAMPTZ_OID, Format.TEXT)
    if current is None or current is UtcTzLoader or issubclass(current, CParsedTzLoader):
        return
    from django.db.backends.postgresql.psycopg_any import BaseTzLoader

    if not issubclass(current, BaseTzLoader):  # someone else's loader: left alone
        return
    if current.timezone is UtcTzLoader.timezone:
        adapters.register_loader(TIMESTAMPTZ_OID, UtcTzLoader)
        return
    adapters.register_loader(TIMESTAMPTZ_OID, _loader_for(current.timezone))
