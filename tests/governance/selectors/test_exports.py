"""Access and portability exports: JSON against its schema, PROV-JSON with the prov library."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path

import jsonschema
import prov
import pytest
from django.core.management import call_command
from django.test import Client
from rest_framework.test import APIClient

from config.actors import Actor
from memory.models import Subject
from memory.consolidation.run import CONSOLIDATOR, consolidation_run_subject
from tests.conftest import auth

pytestmark = pytest.mark.django_db
SCHEMA = json.loads((Path(__file__).resolve().parents[3] / "governance/schemas/access-1.json").read_text())


@pytest.fixture
def person(make_agent):
    clients = []
    for i in range(2):
        _, key = make_agent(f"exp{i}")
        clients.append(auth(APIClient(), key))
    for i, client in enumerate(clients):
        client.post("/api/v1/memories", {"subject": "ana", "kind": "fact", "predicate": "preference.report_length",
                                         "value": "short", "content": "Prefiere informes breves", "asserted_by": "user",
                                         "session_id": f"s{i}", "origin_ref": f"u{i}"}, format="json")
    clients[0].post("/api/v1/memories", {"subject": "ana", "kind": "event", "content": "Parece cansada hoy",
                                         "session_id": "s0"}, format="json")
    consolidation_run_subject(actor=CONSOLIDATOR, subject_id=Subject.objects.get(external_ref="ana").pk)
    clients[1].post("/api/v1/recall", {"subject": "ana", "query": "informes", "purpose": "essential.service"},
                    format="json")
    call_command("subject_user_create", "--subject", "ana", "--username", "ana", "--password", "pw-ana-99999",
                 stdout=StringIO())
    browser = Client()
    browser.post("/accounts/login/", {"username": "ana", "password": "pw-ana-99999"})
    return browser


def request_export(browser, type_):
    from governance.services.dsr import dsr_execute

    created = browser.post("/api/v1/dsr", {"type": type_, "subject": "ana", "scope": {"all": True}},
                           content_type="application/json").json()
    dsr_execute(actor=Actor.system("rights"), request_id=created["id"])
    return created["id"]


def test_access_export_validates_and_lists_everything(person):
    request_id = request_export(person, "access")
    export = person.get(f"/api/v1/dsr/{request_id}/export", {"format": "json"}).json()
    jsonschema.validate(export, SCHEMA)
    assert [f["statement"] for f in export["collective_facts"]] == ["Preferred report length: short"]
    contents = [m["content"] for group in export["private_memories"] for m in group["memories"]]
    assert contents.count("Prefiere informes breves") == 2 and "Parece cansada hoy" in contents
    assert [m["content"] for m in export["inferred"]] == ["Parece cansada hoy"]
    assert export["recipients"] and export["recipients"][0]["purpose"] == "essential.service"


def test_access_export_as_prov(person):
    request_id = request_export(person, "access")
    prov_json = person.get(f"/api/v1/dsr/{request_id}/export", {"format": "prov-json"})
    assert prov_json.status_code == 200, prov_json.content
    document = prov.read(prov_json.content.decode(), format="json")
    assert any("fact/" in str(record.identifier) for record in document.get_records() if record.identifier)
    turtle = person.get(f"/api/v1/dsr/{request_id}/export", {"format": "prov-o"})
    assert turtle.status_code == 200 and b"prov:" in turtle.content


def test_portability_leaves_inferences_out(person):
    request_id = request_export(person, "portability")
    export = person.get(f"/api/v1/dsr/{request_id}/export").json()
    contents = [m["content"] for group in export["provided_or_observed"] for m in group["memories"]]
    assert "Parece cansada hoy" not in contents and contents.count("Prefiere informes breves") == 2
    assert person.get(f"/api/v1/dsr/{request_id}/export", {"format": "prov-json"}).status_code == 404
