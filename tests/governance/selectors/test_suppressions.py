"""Suppression (``governance.selectors.suppressions``): erased roots stay erased — replaying the write
of an erased memory (same ``origin_ref``) → 409 ``erased`` — and the selectors on real rows.

Through the HTTP API: agents write with their keys, the person files the erasure from their own
portal session, the rights worker's ``dsr_execute`` runs it, and the original writes are replayed.
"""

from __future__ import annotations

import re
from io import StringIO

import pytest
from django.core.management import call_command
from django.test import Client
from hypothesis import given
from hypothesis import strategies as st
from rest_framework.test import APIClient

from config.actors import Actor
from governance.models import AuditEvent, DataSubjectRequest, Suppression
from governance.selectors.suppressions import (
    erased_root_key,
    fact_suppression_key,
    root_is_erased,
    suppressed_keys,
)
from governance.services.dsr import dsr_execute
from governance.services.suppressions import suppression_keys_add
from memory.models import CollectiveFact, Memory, MemorySpace, Subject
from memory.consolidation.run import CONSOLIDATOR, consolidation_run_subject
from config.text import normalize
from tests.conftest import auth
from tests.memory.test_secrets_end_to_end import rows_containing

pytestmark = pytest.mark.django_db

#: An ordinary note (no credential: since the fortieth secrets round a value after "contraseña" is
#: redacted, and the test needs the stored content to be the written one).
MARKER = "Guarda el casco en la taquilla 51 del gimnasio Velarquino"


def body(origin: str, *, subject: str = "ana-garcia", content: str = MARKER, session: str = "s1") -> dict:
    return {"subject": subject, "kind": "fact", "content": content, "key": "locker_word",
            "category": "user.behavior", "asserted_by": "user", "session_id": session, "origin_ref": origin}


def agents(make_agent, n: int = 2) -> list[APIClient]:
    return [auth(APIClient(), make_agent(f"roots-{i}")[1]) for i in range(n)]


def person_erases(scope: dict) -> DataSubjectRequest:
    """The person signs in to the portal, files the erasure; the rights worker runs it."""
    call_command("subject_user_create", "--subject", "ana-garcia", "--username", "ana-portal",
                 "--password", "pw-ana-12345", stdout=StringIO())
    browser = Client()
    assert browser.post("/accounts/login/", {"username": "ana-portal", "password": "pw-ana-12345"}).status_code == 302
    created = browser.post("/api/v1/dsr", {"type": "erasure", "subject": "ana-garcia", "scope": scope},
                           content_type="application/json")
    assert created.status_code == 202, created.content
    request = dsr_execute(actor=Actor.system("rights"), request_id=created.json()["id"])
    assert request.status == DataSubjectRequest.Status.COMPLETED, request.status
    return request


def assert_refused_and_nothing_stored(client: APIClient, payload: dict) -> None:
    memories, audits, spaces = Memory.objects.count(), AuditEvent.objects.count(), MemorySpace.objects.count()
    response = client.post("/api/v1/memories", payload, format="json")
    assert response.status_code == 409, response.content
    error = response.json()
    assert error["code"] == "erased" and set(error) == {"code", "message", "extra"}
    assert payload["origin_ref"] not in response.content.decode()
    assert (Memory.objects.count(), AuditEvent.objects.count(), MemorySpace.objects.count()) == (
        memories, audits, spaces)


def promote(clients: list[APIClient], origins: list[str]) -> CollectiveFact:
    for i, (client, origin) in enumerate(zip(clients, origins, strict=True)):
        assert client.post("/api/v1/memories", body(origin, session=f"s{i}"), format="json").status_code == 201
    consolidation_run_subject(actor=CONSOLIDATOR, subject_id=Subject.objects.get(external_ref="ana-garcia").pk)
    return CollectiveFact.objects.get(status="current", key="locker_word")


