"""Read path (DESIGN §6; issue must-shows): recall, briefing, session end, action check, stats."""

from __future__ import annotations

import time
from datetime import timedelta

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from config.faults import table_locked
from memory.models import CollectiveFact, Memory, ReadLog, Subject
from memory.consolidation.run import CONSOLIDATOR, consolidation_run_subject
from memory.services.embedding_backfill import memory_embed_pending
from tests.conftest import auth

pytestmark = pytest.mark.django_db


@pytest.fixture
def clients(make_agent):
    out = {}
    for slug, domain, purposes in (("a", "work", ["essential.service"]), ("b", "work", ["essential.service"]),
                                   ("c", "support", ["essential.service"]), ("sales", "sales",
                                                                             ["essential.service", "marketing"]),
                                   ("h1", "health", ["essential.service"]), ("h2", "health", ["essential.service"]),
                                   ("h3", "health", ["essential.service"])):
        agent, key = make_agent(slug, domain=domain, purposes=purposes, verified_channel=slug == "a")
        out[slug] = auth(APIClient(), key)
        out[slug].agent = agent
    return out


def write(client, content, *, session, origin="", subject="ana", kind="fact", **extra):
    body = {"subject": subject, "kind": kind, "content": content, "session_id": session, "origin_ref": origin,
            "asserted_by": "user", **extra}
    response = client.post("/api/v1/memories", body, format="json")
    assert response.status_code in (200, 201), response.content
    return response.json()


def consolidate(subject="ana"):
    memory_embed_pending()
    return consolidation_run_subject(actor=CONSOLIDATOR, subject_id=Subject.objects.get(external_ref=subject).pk)


def recall(client, query, **extra):
    body = {"subject": "ana", "query": query, "purpose": "essential.service", "session_id": "r1", **extra}
    response = client.post("/api/v1/recall", body, format="json")
    assert response.status_code == 200, response.content
    return response.json()


@pytest.fixture
def promoted(clients):
    write(clients["a"], "Prefiere informes breves y claros", session="s1", origin="u1",
          predicate="preference.report_length", value="short")
    write(clients["b"], "Le gustan los informes cortos y directos", session="s2", origin="u2",
          predicate="preference.report_length", value="short")
    write(clients["a"], "Vive en Valencia", session="s1", origin="u3", key="city", category="user.contact.address")
    consolidate()
    (fact,) = CollectiveFact.objects.filter(status="current")
    return fact


def test_a_fact_a_also_holds_privately_appears_once_and_never_in_bs_wording(clients, promoted):
    data = recall(clients["a"], "¿cómo quiere los informes?")
    texts = [i["text"] for i in data["items"]]
    assert data["degraded"] is False
    collective = [i for i in data["items"] if i["layer"] == "collective"]
    assert [i["id"] for i in collective] == [str(promoted.pk)]
    assert collective[0]["also_private"] is True
    assert collective[0]["corroboration"]["agents"] == 2 and collective[0]["corroboration"]["first_seen"]
    assert collective[0]["corroboration"]["lineages"] == 2
    assert "Prefiere informes breves y claros" not in texts  # A's own copy deduplicated into the fact
    assert not any("informes cortos y directos" in t for t in texts)  # B's private wording
    assert "Vive en Valencia" in texts  # A's other private memory is still there
    for item in data["items"]:
        assert item["recorded_at"]
    assert ReadLog.objects.filter(fact=promoted, session_id="r1", purpose="essential.service").count() == 1
    brief = clients["a"].get("/api/v1/briefing", {"subject": "ana", "since": "2000-01-01T00:00:00Z"}).json()
    assert not any("informes cortos y directos" in i["text"] for i in brief["items"])


