"""The residue scan: after an erasure, search the erased values everywhere (DESIGN §7).

Every text, varchar, json and jsonb column of every table in the database, and every key name
and value (strings, lists, hashes, sets; kombu message bodies base64-decoded) of the Redis
databases the application uses. Reports counts only — never the values.
"""

from __future__ import annotations

import base64
import json
from collections.abc import Iterable
from typing import Any

from django.conf import settings
from django.db import connection

from config.redis import make_client


def _escape_like(value: str) -> str:
    return value.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def scan_database(values: Iterable[str], where: list[str] | None = None) -> tuple[int, int]:
    patterns = [f"%{_escape_like(v)}%" for v in values]
    with connection.cursor() as cursor:
        cursor.execute("""
            SELECT table_name, column_name FROM information_schema.columns
            WHERE table_schema = 'public' AND data_type IN ('text', 'character varying', 'json', 'jsonb')
            ORDER BY table_name, column_name""")
        columns = cursor.fetchall()
        matches = 0
        if patterns:
            for table, column in columns:
                cursor.execute(f'SELECT count(*) FROM "{table}" WHERE "{column}"::text LIKE ANY(%s)', [patterns])
                found = cursor.fetchone()[0]
                if found and where is not None:
                    where.append(f"{table}.{column}")
                matches += found
    return len(columns), matches


def _blobs(raw: bytes) -> list[bytes]:
    blobs = [raw]
    try:
        envelope = json.loads(raw)
        if isinstance(envelope, dict) and isinstance(envelope.get("body"), str):
            blobs.append(base64.b64decode(envelope["body"]))
    except (ValueError, TypeError):
        pass
    return blobs


def scan_redis(values: Iterable[str], where: list[str] | None = None) -> tuple[int, int]:
    needles = [v.encode() for v in values]
    urls = {settings.REDIS_URL, settings.CELERY_BROKER_URL}
    scanned = matches = 0
    for url in urls:
        client = make_client(url)
        for key in client.scan_iter(count=1000):
            scanned += 1
            kind = client.type(key)
            if kind == b"string":
                raws: list[Any] = [client.get(key) or b""]
            elif kind == b"list":
                raws = client.lrange(key, 0, -1)
            elif kind == b"hash":
                raws = [*client.hkeys(key), *client.hvals(key)]
            elif kind == b"set":
                raws = list(client.smembers(key))
            elif kind == b"zset":
                raws = client.zrange(key, 0, -1)
            else:
                raws = []
            haystacks = [key] + [b for raw in raws for b in _blobs(raw)]
            if any(n in h for n in needles for h in haystacks):
                matches += 1
                if where is not None:
                    where.append(f"redis:{kind.decode()}")
    return scanned, matches


def residue_scan(values: Iterable[str]) -> dict[str, int]:
    values = [v for v in values if v]
    where: list[str] = []
    columns, db_matches = scan_database(values, where)
    keys, redis_matches = scan_redis(values, where)
    # ``where`` names stores (table.column, redis type), never values.
    return {"columns_scanned": columns, "keys_scanned": keys, "values_searched": len(values),
            "matches": db_matches + redis_matches, "where": sorted(set(where))}
