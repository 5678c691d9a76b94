"""What ``/metrics`` shows: request latency by URL name and status (never a path, an id or a
subject reference), lockouts, consolidation runs, and the database state read at scrape time."""

from __future__ import annotations

import secrets
import uuid
from datetime import timedelta

import pytest
from axes.models import AccessAttempt
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from config.actors import Actor
from governance.models import DataSubjectRequest
from governance.services.dsr import dsr_submit
from memory.models import ConsolidationRun, Memory, Subject
from memory.services.embedding_backfill import memory_embed_pending
from tests.conftest import auth
from tests.memory.consolidation.support import consolidate, corroborate_short_reports
from tests.observability.conftest import scrape, value

pytestmark = pytest.mark.django_db
DURATION = "quorum_http_request_duration_seconds"
SUBJECT = "zq-distinctive-person-7731"
CONTENT = "Prefiere informes breves los lunes zq-content-5512"


@pytest.fixture
def agents(make_agent):  # noqa: ANN001, ANN201 - pytest fixture
    return [make_agent(f"agent-{i}", domain="work")[0] for i in range(2)]


def test_api_requests_appear_by_url_name_method_and_status(make_agent):
    _, key = make_agent()
    client = auth(APIClient(), key)
    _, before = scrape()
    created = client.post("/api/v1/memories", {"subject": SUBJECT, "kind": "event", "content": CONTENT,
                                                "session_id": "zq-session-4410"}, format="json")
    assert created.status_code == 201
    memory_id = created.json()["id"]
    assert client.get(f"/api/v1/memories/{memory_id}").status_code == 200
    assert client.get("/api/v1/memories", {"subject": SUBJECT}).status_code == 200
    assert client.get(f"/api/v1/memories/{uuid.uuid4()}").status_code == 404
    assert client.post("/api/v1/recall", {"subject": SUBJECT, "query": "informes", "purpose": "essential.service"},
                       format="json").status_code == 200
    text, after = scrape()

    def delta(**labels: str) -> float:
        return value(after, f"{DURATION}_count", **labels) - value(before, f"{DURATION}_count", **labels)

    assert delta(operation="api-memories", method="POST", status="201") == 1
    assert delta(operation="api-memory-detail", method="GET", status="200") == 1
    assert delta(operation="api-memory-detail", method="GET", status="404") == 1
    assert delta(operation="api-memories", method="GET", status="200") == 1
    assert delta(operation="api-recall", method="POST", status="200") == 1
    # A histogram: buckets up to +Inf, which holds every observation.
    labels = {"operation": "api-memories", "method": "POST", "status": "201"}
    assert value(after, f"{DURATION}_bucket", le="+Inf", **labels) == value(after, f"{DURATION}_count", **labels)
    assert value(after, f"{DURATION}_sum", **labels) > 0
    # Nothing the requests carried reaches the labels: not the subject, the content, an id or a path.
    for leaked in (SUBJECT, "zq-content-5512", "zq-session-4410", memory_id, "/api/v1/", key):
        assert leaked not in text, leaked


def test_unresolved_paths_share_one_label():
    _, before = scrape()
    Client().get(f"/api/v1/no-such/{uuid.uuid4()}")
    Client().get("/zq-not-a-page-8812")
    text, after = scrape()
    labels = {"operation": "unmatched", "method": "GET", "status": "404"}
    assert value(after, f"{DURATION}_count", **labels) - value(before, f"{DURATION}_count", **labels) == 2
    assert "zq-not-a-page-8812" not in text


def test_unknown_methods_share_one_label():
    _, before = scrape()
    Client().generic("PROPFIND", "/healthz")
    _, after = scrape()
    labels = {"operation": "healthz", "method": "other", "status": "405"}
    assert value(after, f"{DURATION}_count", **labels) - value(before, f"{DURATION}_count", **labels) == 1


def test_agent_key_lockouts_are_counted(make_agent):
    client = APIClient()
    _, before = scrape()
    for _ in range(10):
        assert client.get("/api/v1/me", HTTP_AUTHORIZATION=f"Bearer qk_{secrets.token_hex(6)}_x").status_code == 401
    assert client.get("/api/v1/me", HTTP_AUTHORIZATION="Bearer qk_abcdef123456_x").status_code == 429
    _, after = scrape()
    name = "quorum_lockout_responses_total"
    assert value(after, name, kind="agent_key") - value(before, name, kind="agent_key") == 1