def test_erasing_a_fact_refuses_the_replayed_write_and_a_new_root_is_private_only(make_agent):
    clients = agents(make_agent)
    fact = promote(clients, ["utt-71a", "utt-71b"])
    other = clients[0].post("/api/v1/memories", body("utt-other", content="Prefiere informes breves cada lunes",
                                                     session="s9") | {"key": "report"}, format="json")
    assert other.status_code == 201
    request = person_erases({"fact_id": str(fact.pk)})
    assert request.result["erased_roots"] == 2
    assert not Memory.objects.filter(content=MARKER).exists()
    # The original writes, replayed by either agent → refused, nothing stored.
    assert_refused_and_nothing_stored(clients[0], body("utt-71a"))
    assert_refused_and_nothing_stored(clients[1], body("utt-71a", session="s1"))
    assert_refused_and_nothing_stored(clients[1], body("utt-71b", content="otra redacción"))
    assert not Memory.objects.filter(origin_ref__in=["utt-71a", "utt-71b"]).exists()
    # The root that was not erased is ordinary (the same write again deduplicates).
    again = clients[0].post("/api/v1/memories", body("utt-other", content="Prefiere informes breves cada lunes",
                                                     session="s9") | {"key": "report"}, format="json")
    assert again.status_code == 200 and again.json()["deduplicated"] is True
    # The same root about another person is theirs: accepted.
    assert clients[0].post("/api/v1/memories", body("utt-71a", subject="bea-lopez"), format="json").status_code == 201
    # New roots → stored privately (201), and the erased fact is never promoted again.
    for i, client in enumerate(clients):
        response = client.post("/api/v1/memories", body(f"utt-new-{i}", session=f"n{i}"), format="json")
        assert response.status_code == 201, response.content
    consolidation_run_subject(actor=CONSOLIDATOR, subject_id=Subject.objects.get(external_ref="ana-garcia").pk)
    assert not CollectiveFact.objects.filter(subject__external_ref="ana-garcia", key="locker_word",
                                             status="current").exists()
    assert Memory.objects.filter(subject__external_ref="ana-garcia", content=MARKER).count() == 2


def test_erasing_the_person_refuses_the_replay_without_recreating_them(make_agent):
    clients = agents(make_agent)
    promote(clients, ["crm-9001", "crm-9002"])
    request = person_erases({"all": True})
    assert request.result["erased_roots"] == 2
    assert not Subject.objects.filter(external_ref="ana-garcia").exists()
    assert_refused_and_nothing_stored(clients[0], body("crm-9001"))
    assert_refused_and_nothing_stored(clients[1], body("crm-9002"))
    assert not Subject.objects.filter(external_ref="ana-garcia").exists()  # no subject row created
    # Space-padded reference: the same person.
    assert_refused_and_nothing_stored(clients[0], body("crm-9001", subject="  ana-garcia "))
    # The table holds keyed HMACs only: no reference, no root, no content, in any column or row.
    keys = list(Suppression.objects.values_list("key", flat=True))
    assert erased_root_key(subject_ref="ana-garcia", origin_ref="crm-9001") in keys
    assert all(re.fullmatch(r"[0-9a-f]{64}", key) for key in keys)
    for plain in ("crm-9001", "crm-9002", "Velarquino"):
        assert rows_containing(plain) == [], plain
    # New roots → a new, private subject; the fact is not promoted again.
    for i, client in enumerate(clients):
        assert client.post("/api/v1/memories", body(f"crm-new-{i}", session=f"n{i}"), format="json").status_code == 201
    consolidation_run_subject(actor=CONSOLIDATOR, subject_id=Subject.objects.get(external_ref="ana-garcia").pk)
    assert not CollectiveFact.objects.filter(status="current").exists()


def test_erasing_one_agents_knowledge_records_its_roots(make_agent):
    clients = agents(make_agent)
    promote(clients, ["mail-1", "mail-2"])
    person_erases({"agent": "roots-0"})
    assert_refused_and_nothing_stored(clients[0], body("mail-1"))
    # The other agent's root was not erased: its replay deduplicates against its kept memory.
    kept = clients[1].post("/api/v1/memories", body("mail-2", session="s1"), format="json")
    assert kept.status_code == 200 and kept.json()["deduplicated"] is True


def test_root_keys_are_domain_separated_from_suppression_keys(settings):
    root = erased_root_key(subject_ref="ana", origin_ref="x")
    assert root != erased_root_key(subject_ref="ana", origin_ref="y")
    assert root != erased_root_key(subject_ref="bea", origin_ref="x")
    # The same parts in a suppression key (subject, key, basis) never give the same HMAC.
    assert root not in {fact_suppression_key(subject_ref="ana", key="x", value=None, statement=""),
                        fact_suppression_key(subject_ref="ana", key="", value="x", statement="")}
    settings.SECRET_KEY = "another-secret-entirely-for-this-test"
    assert erased_root_key(subject_ref="ana", origin_ref="x") != root


