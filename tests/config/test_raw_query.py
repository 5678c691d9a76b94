"""config.db.raw_query: psycopg's named placeholders turned into PostgreSQL's $n once, the same
name always the same number; anything it cannot convert exactly is refused."""

from __future__ import annotations

import pytest
from django.db import connection

from config.db import raw_query


def test_names_become_numbered_in_first_seen_order_and_repeats_share_a_number():
    query, names = raw_query("SELECT %(a)s, %(b)s, %(a)s WHERE x LIKE 'q%%' AND y = %(c)s")
    assert query == "SELECT $1, $2, $1 WHERE x LIKE 'q%' AND y = $3"
    assert names == ("a", "b", "c")


@pytest.mark.parametrize("sql", ["SELECT %s", "SELECT %(a)b", "SELECT 5 % 2", "SELECT %(a)t"])
def test_other_percent_forms_are_refused(sql):
    with pytest.raises(ValueError):
        raw_query.__wrapped__(sql)


@pytest.mark.django_db
def test_the_raw_form_returns_what_psycopg_s_own_conversion_returns():
    import psycopg

    sql = "SELECT %(a)s::int + %(b)s::int, %(a)s::text || 'x%%', %(b)s::int"
    params = {"a": 2, "b": 40}
    connection.ensure_connection()
    raw = connection.connection
    with psycopg.Cursor(raw) as cursor:
        cursor.execute(sql, params)
        expected = cursor.fetchall()
    query, names = raw_query(sql)
    with psycopg.RawCursor(raw) as cursor:
        cursor.execute(query, [params[n] for n in names])
        assert cursor.fetchall() == expected == [(42, "2x%", 40)]
