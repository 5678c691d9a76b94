"""The person sees where a special-category finding went: the access export marks each memory
(``special_category``) and lists the notes kept private; the portal shows which agent holds one
and of which category (never the text); the portability export keeps the mark too."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path

import jsonschema
import pytest
from django.core.management import call_command
from django.test import Client
from rest_framework.test import APIClient

from config.actors import Actor
from governance.services.dsr import dsr_execute
from memory.models import CollectiveFact
from tests.conftest import auth
from tests.memory.consolidation.support import consolidate

pytestmark = pytest.mark.django_db
SCHEMA = json.loads((Path(__file__).resolve().parents[3] / "governance/schemas/access-1.json").read_text())


@pytest.fixture
def browser(make_agent):
    for i in range(2):
        client = auth(APIClient(), make_agent(f"sx{i}", role=f"role-{i}")[1])
        for content in ("Está embarazada", "Prefiere informes breves"):
            client.post("/api/v1/memories", {"subject": "ana", "kind": "fact", "key": content[:6],
                                             "content": content, "category": "user.behavior",
                                             "asserted_by": "user", "session_id": f"s{i}",
                                             "origin_ref": f"u{i}-{content[:3]}"}, format="json")
    consolidate()
    # The plain note resolves to the claim preference.report_length=short (memory.claims): the fact says so.
    assert [f.statement for f in CollectiveFact.objects.all()] == ["Preferred report length: short"]
    call_command("subject_user_create", "--subject", "ana", "--username", "ana", "--password", "pw-ana-99999",
                 stdout=StringIO())
    browser = Client()
    browser.post("/accounts/login/", {"username": "ana", "password": "pw-ana-99999"})
    return browser


def _export(browser, type_):
    created = browser.post("/api/v1/dsr", {"type": type_, "subject": "ana", "scope": {"all": True}},
                           content_type="application/json").json()
    dsr_execute(actor=Actor.system("rights"), request_id=created["id"])
    return browser.get(f"/api/v1/dsr/{created['id']}/export", {"format": "json"}).json()


def test_the_access_export_marks_every_memory_and_lists_the_private_notes(browser):
    export = _export(browser, "access")
    jsonschema.validate(export, SCHEMA)
    marks = {m["content"]: m["special_category"] for group in export["private_memories"] for m in group["memories"]}
    assert marks == {"Está embarazada": "user.health_and_medical", "Prefiere informes breves": None}
    notes = export["special_category_notes"]
    assert sorted(n["agent_role"] for n in notes) == ["role-0", "role-1"]
    assert {n["special_category"] for n in notes} == {"user.health_and_medical"}
    assert "Está embarazada" not in json.dumps(notes, ensure_ascii=False)
    assert "Está embarazada" not in json.dumps(export["collective_facts"], ensure_ascii=False)


def test_the_portability_export_keeps_the_mark(browser):
    export = _export(browser, "portability")
    marks = {m["content"]: m["special_category"] for group in export["provided_or_observed"]
             for m in group["memories"]}
    assert marks["Está embarazada"] == "user.health_and_medical"


def test_the_portal_shows_which_agent_holds_a_sensitive_note_without_its_text(browser):
    page = browser.get("/me/").content.decode()
    section = page[page.index('id="special-h"'):page.index('id="exports-h"')]
    assert section.count("user.health_and_medical") == 2
    assert "role-0" in section and "role-1" in section
    assert "embarazada" not in section
