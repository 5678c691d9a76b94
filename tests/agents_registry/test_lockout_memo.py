"""The lockout check's per-process memo (``QUORUM_AUTH_LOCKOUT_CHECK_SECONDS``, at most 1 s): a key
this process verified a moment ago, from scopes it found unlocked a moment ago, skips the Valkey
round trip; a lock set anywhere is effective within that second, a guess is always checked."""

from __future__ import annotations

import secrets
import time

import pytest
from rest_framework.test import APIClient

from agents_registry import authentication, lockout
from agents_registry.models import AgentCredential
from config.redis import get_redis
from tests.conftest import auth

pytestmark = pytest.mark.django_db
ME = "/api/v1/me"


@pytest.fixture(autouse=True)
def _fresh_memos(settings):
    settings.QUORUM_AUTH_LOCAL_SECONDS = 1.0
    settings.QUORUM_AUTH_LOCKOUT_CHECK_SECONDS = 1.0
    authentication.forget_local_keys()
    authentication.forget_unlocked()
    yield
    authentication.forget_local_keys()
    authentication.forget_unlocked()


@pytest.fixture
def checks(monkeypatch):
    """How many times the lockout was asked (the Valkey round trip)."""
    calls: list[int] = []
    real = lockout.check

    def counted(scope_list):  # noqa: ANN001, ANN202
        calls.append(1)
        return real(scope_list)

    monkeypatch.setattr(lockout, "check", counted)
    return calls


def _lock_from_elsewhere(prefix: str, seconds: int = 30) -> None:
    """What another process's lock looks like from here: the Valkey key, no memo change here."""
    get_redis().set(lockout._keys(lockout.scope_for("prefix", prefix))[1], "1", ex=seconds)


def test_a_busy_key_skips_the_lockout_round_trip(api_client, make_agent, checks):
    _, key = make_agent()
    client = auth(api_client, key)
    assert client.get(ME).status_code == 200
    assert len(checks) == 1
    for _ in range(5):
        assert client.get(ME).status_code == 200
    assert len(checks) == 1  # remembered: verified and unlocked less than a second ago
    time.sleep(1.05)
    assert client.get(ME).status_code == 200
    assert len(checks) == 2  # asked again once the second is over


def test_a_lock_set_by_another_process_applies_to_a_busy_key_within_a_second(api_client, make_agent):
    agent, key = make_agent()
    client = auth(api_client, key)
    assert client.get(ME).status_code == 200
    _lock_from_elsewhere(AgentCredential.objects.get(agent=agent).prefix)
    started = time.monotonic()
    while True:
        response = client.get(ME)
        if response.status_code == 429:
            break
        assert response.status_code == 200
        assert time.monotonic() - started < 1.5, "still served after the lock"
        time.sleep(0.05)
    assert time.monotonic() - started <= 1.1
    assert response.json()["code"] == "locked_out"
    assert 0 < int(response["Retry-After"]) <= 30


def test_a_guess_is_always_checked(api_client, make_agent, checks):
    agent, key = make_agent()
    good = auth(APIClient(), key)
    assert good.get(ME).status_code == 200  # the address's scopes are remembered unlocked now
    prefix = AgentCredential.objects.get(agent=agent).prefix
    _lock_from_elsewhere(prefix)
    guess = f"qk_{prefix}_{secrets.token_urlsafe(32)}"
    response = api_client.get(ME, HTTP_AUTHORIZATION=f"Bearer {guess}")
    assert response.status_code == 429  # not a key this process verified: the lock is asked at once
    assert response.json()["code"] == "locked_out"
    assert len(checks) == 2


def test_a_failure_here_drops_the_memo(api_client, make_agent, checks):
    _, key = make_agent()
    good = auth(APIClient(), key)
    assert good.get(ME).status_code == 200
    assert api_client.get(ME, HTTP_AUTHORIZATION=f"Bearer qk_{secrets.token_hex(6)}_x").status_code == 401
    before = len(checks)
    assert good.get(ME).status_code == 200
    assert len(checks) == before + 1  # checked again after a failure in this process


def test_zero_checks_every_request(api_client, make_agent, checks, settings):
    settings.QUORUM_AUTH_LOCKOUT_CHECK_SECONDS = 0
    _, key = make_agent()
    client = auth(api_client, key)
    for _ in range(3):
        assert client.get(ME).status_code == 200
    assert len(checks) == 3


def test_the_memo_never_outlives_a_second(make_agent, settings):
    settings.QUORUM_AUTH_LOCKOUT_CHECK_SECONDS = 60
    assert authentication._lockout_check_seconds() == 1.0
