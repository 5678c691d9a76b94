"""``claims`` in ``POST memories`` and ``GET memories/{id}`` (API.md): explicit at once, inferred after the
embedding; list and search stay without them."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from memory.services.embedding_backfill import memory_embed_pending
from tests.conftest import auth

pytestmark = pytest.mark.django_db
URL = "/api/v1/memories"


@pytest.fixture
def client(make_agent):
    _, key = make_agent("agent-claims")
    return auth(APIClient(), key)


def test_post_returns_the_explicit_claim(client):
    response = client.post(URL, {"subject": "ana", "kind": "fact", "content": "Prefers short reports",
                                 "session_id": "s1", "predicate": "preference.report_length", "value": "Short"},
                           format="json")
    assert response.status_code == 201
    assert response.json()["claims"] == [{"predicate": "preference.report_length", "value": "short",
                                          "category": "user.behavior", "source": "explicit", "confidence": 1.0,
                                          "sentence": None, "span": None}]


def test_plain_note_shows_its_inferred_claim_once_embedded(client):
    created = client.post(URL, {"subject": "ana", "kind": "fact", "content": "Solicita resúmenes concisos",
                                "session_id": "s1"}, format="json").json()
    assert created["claims"] == []  # resolved with the embedding, never on the request path
    memory_embed_pending()
    detail = client.get(f"{URL}/{created['id']}").json()
    (claim,) = detail["claims"]
    assert (claim["predicate"], claim["value"], claim["source"], claim["span"]) == (
        "preference.report_length", "short", "inferred", [0, len("Solicita resúmenes concisos")])
    listed = client.get(URL, {"subject": "ana"}).json()["results"]
    assert "claims" not in listed[0]


def test_events_and_unrelated_notes_make_no_claim(client):
    event = client.post(URL, {"subject": "ana", "kind": "event", "content": "Prefiere informes breves",
                              "session_id": "s1"}, format="json").json()
    note = client.post(URL, {"subject": "ana", "kind": "fact", "content": "Colecciona vinilos de jazz",
                             "session_id": "s1"}, format="json").json()
    memory_embed_pending()
    assert client.get(f"{URL}/{event['id']}").json()["claims"] == []
    assert client.get(f"{URL}/{note['id']}").json()["claims"] == []
