"""Shared fixtures. Everything runs against the real embedded PostgreSQL (pgvector) and Valkey."""

from __future__ import annotations

import ctypes
import os
import signal
import subprocess
import sys
import time
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from django.conf import settings
from rest_framework.test import APIClient

from config.actors import Actor
from config.redis import get_redis
from config.runner import WORKER_OMP_ENV

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
def _reference_data(request: pytest.FixtureRequest) -> Iterator[None]:
    """Transactional tests flush every table, including the rows data migrations seeded
    (predicate registry, policy v1): put them back before each database test.

    After a transactional test, and before its flush (``TRUNCATE`` of every table), no other
    connection may still be in a transaction on the test database (``database_quiesce``)."""
    marker = request.node.get_closest_marker("django_db")
    names = set(request.fixturenames)
    if marker is None and not {"db", "transactional_db"} & names:
        yield
        return
    transactional = "transactional_db" in names or "live_server" in names or bool(
        marker and (marker.kwargs.get("transaction") or (marker.args and marker.args[0])))
    request.getfixturevalue("transactional_db" if transactional else "db")
    from governance.seed import seed_reference_data

    seed_reference_data()
    yield
    if transactional:
        database_quiesce()


def database_quiesce(*, timeout: float = 60.0) -> None:
    """Wait until no other connection is inside a transaction on the test database; end any that
    still is after ``timeout`` seconds (a leftover thread or process would otherwise deadlock the
    flush, ``AccessExclusiveLock`` against its row locks, and fail the next test by chance)."""
    from django.db import connection

    query = """
        SELECT pid FROM pg_stat_activity
         WHERE datname = current_database() AND pid <> pg_backend_pid()
           AND backend_type = 'client backend' AND xact_start IS NOT NULL"""
    deadline = time.monotonic() + timeout
    with connection.cursor() as cursor:
        while True:
            cursor.execute(query)
            busy = [pid for (pid,) in cursor.fetchall()]
            if not busy:
                return
            if time.monotonic() >= deadline:
                warnings.warn(f"ending {len(busy)} connection(s) still in a transaction before the flush",
                              stacklevel=1)
                cursor.execute(f"SELECT pg_terminate_backend(pid) FROM ({query}) AS busy")
                return
            time.sleep(0.1)


@pytest.fixture(autouse=True)
def _fresh_judgment_memo() -> None:
    """Each test sees its own judgments recorded as Decisions (the memo is process-wide)."""
    from governance import policy
    from memory.consolidation.run import JUDGMENTS

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
                purposes: list[str] | None = None, lineage: str = "", verified_channel: bool = False):
        counter["n"] += 1
        created = agent_create(actor=Actor.system("tests"), slug=slug or f"agent-{counter['n']}",
                               role=role, domain=domain,
                               purposes=purposes if purposes is not None else ["essential.service"],
                               lineage=lineage, verified_channel=verified_channel)
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


WORKER_QUEUES = ("default", "consolidation", "rights")
_PR_SET_PDEATHSIG = 1
#: ``prctl`` looked up once here, in the parent: the child only calls it (no library loading between
#: fork and exec). None off Linux.
_PRCTL = ctypes.CDLL(None, use_errno=True).prctl if sys.platform == "linux" else None


def _die_with_parent() -> None:
    """In the worker's child before exec (Linux): the kernel sends it SIGTERM when the pytest
    process that started it dies, so an interrupted or killed run leaves no test worker consuming
    the broker (one such leftover answered a benchmark's ping in stop 40)."""
    if _PRCTL is not None:
        _PRCTL(_PR_SET_PDEATHSIG, signal.SIGTERM)


_SESSION_WORKER: dict[str, str] = {}  # {"name": "pytest-worker@host"} while the session worker runs


