"""Domain boundaries per evidence domain (issue 15 item 5): a fact backed by ``work`` and
``support`` evidence reaches work and support readers on every serving path, never a ``health`` one."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command
from django.test import Client
from rest_framework.test import APIClient

from governance.policy import DEFAULT_RULES, SharingPolicy
from memory.consolidation.run import CONSOLIDATOR, consolidation_run_subject
from memory.models import CollectiveFact, Subject
from memory.services.embedding_backfill import memory_embed_pending
from tests.conftest import auth

POLICY = SharingPolicy.from_rules("v1", DEFAULT_RULES)


@pytest.mark.parametrize(("reader", "domains", "receives"), [
    ("work", ["work", "support"], True),
    ("support", ["work", "support"], True),
    ("health", ["work", "support"], False),
    ("health", ["work"], False),
    ("work", ["health"], False),
    ("health", ["health"], True),
    ("work", ["work"], True),
    ("sales", ["work", "support"], False),
    ("work", ["work", "sales"], False),
    ("work", [], True),
])
def test_every_evidence_domain_must_be_compatible_with_the_reader(reader, domains, receives):
    assert POLICY.domain_receives(reader, domains) is receives


@pytest.fixture
def world(make_agent):
    clients = {}
    for slug, domain in (("w1", "work"), ("s1", "support"), ("w2", "work"), ("s2", "support"), ("h", "health")):
        _, key = make_agent(slug, role="coach" if domain == "health" else "planner", domain=domain,
                            verified_channel=True)
        clients[slug] = auth(APIClient(), key)
    for slug, session, origin in (("w1", "sess-1", "crm:1"), ("s1", "sess-2", "crm:2")):
        response = clients[slug].post("/api/v1/memories", {
            "subject": "ana", "kind": "fact", "predicate": "preference.report_length", "value": "short",
            "content": "Prefiere informes breves", "asserted_by": "tool", "trust": "verified",
            "session_id": session, "origin_ref": origin}, format="json")
        assert response.status_code == 201, response.content
    memory_embed_pending()
    consolidation_run_subject(actor=CONSOLIDATOR, subject_id=Subject.objects.get(external_ref="ana").pk)
    fact = CollectiveFact.objects.get(status="current")
    assert sorted(fact.domains) == ["support", "work"]
    clients["fact"] = fact
    return clients


def _collective(client):
    return [f["id"] for f in client.get("/api/v1/collective/facts", {"subject": "ana"}).json()["facts"]]


def _recall(client):
    response = client.post("/api/v1/recall", {"subject": "ana", "query": "informes", "purpose": "essential.service"}, format="json")
    assert response.status_code == 200
    return [i["id"] for i in response.json()["items"] if i["layer"] == "collective"]


def _briefing(client):
    response = client.get("/api/v1/briefing", {"subject": "ana", "since": "2000-01-01T00:00:00Z"})
    assert response.status_code == 200
    return [i["id"] for i in response.json()["items"] if i["layer"] == "collective"]


def _check(client, fact):
    return client.post("/api/v1/actions/check", {"subject": "ana", "action": "send_report",
                                                  "fact_ids": [str(fact.pk)]}, format="json").json()


@pytest.mark.django_db
def test_a_work_and_support_fact_never_reaches_a_health_agent(world):
    fact = world["fact"]
    assert _collective(world["h"]) == []
    assert _recall(world["h"]) == []
    assert _briefing(world["h"]) == []
    assert _check(world["h"], fact)["decision"] == "escalate"


@pytest.mark.django_db
@pytest.mark.parametrize("reader", ["w2", "s2"])
def test_work_and_support_readers_still_receive_it(world, reader):
    fact = world["fact"]
    assert _collective(world[reader]) == [str(fact.pk)]
    assert _recall(world[reader]) == [str(fact.pk)]
    assert _briefing(world[reader]) == [str(fact.pk)]
    check = _check(world[reader], fact)
    assert (check["decision"], check["reason"]) == ("allow", "verified_fact")


@pytest.mark.django_db
def test_the_portal_does_not_list_a_health_agent_among_the_recipients(world):
    call_command("subject_user_create", "--subject", "ana", "--username", "ana", "--password", "s3cret-pass!",
                 stdout=StringIO())
    browser = Client()
    assert browser.post("/accounts/login/", {"username": "ana", "password": "s3cret-pass!"}).status_code == 302
    (fact,) = browser.get("/api/v1/me/facts").json()["facts"]
    assert "planner (work)" in fact["may_receive"] and "planner (support)" in fact["may_receive"]
    assert "coach (health)" not in fact["may_receive"]
