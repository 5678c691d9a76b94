"""Issue 13 must-show: an erasure always finishes and stops serving at once.

- The README's pattern (portal username == subject reference, a failed login on record) erased
  end to end through the API and a real worker, within a minute, with residue 0.
- From verification on — before any worker runs — the person's scope is served to no agent.
- A residue the scan cannot clear ends ``failed`` after the bounded attempts, names the store
  (never the value), is not re-run by the sweep, and its data stays unserved.
"""

from __future__ import annotations

import json
import time
from io import StringIO

import pytest
from axes.models import AccessAttempt, AccessFailureLog, AccessLog
from django.contrib.auth import get_user_model
from django.contrib.sessions.models import Session
from django.core.management import call_command
from django.test import Client
from guardian.models import UserObjectPermission
from rest_framework.test import APIClient

from agents_registry.models import Agent
from config.actors import Actor
from governance.models import AuditEvent, DataSubjectRequest
from governance.errors import RequestNotFailed, ResidueFound
from governance.services.dsr import dsr_execute, dsr_retry, dsr_submit
from governance.tasks import dsr_sweep_task
from memory.models import CollectiveFact, Memory, Subject
from memory.consolidation.run import CONSOLIDATOR, consolidation_run_subject
from tests.conftest import auth, wait_until
from tests.memory.test_secrets_end_to_end import rows_containing

REF = "ana-garcia"
MARKER = "Berenjena-K9 es su palabra clave del proyecto"
OTHER = "Trabaja los martes desde la oficina de Valencia-3"
PASSWORD = "pw-ana-garcia-123"


def _write(client: APIClient, content: str, *, key: str, session: str, origin: str, subject: str = REF) -> dict:
    response = client.post("/api/v1/memories", {"subject": subject, "kind": "fact", "content": content, "key": key,
                                                "category": "user.behavior", "asserted_by": "user",
                                                "session_id": session, "origin_ref": origin}, format="json")
    assert response.status_code in (200, 201), response.content
    return response.json()


def _person_with_facts(make_agent) -> tuple[list[APIClient], list[dict]]:  # noqa: ANN001
    """Two agents corroborate MARKER (→ a current collective fact); agent 0 also holds OTHER."""
    clients = [auth(APIClient(), make_agent(f"era-{i}")[1]) for i in range(2)]
    written = [_write(c, MARKER, key="project_word", session=f"s{i}", origin=f"u{i}") for i, c in enumerate(clients)]
    written.append(_write(clients[0], OTHER, key="office_day", session="s0", origin="u-other"))
    _write(clients[1], OTHER, key="office_day", session="s1", origin="u-other-1")
    consolidation_run_subject(actor=CONSOLIDATOR, subject_id=Subject.objects.get(external_ref=REF).pk)
    assert set(CollectiveFact.objects.filter(status="current").values_list("statement", flat=True)) == {MARKER, OTHER}
    return clients, written


def _portal_login_with_failed_attempt() -> Client:
    call_command("subject_user_create", "--subject", REF, "--username", REF, "--password", PASSWORD,
                 stdout=StringIO())
    browser = Client()
    browser.post("/accounts/login/", {"username": REF, "password": PASSWORD})
    # A failed login afterwards (a success resets the attempts): django-axes keeps it under the username.
    Client().post("/accounts/login/", {"username": REF, "password": "wrong-password"})
    assert AccessAttempt.objects.filter(username=REF).exists()
    assert AccessLog.objects.filter(username=REF).exists()
    return browser


