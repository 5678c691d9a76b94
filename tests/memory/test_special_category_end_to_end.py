"""Must-show (issue 15): two agents × two sessions writing a special-category note with a harmless
declared category — none becomes collective or reaches a third agent; ordinary notes written the
same way are still shared.

Through the real HTTP API, the real Celery worker (embedding sweep and debounced consolidation
from the write's own enqueue) and the real database. The third agent asks every read path that
serves another agent's knowledge: recall, briefing, collective facts, actions/check; and the digest
(built from the collective layer) is read from its row.
"""

from __future__ import annotations

import json

import pytest
from rest_framework.test import APIClient

from memory.inspection.special import special_category_in
from memory.models import CollectiveFact, ConsolidationRun, Decision, Digest, Memory, Subject
from tests.conftest import auth, wait_until

PURPOSE = "essential.service"
VALUE_NOTE = {"content": "Availability constraint noted", "predicate": "constraint.availability",
              "value": "Is on leave after chemo"}
EUPHEMISM = "Tiene lo del azúcar"
SPECIAL_NOTES = [
    "Tiene diabetes", "Is HIV positive", "Es musulmán", "Vota al PSOE", "Is gay", "Está embarazada",
    "Tiene d3pr3sión", "Va a la m e z q u i t a",
    "Tiene dia\u200bbetes",                                   # a zero-width space inside the word
    "Ｔｉｅｎｅ ｄｉａｂｅｔｅｓ",                                # fullwidth letters
    "Prefiere reuniones por la mañana porque por la tarde va a diálisis",  # a hidden clause
]
ORDINARY_NOTES = [
    "Prefiere informes breves", "Prefiere reuniones por la mañana", "Le gusta recibir el resumen por correo",
    "Prefers video calls over phone calls", "Trabaja desde Valencia los lunes",
]
# The euphemism needs the full detector (memory.inspection.special): the first lexicon on
# some branches does not know it. When the detector knows it, it is held to the same guarantee.
if special_category_in([("content", EUPHEMISM)]) is not None:
    SPECIAL_NOTES.append(EUPHEMISM)


def _write_twice(clients: list[APIClient], subject: str, note: dict) -> list[dict]:
    bodies = []
    for i, client in enumerate(clients):
        body = {"subject": subject, "kind": "fact", "key": "note", "category": "user.behavior",
                "asserted_by": "user", "session_id": f"{subject}-s{i}", "origin_ref": f"{subject}-utt-{i}", **note}
        response = client.post("/api/v1/memories", body, format="json")
        assert response.status_code == 201, response.content
        bodies.append(response.json())
    return bodies


def _texts(payload: object) -> str:
    return json.dumps(payload, ensure_ascii=False, default=str).casefold()


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_special_notes_stay_private_and_ordinary_notes_are_shared(make_agent, celery_worker_process):
    writers = [auth(APIClient(), make_agent(f"ms-w{i}")[1]) for i in range(2)]
    third = auth(APIClient(), make_agent("ms-third")[1])
    support = auth(APIClient(), make_agent("ms-support", domain="support")[1])
    special = {f"ms-special-{i}": {"content": text} for i, text in enumerate(SPECIAL_NOTES)}
    special["ms-special-value"] = VALUE_NOTE
    ordinary = {f"ms-ordinary-{i}": {"content": text} for i, text in enumerate(ORDINARY_NOTES)}

    for subject, note in special.items():
        for body in _write_twice(writers, subject, note):
            assert body["special_category"], (subject, body["special_category"])  # the write says so at once
            assert body["content"] == note["content"] and body["status"] == "active"  # stored as written, kept
    for subject, note in ordinary.items():
        assert [b["special_category"] for b in _write_twice(writers, subject, note)] == [None, None]

    # The worker embeds and consolidates every subject on its own (the writes enqueued it).
    subjects = [*special, *ordinary]
    assert wait_until(lambda: CollectiveFact.objects.filter(subject__external_ref__in=ordinary,
                                                            status="current").count() == len(ordinary), 120)
    assert wait_until(lambda: not Subject.objects.filter(external_ref__in=subjects,
                                                         consolidation_requested_at__isnull=False).exists(), 120)
    assert wait_until(lambda: ConsolidationRun.objects.filter(subject__external_ref__in=special,
                                                              status="succeeded")
                      .values("subject").distinct().count() == len(special), 120)
    assert not Memory.objects.filter(subject__external_ref__in=subjects, embedding_pending=True).exists()

    # Nothing of a special note is collective, in any status, or in a digest.
    assert not CollectiveFact.objects.filter(subject__external_ref__in=special).exists()
    assert all(not d.items for d in Digest.objects.filter(subject__external_ref__in=special))
    special_ids = set(Memory.objects.filter(subject__external_ref__in=special).values_list("pk", flat=True))
    blocked = Decision.objects.filter(step="gate", outcome="blocked", reason="special_category_content")
    assert {m for d in blocked for m in d.inputs["memories"]} == {str(pk) for pk in special_ids}

    # A third agent (same domain and purpose) and a support agent receive nothing of them.
    for reader in (third, support):
        for subject, note in special.items():
            words = [note["content"].casefold()] + ([note["value"].casefold()] if "value" in note else [])
            answers = [
                reader.post("/api/v1/recall", {"subject": subject, "query": note["content"], "purpose": PURPOSE,
                                               "session_id": "ms-reader"}, format="json"),
                reader.get("/api/v1/briefing", {"subject": subject, "since": "2000-01-01T00:00:00Z"}),
                reader.get("/api/v1/collective/facts", {"subject": subject}),
            ]
            assert [a.status_code for a in answers] == [200, 200, 200]
            recall, briefing, facts = (a.json() for a in answers)
            assert recall["items"] == [] and briefing["items"] == [] and facts["facts"] == []
            assert not any(w in _texts([recall, briefing, facts]) for w in words)
            writer_ids = [str(pk) for pk in Memory.objects.filter(subject__external_ref=subject)
                          .values_list("pk", flat=True)]
            check = reader.post("/api/v1/actions/check", {"subject": subject, "action": "schedule a meeting",
                                                          "fact_ids": writer_ids}, format="json")
            assert check.status_code == 200 and check.json()["decision"] == "escalate"
            assert check.json()["reason"] == "not_found"

    # Positive control: the ordinary notes, written exactly the same way, reach the third agent.
    for subject, note in ordinary.items():
        facts = third.get("/api/v1/collective/facts", {"subject": subject}).json()["facts"]
        # One shared fact: the note itself, or the registry claim it was read as (issue 16: a claim
        # cluster's statement is its predicate's label and value, e.g. "Preferred report length: short").
        assert len(facts) == 1
        assert facts[0]["statement"] == note["content"] or facts[0]["predicate"], facts[0]["statement"]
        recall = third.post("/api/v1/recall", {"subject": subject, "query": note["content"], "purpose": PURPOSE,
                                               "session_id": "ms-reader"}, format="json").json()
        assert facts[0]["statement"] in [item["text"] for item in recall["items"]]
        check = third.post("/api/v1/actions/check", {"subject": subject, "action": "send the summary",
                                                     "fact_ids": [facts[0]["id"]]}, format="json").json()
        assert check["reason"] == "not_verified"  # found and current; user-asserted is not "verified"
        assert Digest.objects.get(subject__external_ref=subject).items
