"""The per-process credential cache (``QUORUM_AUTH_LOCAL_SECONDS``, 1 s): a busy agent's requests
skip the credential query, a revocation committed by another process is effective within a
second, one committed by this process at once, and the lockout still comes first."""

from __future__ import annotations

import secrets
import time

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from rest_framework.test import APIClient

from agents_registry.models import Agent, AgentCredential
from agents_registry.services.credentials import credential_revoke_all
from config.actors import Actor
from tests.conftest import auth

pytestmark = pytest.mark.django_db
ME = "/api/v1/me"


def _credential_queries(client) -> int:  # noqa: ANN001
    with CaptureQueriesContext(connection) as queries:
        assert client.get(ME).status_code == 200
    return sum("agents_registry_agentcredential" in q["sql"] for q in queries.captured_queries)


def _refused_within(client, seconds: float) -> float:  # noqa: ANN001
    """How long after now the key was first refused (polling), or fail after ``seconds``."""
    started = time.monotonic()
    while time.monotonic() - started < seconds:
        response = client.get(ME)
        if response.status_code == 401:
            assert response.json()["code"] == "invalid_credentials"
            return time.monotonic() - started
        assert response.status_code == 200
        time.sleep(0.05)
    raise AssertionError(f"still accepted after {seconds} s")


def test_a_verified_key_skips_the_credential_query_for_a_second(api_client, make_agent, settings):
    settings.QUORUM_AUTH_LOCAL_SECONDS = 1.0
    _, key = make_agent()
    client = auth(api_client, key)
    assert _credential_queries(client) >= 1  # verified by the database (and its last-used stamp)
    assert _credential_queries(client) == 0  # then remembered by this process
    time.sleep(1.05)
    assert _credential_queries(client) == 1  # and asked again once the second is over


def test_a_key_revoked_by_another_process_is_refused_within_a_second(api_client, make_agent, settings):
    settings.QUORUM_AUTH_LOCAL_SECONDS = 1.0
    agent, key = make_agent()
    client = auth(api_client, key)
    assert client.get(ME).status_code == 200
    # What another process's committed revocation looks like from here: the row changes, no signal
    # runs in this process.
    AgentCredential.objects.filter(agent=agent).update(revoked_at=timezone.now())
    assert _refused_within(client, 1.5) <= 1.1


def test_an_agent_deactivated_by_another_process_is_refused_within_a_second(api_client, make_agent, settings):
    settings.QUORUM_AUTH_LOCAL_SECONDS = 1.0
    agent, key = make_agent()
    client = auth(api_client, key)
    assert client.get(ME).status_code == 200
    Agent.objects.filter(pk=agent.pk).update(is_active=False)
    assert _refused_within(client, 1.5) <= 1.1


def test_a_revocation_in_this_process_is_effective_at_once(api_client, make_agent, settings):
    settings.QUORUM_AUTH_LOCAL_SECONDS = 60.0  # even with a long local cache
    agent, key = make_agent()
    client = auth(api_client, key)
    assert client.get(ME).status_code == 200
    assert client.get(ME).status_code == 200  # served from the local cache
    credential_revoke_all(actor=Actor.system("tests"), agent=agent)
    assert client.get(ME).status_code == 401


def test_the_lockout_applies_to_a_cached_key(api_client, make_agent, settings):
    settings.QUORUM_AUTH_LOCAL_SECONDS = 60.0
    _, key = make_agent()
    good = auth(APIClient(), key)
    assert good.get(ME).status_code == 200  # cached now
    for _ in range(10):
        bad = f"qk_{secrets.token_hex(6)}_{secrets.token_urlsafe(32)}"
        assert api_client.get(ME, HTTP_AUTHORIZATION=f"Bearer {bad}").status_code == 401
    response = good.get(ME)
    assert response.status_code == 429
    assert response.json()["code"] == "locked_out"


def test_zero_turns_the_local_cache_off(api_client, make_agent, settings):
    settings.QUORUM_AUTH_LOCAL_SECONDS = 0
    _, key = make_agent()
    client = auth(api_client, key)
    assert _credential_queries(client) >= 1
    assert _credential_queries(client) == 1  # asked again: nothing remembered
