"""``seed_demo`` builds a meaningful demo world and is idempotent."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

from config import embedded
from governance.models import DataSubjectRequest, ReviewItem
from memory.models import CollectiveFact, Memory

pytestmark = pytest.mark.django_db


def test_seed_demo_twice_gives_the_same_world_and_working_keys(monkeypatch, tmp_path):
    monkeypatch.setattr(embedded, "var_dir", lambda: tmp_path)
    out = StringIO()
    call_command("seed_demo", "--json", stdout=out)
    summary = json.loads(out.getvalue().strip().splitlines()[-1])
    counts = (Memory.objects.count(), CollectiveFact.objects.count(), DataSubjectRequest.objects.count(),
              ReviewItem.objects.count())
    out2 = StringIO()
    call_command("seed_demo", "--json", stdout=out2)
    again = json.loads(out2.getvalue().strip().splitlines()[-1])
    assert (Memory.objects.count(), CollectiveFact.objects.count(), DataSubjectRequest.objects.count(),
            ReviewItem.objects.count()) == counts
    assert {a["key"] for a in again["agents"]} == {a["key"] for a in summary["agents"]}  # keys reused
    statements = set(CollectiveFact.objects.filter(status="current").values_list("statement", flat=True))
    assert statements == {"Preferred report length: short", "Preferred language: es",
                          "Preferred meeting time: afternoon", "Communication style: formal",
                          "Preferred name: Ana"}  # health stays private; Atlas was erased; Anita awaits review
    planner_key = next(a["key"] for a in summary["agents"] if a["slug"] == "planner")
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {planner_key}")
    assert client.get("/api/v1/me").json()["agent"]["slug"] == "planner"
    assert {login["username"] for login in summary["logins"]} == {"ana", "reviewer", "operator"}
    assert {login["role"] for login in summary["logins"]} == {"subject", "reviewer", "operator"}
