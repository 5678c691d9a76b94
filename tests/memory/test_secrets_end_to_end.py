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


# -- issue 15: secrets in every field, through the real worker ------------------------------------

GH_KEY = "gh" + "p_" + "Zq8Lm3Xv7Tk2Wp9Rn4Sb1Yh6Df0GjCeQu5Ao"      # in ``key``
SLACK_ORIGIN = "xo" + "xb-" + "482910375612-Qm7Zt2Lx9Kp4Wr8Vn3Sb1YhD"  # in ``origin_ref``
STRIPE_SESSION = "sk" + "_live_" + "Hp2mX7qZ9tL4wK8vN3sR1yB6"       # in ``session_id``
GH_SESSION_END = "gh" + "p_" + "Ka9Xw2Lm7Tq4Zp8Rv3Nb1Yh6Df0GjCeQu5Ao"  # in a session end's id
GH_RECALL = "gh" + "p_" + "Lq4Zt8Xm2Kp7Wr9Vn3Sb1Yh6Df0GjCeQu5Aox"   # in a recall's session id
VALUE_PASSWORD = "tortugamarina"            # a plain word: only its key says it is a secret
VALUE_NESTED = "Pelusa-551982"              # under a nested secret-named key
VALUE_STRING = "key-" + "0c4e8a2f6b1d9e3a7c5f0b8d2e6a4c19"  # Mailgun key as a plain value string
FULLWIDTH = "gh" + "p_" + "Ta7Km2Xq9Lz4Wv8Rp3Nb1Yh6Df0GjCeQu5Ao"
FIELD_SECRETS = [GH_KEY, SLACK_ORIGIN, STRIPE_SESSION, GH_SESSION_END, GH_RECALL, VALUE_PASSWORD, VALUE_NESTED,
                 VALUE_STRING, FULLWIDTH]


def _fullwidth(text: str) -> str:
    return "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in text)


def pg_dump_data() -> str:
    from tests.governance.services.test_dsr import pg_dump_text

    return pg_dump_text()


def redis_everything() -> bytes:
    """Every key and every value in Redis (all types), with kombu bodies decoded, as one blob."""
    redis = get_redis()
    parts: list[bytes] = []
    for key in redis.scan_iter(count=1000):
        parts.append(key)
        kind = redis.type(key)
        if kind == b"string":
            values = [redis.get(key) or b""]
        elif kind == b"list":
            values = redis.lrange(key, 0, -1)
        elif kind == b"hash":
            values = [b for pair in redis.hgetall(key).items() for b in pair]
        elif kind == b"set":
            values = list(redis.smembers(key))
        elif kind == b"zset":
            values = [m for m, _ in redis.zrange(key, 0, -1, withscores=True)]
        else:
            values = []
        for raw in values:
            parts.append(raw)
            try:
                envelope = json.loads(raw)
                if isinstance(envelope, dict) and isinstance(envelope.get("body"), str):
                    parts.append(base64.b64decode(envelope["body"]))
            except (ValueError, TypeError):
                pass
    return b"\n".join(parts)


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_secrets_in_every_field_reach_no_row_no_redis_key_and_no_task(make_agent, celery_worker_process,
                                                                     monkeypatch):
    from memory.models import CollectiveFact, ConsolidationRun, Memory
    from tests.conftest import wait_until

    published: list[dict] = []
    original = celery_app.send_task

    def spy(name, *args, **kwargs):
        published.append({"name": name, "args": args, "kwargs": kwargs})
        return original(name, *args, **kwargs)

    monkeypatch.setattr(celery_app, "send_task", spy)
    clients = [auth(APIClient(), make_agent(f"fields-{i}")[1]) for i in range(2)]
    base = {"subject": "lucia", "kind": "fact", "asserted_by": "user", "category": "user.behavior"}

    # Identifiers carrying a secret are refused before anything is stored, naming only the field.
    for field, body in (
        ("key", {**base, "key": f"repo-{GH_KEY}", "content": "Acceso al repositorio", "session_id": "f1"}),
        ("origin_ref", {**base, "key": "chat", "content": "Nota del chat", "session_id": "f1",
                        "origin_ref": f"slack:{SLACK_ORIGIN}"}),
        ("session_id", {**base, "key": "billing", "content": "Nota de facturación",
                        "session_id": f"sess-{STRIPE_SESSION}"}),
    ):
        response = clients[0].post("/api/v1/memories", body, format="json")
        assert response.status_code == 400, (field, response.content)
        assert response.json()["code"] == "secret_in_identifier"
        assert response.json()["extra"] == {"field": field}
        assert not any(s in response.content.decode() for s in FIELD_SECRETS)
    end = clients[0].post(f"/api/v1/sessions/s-{GH_SESSION_END}/end", {
        "subject": "lucia", "done": "Revisé los accesos del equipo", "went_well": "Quedó todo documentado",
        "went_wrong": "Pedí dos veces la misma clave porque no miré las notas anteriores",
        "improve": "Buscar en la memoria antes de preguntar por accesos", "relevant_for_others": []}, format="json")
    assert end.status_code == 400 and end.json() == {**end.json(), "extra": {"field": "session_id"}}
    assert not Memory.objects.exists()

    # Describing fields are stored redacted: values under secret-named keys whole, at any depth.
    value = {"wifi": {"contraseña": VALUE_PASSWORD, "notas": [{"api_key": VALUE_NESTED}], "ssid": "Oficina"},
             "mailgun": VALUE_STRING}
    for i, client in enumerate(clients):
        response = client.post("/api/v1/memories", {
            **base, "key": "wifi_access", "content": f"Datos de la wifi; token {_fullwidth(FULLWIDTH)}",
            "value": value, "session_id": f"v{i}", "origin_ref": f"utt-{i}"}, format="json")
        assert response.status_code == 201, response.content
        stored = response.json()
        assert stored["value"] == {"wifi": {"contraseña": "[REDACTED:password]",
                                            "notas": [{"api_key": "[REDACTED:api_key]"}], "ssid": "Oficina"},
                                   "mailgun": "[REDACTED:mailgun_key]"}
        assert stored["content"] == "Datos de la wifi; token [REDACTED:github_token]"

    # Embedding and consolidation through the real worker and queue.
    assert wait_until(lambda: not Memory.objects.filter(embedding_pending=True).exists())
    assert wait_until(lambda: ConsolidationRun.objects.filter(status="succeeded").exists())
    assert wait_until(lambda: CollectiveFact.objects.filter(status="current").exists())
    recall = clients[1].post("/api/v1/recall", {"subject": "lucia", "query": "wifi", "purpose": "essential.service",
                                                "session_id": f"r-{GH_RECALL}"}, format="json")
    assert recall.status_code == 400 and recall.json()["extra"] == {"field": "session_id"}

    dump = pg_dump_data()
    blob = redis_everything()
    tasks = json.dumps(published, default=str)
    assert published, "the embedding and consolidation tasks were published"
    for secret in [*FIELD_SECRETS, _fullwidth(FULLWIDTH)]:
        assert secret not in dump, secret
        assert rows_containing(secret) == [], secret
        assert secret.encode() not in blob, secret
        assert secret not in tasks, secret
    assert "[REDACTED:password]" in dump  # the dump is the real data (the placeholders are in it)
