"""Rectification (Art. 16): the wrong value stops being served, the right one is, history is kept."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from config.actors import Actor
from governance.models import DataSubjectRequest
from governance.services.dsr import dsr_execute
from memory.models import CollectiveFact, Memory, Subject
from memory.consolidation.run import CONSOLIDATOR, consolidation_run_subject
from tests.conftest import auth

pytestmark = pytest.mark.django_db


def write(client, value, content, session, origin):
    response = client.post("/api/v1/memories", {"subject": "ana", "kind": "fact", "content": content,
                                                "predicate": "preference.meeting_time", "value": value,
                                                "asserted_by": "user", "session_id": session,
                                                "origin_ref": origin}, format="json")
    assert response.status_code == 201


def test_rectification_replaces_the_served_value_and_keeps_history(make_agent):
    clients = []
    for i in range(4):
        _, key = make_agent(f"rect{i}")
        clients.append(auth(APIClient(), key))
    for i, client in enumerate(clients[:2]):
        write(client, "afternoon", "Prefiere reuniones por la tarde", f"s{i}", f"u{i}")
    subject = Subject.objects.get(external_ref="ana")
    consolidation_run_subject(actor=CONSOLIDATOR, subject_id=subject.pk)
    wrong = CollectiveFact.objects.get(status="current")
    clients[2].get("/api/v1/collective/facts", {"subject": "ana", "purpose": "essential.service"})
    before = timezone.now()
    call_command("subject_user_create", "--subject", "ana", "--username", "ana", "--password", "pw-ana-rect1",
                 stdout=StringIO())
    browser = Client()
    browser.post("/accounts/login/", {"username": "ana", "password": "pw-ana-rect1"})
    created = browser.post("/api/v1/dsr", {"type": "rectification", "subject": "ana",
                                           "scope": {"fact_id": str(wrong.pk)},
                                           "payload": {"statement": "Preferred meeting time: morning",
                                                       "value": "morning"}},
                           content_type="application/json").json()
    done = dsr_execute(actor=Actor.system("rights"), request_id=created["id"])
    assert done.status == "completed" and done.result["recipients_to_notify"] == 1
    assert DataSubjectRequest.objects.get(pk=done.pk).payload == {}  # the new value is not kept in the request
    served = clients[2].get("/api/v1/collective/facts", {"subject": "ana"}).json()["facts"]
    assert [f["value"] for f in served] == ["morning"]
    recall = clients[3].post("/api/v1/recall", {"subject": "ana", "query": "¿cuándo prefiere las reuniones?",
                                                "purpose": "essential.service"}, format="json").json()
    texts = [i["text"] for i in recall["items"]]
    assert "Preferred meeting time: morning" in texts and "Preferred meeting time: afternoon" not in texts
    then = clients[2].get("/api/v1/collective/facts", {"subject": "ana", "as_of": before.isoformat()}).json()
    assert [f["value"] for f in then["facts"]] == ["afternoon"]  # what was believed then
    wrong.refresh_from_db()
    assert wrong.status == "rectified"
    assert set(Memory.objects.filter(subject=subject).values_list("status", flat=True)) == {"disputed"}
    # Agents repeating the old value later do not override the person's correction.
    for i, client in enumerate(clients[2:]):
        write(client, "afternoon", "Dice que mejor por la tarde", f"t{i}", f"v{i}")
    consolidation_run_subject(actor=CONSOLIDATOR, subject_id=subject.pk)
    assert [f.value for f in CollectiveFact.objects.filter(status="current")] == ["morning"]
