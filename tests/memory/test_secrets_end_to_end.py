"""Must-show: a memory full of credentials is stored with none of them — in no table, log line,
Redis key or task payload."""

from __future__ import annotations

import base64
import json
import logging

import pytest
from django.db import connection
from rest_framework.test import APIClient

from config.celery import app as celery_app
from config.redis import get_redis
from memory.tasks import memory_embed_pending_task
from tests.conftest import auth

AWS_KEY = "AKIAQ3EGRVX7YZ4LMN2P"
JWT = ("eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkFuYSBHYXJjaWEiLCJpYXQiOjE3MDAwMDAwMDB9"
       ".Qm9ndXNTaWduYXR1cmVWYWx1ZUZvclRlc3RpbmdPbmx5MTIz")
PEM_BODY = "MIIEpAIBAAKCAQEA7bq3s9ZxT1f2YkQp8Vw4nL0aR6uJmXcE5hGdK2oPzS1tUvWbNyQ3"
PEM = f"-----BEGIN RSA PRIVATE KEY-----\n{PEM_BODY}\nx9Lr2Vd8Kf3Hq0Zs7Pm1Nw5Bt4Cy6Ju==\n-----END RSA PRIVATE KEY-----"
PASSWORD = "Girasol#2024!"
SECRETS = [AWS_KEY, JWT, PEM_BODY, PASSWORD, "Qm9ndXNTaWduYXR1cmVWYWx1ZUZvclRlc3RpbmdPbmx5MTIz"]


def text_columns() -> list[tuple[str, str]]:
    with connection.cursor() as cursor:
        cursor.execute("""
            SELECT table_name, column_name FROM information_schema.columns
            WHERE table_schema = 'public' AND data_type IN ('text', 'character varying', 'json', 'jsonb')
        """)
        return cursor.fetchall()


def rows_containing(secret: str) -> list[str]:
    found = []
    with connection.cursor() as cursor:
        for table, column in text_columns():
            cursor.execute(f'SELECT count(*) FROM "{table}" WHERE "{column}"::text LIKE %s', [f"%{secret}%"])
            if cursor.fetchone()[0]:
                found.append(f"{table}.{column}")
    return found


def redis_values_containing(secret: str) -> list[str]:
    redis = get_redis()
    hits = []
    for key in redis.scan_iter(count=1000):
        kind = redis.type(key)
        if kind == b"string":
            values = [redis.get(key) or b""]
        elif kind == b"list":
            values = redis.lrange(key, 0, -1)
        elif kind == b"hash":
            values = list(redis.hvals(key))
        else:
            continue
        for raw in values:
            blobs = [raw]
            try:  # kombu stores message bodies base64-encoded inside a JSON envelope
                envelope = json.loads(raw)
                if isinstance(envelope, dict) and isinstance(envelope.get("body"), str):
                    blobs.append(base64.b64decode(envelope["body"]))
            except (ValueError, TypeError):
                pass
            if any(secret.encode() in blob for blob in blobs) or secret.encode() in key:
                hits.append(key.decode(errors="replace"))
    return hits


@pytest.mark.django_db(transaction=True)
def test_credentials_never_reach_storage_logs_or_queue(make_agent, caplog, monkeypatch):
    _, key = make_agent("secretive")
    client = auth(APIClient(), key)
    published: list[dict] = []
    original = celery_app.send_task

    def spy(name, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003, ANN202
        if name == memory_embed_pending_task.name:
            published.append({"args": args, "kwargs": kwargs})
        return original(name, *args, **kwargs)

    monkeypatch.setattr(celery_app, "send_task", spy)  # services enqueue by name (config.queueing)
    content = (f"Setup notes: aws key {AWS_KEY}, session token {JWT}, deploy key:\n{PEM}\n"
               f"y por cierto mi contraseña es {PASSWORD} para el portal.")
    with caplog.at_level(logging.DEBUG):
        response = client.post("/api/v1/memories", {
            "subject": "ana", "kind": "event", "content": content, "session_id": "s1"}, format="json")
    assert response.status_code == 201, response.content
    data = response.json()
    assert data["redactions"] >= 4
    for kind in ("aws_access_key", "jwt", "private_key", "password"):
        assert f"[REDACTED:{kind}]" in data["content"], kind
    assert "para el portal" in data["content"]  # the prose survives

    for secret in SECRETS:
        assert secret not in response.content.decode()
        assert rows_containing(secret) == [], secret
        assert redis_values_containing(secret) == [], secret
        assert not [r for r in caplog.records if secret in r.getMessage()], secret
    assert published, "the embedding task is enqueued after commit"
    assert all(json.dumps(call, default=str).find(AWS_KEY) == -1 for call in published)
    assert all(call["kwargs"].get("kwargs") in ({}, None) for call in published)