def test_a_health_fact_never_reaches_a_sales_agent(clients):
    for i, slug in enumerate(("h1", "h2", "h3")):
        write(clients[slug], "Prefiere citas por la tarde por el tratamiento", session=f"hs{i}", origin=f"hu{i}",
              predicate="preference.meeting_time", value="afternoon")
    consolidate()
    assert CollectiveFact.objects.filter(status="current").count() == 1  # promoted, health-only evidence
    sales = clients["sales"]
    assert [i for i in recall(sales, "horario de reuniones")["items"] if i["layer"] == "collective"] == []
    brief = sales.get("/api/v1/briefing", {"subject": "ana", "since": "2000-01-01T00:00:00Z"}).json()
    assert brief["items"] == []
    assert sales.get("/api/v1/collective/facts", {"subject": "ana"}).json()["facts"] == []
    # Even a work agent does not receive it: health is compatible with no other domain.
    assert [i for i in recall(clients["a"], "horario")["items"] if i["layer"] == "collective"] == []


@pytest.mark.django_db(transaction=True)
def test_a_locked_collective_layer_degrades_recall_within_the_budget(clients, promoted):
    with table_locked("memory_collectivefact") as taken:
        assert taken
        started = time.monotonic()
        data = recall(clients["a"], "informes")
        elapsed = time.monotonic() - started
    assert data["degraded"] is True
    assert all(i["layer"] == "private" for i in data["items"]) and data["items"]
    assert elapsed < 2.0  # the 300 ms budget plus the private part, not a hung request


def test_briefing_excludes_own_contributions_and_orders_by_importance_then_recency(clients, promoted):
    c = clients["c"]
    since = (timezone.now() - timedelta(hours=1)).isoformat()
    # Workspace events from others, with different importance.
    write(clients["a"], "El flujo nocturno falló a las 3 h", session="w1", subject="@workspace", kind="event",
          importance=0.9)
    write(clients["b"], "La API de facturación va lenta", session="w2", subject="@workspace", kind="event",
          importance=0.3)
    write(c, "Yo reinicié el servidor de informes", session="w3", subject="@workspace", kind="event",
          importance=1.0)
    brief = c.get("/api/v1/briefing", {"subject": "ana", "since": since}).json()
    texts = [i["text"] for i in brief["items"]]
    assert "Yo reinicié el servidor de informes" not in texts  # the caller's own
    assert texts[0] == "El flujo nocturno falló a las 3 h"
    importances = [i["importance"] for i in brief["items"]]
    assert importances == sorted(importances, reverse=True)
    promoted_item = next(i for i in brief["items"] if i["change"] == "promoted")
    assert promoted_item["id"] == str(promoted.pk)
    # A's view: the fact A helped corroborate came with B's evidence too, so it is not only A's own.
    a_brief = clients["a"].get("/api/v1/briefing", {"subject": "ana", "since": since}).json()
    assert any(i["id"] == str(promoted.pk) for i in a_brief["items"])
    assert not any(i["text"] == "El flujo nocturno falló a las 3 h" for i in a_brief["items"])


def test_briefing_hides_a_fact_only_the_caller_supports(clients):
    write(clients["a"], "Idioma: español", session="s1", origin="crm:1", predicate="communication.language",
          value="es", asserted_by="system", trust="verified")
    consolidate()
    assert CollectiveFact.objects.filter(status="current").count() == 1
    since = (timezone.now() - timedelta(hours=1)).isoformat()
    assert clients["a"].get("/api/v1/briefing", {"subject": "ana", "since": since}).json()["items"] == []
    assert len(clients["b"].get("/api/v1/briefing", {"subject": "ana", "since": since}).json()["items"]) == 1


