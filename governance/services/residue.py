"""The residue scan: after an erasure, search the erased values everywhere (DESIGN §7).

Every text, varchar, json and jsonb column of every table in the database, and every key name
and value (strings, lists, hashes, sets; kombu message bodies base64-decoded) of the Redis
databases the application uses. Reports counts only — never the values.

Cost: one pass over the data whatever the number of values (docs/decisions/0007): each table is
streamed once and every cell is matched against all the values at once by an Aho-Corasick
automaton; the same for every Redis key and value.
"""

from __future__ import annotations

import base64
import json
from collections.abc import Iterable, Iterator
from typing import Any

from django.conf import settings
from django.db import connection

from config.needles import Needles
from config.redis import make_client


BATCH_ROWS = 2000
# Below this heap size a table is read in one round trip; above it, streamed with a server-side
# cursor (three round trips more, bounded memory).
STREAM_BYTES = 1 << 20


def _text_columns(cursor: Any) -> dict[str, tuple[int, list[str]]]:
    """{table: (heap bytes, text columns)} for every public table with a text/json column."""
    cursor.execute("""
        SELECT c.table_name, c.column_name,
               pg_relation_size(format('%I.%I', c.table_schema, c.table_name)::regclass)
        FROM information_schema.columns c
        WHERE c.table_schema = 'public' AND c.data_type IN ('text', 'character varying', 'json', 'jsonb')
        ORDER BY c.table_name, c.column_name""")
    tables: dict[str, tuple[int, list[str]]] = {}
    for table, column, size in cursor.fetchall():
        tables.setdefault(table, (size, []))[1].append(column)
    return tables


def _batches(table: str, names: list[str], size: int) -> Iterator[list[tuple[Any, ...]]]:
    select = f'SELECT {", ".join(f"{chr(34)}{name}{chr(34)}::text" for name in names)} FROM "{table}"'
    if size < STREAM_BYTES:
        with connection.cursor() as cursor:
            cursor.execute(select)
            yield cursor.fetchall()
        return
    with connection.chunked_cursor() as cursor:
        cursor.execute(select)
        while rows := cursor.fetchmany(BATCH_ROWS):
            yield rows


def scan_database(values: Iterable[str] | Needles, where: list[str] | None = None) -> tuple[int, int]:
    """Rows holding any of ``values`` in any text/varchar/json/jsonb column of any public table.

    One pass per table whatever the number of values: every table's text columns are read once
    (streamed through a server-side cursor when large) and matched by one Aho-Corasick automaton
    (``config.needles``). A table whose heap is empty holds no row — not even one this transaction
    inserted, which would have extended it — and is not queried. Returns (columns scanned,
    matching cells); ``where`` gets ``table.column`` names, never values.
    """
    needles = values if isinstance(values, Needles) else Needles(values)
    with connection.cursor() as cursor:
        tables = _text_columns(cursor)
    columns = sum(len(names) for _, names in tables.values())
    matches = 0
    if not needles:
        return columns, 0
    for table, (size, names) in tables.items():
        if size == 0:
            continue
        found = [0] * len(names)
        for rows in _batches(table, names, size):
            for _, column in needles.matching_cells(rows):
                found[column] += 1
        for name, count in zip(names, found, strict=True):
            if count and where is not None:
                where.append(f"{table}.{name}")
            matches += count
    return columns, matches


def _blobs(raw: bytes) -> list[bytes]:
    blobs = [raw]
    try:
        envelope = json.loads(raw)
        if isinstance(envelope, dict) and isinstance(envelope.get("body"), str):
            blobs.append(base64.b64decode(envelope["body"]))
    except (ValueError, TypeError):
        pass
    return blobs


_READ = {b"string": lambda pipe, key: pipe.get(key), b"list": lambda pipe, key: pipe.lrange(key, 0, -1),
         b"hash": lambda pipe, key: pipe.hgetall(key), b"set": lambda pipe, key: pipe.smembers(key),
         b"zset": lambda pipe, key: pipe.zrange(key, 0, -1)}


def _raws(reply: Any) -> list[bytes]:
    if reply is None:
        return []
    if isinstance(reply, bytes):
        return [reply]
    if isinstance(reply, dict):
        return [*reply.keys(), *reply.values()]
    return list(reply)


def scan_redis(values: Iterable[str] | Needles, where: list[str] | None = None) -> tuple[int, int]:
    """Keys of the app's Redis databases whose name or value holds any of ``values``.

    Every key is read once (pipelined, a batch at a time) and matched by one automaton over the
    raw bytes, kombu message bodies base64-decoded. ``where`` gets ``redis:<type>``, never values.
    """
    needles = values if isinstance(values, Needles) else Needles(values)
    urls = {settings.REDIS_URL, settings.CELERY_BROKER_URL}
    scanned = matches = 0
    for url in urls:
        client = make_client(url)
        keys = list(client.scan_iter(count=1000))
        scanned += len(keys)
        if not needles:
            continue
        for start in range(0, len(keys), 500):
            batch = keys[start:start + 500]
            pipe = client.pipeline(transaction=False)
            for key in batch:
                pipe.type(key)
            kinds = pipe.execute()
            pipe = client.pipeline(transaction=False)
            read = [(key, kind) for key, kind in zip(batch, kinds, strict=True) if kind in _READ]
            for key, kind in read:
                _READ[kind](pipe, key)
            replies = dict(zip([key for key, _ in read], pipe.execute(), strict=True))
            for key, kind in zip(batch, kinds, strict=True):
                haystacks = [key] + [b for raw in _raws(replies.get(key)) for b in _blobs(raw)]
                if any(needles.found_in(h) for h in haystacks):
                    matches += 1
                    if where is not None:
                        where.append(f"redis:{kind.decode()}")
    return scanned, matches


def residue_scan(values: Iterable[str]) -> dict[str, int]:
    values = [v for v in values if v]
    needles = Needles(values)  # built once for both stores
    where: list[str] = []
    columns, db_matches = scan_database(needles, where)
    keys, redis_matches = scan_redis(needles, where)
    # ``where`` names stores (table.column, redis type), never values.
    return {"columns_scanned": columns, "keys_scanned": keys, "values_searched": len(values),
            "matches": db_matches + redis_matches, "where": sorted(set(where))}
