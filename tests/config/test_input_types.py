"""Input the schema does not allow is refused, not coerced: naive datetimes (400 ``naive_datetime``,
API.md: times carry a timezone), JSON values of the wrong type, invalid ``limit``/``offset``."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from memory.models import Memory
from tests.conftest import auth

pytestmark = pytest.mark.django_db

NAIVE = "2026-11-01T09:00:00"
AWARE = "2026-11-01T09:00:00+01:00"


@pytest.fixture
def agent_client(make_agent):
    _, key = make_agent("typed")
    return auth(APIClient(), key)


def _write(client, **extra):  # noqa: ANN001, ANN202
    body = {"subject": "ana-garcia", "kind": "event", "content": "Asked for the Q3 figures",
            "session_id": "s1", **extra}
    return client.post("/api/v1/memories", body, format="json")


@pytest.mark.parametrize("field", ["observed_at", "valid_from", "valid_to"])
def test_a_naive_body_datetime_is_a_400_naive_datetime_and_stores_nothing(agent_client, field):
    response = _write(agent_client, **{field: NAIVE})
    assert response.status_code == 400, response.content
    body = response.json()
    assert body["code"] == "naive_datetime"
    assert field in body["extra"]["fields"]
    assert "timezone" in body["message"]
    assert not Memory.objects.exists()


@pytest.mark.parametrize("value", [AWARE, "2026-11-01T08:00:00Z"])
def test_an_aware_datetime_is_accepted_and_kept_exact(agent_client, value):
    response = _write(agent_client, observed_at=value)
    assert response.status_code == 201, response.content
    stored = Memory.objects.get()
    assert stored.observed_at.isoformat().replace("+00:00", "Z") == "2026-11-01T08:00:00Z"


@pytest.mark.parametrize(("path", "param"), [
    ("/api/v1/briefing", "since"),
    ("/api/v1/collective/facts", "as_of"),
    ("/api/v1/collective/facts", "valid_at"),
])
def test_a_naive_query_datetime_is_a_400_naive_datetime(agent_client, path, param):
    response = agent_client.get(path, {"subject": "ana-garcia", param: NAIVE})
    assert response.status_code == 400, response.content
    assert response.json()["code"] == "naive_datetime"
    assert agent_client.get(path, {"subject": "ana-garcia", param: AWARE}).status_code == 200


@pytest.mark.parametrize("param", ["as_of", "valid_at"])
def test_the_portal_refuses_naive_datetimes_too(param):
    from django.core.management import call_command

    call_command("subject_user_create", subject="ana-garcia", username="ana", password="pw-Long-enough-1",
                 stdout=open(__import__("os").devnull, "w"))
    client = APIClient()
    client.force_login(get_user_model().objects.get(username="ana"))
    response = client.get("/api/v1/me/facts", {param: NAIVE})
    assert response.status_code == 400, response.content
    assert response.json()["code"] == "naive_datetime"
    assert client.get("/api/v1/me/facts", {param: AWARE}).status_code == 200


@pytest.mark.parametrize(("field", "value"), [
    ("content", 0), ("subject", ["ana"]), ("importance", False), ("importance", "0.5"),
    ("session_id", 12), ("value", None),
])
def test_json_values_of_the_wrong_type_are_refused_not_coerced(agent_client, field, value):
    response = _write(agent_client, **{field: value})
    if field == "value":  # any JSON, null included
        assert response.status_code == 201, response.content
        return
    assert response.status_code == 400, response.content
    body = response.json()
    assert body["code"] == "invalid_input"
    assert body["extra"]["fields"][field][0].startswith("Expected")
    assert not Memory.objects.exists()


def test_list_items_are_type_checked(agent_client):
    response = agent_client.post("/api/v1/actions/check", {"subject": "ana-garcia", "action": "reply",
                                                           "fact_ids": [0]}, format="json")
    assert response.status_code == 400
    assert "fact_ids" in response.json()["extra"]["fields"]


@pytest.mark.parametrize("params", [{"limit": "0"}, {"limit": "abc"}, {"limit": "201"}, {"offset": "-1"},
                                    {"offset": "x"}, {"surprise": "1"}, {"kind": "nope"}, {"subject": ""}])
def test_invalid_list_parameters_are_a_400(agent_client, params):
    response = agent_client.get("/api/v1/memories", {"subject": "ana-garcia", **params})
    assert response.status_code == 400, response.content
    assert response.json()["code"] in {"invalid_input", "unknown_field"}


def test_the_memory_list_is_paginated_with_validated_limit_and_offset(agent_client):
    for n in range(3):
        assert _write(agent_client, content=f"Event number {n} happened").status_code == 201
    page = agent_client.get("/api/v1/memories", {"subject": "ana-garcia", "limit": "2", "offset": "1"}).json()
    assert page["count"] == 3
    assert len(page["results"]) == 2
    assert page["previous"] is not None and page["next"] is None