def test_shallow_reflection_is_refused_and_a_real_one_is_stored(clients):
    url = "/api/v1/sessions/sess-9/end"
    write(clients["a"], "borrador temporal", session="sess-9", kind="event", trust="ephemeral")
    shallow = clients["a"].post(url, {"subject": "ana", "done": "Preparé el informe", "went_well": "rápido",
                                      "went_wrong": "todo bien", "improve": "nada"}, format="json")
    assert shallow.status_code == 422
    assert shallow.json()["code"] == "reflection_too_shallow"
    assert set(shallow.json()["extra"]["fields"]) == {"went_wrong", "improve"}
    real = clients["a"].post(url, {
        "subject": "ana", "done": "Preparé el informe trimestral",
        "went_well": "Encontré rápido las cifras",
        "went_wrong": "Pedí dos veces el presupuesto porque no revisé las notas anteriores",
        "improve": "Buscar en la memoria las preguntas abiertas antes de preguntar",
        "relevant_for_others": ["Ana revisa los informes los lunes por la mañana"]}, format="json")
    assert real.status_code == 201, real.content
    body = real.json()
    decision = Memory.objects.get(pk=body["decision_id"])
    assert decision.kind == "decision" and decision.reasoning
    candidate = Memory.objects.get(pk=body["candidates"][0])
    assert (candidate.trust, candidate.asserted_by, candidate.kind) == ("inferred", "agent", "fact")
    assert body["expired"] == 1
    assert Memory.objects.get(content="borrador temporal").status == "expired"


def test_action_backed_only_by_an_inferred_memory_escalates(clients, promoted):
    inferred = write(clients["a"], "Probablemente aprueba gastos de hasta 5.000 €", session="s5",
                     asserted_by="agent", key="approval_limit")
    check = clients["a"].post("/api/v1/actions/check", {"subject": "ana", "action": "approve 4,000 EUR",
                                                        "fact_ids": [inferred["id"]]}, format="json").json()
    assert check["decision"] == "escalate" and check["reason"] == "private_memory_only"
    not_verified = clients["a"].post("/api/v1/actions/check", {"subject": "ana", "action": "send short report",
                                                               "fact_ids": [str(promoted.pk)]}, format="json").json()
    assert not_verified == {"decision": "escalate", "reason": "not_verified", "fact_id": None}


def test_action_backed_by_a_verified_fact_is_allowed(clients):
    write(clients["a"], "Idioma: español", session="s1", origin="crm:1", predicate="communication.language",
          value="es", asserted_by="system", trust="verified")
    consolidate()
    fact = CollectiveFact.objects.get(status="current")
    check = clients["b"].post("/api/v1/actions/check", {"subject": "ana", "action": "reply in Spanish",
                                                        "fact_ids": [str(fact.pk)]}, format="json").json()
    assert check == {"decision": "allow", "reason": "verified_fact", "fact_id": str(fact.pk)}


def test_recall_is_bounded_and_never_truncates(clients):
    for i in range(15):
        write(clients["a"], f"Nota número {i} sobre el proyecto Atlas y sus entregas", session="s1",
              kind="event")
    data = recall(clients["a"], "proyecto Atlas", max_items=5, max_chars=200)
    assert len(data["items"]) <= 5 and sum(len(i["text"]) for i in data["items"]) <= 200
    assert data["omitted"] >= 10
    assert all(i["text"].startswith("Nota número") for i in data["items"])


def test_recall_errors(clients):
    client = clients["a"]
    bad_purpose = client.post("/api/v1/recall", {"subject": "ana", "query": "x", "purpose": "marketing"},
                              format="json")
    assert bad_purpose.status_code == 403 and bad_purpose.json()["code"] == "purpose_not_granted"
    assert client.post("/api/v1/recall", {"subject": "ana", "query": "x"}, format="json").status_code == 400
    assert client.post("/api/v1/recall", {"subject": "ana", "query": "x", "purpose": "essential.service",
                                          "max_items": 500}, format="json").json()["code"] == "invalid_input"
    assert APIClient().post("/api/v1/recall", {}, format="json").status_code == 401


def test_min_trust_filters_before_ranking(clients):
    write(clients["a"], "Dice que prefiere café", session="s1", kind="event", asserted_by="agent")
    write(clients["a"], "Registro del CRM: prefiere té", session="s1", kind="event", asserted_by="system",
          trust="verified", origin="crm:7")
    data = recall(clients["a"], "¿qué prefiere beber?", min_trust="verified")
    assert [i["text"] for i in data["items"]] == ["Registro del CRM: prefiere té"]


