"""Search of the caller's own memories: hybrid (exact per-space vector + full-text), time-aware.

One statement scans the caller's space for one subject exactly (no approximate index on this
path) and scores every live row by the fusion rule (``memory.retrieval.fusion``): the embedder-
calibrated cosine, the idf-weighted share of query words found by PostgreSQL full-text search
(Spanish and English, unaccented, the memory's date as words), and — when the query names a time
("en mayo", "last summer") — how well ``observed_at``/``valid_from`` fall in it; then × decayed
confidence (and × recency for recall). Rows whose embedding is still pending count as moderately
relevant when they match lexically, so a fresh memory is findable at once. If the embedder
fails, the whole search falls back to lexical and says ``degraded``.
Returned memories count as accessed: the decay clock restarts (stamps have one-hour resolution,
so repeated reads do not rewrite rows).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

import psycopg
from django.db import connection
from django.utils import timezone

from agents_registry.models import Agent
from memory.decay import DAILY_FACTOR
from memory.embedding import EmbeddingError, get_embedder, vector_text
from memory.errors import QueryTooLong
from memory.models import Memory
from memory.retrieval import calibration, fusion
from memory.retrieval.lexical import QUERY_WORDS_CTE, query_words
from memory.retrieval.temporal import TimeWindow, parse_time_reference
from memory.selectors.withheld import Withheld, withheld_for_ref

MAX_QUERY_CHARS = 1000


@dataclass(frozen=True)
class SearchHit:
    memory: Memory
    similarity: float  # the fused, calibrated relevance in [0, 1]
    confidence: float
    score: float  # similarity × confidence
    matched: str  # "vector" | "hybrid" (vector and words) | "lexical" (no vector)
    cosine: float | None = None
    lexical: float = 0.0
    recency: float = 1.0


@dataclass(frozen=True)
class SearchResult:
    hits: list[SearchHit]
    degraded: bool


# The caller's space for one subject, every live row scored (exact scan of that space) by the
# fusion rule; ``scored`` holds relevance, decayed confidence and recency per row. Shared by
# :data:`_SEARCH_SQL` and recall's one statement (``memory.services.recall_statement``).
PRIVATE_CTES = f"""
space AS (
    SELECT s.id FROM memory_memoryspace s JOIN memory_subject j ON j.id = s.subject_id
    WHERE s.agent_id = %(agent)s AND j.external_ref = %(subject)s
),
{QUERY_WORDS_CTE.strip()},
live AS MATERIALIZED (
    SELECT m.id, m.kind, m.base_confidence, m.last_accessed_at, m.observed_at, m.valid_from, m.recorded_at,
           m.last_confirmed_at, m.content_tsv,
           CASE WHEN m.embedding_pending OR m.embedding IS NULL OR %(q)s::vector IS NULL THEN NULL
                ELSE 1 - (m.embedding <=> %(q)s::vector) END AS cosine
    FROM memory_memory m
    WHERE m.space_id = (SELECT id FROM space) AND m.status = 'active' AND NOT m.quarantined
      AND (%(trusts)s::text[] IS NULL OR m.trust = ANY(%(trusts)s::text[]))
),
idf AS (
    SELECT qw.q, ln(((SELECT count(*) FROM live) + 1.0) / (count(l.id) + 0.5)) AS weight
    FROM qw LEFT JOIN live l ON l.content_tsv @@ qw.q GROUP BY qw.ord, qw.q
),
r AS (
    SELECT l.*, COALESCE((SELECT sum(idf.weight) FROM idf WHERE l.content_tsv @@ idf.q)
                         / NULLIF((SELECT sum(weight) FROM idf), 0), 0) AS lexical
    FROM live l
),
scored AS (
    SELECT r.id, r.cosine, r.lexical, {fusion.RELEVANCE_SQL} AS relevance,
           r.base_confidence * CASE WHEN r.kind IN ('fact', 'status')
               THEN power(%(decay)s, GREATEST(0, extract(epoch FROM (%(now)s - r.last_accessed_at)) / 86400.0))
               ELSE 1 END AS confidence,
           {fusion.RECENCY_SQL} AS recency
    FROM r WHERE r.cosine IS NOT NULL OR r.lexical > 0
)"""
# The private order: relevance × decayed confidence (× recency for recall), ties by id.
PRIVATE_ORDER = "relevance * confidence * CASE WHEN %(with_recency)s THEN recency ELSE 1 END DESC, id"

# One round trip: resolve the caller's space, score every live row, rank, keep the top k.
_SEARCH_SQL = f"""
WITH {PRIVATE_CTES.strip()}
SELECT id, relevance, cosine, lexical, confidence, recency FROM scored
ORDER BY {PRIVATE_ORDER}
LIMIT %(k)s
"""
# Served memories restart their decay clock; a stamp younger than this is not rewritten.
ACCESS_STAMP_RESOLUTION = timedelta(hours=1)


def _vector_literal(vector: object) -> str:
    return vector_text(vector.tolist())  # type: ignore[attr-defined]


def embed_query(query: str) -> tuple[str | None, bool]:
    """The query's vector literal, or (None, True) when the embedder fails (search degrades)."""
    try:
        return _vector_literal(get_embedder().embed_queries([query])[0]), False
    except EmbeddingError:
        return None, True


