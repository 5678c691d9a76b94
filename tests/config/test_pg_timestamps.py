"""timestamptz read through psycopg's C parse gives what Django's own loader gives (perf49)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.backends.postgresql.psycopg_any import register_tzloader

from psycopg.adapt import Transformer
from psycopg.pq import Format

from config.pg_timestamps import _C_LOADER, TIMESTAMPTZ_OID, CParsedTzLoader, UtcTzLoader

pytestmark = [pytest.mark.django_db,
              pytest.mark.skipif(_C_LOADER is None, reason="psycopg's C implementation is not installed")]

# Edges and a spread: the first and last days every session zone here can show, every microsecond digit count, offsets either side of UTC,
# a leap day, DST changes, and 2,000 values spread over four centuries.
_VALUES_SQL = """
SELECT v FROM (VALUES
  ('0001-01-02 00:00:00+00'::timestamptz), ('9999-12-30 23:59:59.999999+00'),
  ('2024-02-29 12:00:00.5+00'), ('2001-02-03 04:05:06.000001+05:30'), ('2001-02-03 04:05:06.12+00'),
  ('1969-12-31 23:59:59.999+00'), ('2026-03-29 01:30:00+00'), ('2026-10-25 00:30:00+00'),
  ('1900-01-01 00:00:00-03:30'), ('2026-12-07 10:45:08.409286+00')
) AS t(v)
UNION ALL
SELECT timestamptz '1850-01-01 00:00:00+00' + (i * interval '73 days 3 hours 7 minutes 11.123457 seconds')
FROM generate_series(1, 2000) AS i
"""


def _read(cursor) -> list:
    cursor.execute(_VALUES_SQL)
    return [row[0] for row in cursor.fetchall()]


def _djangos(cursor) -> None:
    """The cursor reads timestamptz with Django's own (pure-Python) loader, as before perf49."""
    register_tzloader(connection.timezone, cursor)


def test_connection_reads_timestamptz_with_the_c_parse() -> None:
    connection.ensure_connection()
    loader = connection.connection.adapters.get_loader(TIMESTAMPTZ_OID, 0)
    assert loader is UtcTzLoader  # the test settings' time zone is UTC
    assert loader.timezone is connection.timezone  # Django's create_cursor then adds no loader of its own


def _loader_made(cursor):
    return Transformer(cursor).get_loader(TIMESTAMPTZ_OID, Format.TEXT)


def test_a_utc_session_reads_with_psycopgs_c_loader_itself() -> None:
    """perf53a: no Python wrapper per value when the session's zone gives Django's tzinfo as it is;
    another session zone gets the wrapper (whose replace then matters)."""
    with connection.cursor() as c:
        assert type(_loader_made(c.cursor)) is _C_LOADER
        c.execute("SELECT set_config('TimeZone', 'America/New_York', true)")
        assert isinstance(_loader_made(c.cursor), CParsedTzLoader)
        c.execute("SELECT set_config('TimeZone', 'UTC', true)")
        assert type(_loader_made(c.cursor)) is _C_LOADER


@pytest.mark.parametrize("session_zone", ["UTC", "America/New_York", "Asia/Kolkata"])
def test_same_values_and_zones_as_djangos_loader(session_zone: str) -> None:
    with connection.cursor() as c:
        c.execute("SELECT set_config('TimeZone', %s, true)", [session_zone])
        ours = _read(c.cursor)
        plain = c.connection.cursor()
        _djangos(plain)
        theirs = _read(plain)
    assert len(ours) == len(theirs) == 2010
    assert ours == theirs
    assert [v.tzinfo for v in ours] == [v.tzinfo for v in theirs]
    assert [v.isoformat() for v in ours] == [v.isoformat() for v in theirs]
    assert all(v.tzinfo is connection.timezone for v in ours)


def test_out_of_range_values_fail_both_ways() -> None:
    for literal in ("infinity", "-infinity", "0044-03-15 00:00:00+00 BC"):
        failures = []
        with connection.cursor() as c:
            for cursor in (c.cursor, _fresh_django_cursor(c)):
                try:
                    cursor.execute(f"SELECT '{literal}'::timestamptz")
                    cursor.fetchone()
                    failures.append(None)
                except Exception as exc:  # noqa: BLE001 - the type is what is compared
                    failures.append(type(exc))
        assert failures[0] is not None and failures[0] == failures[1]


def _fresh_django_cursor(c):
    plain = c.connection.cursor()
    _djangos(plain)
    return plain