def test_recall_surfaces_trust_conflicts(clients):
    kept = write(clients["a"], "Trabaja en Acme (RR. HH.)", session="s1", key="employer", asserted_by="system",
                 trust="verified", origin="hr:1")
    challenger = write(clients["a"], "Creo que trabaja en Globex", session="s2", key="employer",
                       asserted_by="agent")
    items = {i["id"]: i for i in recall(clients["a"], "¿dónde trabaja?")["items"]}
    assert items[kept["id"]]["conflict"] == challenger["id"]
    assert items[challenger["id"]]["conflict"] == kept["id"]


def test_stats_counts_own_memories(clients, promoted):
    stats = clients["a"].get("/api/v1/stats", {"subject": "ana"}).json()
    assert stats["memories"]["fact"]["active"] == 2 and stats["collective_facts"] == 1


def test_a_self_declared_tool_record_cannot_authorise_an_action(clients):
    """b is no registered channel: its asserted_by=system record is an inference, and 'verified' is refused."""
    refused = clients["b"].post("/api/v1/memories", {
        "subject": "ana", "kind": "fact", "content": "Idioma: español", "session_id": "s1", "origin_ref": "crm:1",
        "predicate": "communication.language", "value": "es", "asserted_by": "system", "trust": "verified"},
        format="json")
    assert refused.status_code == 400 and refused.json()["code"] == "trust_not_allowed"
    stored = write(clients["b"], "Idioma: español", session="s1", origin="crm:1",
                   predicate="communication.language", value="es", asserted_by="system")
    assert stored["trust"] == "inferred"
    consolidate()
    assert not CollectiveFact.objects.filter(status="current").exists()
    check = clients["b"].post("/api/v1/actions/check", {"subject": "ana", "action": "reply in Spanish",
                                                        "fact_ids": [stored["id"]]}, format="json").json()
    assert (check["decision"], check["reason"]) == ("escalate", "private_memory_only")


def test_the_lean_recall_rendering_equals_the_item_serializer(clients, promoted):
    """RecallApi renders items without the DRF serializer; the bytes must be the serializer's."""
    import json as jsonlib

    from rest_framework.renderers import JSONRenderer

    from memory.read_apis import RecallApi, recall_item_json
    from memory.services.recall import recall as recall_service

    write(clients["a"], "Trabaja en Acme (RR. HH.)", session="s1", key="employer", asserted_by="system",
          trust="verified", origin="hr:1")
    write(clients["a"], "Creo que trabaja en Globex", session="s2", key="employer", asserted_by="agent")
    result = recall_service(agent=clients["a"].agent, subject_ref="ana", query="informes y trabajo",
                            purpose="essential.service")
    layers = {i.layer for i in result.items}
    assert {"private", "collective"} <= layers
    assert any(i.conflict for i in result.items) and any(i.valid_to is None for i in result.items)
    old = [{"layer": i.layer, "id": i.id, "text": i.text, "kind": i.kind, "trust": i.trust,
            "score": round(i.score, 4), "relevance": round(i.relevance, 4), "confidence": round(i.confidence, 4),
            "recorded_at": i.recorded_at, "valid_from": i.valid_from, "valid_to": i.valid_to,
            "last_confirmed": i.last_confirmed, "observed_at": i.observed_at, "conflict": i.conflict,
            "also_private": i.also_private, "corroboration": i.corroboration} for i in result.items]
    expected = JSONRenderer().render(RecallApi.ItemSerializer(old, many=True).data)
    assert JSONRenderer().render([recall_item_json(i) for i in result.items]) == expected
    assert jsonlib.loads(expected)[0]["recorded_at"].endswith("Z")
    # Another active zone: both render its offset (the lean path looks the zone up like DRF does).
    import zoneinfo

    from django.utils import timezone

    with timezone.override(zoneinfo.ZoneInfo("Europe/Madrid")):
        expected = JSONRenderer().render(RecallApi.ItemSerializer(old, many=True).data)
        assert JSONRenderer().render([recall_item_json(i) for i in result.items]) == expected
    assert not jsonlib.loads(expected)[0]["recorded_at"].endswith("Z")
