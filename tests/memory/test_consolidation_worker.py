"""Through a real worker: writes enqueue a debounced incremental pass that promotes on its own."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from governance.policy import DEFAULT_VERSION
from memory.models import CollectiveFact, ConsolidationRun
from tests.conftest import auth, wait_until


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_corroborated_writes_are_promoted_by_the_worker(make_agent, celery_worker_process):
    for slug, session, origin in (("w1", "s1", "u1"), ("w2", "s2", "u2")):
        _, key = make_agent(slug)
        response = auth(APIClient(), key).post("/api/v1/memories", {
            "subject": "worker-person", "kind": "fact", "predicate": "communication.language", "value": "es",
            "content": "Prefiere que le hablen en español", "asserted_by": "user", "session_id": session,
            "origin_ref": origin}, format="json")
        assert response.status_code == 201
    wait_until(lambda: CollectiveFact.objects.filter(status="current").exists())
    fact = CollectiveFact.objects.get(status="current")
    assert fact.support_agents == 2 and fact.key == "communication.language"
    run = ConsolidationRun.objects.filter(status="succeeded").latest("started_at")
    assert run.mode == "incremental" and run.policy_version == DEFAULT_VERSION