# -- the selectors themselves, on real rows ---------------------------------------------------------
@given(st.text(min_size=1, max_size=60).filter(lambda t: normalize(t) != ""))
def test_the_fact_key_normalises_exactly_as_the_memory_layer_dedupes(text):
    """One normalisation (config.text.normalize) for dedupe and suppression: a fact written in
    another form after its erasure still meets its key."""
    assert (fact_suppression_key(subject_ref="ana", key="k", value=text, statement="")
            == fact_suppression_key(subject_ref="ana", key="k", value=normalize(text), statement=""))


def test_fact_keys_ignore_form_and_fall_back_to_the_statement():
    key = fact_suppression_key(subject_ref="ana", key="city", value="  VALENCIA ", statement="x")
    assert key == fact_suppression_key(subject_ref="ana", key="city", value="valencia", statement="other")
    assert key != fact_suppression_key(subject_ref="bea", key="city", value="valencia", statement="x")
    by_statement = fact_suppression_key(subject_ref="ana", key="note", value=None, statement="Likes  Tea")
    assert by_statement == fact_suppression_key(subject_ref="ana", key="note", value="", statement="likes tea")


def test_suppressed_keys_answers_only_the_stored_ones():
    stored = fact_suppression_key(subject_ref="ana", key="city", value="Valencia", statement="")
    other = fact_suppression_key(subject_ref="ana", key="city", value="Madrid", statement="")
    assert suppressed_keys([stored, other]) == set()
    suppression_keys_add(keys=[stored])
    assert suppressed_keys([stored, other, stored]) == {stored}
    assert suppressed_keys([]) == set()


def test_root_is_erased_only_for_that_person_and_root():
    suppression_keys_add(keys=[erased_root_key(subject_ref="ana", origin_ref="crm-1")])
    assert root_is_erased(subject_ref="ana", origin_ref="crm-1")
    assert not root_is_erased(subject_ref="ana", origin_ref="crm-2")
    assert not root_is_erased(subject_ref="bea", origin_ref="crm-1")
    assert not root_is_erased(subject_ref="ana", origin_ref="")


def test_suppressed_keys_are_the_querysets_with_one_fixed_statement():
    """perf52b: one statement whatever the count (the keys as one array parameter); the keys found
    are those ``filter(key__in=…)`` finds, odd strings included."""
    import random

    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from governance.models import Suppression

    odd = ["a'b", "", 'q"uote', "ñandú", "back\\slash", "x" * 64, "{a,b}", "NULL", "with space", "ア"]
    made = [fact_suppression_key(subject_ref="ana", key="k", value=str(i), statement="") for i in range(40)]
    suppression_keys_add(keys=made[::2] + odd[::2])
    pool = made + odd + ["absent-1", "absent-2"]
    rng = random.Random(52)
    sent = set()
    for n in (1, 2, 5, 17, 52):
        asked = [rng.choice(pool) for _ in range(n)]
        with CaptureQueriesContext(connection) as queries:
            found = suppressed_keys(asked)
        assert found == set(Suppression.objects.filter(key__in=list(set(asked))).values_list("key", flat=True))
        sent |= {q["sql"].split(" WHERE ")[0] + " WHERE " + q["sql"].split(" WHERE ")[1].split("=")[0]
                 for q in queries}
        assert len(queries) == 1 and "ANY" in queries[0]["sql"]
    assert suppressed_keys(odd) == set(odd[::2])
    assert len(sent) == 1


def test_a_key_longer_than_the_column_never_matches_its_stored_prefix():
    """``config.db.where_any_sql`` compares text fields as ``text``: a cast of the array to the
    column's ``varchar(64)`` would cut a longer key to its first 64 characters and match the row
    stored under them (what ``filter(key__in=…)`` never does)."""
    stored = "k" * 64
    suppression_keys_add(keys=[stored])
    assert suppressed_keys([stored + "-longer"]) == set()
    assert suppressed_keys([stored, stored + "-longer"]) == {stored}
