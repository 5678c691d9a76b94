"""Completeness (DESIGN §9): recall's private results equal a brute-force ranking of the same rule.

Sixty memories of mixed kinds, tiers, dates and access ages, some still without a vector; recall's
private ids (collective layer empty) must be exactly the top of ``memory.retrieval.reference``,
which recomputes every row's score in Python (numpy cosine over the stored vectors, per-word
lookups, idf, time match, decay, recency)."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import numpy as np
import pytest

from config.actors import Actor
from memory.embedding import get_embedder
from memory.models import Memory
from memory.retrieval.calibration import calibration_for
from memory.retrieval.reference import rank_private
from memory.retrieval.temporal import parse_time_reference
from memory.services.embedding_backfill import memory_embed_pending
from memory.services.memories import memory_record
from memory.services.recall import recall

pytestmark = pytest.mark.django_db
PURPOSE = "essential.service"
TEXTS = ["Prefiere informes breves", "Vive en Valencia con su pareja", "Tiene dos gatos llamados Luna y Sol",
         "Trabaja en el proyecto Atlas", "Le gusta el café solo por la mañana", "Su cumpleaños es en marzo",
         "Usa Linux en el trabajo", "Juega al pádel los jueves", "Cenó con Marta en Casa Pepe",
         "Compró una bicicleta nueva", "She prefers short reports", "He moved to Lisbon in spring",
         "Allergic to peanuts", "Her manager is Laura", "Went to a jazz concert on Friday",
         "Viajó a Oporto con su hermana", "El cliente pidió cambios en el diseño del proyecto Atlas",
         "Reunión de seguimiento del proyecto Atlas", "Pidió una factura corregida", "Quiere aprender alemán"]
QUERIES = ["¿cómo quiere los informes?", "proyecto Atlas", "¿con quién cenó en marzo?", "short reports",
           "¿qué compró el mes pasado?", "café por la mañana", "what did he do last summer?", "Oporto hermana"]


def test_recall_private_results_equal_the_brute_force_ranking(make_agent):
    agent, _ = make_agent("exact", verified_channel=True)
    rng = random.Random(17)
    now = datetime(2026, 6, 1, 12, tzinfo=UTC)
    for i in range(60):
        text = f"{TEXTS[i % len(TEXTS)]} ({i})"
        kind = ["event", "fact", "status"][i % 3]
        asserted = ["user", "agent", "system"][i % 3]
        memory_record(actor=Actor.for_agent(agent), agent=agent, subject_ref="ana", kind=kind, content=text,
                      session_id=f"s{i % 4}", key=f"k{i}" if kind != "event" else "", asserted_by=asserted,
                      origin_ref=f"crm-{i}" if asserted == "system" else "",
                      trust="verified" if asserted == "system" else None,
                      observed_at=now - timedelta(days=rng.randrange(0, 400), hours=rng.randrange(24)))
    memory_embed_pending()
    # A few rows without a vector yet (found lexically only), and varied access ages (decay).
    pending = list(Memory.objects.order_by("content")[:6].values_list("pk", flat=True))
    Memory.objects.filter(pk__in=pending).update(embedding_pending=True)
    for m in Memory.objects.all():
        Memory.objects.filter(pk=m.pk).update(last_accessed_at=now - timedelta(days=rng.randrange(0, 60)))
    embedder = get_embedder()
    cal = calibration_for(embedder)
    compared = 0
    for query in QUERIES:
        qv = embedder.embed_queries([query])[0].astype(np.float64)
        expected = rank_private(agent_id=agent.pk, subject_ref="ana", query=query, vector=qv, cal=cal, now=now,
                                window=parse_time_reference(query, now), k=20)
        items = recall(agent=agent, subject_ref="ana", query=query, purpose=PURPOSE, max_items=20, max_chars=20000,
                       now=now).items
        got = [(i.id, i.score) for i in items]
        assert all(i.layer == "private" for i in items)
        assert len(got) == len(expected) == 20
        # pgvector computes cosine in float4 and the calibration magnifies it (≈ ×27): scores agree to
        # 1e-5; two items may swap only where their scores are that close.
        exact = {str(w): score for w, score in expected}
        for (got_id, got_score), (want_id, want_score) in zip(got, expected):
            assert got_score == pytest.approx(want_score, rel=1e-5), query
            if got_id != str(want_id):
                assert exact.get(got_id, -1.0) == pytest.approx(want_score, rel=1e-5), query
        compared += 1
        # Access stamps moved by recall would change the next query's decay: put them back.
        Memory.objects.filter(pk__in=[i.id for i in items]).update(last_accessed_at=now - timedelta(days=3))
    assert compared == len(QUERIES)