@pytest.fixture(scope="session")
def celery_worker_process(django_db_setup, django_db_blocker) -> Iterator[subprocess.Popen]:  # noqa: ANN001
    """A real Celery worker (separate process) on the embedded broker, using the test database.

    It consumes only during the tests that ask for it (``_worker_gate``): every other test's
    after-commit tasks would otherwise run in it, concurrently with that test and with the flush."""
    from config.celery import app

    env = dict(os.environ)
    env["DJANGO_SETTINGS_MODULE"] = "config.settings.test"
    env["QUORUM_DATABASE_NAME"] = settings.DATABASES["default"]["NAME"]
    env.update({name: os.environ.get(name, value) for name, value in WORKER_OMP_ENV.items()})
    log_path = ROOT / "var" / "test-worker.log"
    log_path.parent.mkdir(exist_ok=True)
    log = open(log_path, "w")
    name = f"pytest-worker@{os.uname().nodename}"
    proc = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "config", "worker", "-Q", ",".join(WORKER_QUEUES),
         "--pool=solo", "--concurrency=1", "--hostname=pytest-worker@%h", "--without-gossip",
         "--without-mingle", "--purge", "--loglevel=INFO"],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
        preexec_fn=_die_with_parent if _PRCTL is not None else None,
    )
    deadline = time.monotonic() + 60
    try:
        while time.monotonic() < deadline:
            if proc.poll() is not None:
                raise RuntimeError(f"celery worker exited early; see {log_path}")
            if app.control.ping(timeout=0.5, destination=[name]):
                break
        else:
            raise RuntimeError(f"celery worker did not answer ping within 60 s; see {log_path}")
        _SESSION_WORKER["name"] = name
        yield proc
    finally:
        _SESSION_WORKER.clear()
        stop_process(proc, timeout=20)
        log.close()


def _worker_control(command: str, *, timeout: float = 60.0) -> None:
    """``add_consumer``/``cancel_consumer`` for every queue, retried until the worker acknowledges
    (a solo-pool worker answers control messages only between tasks)."""
    from config.celery import app

    destination = [_SESSION_WORKER["name"]]
    deadline = time.monotonic() + timeout
    for queue in WORKER_QUEUES:
        while not getattr(app.control, command)(queue, destination=destination, reply=True, timeout=1.0):
            if time.monotonic() >= deadline:
                raise RuntimeError(f"the test worker did not acknowledge {command} {queue}")


def worker_drain(*, timeout: float = 120.0) -> None:
    """Stop the session worker consuming, revoke what it still holds (reserved or waiting for an
    ETA), wait until it runs nothing, and purge the queues: the finished test's tasks never run
    into the next test or its flush."""
    from config.celery import app

    _worker_control("cancel_consumer")
    destination = [_SESSION_WORKER["name"]]
    deadline = time.monotonic() + timeout
    while True:
        inspect = app.control.inspect(destination=destination, timeout=1.0)
        active, reserved, scheduled = inspect.active(), inspect.reserved(), inspect.scheduled()
        if active is not None and reserved is not None and scheduled is not None:
            held = [t["id"] for t in sum(reserved.values(), [])]
            held += [t["request"]["id"] for t in sum(scheduled.values(), [])]
            if held:
                app.control.revoke(held, destination=destination)
            revoked = set(sum((inspect.revoked() or {}).values(), []))
            if not sum(active.values(), []) and set(held) <= revoked:
                break
        if time.monotonic() >= deadline:
            raise RuntimeError("the test worker was still busy after the test")
        time.sleep(0.1)
    app.control.purge()


@pytest.fixture(autouse=True)
def _worker_gate(request: pytest.FixtureRequest, _reference_data: None) -> Iterator[None]:
    """The session worker consumes during the tests that use it, only, and is idle again before the
    flush. (Depends on ``_reference_data`` so it is torn down before the database is.)"""
    if "celery_worker_process" not in request.fixturenames:
        yield
        return
    request.getfixturevalue("celery_worker_process")
    from config.celery import app

    app.control.purge()  # tasks other tests left in the queues
    _worker_control("add_consumer")
    try:
        yield
    finally:
        worker_drain()
