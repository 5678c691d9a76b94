"""The embedded services are real, reused across calls, and carry pgvector."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.db import connection

from config import embedded
from config.settings.base import database_from_url, with_db_index

pytestmark = pytest.mark.django_db


def test_database_is_the_embedded_postgres_with_pgvector():
    with connection.cursor() as cursor:
        cursor.execute("SELECT current_setting('server_version_num')::int, "
                       "(SELECT extversion FROM pg_extension WHERE extname = 'vector')")
        server_version, vector_version = cursor.fetchone()
        cursor.execute("SELECT '[1,0,0]'::vector <=> '[0,1,0]'::vector")
        distance = cursor.fetchone()[0]
    assert server_version >= 180000
    assert tuple(int(p) for p in vector_version.split(".")[:2]) >= (0, 8)
    assert distance == pytest.approx(1.0)


def test_up_is_idempotent_and_returns_the_running_server():
    first = embedded.postgres_up()
    second = embedded.postgres_up()
    assert first == second
    assert embedded.valkey_up() == embedded.valkey_up()


def test_services_status_reports_both_running():
    out = StringIO()
    call_command("services", "status", "--json", stdout=out)
    report = json.loads(out.getvalue())
    assert report["postgres"]["running"] and report["valkey"]["running"]


def test_database_url_parsing_for_external_servers():
    config = database_from_url("postgresql://app:s%40cret@db.internal:6543/quorum?sslmode=require")
    assert (config["USER"], config["PASSWORD"], config["HOST"], config["PORT"], config["NAME"]) == (
        "app", "s@cret", "db.internal", "6543", "quorum")
    assert config["OPTIONS"] == {"sslmode": "require"}
    socket_config = database_from_url("postgresql://postgres@/quorum?host=/run/pg&port=5432")
    assert (socket_config["HOST"], socket_config["PORT"]) == ("/run/pg", "5432")
    with pytest.raises(ValueError, match="no SQLite"):
        database_from_url("sqlite:///db.sqlite3")


def test_redis_db_index_is_added_unless_given():
    assert with_db_index("redis://h:6379", 2) == "redis://h:6379/2"
    assert with_db_index("redis://h:6379/5", 2) == "redis://h:6379/5"