def _served(client: APIClient, fact_ids: list[str], memory_ids: list[str]) -> dict[str, object]:
    """Everything an agent can be served about the person, through the public API."""
    recall = client.post("/api/v1/recall", {"subject": REF, "query": "palabra clave oficina martes",
                                            "purpose": "essential.service", "session_id": "probe"}, format="json")
    assert recall.status_code == 200, recall.content
    briefing = client.get("/api/v1/briefing", {"subject": REF, "since": "2000-01-01T00:00:00Z"})
    facts = client.get("/api/v1/collective/facts", {"subject": REF})
    memories = client.get("/api/v1/memories", {"subject": REF})
    search = client.post("/api/v1/memories/search", {"subject": REF, "query": "palabra clave oficina"}, format="json")
    action = client.post("/api/v1/actions/check", {"subject": REF, "action": "send the project word",
                                                   "fact_ids": fact_ids}, format="json")
    details = [client.get(f"/api/v1/memories/{pk}").status_code for pk in memory_ids]
    for response in (briefing, facts, memories, search, action):
        assert response.status_code == 200, response.content

    def texts(payload: object) -> set[str]:
        return {t for t in (MARKER, OTHER) if t in json.dumps(payload, ensure_ascii=False)}

    return {"recall": texts(recall.json()), "briefing": texts(briefing.json()), "facts": texts(facts.json()),
            "memories": texts(memories.json()),
            "search": texts(search.json()), "action": action.json()["reason"], "details": details}


@pytest.mark.django_db
def test_from_verification_nothing_of_the_scope_is_served_before_the_worker_runs(make_agent):
    clients, written = _person_with_facts(make_agent)
    fact_ids = [str(f.pk) for f in CollectiveFact.objects.filter(status="current")]
    mine = [written[0]["id"], written[2]["id"]]
    before = _served(clients[0], fact_ids, mine)
    assert before["recall"] and before["facts"] == {MARKER, OTHER} and before["memories"] == {MARKER, OTHER}
    assert before["details"] == [200, 200]
    browser = _portal_login_with_failed_attempt()
    # The person files it in the portal session. This test's transaction never commits, so the
    # task is never even published: only the verification has happened.
    created = browser.post("/api/v1/dsr", {"type": "erasure", "subject": REF, "scope": {"all": True}},
                           content_type="application/json")
    assert created.status_code == 202 and created.json()["status"] == "verified"
    assert Memory.objects.filter(subject__external_ref=REF).count() == 4  # nothing erased yet
    for client in clients:
        after = _served(client, fact_ids, mine)
        assert not any(after[k] for k in ("recall", "briefing", "facts", "memories", "search"))
        assert after["action"] == "not_found"
    assert _served(clients[0], fact_ids, mine)["details"] == [404, 404]
    # Another person is still served.
    _write(clients[0], "Otra persona: prefiere el correo", key="channel", session="z", origin="z", subject="luis")
    assert clients[0].get("/api/v1/memories", {"subject": "luis"}).json()["count"] == 1


