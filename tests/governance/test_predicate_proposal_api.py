"""``POST/GET predicates/proposals`` and a ``POST memories`` with a key the registry lacks."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from governance.models import PredicateProposal
from tests.conftest import auth

pytestmark = pytest.mark.django_db
URL = "/api/v1/predicates/proposals"


def test_unauthenticated_is_401():
    assert APIClient().post(URL, {"key": "travel.seat"}, format="json").status_code == 401
    assert APIClient().get(URL).status_code == 401


def test_propose_then_again_then_list_own_only(make_agent):
    _, key_a = make_agent("writer-a")
    _, key_b = make_agent("writer-b")
    a, b = auth(APIClient(), key_a), auth(APIClient(), key_b)
    first = a.post(URL, {"key": "travel.seat", "label": "Seat", "category": "user.behavior", "cardinality": "single"},
                   format="json")
    assert first.status_code == 201, first.content
    assert first.json()["key"] == "travel.seat" and first.json()["status"] == "pending"
    assert a.post(URL, {"key": "travel.seat"}, format="json").status_code == 200  # counted, same proposal
    assert [p["key"] for p in a.get(URL).json()["proposals"]] == ["travel.seat"]
    assert b.get(URL).json()["proposals"] == []  # another agent's proposals are not listed
    assert PredicateProposal.objects.get().sightings == 2


@pytest.mark.parametrize(("body", "status", "code"), [
    ({"key": "Travel Seat"}, 400, "invalid_predicate_key"),
    ({"key": "travel.seat", "category": "user.nonsense"}, 400, "invalid_predicate"),
    ({"key": "travel.seat", "cardinality": "many"}, 400, "invalid_input"),
    ({"key": "travel.seat", "surprise": 1}, 400, "unknown_field"),
    ({"key": "preference.report_length"}, 409, "predicate_exists"),
])
def test_bad_proposals_have_stable_codes(make_agent, body, status, code):
    _, key = make_agent("writer")
    response = auth(APIClient(), key).post(URL, body, format="json")
    assert (response.status_code, response.json()["code"]) == (status, code), response.content
    assert not PredicateProposal.objects.exists()


def test_writing_with_an_unknown_key_records_a_proposal_and_the_memory_stays_private(make_agent):
    _, key = make_agent("writer")
    client = auth(APIClient(), key)
    response = client.post("/api/v1/memories", {"subject": "ana", "kind": "fact", "content": "Prefiere ventanilla",
                                                "session_id": "s1", "predicate": "travel.seat", "value": "window",
                                                "category": "user.behavior"}, format="json")
    assert response.status_code == 201, response.content
    body = response.json()
    assert (body["predicate"], body["key"], body["claims"]) == (None, "travel.seat", [])
    assert [p["status"] for p in client.get(URL).json()["proposals"]] == ["pending"]
    # The predicates endpoint does not list it until an operator approves.
    assert "travel.seat" not in {p["key"] for p in client.get("/api/v1/predicates").json()["predicates"]}
