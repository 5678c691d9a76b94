"""Restriction and objection (Art. 18/21): data stays stored but is excluded at once, reversibly."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from config.actors import Actor
from governance.models import AuditEvent, Restriction
from governance.services.restrictions import restriction_apply, restriction_lift
from memory.models import CollectiveFact, Memory, Subject
from memory.consolidation.run import CONSOLIDATOR, consolidation_run_subject
from memory.services.embedding_backfill import memory_embed_pending
from tests.conftest import auth

pytestmark = pytest.mark.django_db
PERSON = Actor(kind="user", id="portal-1")


@pytest.fixture
def world(make_agent):
    clients = {}
    for slug in ("x", "y", "z"):
        agent, key = make_agent(slug, purposes=["essential.service", "functional.service"])
        clients[slug] = auth(APIClient(), key)
        clients[slug].agent = agent
    for slug, session, origin in (("x", "s1", "u1"), ("y", "s2", "u2")):
        response = clients[slug].post("/api/v1/memories", {
            "subject": "ana", "kind": "fact", "predicate": "preference.report_length", "value": "short",
            "content": "Prefiere informes breves", "asserted_by": "user", "session_id": session,
            "origin_ref": origin}, format="json")
        assert response.status_code == 201
    memory_embed_pending()
    subject = Subject.objects.get(external_ref="ana")
    consolidation_run_subject(actor=CONSOLIDATOR, subject_id=subject.pk)
    clients["subject"] = subject
    clients["fact"] = CollectiveFact.objects.get(status="current")
    return clients


def collective_ids(client, purpose="essential.service"):
    response = client.post("/api/v1/recall", {"subject": "ana", "query": "informes", "purpose": purpose},
                           format="json")
    assert response.status_code == 200
    return [i["id"] for i in response.json()["items"] if i["layer"] == "collective"]


def test_restricting_an_agent_removes_the_persons_facts_from_its_recall_at_once(world):
    fact = world["fact"]
    assert collective_ids(world["z"]) == [str(fact.pk)]
    restriction = restriction_apply(actor=PERSON, subject_id=world["subject"].pk, kind="agent",
                                    target=str(world["z"].agent.pk))
    assert collective_ids(world["z"]) == []
    assert world["z"].get("/api/v1/collective/facts", {"subject": "ana"}).json()["facts"] == []
    assert world["z"].get("/api/v1/briefing", {"subject": "ana", "since": "2000-01-01T00:00:00Z"}).json()["items"] == []
    check = world["z"].post("/api/v1/actions/check", {"subject": "ana", "action": "x",
                                                      "fact_ids": [str(fact.pk)]}, format="json").json()
    assert check["reason"] == "restricted"
    assert collective_ids(world["x"]) == [str(fact.pk)]  # other agents are unaffected
    assert Memory.objects.filter(subject__external_ref="ana").count() == 2  # nothing was deleted
    restriction_lift(actor=PERSON, restriction=restriction)
    assert collective_ids(world["z"]) == [str(fact.pk)]
    actions = list(AuditEvent.objects.filter(object_type="restriction").values_list("action", flat=True))
    assert actions == ["restriction.applied", "restriction.lifted"]


def test_restricting_a_fact_hides_it_from_everyone(world):
    restriction_apply(actor=PERSON, subject_id=world["subject"].pk, kind="fact", target=str(world["fact"].lineage))
    for slug in ("x", "y", "z"):
        assert collective_ids(world[slug]) == []


def test_objecting_to_a_purpose_stops_processing_for_that_purpose_only(world):
    restriction_apply(actor=PERSON, subject_id=world["subject"].pk, kind="purpose", target="functional.service",
                      basis="objection")
    assert collective_ids(world["z"], purpose="functional.service") == []
    blocked = world["z"].post("/api/v1/recall", {"subject": "ana", "query": "informes",
                                                 "purpose": "functional.service"}, format="json").json()
    assert blocked["items"] == []
    assert collective_ids(world["z"]) == [str(world["fact"].pk)]


def test_a_restricted_agents_evidence_stops_counting(world):
    restriction_apply(actor=PERSON, subject_id=world["subject"].pk, kind="agent", target=str(world["y"].agent.pk))
    consolidation_run_subject(actor=CONSOLIDATOR, subject_id=world["subject"].pk)
    world["fact"].refresh_from_db()
    assert world["fact"].status == "unsupported"  # one agent left: below policy


def test_apply_is_idempotent(world):
    first = restriction_apply(actor=PERSON, subject_id=world["subject"].pk, kind="agent", target="7")
    again = restriction_apply(actor=PERSON, subject_id=world["subject"].pk, kind="agent", target="7")
    assert first.pk == again.pk and Restriction.objects.count() == 1
