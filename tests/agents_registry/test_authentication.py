"""Agent API keys: authentication, revocation and the failed-attempt lockout (API.md, DESIGN §8)."""

from __future__ import annotations

import hashlib
import json
import secrets
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from agents_registry.models import Agent, AgentCredential, AuthFailure
from agents_registry.services.agents import agent_set_active
from agents_registry.services.credentials import credential_revoke_all, credential_rotate
from config import redis as redis_module
from config.actors import Actor
from governance.models import AuditEvent
from tests.conftest import auth

pytestmark = pytest.mark.django_db
ME = "/api/v1/me"


def bad_key() -> str:
    return f"qk_{secrets.token_hex(6)}_{secrets.token_urlsafe(32)}"


def test_created_key_authenticates_on_me(api_client, make_agent):
    agent, key = make_agent("planner-1", role="planner", domain="work",
                            purposes=["essential.service", "functional.service"])
    response = auth(api_client, key).get(ME)
    assert response.status_code == 200
    assert response.json() == {"agent": {"slug": "planner-1", "role": "planner", "domain": "work",
                                         "purposes": ["essential.service", "functional.service"],
                                         "lineage": "planner-1", "verified_channel": False}}


def test_only_prefix_and_hash_are_stored(make_agent):
    agent, key = make_agent()
    credential = AgentCredential.objects.get(agent=agent)
    assert key.startswith(f"qk_{credential.prefix}_")
    assert credential.key_hash == hashlib.sha256(key.encode()).hexdigest()
    secret_part = key.split("_", 2)[2]
    stored = json.dumps(list(AgentCredential.objects.values()), default=str)
    assert secret_part not in stored
    audit_rows = json.dumps(list(AuditEvent.objects.values("data")), default=str)
    assert secret_part not in audit_rows and key not in audit_rows


def test_missing_header_is_not_authenticated(api_client, db):
    response = api_client.get(ME)
    assert response.status_code == 401
    assert response.json()["code"] == "not_authenticated"
    assert response["WWW-Authenticate"].startswith("Bearer")


@pytest.mark.parametrize("header", ["Bearer nonsense", "Bearer qk_zz_short", "Bearer " + "x" * 300,
                                    "Bearer qk_0123456789ab_" + "a" * 40, "Bearer a b"])
def test_malformed_or_unknown_key_is_invalid_credentials(api_client, db, header):
    response = api_client.get(ME, HTTP_AUTHORIZATION=header)
    assert response.status_code == 401
    body = response.json()
    assert body["code"] == "invalid_credentials"
    assert set(body) == {"code", "message", "extra"}


def test_revoked_key_is_refused(api_client, make_agent):
    agent, key = make_agent()
    assert auth(api_client, key).get(ME).status_code == 200
    assert credential_revoke_all(actor=Actor.system("tests"), agent=agent) == 1
    response = api_client.get(ME)
    assert response.status_code == 401
    assert response.json()["code"] == "invalid_credentials"
    assert AuditEvent.objects.filter(action="credential.revoked").count() == 1


def test_rotation_replaces_the_key(api_client, make_agent):
    agent, old_key = make_agent()
    new_key = credential_rotate(actor=Actor.system("tests"), agent=agent).key
    assert auth(api_client, old_key).get(ME).status_code == 401
    assert auth(APIClientFresh(), new_key).get(ME).status_code == 200


def APIClientFresh():  # noqa: N802 - reads like a class at the call site
    from rest_framework.test import APIClient

    return APIClient()


def test_deactivated_agent_cannot_authenticate(api_client, make_agent):
    agent, key = make_agent()
    agent_set_active(actor=Actor.system("tests"), agent=agent, active=False)
    assert auth(api_client, key).get(ME).status_code == 401


def test_eleven_bad_keys_lock_out_the_address_even_for_a_correct_key(api_client, make_agent):
    _, good_key = make_agent()
    statuses = [api_client.get(ME, HTTP_AUTHORIZATION=f"Bearer {bad_key()}").status_code for _ in range(10)]
    assert statuses == [401] * 10
    eleventh = api_client.get(ME, HTTP_AUTHORIZATION=f"Bearer {bad_key()}")
    assert eleventh.status_code == 429
    assert eleventh.json()["code"] == "locked_out"
    assert 0 < int(eleventh["Retry-After"]) <= 60
    refused = api_client.get(ME, HTTP_AUTHORIZATION=f"Bearer {good_key}")
    assert refused.status_code == 429
    assert refused.json()["code"] == "locked_out"
    # Another client address is not locked: the lock is per address (and per prefix).
    other = api_client.get(ME, HTTP_AUTHORIZATION=f"Bearer {good_key}", REMOTE_ADDR="10.9.8.7")
    assert other.status_code == 200


