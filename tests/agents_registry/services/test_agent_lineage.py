"""Agent lineages (issue 16): the default, the command's ``--lineage``, the audited change, the admin."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from agents_registry.errors import InvalidAgentData
from agents_registry.models import Agent
from agents_registry.services.agents import agent_lineage_set
from config.actors import Actor
from governance.models import AuditEvent

pytestmark = pytest.mark.django_db
ACTOR = Actor.system("tests")


def test_an_agent_is_its_own_lineage_by_default_and_the_creation_audit_names_it(make_agent):
    agent, _ = make_agent("solo-agent")
    assert agent.lineage == "solo-agent"
    created = AuditEvent.objects.get(action="agent.created", object_id=str(agent.pk))
    assert created.data["lineage"] == "solo-agent"
    grouped, _ = make_agent("op-agent-2", lineage="operator-1")
    assert Agent.objects.get(pk=grouped.pk).lineage == "operator-1"


def test_agent_create_command_takes_a_lineage_and_keeps_its_json_output(db):
    out = StringIO()
    call_command("agent_create", "--slug", "cli-1", "--role", "planner", "--domain", "work",
                 "--purposes", "essential.service", "--lineage", "pipeline-a", "--json", stdout=out)
    last = json.loads(out.getvalue().strip().splitlines()[-1])
    assert set(last) == {"slug", "key"} and last["slug"] == "cli-1"
    assert Agent.objects.get(slug="cli-1").lineage == "pipeline-a"
    text = StringIO()
    call_command("agent_create", "--slug", "cli-2", "--role", "planner", "--domain", "work", stdout=text)
    assert "lineage cli-2" in text.getvalue() and Agent.objects.get(slug="cli-2").lineage == "cli-2"
    with pytest.raises(CommandError, match="invalid_agent"):
        call_command("agent_create", "--slug", "cli-3", "--role", "r", "--domain", "work",
                     "--lineage", "not a slug!", stdout=StringIO())
    assert not Agent.objects.filter(slug="cli-3").exists()


def test_changing_a_lineage_is_audited_and_empty_means_back_to_the_slug(make_agent):
    agent, _ = make_agent("mover")
    moved = agent_lineage_set(actor=ACTOR, agent=agent, lineage="operator-7")
    assert Agent.objects.get(pk=agent.pk).lineage == moved.lineage == "operator-7"
    event = AuditEvent.objects.get(action="agent.lineage_changed", object_id=str(agent.pk))
    assert event.data == {"from": "mover", "to": "operator-7"}
    assert (event.actor_kind, event.actor_id) == ("system", "tests")
    agent_lineage_set(actor=ACTOR, agent=agent, lineage="operator-7")  # no change: no second audit row
    assert AuditEvent.objects.filter(action="agent.lineage_changed").count() == 1
    agent_lineage_set(actor=ACTOR, agent=agent, lineage="")
    assert Agent.objects.get(pk=agent.pk).lineage == "mover"
    with pytest.raises(InvalidAgentData):
        agent_lineage_set(actor=ACTOR, agent=agent, lineage="spaces are not slugs")
    assert Agent.objects.get(pk=agent.pk).lineage == "mover"


def test_the_admin_shows_and_changes_the_lineage_through_the_service(make_agent, admin_client):
    agent, _ = make_agent("admin-edited")
    page = admin_client.get(f"/admin/agents_registry/agent/{agent.pk}/change/")
    assert page.status_code == 200 and 'name="lineage"' in page.content.decode()
    response = admin_client.post(f"/admin/agents_registry/agent/{agent.pk}/change/", {
        "lineage": "operator-2", "role": agent.role, "domain": agent.domain, "purposes": "essential.service",
        "description": "", "credentials-TOTAL_FORMS": "1", "credentials-INITIAL_FORMS": "1",
        "credentials-MIN_NUM_FORMS": "0", "credentials-MAX_NUM_FORMS": "1000",
        "credentials-0-id": str(agent.credentials.get().pk), "credentials-0-agent": str(agent.pk)})
    assert response.status_code == 302, response.content.decode()[:2000]
    assert Agent.objects.get(pk=agent.pk).lineage == "operator-2"
    assert AuditEvent.objects.filter(action="agent.lineage_changed", object_id=str(agent.pk),
                                     actor_kind="user").exists()
    assert "operator-2" in admin_client.get("/admin/agents_registry/agent/").content.decode()