@pytest.mark.django_db
def test_agent_and_fact_scopes_withhold_only_what_they_will_erase(make_agent):
    clients, written = _person_with_facts(make_agent)
    subject = Subject.objects.get(external_ref=REF)
    marker_fact = CollectiveFact.objects.get(status="current", statement=MARKER)
    other_fact = CollectiveFact.objects.get(status="current", statement=OTHER)
    ids = [str(marker_fact.pk), str(other_fact.pk)]
    dsr_submit(actor=Actor.system("dpo"), subject_id=subject.pk, type="erasure",
               scope={"fact_id": str(marker_fact.pk)}, verified=True)
    for client in clients:  # the fact and every memory that supports it, from every agent
        served = _served(client, ids, [])
        assert served["facts"] == {OTHER} and MARKER not in served["recall"] | served["briefing"]
        assert served["memories"] == {OTHER} and served["search"] <= {OTHER}
    assert clients[0].post("/api/v1/actions/check", {"subject": REF, "action": "x", "fact_ids": [str(marker_fact.pk)]},
                           format="json").json()["reason"] == "not_found"
    assert clients[0].get(f"/api/v1/memories/{written[0]['id']}").status_code == 404
    assert clients[0].get(f"/api/v1/memories/{written[2]['id']}").status_code == 200

    dsr_submit(actor=Actor.system("dpo"), subject_id=subject.pk, type="erasure", scope={"agent": "era-1"},
               verified=True)
    agent_one = _served(clients[1], ids, [])
    assert agent_one["memories"] == set() and agent_one["search"] == set()
    assert agent_one["facts"] == {OTHER}  # the collective layer is what this erasure leaves
    assert _served(clients[0], ids, [written[2]["id"]])["memories"] == {OTHER}  # agent 0 keeps its own


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_username_equal_to_reference_is_erased_end_to_end_within_a_minute(make_agent, celery_worker_process):
    clients, written = _person_with_facts(make_agent)
    browser = _portal_login_with_failed_attempt()
    user = get_user_model().objects.get(username=REF)
    reviewer = get_user_model().objects.create_user("reviewer-1", password="pw-reviewer-123")
    call_command("reviewer_grant", "--username", "reviewer-1", "--subject", REF, stdout=StringIO())
    assert UserObjectPermission.objects.filter(object_pk=str(Subject.objects.get(external_ref=REF).pk)).exists()
    started = time.monotonic()
    created = browser.post("/api/v1/dsr", {"type": "erasure", "subject": REF, "scope": {"all": True}},
                           content_type="application/json")
    assert created.status_code == 202, created.content
    request_id, token = created.json()["id"], created.json()["receipt_token"]
    assert wait_until(lambda: DataSubjectRequest.objects.get(pk=request_id).status in ("completed", "failed"),
                      timeout=60), DataSubjectRequest.objects.get(pk=request_id).status
    elapsed = time.monotonic() - started
    receipt = Client().get(f"/api/v1/dsr/{request_id}/receipt", {"token": token})
    assert receipt.status_code == 200
    body = receipt.json()
    assert body["status"] == "completed", body
    assert elapsed < 60
    assert body["receipt"]["residue"]["matches"] == 0 and body["receipt"]["residue"]["values_searched"] >= 3
    counts = body["receipt"]["counts"]
    assert counts["memories"] == 4 and counts["facts"] == 2
    assert counts["portal_accounts"] == 1 and counts["sessions"] >= 1 and counts["object_permissions"] >= 1
    assert counts["login_attempts"] + counts["login_failures"] >= 1 and counts["access_log"] >= 1
    # Independently: the account, its sessions and every login record are gone; no row holds the reference.
    assert not get_user_model().objects.filter(pk=user.pk).exists()
    assert not any(s.get_decoded().get("_auth_user_id") == str(user.pk) for s in Session.objects.all())
    assert not AccessAttempt.objects.filter(username__icontains=REF).exists()
    assert not AccessFailureLog.objects.filter(username__icontains=REF).exists()
    assert not AccessLog.objects.filter(username__icontains=REF).exists()
    assert rows_containing(REF) == [] and rows_containing("Berenjena-K9") == []
    assert get_user_model().objects.filter(pk=reviewer.pk).exists()  # someone else's account stays
    assert browser.get(f"/api/v1/dsr/{request_id}").status_code in (401, 403)  # signed out with the account
    assert Client().get(f"/api/v1/dsr/{request_id}/receipt", {"token": token[:-2] + "xx"}).status_code == 404
    audit = AuditEvent.objects.get(action="subject.account_erased")
    assert REF not in json.dumps(audit.data) and audit.data["counts"]["portal_accounts"] == 1
    served = _served(clients[0], [], [])
    assert not any(served[k] for k in ("recall", "briefing", "facts", "memories", "search"))


def _plant_residue() -> None:
    """The erased value, copied into a column the erasure does not clear (an agent's description)."""
    Agent.objects.filter(slug="era-0").update(description=f"notes: {MARKER}")