def search_params(*, agent_pk: object, subject_ref: str, query: str, vector: str | None, limit: int,
                  now: datetime, trusts: list[str] | None = None, window: TimeWindow | None = None,
                  with_recency: bool = False) -> dict[str, object]:
    """The parameters of :data:`_SEARCH_SQL` (the benchmarks run the same statement)."""
    cal = (calibration.calibration_for(get_embedder()) if vector is not None
           else calibration.Calibration("none", *calibration.FALLBACK))  # no cosine to calibrate
    return {"agent": agent_pk, "subject": subject_ref, "words": query_words(query), "q": vector,
            "decay": DAILY_FACTOR, "now": now, "k": limit, "trusts": trusts, "with_recency": with_recency,
            "c_centre": cal.centre, "c_spread": cal.spread, "z_mid": calibration.Z_MID,
            "z_scale": calibration.Z_SCALE, **fusion.sql_params(window)}


def search_own(*, agent: Agent, subject_ref: str, query: str, vector: str | None, limit: int,
               trusts: list[str] | None = None, now: datetime, withheld: Withheld | None = None,
               window: TimeWindow | None = None, with_recency: bool = False) -> list[SearchHit]:
    """The caller's own live memories about the subject, ranked by relevance × decayed confidence
    (× recency when ``with_recency``: recall's order).

    Memories under a pending erasure (``withheld``; looked up when not given) are never returned."""
    withheld = withheld_for_ref(subject_ref) if withheld is None else withheld
    if withheld.everything or agent.pk in withheld.agent_ids:
        return []
    connection.ensure_connection()
    # Server-side binding: the 384-float vector is sent once as a parameter instead of being
    # interpolated (several times) into the SQL text the server must parse — 2.1 ms → 0.9 ms.
    with psycopg.Cursor(connection.connection) as cursor:
        cursor.execute(_SEARCH_SQL, search_params(agent_pk=agent.pk, subject_ref=subject_ref, query=query,
                                                  vector=vector, limit=limit, now=now, trusts=trusts,
                                                  window=window, with_recency=with_recency))
        rows = cursor.fetchall()
    memories = (Memory.objects.select_related("predicate", "subject").defer("embedding", "content_tsv")
                .in_bulk([row[0] for row in rows]))
    return [SearchHit(memory=memories[pk], similarity=float(relevance), confidence=float(confidence),
                      score=float(relevance) * float(confidence),
                      matched="lexical" if cosine is None else ("hybrid" if lexical > 0 else "vector"),
                      cosine=None if cosine is None else float(cosine), lexical=float(lexical),
                      recency=float(recency))
            for pk, relevance, cosine, lexical, confidence, recency in rows
            if pk in memories and not withheld.blocks_memory(agent_id=agent.pk, memory_id=pk)]


def memory_search(*, agent: Agent, subject_ref: str, query: str, limit: int = 10,
                  now: datetime | None = None) -> SearchResult:
    if len(query) > MAX_QUERY_CHARS:
        raise QueryTooLong(extra={"max_chars": MAX_QUERY_CHARS})
    now = now or timezone.now()
    if not query.strip():
        return SearchResult(hits=[], degraded=False)
    vector, degraded = embed_query(query)
    hits = search_own(agent=agent, subject_ref=subject_ref, query=query, vector=vector, limit=limit, now=now,
                      window=parse_time_reference(query, now))
    touch_served(hits=[h.memory for h in hits], now=now)
    return SearchResult(hits=hits, degraded=degraded)


def touch_served(*, hits: list[Memory], now: datetime) -> None:
    memory_touch_accessed(memory_ids=[m.pk for m in hits if now - m.last_accessed_at >= ACCESS_STAMP_RESOLUTION],
                          now=now)


def memory_touch_accessed(*, memory_ids: list[object], now: datetime) -> None:
    """Restart the decay clock of memories that were served (a usage stamp; not audited)."""
    if memory_ids:
        Memory.objects.filter(pk__in=memory_ids).update(last_accessed_at=now)
