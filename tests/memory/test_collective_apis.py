"""``GET collective/facts``: what an agent may receive, dated, with corroboration, never evidence text."""

from __future__ import annotations

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from memory.models import CollectiveFact, ReadLog, Subject
from memory.consolidation.run import CONSOLIDATOR, consolidation_run_subject
from tests.conftest import auth

pytestmark = pytest.mark.django_db
URL = "/api/v1/collective/facts"


@pytest.fixture
def world(make_agent):
    clients = {}
    for slug, domain in (("a", "work"), ("b", "work"), ("c", "support"), ("d", "sales")):
        _, key = make_agent(slug, domain=domain)
        clients[slug] = auth(APIClient(), key)
    for slug, session, origin, content in (("a", "s1", "u1", "Prefiere informes breves, me dijo"),
                                           ("b", "s2", "u2", "Prefiere informes breves, comentó")):
        response = clients[slug].post("/api/v1/memories", {
            "subject": "ana", "kind": "fact", "predicate": "preference.report_length", "value": "short",
            "content": content, "asserted_by": "user",
            "session_id": session, "origin_ref": origin}, format="json")
        assert response.status_code == 201
    consolidation_run_subject(actor=CONSOLIDATOR, subject_id=Subject.objects.get(external_ref="ana").pk)
    return clients


def test_facts_come_with_corroboration_and_no_private_text(world):
    response = world["c"].get(URL, {"subject": "ana", "session_id": "sess-c", "purpose": "essential.service"})
    assert response.status_code == 200
    (fact,) = response.json()["facts"]
    assert fact["statement"] == "Preferred report length: short"
    assert fact["corroboration"]["agents"] == 2 and fact["corroboration"]["sessions"] == 2
    assert fact["corroboration"]["lineages"] == 2
    assert fact["status"] == "current" and fact["valid_from"] and fact["recorded_at"]
    body = response.content.decode()
    assert "me dijo" not in body and "comentó" not in body  # never another agent's private text
    log = ReadLog.objects.get()
    assert (log.session_id, log.purpose, str(log.fact_id)) == ("sess-c", "essential.service", fact["id"])


def test_incompatible_domain_receives_nothing(world):
    assert world["d"].get(URL, {"subject": "ana"}).json()["facts"] == []


def test_as_of_before_promotion_is_empty(world):
    before = CollectiveFact.objects.get().recorded_at - timezone.timedelta(seconds=1)
    response = world["a"].get(URL, {"subject": "ana", "as_of": before.isoformat()})
    assert response.status_code == 200 and response.json()["facts"] == []


def test_bad_query_parameters_are_400(world):
    assert world["a"].get(URL).json()["code"] == "invalid_input"
    assert world["a"].get(URL, {"subject": "ana", "as_of": "yesterday"}).status_code == 400
    assert world["a"].get(URL, {"subject": "ana", "bogus": "1"}).json()["code"] == "unknown_field"


def test_unknown_subject_is_empty_not_404(world):
    assert world["a"].get(URL, {"subject": "nobody"}).json() == {"facts": []}


def test_unauthenticated_is_401(db):
    assert APIClient().get(URL, {"subject": "ana"}).status_code == 401
