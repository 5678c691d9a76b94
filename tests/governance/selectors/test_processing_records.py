"""Records of processing are generated from configuration."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import call_command

from governance.policy import DEFAULT_VERSION

pytestmark = pytest.mark.django_db


def test_records_follow_agents_purposes_and_domains(make_agent):
    make_agent("planner-r", domain="work")
    make_agent("support-r", domain="support")
    make_agent("coach-r", domain="health")
    make_agent("sales-r", domain="sales", purposes=["marketing"])
    out = StringIO()
    call_command("records_of_processing", stdout=out)
    data = json.loads(out.getvalue())
    records = {r["agent"]: r for r in data["records"]}
    assert data["policy_version"] == DEFAULT_VERSION
    assert records["planner-r"]["recipients"] == ["support-r"]  # work ~ support; health isolated
    assert records["coach-r"]["recipients"] == []
    assert records["sales-r"]["categories_received"] == []  # marketing is not a receiving purpose
    assert "user.health_and_medical" in data["never_shared_categories"]
    assert data["retention"]["predicates"]["preference.meeting_time"]["ttl_days"] == 180