def test_sign_in_lockouts_are_counted_and_the_active_locks_shown(settings):
    _, before = scrape()
    browser = Client(REMOTE_ADDR="192.0.2.77")
    statuses = [browser.post("/accounts/login/", {"username": "zq-login", "password": "wrong"}).status_code
                for _ in range(settings.QUORUM_LOGIN_FAILURE_LIMIT + 1)]
    assert statuses[-1] == 429
    text, after = scrape()
    name = "quorum_lockout_responses_total"
    assert value(after, name, kind="login") - value(before, name, kind="login") == statuses.count(429)
    assert value(after, "quorum_login_lockouts_active", scope="username") == 1
    assert value(after, "quorum_login_lockouts_active", scope="ip_address") == 1
    assert "zq-login" not in text and "192.0.2.77" not in text
    # Once the failures are older than the lockout period, no lock is shown.
    AccessAttempt.objects.update(attempt_time=timezone.now() - timedelta(seconds=settings.QUORUM_LOGIN_LOCKOUT_SECONDS + 1))
    _, later = scrape()
    assert value(later, "quorum_login_lockouts_active", scope="username") == 0


def test_embedding_backlog_follows_the_rows(make_agent):
    _, key = make_agent()
    _, before = scrape()
    for i in range(3):
        auth(APIClient(), key).post("/api/v1/memories", {"subject": SUBJECT, "kind": "event",
                                                         "content": f"{CONTENT} {i}", "session_id": "s1"},
                                    format="json")
    _, pending = scrape()
    assert value(pending, "quorum_embedding_backlog") == value(before, "quorum_embedding_backlog") + 3
    assert value(pending, "quorum_embedding_backlog") == Memory.objects.filter(embedding_pending=True).count()
    Memory.objects.filter(embedding_pending=True).update(recorded_at=timezone.now() - timedelta(minutes=10))
    _, aged = scrape()
    assert 600 <= value(aged, "quorum_embedding_backlog_oldest_seconds") < 700
    memory_embed_pending()
    _, done = scrape()
    assert value(done, "quorum_embedding_backlog") == 0
    assert value(done, "quorum_embedding_backlog_oldest_seconds") == 0


def test_open_requests_by_type_status_and_deadline():
    subject = Subject.objects.create(external_ref=SUBJECT)
    _, before = scrape()
    assert value(before, "quorum_dsr_open", type="erasure", status="received") == 0
    actor = Actor.system("tests")
    first = dsr_submit(actor=actor, subject_id=subject.pk, type="erasure", scope={"all": True}, verified=False)
    dsr_submit(actor=actor, subject_id=subject.pk, type="access", scope={"all": True}, verified=False)
    text, opened = scrape()
    assert value(opened, "quorum_dsr_open", type="erasure", status="received") == 1
    assert value(opened, "quorum_dsr_open", type="access", status="received") == 1
    assert value(opened, "quorum_dsr_overdue", type="erasure") == 0
    assert 29 * 86400 < value(opened, "quorum_dsr_next_deadline_seconds", type="erasure") <= 30 * 86400
    assert str(subject.pk) not in text and str(first.pk) not in text
    DataSubjectRequest.objects.filter(pk=first.pk).update(deadline=timezone.now() - timedelta(days=2))
    _, late = scrape()
    assert value(late, "quorum_dsr_overdue", type="erasure") == 1
    assert -3 * 86400 < value(late, "quorum_dsr_next_deadline_seconds", type="erasure") < -86400
    assert ("quorum_dsr_overdue", frozenset({("type", "access")})) in late  # shown as 0, not absent
    assert value(late, "quorum_dsr_overdue", type="access") == 0
    assert ("quorum_dsr_next_deadline_seconds", frozenset({("type", "rectification")})) not in late


def test_consolidation_runs_are_counted_timed_and_their_state_read(agents):
    corroborate_short_reports(agents)
    _, before = scrape()
    assert value(before, "quorum_consolidation_subjects_pending") == 1
    result = consolidate()
    assert result.status == ConsolidationRun.Status.SUCCEEDED
    _, after = scrape()
    runs, duration = "quorum_consolidation_runs_total", "quorum_consolidation_run_duration_seconds_count"
    assert value(after, runs, status="succeeded") - value(before, runs, status="succeeded") == 1
    assert value(after, duration, status="succeeded") - value(before, duration, status="succeeded") == 1
    assert value(after, "quorum_consolidation_subjects_pending") == 0
    assert value(after, "quorum_consolidation_runs_running") == 0
    finished = ConsolidationRun.objects.get(pk=result.run_id).finished_at
    assert value(after, "quorum_consolidation_last_finished_timestamp_seconds",
                 status="succeeded") == pytest.approx(finished.timestamp())