def test_failures_against_one_prefix_lock_that_prefix_from_any_address(api_client, make_agent):
    agent, good_key = make_agent()
    prefix = AgentCredential.objects.get(agent=agent).prefix
    for i in range(10):
        guess = f"qk_{prefix}_{secrets.token_urlsafe(32)}"
        response = api_client.get(ME, HTTP_AUTHORIZATION=f"Bearer {guess}", REMOTE_ADDR=f"10.0.0.{i + 1}")
        assert response.status_code == 401
    response = api_client.get(ME, HTTP_AUTHORIZATION=f"Bearer {good_key}", REMOTE_ADDR="10.0.1.1")
    assert response.status_code == 429
    assert response.json()["code"] == "locked_out"


def test_nine_failures_do_not_lock(api_client, make_agent):
    _, good_key = make_agent()
    for _ in range(9):
        api_client.get(ME, HTTP_AUTHORIZATION=f"Bearer {bad_key()}")
    assert api_client.get(ME, HTTP_AUTHORIZATION=f"Bearer {good_key}").status_code == 200


@pytest.fixture
def redis_down(monkeypatch):
    """Point the shared Redis client at a closed port, as if Redis were down."""
    dead = redis_module.make_client("redis://127.0.0.1:1/0")
    monkeypatch.setattr(redis_module, "_client", dead)
    yield
    monkeypatch.setattr(redis_module, "_client", None)


def test_lockout_is_enforced_through_the_database_when_redis_is_down(api_client, make_agent, redis_down):
    _, good_key = make_agent()
    assert api_client.get(ME, HTTP_AUTHORIZATION=f"Bearer {good_key}").status_code == 200
    for _ in range(10):
        assert api_client.get(ME, HTTP_AUTHORIZATION=f"Bearer {bad_key()}").status_code == 401
    assert AuthFailure.objects.count() == 20  # one row per scope: address and prefix
    response = api_client.get(ME, HTTP_AUTHORIZATION=f"Bearer {good_key}")
    assert response.status_code == 429
    assert response.json()["code"] == "locked_out"
    assert int(response["Retry-After"]) >= 1


def test_agent_create_command_prints_a_working_key(api_client, db):
    out = StringIO()
    call_command("agent_create", "--slug", "cli-agent", "--role", "explorer", "--domain", "work",
                 "--purposes", "essential.service", "--json", stdout=out)
    last = json.loads(out.getvalue().strip().splitlines()[-1])
    assert last["slug"] == "cli-agent"
    assert auth(api_client, last["key"]).get(ME).json()["agent"]["role"] == "explorer"
    assert auth(api_client, last["key"]).get(ME).json()["agent"]["verified_channel"] is False
    call_command("agent_revoke", "--slug", "cli-agent", stdout=StringIO())
    assert api_client.get(ME).status_code == 401


def test_agent_create_registers_a_verified_channel_only_when_asked(api_client, db):
    out = StringIO()
    call_command("agent_create", "--slug", "crm-sync", "--role", "tool", "--domain", "work",
                 "--purposes", "essential.service", "--verified-channel", "--json", stdout=out)
    key = json.loads(out.getvalue().strip().splitlines()[-1])["key"]
    assert auth(api_client, key).get(ME).json()["agent"]["verified_channel"] is True
    created = AuditEvent.objects.get(action="agent.created", object_id=str(Agent.objects.get(slug="crm-sync").pk))
    assert created.data["verified_channel"] is True


def test_agent_create_rejects_unknown_purpose_and_duplicates(db):
    with pytest.raises(CommandError, match="invalid_agent"):
        call_command("agent_create", "--slug", "x1", "--role", "r", "--domain", "work",
                     "--purposes", "not.a.purpose", stdout=StringIO())
    call_command("agent_create", "--slug", "x2", "--role", "r", "--domain", "work", stdout=StringIO())
    with pytest.raises(CommandError, match="agent_exists"):
        call_command("agent_create", "--slug", "x2", "--role", "r", "--domain", "work", stdout=StringIO())


def test_agent_creation_is_audited_without_the_key(make_agent):
    agent, key = make_agent()
    actions = list(AuditEvent.objects.filter(object_id__in=[str(agent.pk)]).values_list("action", flat=True))
    assert "agent.created" in actions
    assert AuditEvent.objects.filter(action="credential.issued", data__agent=agent.pk).exists()


def test_agent_update_is_validated_and_audited(make_agent):
    from agents_registry.errors import InvalidAgentData
    from agents_registry.services.agents import agent_update

    agent, _ = make_agent()
    updated = agent_update(actor=Actor.system("tests"), agent=agent, role="reviewer", domain="support",
                           purposes=["essential.service"])
    assert (updated.role, updated.domain) == ("reviewer", "support")
    assert AuditEvent.objects.filter(action="agent.updated", object_id=str(agent.pk)).exists()
    with pytest.raises(InvalidAgentData):
        agent_update(actor=Actor.system("tests"), agent=agent, role="r", domain="work", purposes=["nope"])
