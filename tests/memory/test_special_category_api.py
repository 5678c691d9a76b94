"""``special_category`` in the memory API: the write response, the detail and the list (schema in
the OpenAPI document); another agent's flagged memory is "not found" like any other."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

import yaml
from tests.conftest import auth

pytestmark = pytest.mark.django_db
URL = "/api/v1/memories"


def test_write_detail_and_list_say_what_the_content_revealed(make_agent):
    client = auth(APIClient(), make_agent("api-sc")[1])
    other = auth(APIClient(), make_agent("api-sc-other")[1])
    flagged = client.post(URL, {"subject": "ana", "kind": "fact", "key": "note", "content": "Es musulmán",
                                "category": "user.behavior", "asserted_by": "user", "session_id": "s1"},
                          format="json")
    plain = client.post(URL, {"subject": "ana", "kind": "event", "content": "Pidió el informe del Q3",
                              "session_id": "s1"}, format="json")
    assert flagged.status_code == 201 and plain.status_code == 201
    assert flagged.json()["special_category"] == "user.demographic.religious_belief"
    assert flagged.json()["content"] == "Es musulmán" and flagged.json()["category"] == "user.behavior"
    assert plain.json()["special_category"] is None
    detail = client.get(f"{URL}/{flagged.json()['id']}").json()
    assert detail["special_category"] == "user.demographic.religious_belief"
    listed = {m["id"]: m["special_category"] for m in client.get(URL, {"subject": "ana"}).json()["results"]}
    assert listed == {flagged.json()["id"]: "user.demographic.religious_belief", plain.json()["id"]: None}
    assert other.get(f"{URL}/{flagged.json()['id']}").status_code == 404
    again = client.post(URL, {"subject": "ana", "kind": "fact", "key": "note", "content": "Es musulmán",
                              "category": "user.behavior", "asserted_by": "user", "session_id": "s2"}, format="json")
    assert again.status_code == 200 and again.json()["special_category"] == "user.demographic.religious_belief"


def test_the_schema_documents_the_field_as_a_nullable_string(client):
    document = yaml.safe_load(client.get("/api/schema/").content)
    for component in ("Memory", "MemoryCreated"):
        field = document["components"]["schemas"][component]["properties"]["special_category"]
        assert field["type"] == "string" and field.get("nullable") is True
