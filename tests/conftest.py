"""Shared fixtures. Everything runs against the real embedded PostgreSQL (pgvector) and Valkey."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from django.conf import settings
from rest_framework.test import APIClient

from config.actors import Actor
from config.redis import get_redis

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def _clean_redis_state() -> Iterator[None]:
    """Lockout counters and cache entries must not leak between tests (broker keys are left alone)."""
    def wipe() -> None:
        redis = get_redis()
        keys = list(redis.scan_iter(match="quorum:*", count=1000))
        if keys:
            redis.delete(*keys)

    wipe()
    yield


@pytest.fixture(autouse=True)
def _reference_data(request: pytest.FixtureRequest) -> None:
    """Transactional tests flush every table, including the rows data migrations seeded
    (predicate registry, policy v1): put them back before each database test."""
    marker = request.node.get_closest_marker("django_db")
    names = set(request.fixturenames)
    if marker is None and not {"db", "transactional_db"} & names:
        return
    transactional = "transactional_db" in names or bool(
        marker and (marker.kwargs.get("transaction") or (marker.args and marker.args[0])))
    request.getfixturevalue("transactional_db" if transactional else "db")
    from governance.seed import seed_reference_data

    seed_reference_data()


@pytest.fixture(autouse=True)
def _fresh_judgment_memo() -> None:
    """Each test sees its own judgments recorded as Decisions (the memo is process-wide)."""
    from governance import policy
    from memory.services.consolidation import JUDGMENTS

    JUDGMENTS.data.clear()
    policy._CACHE.clear()


def wait_until(predicate: Callable[[], bool], timeout: float = 60.0) -> bool:
    """Poll ``predicate`` every 0.2 s until it holds or ``timeout`` passes (for worker round trips)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.2)
    return False


@pytest.fixture
def api_client() -> APIClient:
    return APIClient()


@pytest.fixture
def make_agent(db):  # noqa: ANN001 - pytest fixture
    """Create an agent through the real service; returns (agent, key)."""
    from agents_registry.services.agents import agent_create

    counter = {"n": 0}

    def factory(slug: str | None = None, *, role: str = "planner", domain: str = "work",
                purposes: list[str] | None = None):
        counter["n"] += 1
        created = agent_create(actor=Actor.system("tests"), slug=slug or f"agent-{counter['n']}",
                               role=role, domain=domain,
                               purposes=purposes if purposes is not None else ["essential.service"])
        return created.agent, created.key

    return factory


def auth(client: APIClient, key: str) -> APIClient:
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {key}")
    return client


def stop_process(proc: subprocess.Popen, *, timeout: float) -> None:
    """Terminate a test's subprocess, and kill it if it has not exited within ``timeout`` seconds."""
    proc.terminate()
    try:
        proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


@pytest.fixture(scope="session")
def celery_worker_process(django_db_setup, django_db_blocker) -> Iterator[subprocess.Popen]:  # noqa: ANN001
    """A real Celery worker (separate process) on the embedded broker, using the test database."""
    from config.celery import app

    env = dict(os.environ)
    env["DJANGO_SETTINGS_MODULE"] = "config.settings.test"
    env["QUORUM_DATABASE_NAME"] = settings.DATABASES["default"]["NAME"]
    log_path = ROOT / "var" / "test-worker.log"
    log_path.parent.mkdir(exist_ok=True)
    log = open(log_path, "w")
    proc = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "config", "worker", "-Q", "default,consolidation,rights",
         "--pool=solo", "--concurrency=1", "--hostname=pytest-worker@%h", "--without-gossip",
         "--without-mingle", "--purge", "--loglevel=INFO"],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
    )
    deadline = time.monotonic() + 60
    try:
        while time.monotonic() < deadline:
            if proc.poll() is not None:
                raise RuntimeError(f"celery worker exited early; see {log_path}")
            if app.control.ping(timeout=0.5, destination=[f"pytest-worker@{os.uname().nodename}"]):
                break
        else:
            raise RuntimeError(f"celery worker did not answer ping within 60 s; see {log_path}")
        yield proc
    finally:
        stop_process(proc, timeout=20)
        log.close()