@pytest.mark.django_db
def test_a_residue_the_scan_cannot_clear_fails_after_bounded_attempts(make_agent, settings):
    settings.QUORUM_DSR_MAX_ATTEMPTS = 3
    clients, _ = _person_with_facts(make_agent)
    _plant_residue()
    subject = Subject.objects.get(external_ref=REF)
    request = dsr_submit(actor=Actor.system("dpo"), subject_id=subject.pk, type="erasure", scope={"all": True},
                         verified=True)
    for attempt in (1, 2):
        with pytest.raises(ResidueFound):
            dsr_execute(actor=Actor.system("rights"), request_id=request.pk)
        request.refresh_from_db()
        assert (request.status, request.attempts, request.error) == ("in_progress", attempt, "residue")
    request = dsr_execute(actor=Actor.system("rights"), request_id=request.pk)
    request.refresh_from_db()
    assert (request.status, request.attempts, request.error) == ("failed", 3, "residue")
    assert request.result["residue"]["where"] == ["agents_registry_agent.description"]
    assert dsr_execute(actor=Actor.system("rights"), request_id=request.pk).status == "failed"  # not run again
    assert Memory.objects.filter(subject=subject).count() == 4  # rolled back: nothing half-erased
    # No value anywhere in the request's own rows or its audit trail.
    assert "Berenjena" not in json.dumps([request.result, request.error, request.scope])
    trail = AuditEvent.objects.filter(object_id=str(request.pk))
    assert {"dsr.attempt_failed", "dsr.failed"} <= set(trail.values_list("action", flat=True))
    assert all("Berenjena" not in json.dumps(e.data) and REF not in json.dumps(e.data) for e in trail)
    failed = trail.get(action="dsr.failed")
    assert failed.data["where"] == ["agents_registry_agent.description"] and failed.data["attempt"] == 3
    # Still unserved while an operator resolves it.
    served = _served(clients[1], [str(f.pk) for f in CollectiveFact.objects.filter(subject=subject)], [])
    assert not any(served[k] for k in ("recall", "briefing", "facts", "memories", "search"))
    # The operator clears the planted value and retries: the erasure completes.
    Agent.objects.filter(slug="era-0").update(description="")
    retried = dsr_retry(actor=Actor.system("ops"), request_id=str(request.pk))
    assert (retried.status, retried.attempts) == ("in_progress", 0)
    done = dsr_execute(actor=Actor.system("rights"), request_id=request.pk)
    assert done.status == "completed" and done.result["residue"]["matches"] == 0


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_forced_residue_through_the_worker_ends_failed_and_the_sweep_leaves_it(make_agent, celery_worker_process,
                                                                              admin_client):
    clients, _ = _person_with_facts(make_agent)
    _plant_residue()
    subject = Subject.objects.get(external_ref=REF)
    request = dsr_submit(actor=Actor.system("dpo"), subject_id=subject.pk, type="erasure", scope={"all": True},
                         verified=True)
    assert wait_until(lambda: DataSubjectRequest.objects.get(pk=request.pk).status == "failed", timeout=90)
    request.refresh_from_db()
    assert request.attempts == 3 and request.error == "residue"
    # The sweep does not pick it up again, and no further attempt happens on its own.
    assert dsr_sweep_task() == 0
    time.sleep(3)
    request.refresh_from_db()
    assert (request.status, request.attempts) == ("failed", 3)
    # The API shows failed with the store, the operator overview shows it.
    detail = admin_client.get(f"/api/v1/dsr/{request.pk}").json()
    assert detail["status"] == "failed" and detail["error"] == "residue"
    assert detail["result"]["residue"]["where"] == ["agents_registry_agent.description"]
    page = admin_client.get("/ops/").content.decode()
    assert "agents_registry_agent.description" in page and "Berenjena" not in page
    assert str(request.pk)[:8] in page
    served = _served(clients[0], [], [])
    assert not any(served[k] for k in ("recall", "briefing", "facts", "memories", "search"))
    # The operator clears the store and presses Retry: the worker completes it.
    Agent.objects.filter(slug="era-0").update(description="")
    assert admin_client.post(f"/ops/requests/{request.pk}/retry/").status_code == 302
    assert wait_until(lambda: DataSubjectRequest.objects.get(pk=request.pk).status == "completed", timeout=60)
    assert admin_client.post(f"/ops/requests/{request.pk}/retry/").status_code == 302  # not failed: refused, no-op
    assert admin_client.get(f"/api/v1/dsr/{request.pk}").json()["receipt"]["residue"]["matches"] == 0


