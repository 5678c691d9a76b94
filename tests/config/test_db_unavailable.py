"""Database outage and pool exhaustion: 503 ``unavailable`` with Retry-After, never 500 (issue 13).

Live servers are real gunicorn subprocesses. The outage server's DATABASE_URL points at a loopback
port nothing listens on — the shared embedded PostgreSQL is never stopped. The exhaustion server
runs on the test database with a pool of one connection, which a request blocked on a table lock
(held from this test) keeps busy.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from django.conf import settings
from django.db import OperationalError

from config.actors import Actor
from config.embedded import free_port, wait_listening
from tests.conftest import auth, stop_process

ROOT = Path(__file__).resolve().parent.parent.parent
pytestmark = pytest.mark.django_db(transaction=True)
RECALL = {"subject": "outage-person", "query": "informes", "purpose": "essential.service"}
WRITE = {"subject": "outage-person", "kind": "event", "content": "Llamó por la tarde", "session_id": "s1"}


@contextmanager
def gunicorn(env_overrides: dict[str, str], log_path: Path, *, threads: int = 1) -> Iterator[str]:
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "REDIS_URL"}}
    env.update({"DJANGO_SETTINGS_MODULE": "config.settings.test", "REDIS_URL": settings.REDIS_BASE_URL,
                **env_overrides})
    with open(log_path, "w") as log:
        proc = subprocess.Popen([sys.executable, "-m", "gunicorn", "config.wsgi", "--bind", f"127.0.0.1:{port}",
                                 "--workers", "1", "--threads", str(threads), "--timeout", "60"],
                                cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    try:
        assert wait_listening(port, proc=proc, timeout=60), f"gunicorn did not start:\n{log_path.read_text()}"
        yield f"http://127.0.0.1:{port}"
    finally:
        stop_process(proc, timeout=20)


def call(url: str, method: str = "GET", body: dict | None = None, key: str | None = None) -> tuple[int, dict, dict]:
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    if key:
        request.add_header("Authorization", f"Bearer {key}")
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, dict(response.headers), json.loads(response.read() or b"{}")
    except urllib.error.HTTPError as exc:
        raw = exc.read()
        assert exc.headers.get("Content-Type", "").startswith("application/json"), raw[:300]
        return exc.code, dict(exc.headers), json.loads(raw)


def assert_unavailable(status: int, headers: dict, body: dict) -> None:
    assert status == 503, body
    assert headers.get("Retry-After") == str(settings.QUORUM_UNAVAILABLE_RETRY_AFTER)
    assert body["code"] == "unavailable"
    assert body["extra"] == {"retry_after": settings.QUORUM_UNAVAILABLE_RETRY_AFTER}


def test_postgres_unreachable_writes_503_recall_degraded(api_client, make_agent, tmp_path):
    _, key = make_agent()
    _, stranger = make_agent()
    # One healthy request verifies the key against the database (and remembers it).
    assert auth(api_client, key).post("/api/v1/recall", RECALL, format="json").status_code == 200

    dead = free_port()  # nothing listens there
    env = {"DATABASE_URL": f"postgresql://postgres@127.0.0.1:{dead}/quorum", "QUORUM_DB_POOL_TIMEOUT": "1"}
    with gunicorn(env, tmp_path / "outage.log") as url:
        started = time.monotonic()
        status, headers, body = call(f"{url}/api/v1/memories", "POST", WRITE, key)
        assert_unavailable(status, headers, body)
        assert time.monotonic() - started < 10

        status, _, body = call(f"{url}/api/v1/recall", "POST", RECALL, key)
        assert (status, body["degraded"], body["items"]) == (200, True, [])

        assert_unavailable(*call(f"{url}/api/v1/memories?subject=outage-person", key=key))
        assert_unavailable(*call(f"{url}/api/v1/collective/facts?subject=outage-person", key=key))
        # A key never verified before cannot be checked now: 503, not 401 and not degraded data.
        assert_unavailable(*call(f"{url}/api/v1/recall", "POST", RECALL, stranger))
        status, _, body = call(f"{url}/healthz")
        assert status == 503 and body["database"]["ok"] is False
    log = (tmp_path / "outage.log").read_text()
    assert "Traceback" not in log and "Internal Server Error" not in log


def test_pool_exhaustion_is_503_and_recall_degrades(api_client, make_agent, tmp_path):
    from config.faults import table_locked

    _, key = make_agent()
    env = {"QUORUM_DATABASE_NAME": settings.DATABASES["default"]["NAME"], "QUORUM_DB_POOL_MIN": "1",
           "QUORUM_DB_POOL_MAX": "1", "QUORUM_DB_POOL_TIMEOUT": "0.5"}
    with gunicorn(env, tmp_path / "pool.log", threads=4) as url:
        assert call(f"{url}/api/v1/recall", "POST", RECALL, key)[0] == 200  # healthy; key verified
        blocked: dict[str, int] = {}
        with table_locked("memory_memory") as locked:
            assert locked
            # Holds the only pooled connection while it waits for the lock.
            writer = threading.Thread(target=lambda: blocked.setdefault(
                "status", call(f"{url}/api/v1/memories", "POST", WRITE, key)[0]))
            writer.start()
            time.sleep(1.0)
            assert "status" not in blocked
            assert_unavailable(*call(f"{url}/api/v1/memories", "POST", {**WRITE, "content": "Otra nota"}, key))
            status, _, body = call(f"{url}/api/v1/recall", "POST", RECALL, key)
            assert (status, body["degraded"]) == (200, True)
        writer.join(timeout=30)
        assert blocked["status"] == 201  # the blocked write finishes once the lock is gone
        assert call(f"{url}/api/v1/recall", "POST", RECALL, key)[0] == 200


# ----------------------------------------------------------------------------- the agent-key cache


def _fail_database(monkeypatch) -> None:  # noqa: ANN001
    from agents_registry import authentication

    def down(key: str):  # noqa: ANN202
        raise OperationalError("connection refused")

    monkeypatch.setattr(authentication, "credential_authenticate", down)


def _verify(key: str):  # noqa: ANN202
    from agents_registry.authentication import AgentKeyAuthentication
    from config.db import reset_outage

    reset_outage()
    return AgentKeyAuthentication._verify(key)


def test_a_revoked_key_is_never_served_from_the_cache(make_agent, monkeypatch):
    from agents_registry.services.credentials import credential_revoke_all
    from config.errors import ServiceUnavailable

    agent, key = make_agent()
    assert _verify(key).agent == agent  # verified in the database, remembered
    with monkeypatch.context() as patch:
        _fail_database(patch)
        assert _verify(key).agent == agent  # outage: from the cache
    credential_revoke_all(actor=Actor.system("tests"), agent=agent)
    assert _verify(key) is None  # database: revoked
    _fail_database(monkeypatch)
    with pytest.raises(ServiceUnavailable):
        _verify(key)  # outage: the revocation invalidated the cache


def test_a_deactivated_agent_is_never_served_from_the_cache(make_agent, monkeypatch):
    from agents_registry.services.agents import agent_set_active
    from config.errors import ServiceUnavailable

    agent, key = make_agent()
    assert _verify(key) is not None
    agent_set_active(actor=Actor.system("tests"), agent=agent, active=False)
    _fail_database(monkeypatch)
    with pytest.raises(ServiceUnavailable):
        _verify(key)


def test_the_cache_key_names_neither_the_key_nor_the_agent(make_agent):
    from config.redis import get_redis

    agent, key = make_agent(slug="cache-probe")
    assert _verify(key) is not None
    names = [k.decode() for k in get_redis().scan_iter(match="quorum:*auth*")]
    assert names and all(key not in n and key.split("_")[1] not in n and "cache-probe" not in n for n in names)


def test_cache_off_means_outage_is_503(make_agent, monkeypatch, settings):  # noqa: ANN001
    from config.errors import ServiceUnavailable

    settings.QUORUM_AUTH_CACHE_SECONDS = 0
    _, key = make_agent()
    assert _verify(key) is not None
    _fail_database(monkeypatch)
    with pytest.raises(ServiceUnavailable):
        _verify(key)


@pytest.mark.django_db(transaction=False)
def test_the_outage_note_is_per_request_and_lapses(monkeypatch):
    from config import db

    db.reset_outage()
    assert not db.outage_noted()
    db.note_outage()
    assert db.outage_noted()
    real = time.monotonic
    monkeypatch.setattr(db.time, "monotonic", lambda: real() + db.NOTE_SECONDS + 1)
    assert not db.outage_noted()  # a task or command is not degraded for ever by one failure
    monkeypatch.undo()
    db.note_outage()
    db.reset_outage()  # what ApiErrorMiddleware does when the next request starts
    assert not db.outage_noted()


@pytest.mark.django_db(transaction=False)
def test_degrading_never_hides_a_failure_inside_a_callers_transaction():
    from config.db import degrade_on_outage, reset_outage

    @degrade_on_outage(lambda: "degraded")
    def read() -> str:
        raise OperationalError("server closed the connection")

    reset_outage()
    with pytest.raises(OperationalError):
        read()  # pytest-django's test transaction is a caller's transaction
    reset_outage()
