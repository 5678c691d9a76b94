"""``GET me/facts``: the signed-in person sees their facts, who contributed (roles) and who read them."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command
from django.test import Client
from rest_framework.test import APIClient

from memory.models import Subject
from memory.consolidation.run import CONSOLIDATOR, consolidation_run_subject
from tests.conftest import auth

pytestmark = pytest.mark.django_db


@pytest.fixture
def portal(make_agent):
    clients = {}
    for slug, role in (("planner-x", "planner"), ("support-y", "support")):
        _, key = make_agent(slug, role=role, domain="work")
        clients[slug] = auth(APIClient(), key)
    for slug, session, origin, content in (("planner-x", "s1", "u1", "Prefiere informes breves, dijo hoy"),
                                           ("support-y", "s2", "u2", "Prefiere informes breves, repitió")):
        clients[slug].post("/api/v1/memories", {"subject": "ana", "kind": "fact", "content": content,
                                                "predicate": "preference.report_length", "value": "short",
                                                "asserted_by": "user", "session_id": session,
                                                "origin_ref": origin}, format="json")
    consolidation_run_subject(actor=CONSOLIDATOR, subject_id=Subject.objects.get(external_ref="ana").pk)
    clients["planner-x"].get("/api/v1/collective/facts", {"subject": "ana", "purpose": "essential.service"})
    call_command("subject_user_create", "--subject", "ana", "--username", "ana", "--password", "s3cret-pass!",
                 stdout=StringIO())
    browser = Client()
    assert browser.post("/accounts/login/", {"username": "ana", "password": "s3cret-pass!"}).status_code == 302
    clients["browser"] = browser
    return clients


def test_the_person_sees_facts_contributor_roles_and_readers_but_no_private_text(portal):
    response = portal["browser"].get("/api/v1/me/facts")
    assert response.status_code == 200
    (fact,) = response.json()["facts"]
    assert fact["statement"] == "Preferred report length: short" and fact["status"] == "current"
    assert sorted(c["role"] for c in fact["contributors"]) == ["planner", "support"]
    assert [r["role"] for r in fact["read_by"]] == ["planner"]
    assert "planner (work)" in fact["may_receive"]
    body = response.content.decode()
    assert "dijo hoy" not in body and "repitió" not in body


def test_agents_and_strangers_cannot_read_a_persons_facts(portal, django_user_model):
    assert portal["planner-x"].get("/api/v1/me/facts").status_code == 403
    assert APIClient().get("/api/v1/me/facts").status_code == 401
    django_user_model.objects.create_user(username="nobody", password="x-pass-123!")
    stranger = Client()
    stranger.post("/accounts/login/", {"username": "nobody", "password": "x-pass-123!"})
    response = stranger.get("/api/v1/me/facts")
    assert response.status_code == 404 and response.json()["code"] == "not_found"


def test_as_of_before_promotion_is_empty_and_history_lists_versions(portal):
    assert portal["browser"].get("/api/v1/me/facts", {"as_of": "2000-01-01T00:00:00Z"}).json()["facts"] == []
    assert len(portal["browser"].get("/api/v1/me/facts", {"history": "true"}).json()["facts"]) == 1