@pytest.mark.django_db
def test_the_portal_hands_over_the_receipt_link_when_the_erasure_is_filed(make_agent):
    _person_with_facts(make_agent)
    browser = _portal_login_with_failed_attempt()
    page = browser.post("/me/erase/", {"confirm": "on"})
    assert page.status_code == 200
    html = page.content.decode()
    request = DataSubjectRequest.objects.get(type="erasure")
    assert request.status == "verified" and 'id="receipt-link"' in html
    link = html.split('id="receipt-link" href="', 1)[1].split('"', 1)[0].replace("&amp;", "&")
    assert link.startswith(f"http://testserver/api/v1/dsr/{request.pk}/receipt?token=")
    body = Client().get(link).json()  # no login needed, only the token
    assert body["id"] == str(request.pk) and body["status"] == "verified" and body["receipt"] is None
    assert Client().get(f"/api/v1/dsr/{request.pk}/receipt").status_code == 400  # token required
    other = dsr_submit(actor=Actor.system("dpo"), subject_id=request.subject_id, type="access", scope={"all": True},
                       verified=False)
    token = link.split("token=", 1)[1]
    assert Client().get(f"/api/v1/dsr/{other.pk}/receipt", {"token": token}).status_code == 404  # one request only


@pytest.mark.django_db
def test_other_errors_are_bounded_too_but_a_lost_connection_is_not_counted(make_agent, settings, monkeypatch):
    from django.db import OperationalError

    import memory.services.erasure as erasure

    settings.QUORUM_DSR_MAX_ATTEMPTS = 2
    _person_with_facts(make_agent)
    subject = Subject.objects.get(external_ref=REF)
    request = dsr_submit(actor=Actor.system("dpo"), subject_id=subject.pk, type="erasure", scope={"all": True},
                         verified=True)

    def connection_lost(**kwargs):  # noqa: ANN003, ANN202
        raise OperationalError("server closed the connection unexpectedly")

    monkeypatch.setattr(erasure, "subject_erase", connection_lost)
    for _ in range(3):
        with pytest.raises(OperationalError):
            dsr_execute(actor=Actor.system("rights"), request_id=request.pk)
    request.refresh_from_db()
    assert (request.status, request.attempts) == ("in_progress", 0)

    def broken(**kwargs):  # noqa: ANN003, ANN202
        raise ValueError(f"cannot handle {MARKER}")  # a message that must not be kept

    monkeypatch.setattr(erasure, "subject_erase", broken)
    with pytest.raises(ValueError):
        dsr_execute(actor=Actor.system("rights"), request_id=request.pk)
    assert dsr_execute(actor=Actor.system("rights"), request_id=request.pk).status == "failed"
    request.refresh_from_db()
    assert (request.error, request.attempts, request.result["exception"]) == ("execution_error", 2, "ValueError")
    assert "Berenjena" not in json.dumps(request.result)
    assert all("Berenjena" not in json.dumps(e.data) for e in AuditEvent.objects.filter(object_id=str(request.pk)))
    assert dsr_sweep_task() == 0  # the sweep leaves a failed request alone
    received = dsr_submit(actor=Actor.system("dpo"), subject_id=subject.pk, type="access", scope={"all": True},
                          verified=False)
    with pytest.raises(RequestNotFailed):  # only a failed request can be retried
        dsr_retry(actor=Actor.system("ops"), request_id=str(received.pk))
