"""Search of the caller's own memories: exact per-space vector search plus lexical for pending rows.

Ranking: similarity × effective confidence (decayed). Vector similarity is cosine similarity from
an exact scan of the caller's space for one subject (no approximate index on this path). Rows
whose embedding is still pending are matched lexically (PostgreSQL full-text, any query term),
with similarity 0.5 + 0.5 × normalised rank, so a fresh memory is findable at once. If the
embedder fails, the whole search falls back to lexical and says ``degraded``.
Returned memories count as accessed: the decay clock restarts (stamps have one-hour resolution,
so repeated reads do not rewrite rows).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta

import psycopg
from django.db import connection
from django.utils import timezone

from agents_registry.models import Agent
from memory.decay import DAILY_FACTOR
from memory.embedding import EmbeddingError, get_embedder
from memory.errors import QueryTooLong
from memory.models import Memory
from memory.selectors.withheld import Withheld, withheld_for_ref

MAX_QUERY_CHARS = 1000


@dataclass(frozen=True)
class SearchHit:
    memory: Memory
    similarity: float
    confidence: float
    score: float
    matched: str  # "vector" | "lexical"


@dataclass(frozen=True)
class SearchResult:
    hits: list[SearchHit]
    degraded: bool


# One round trip: resolve the caller's space, score vector matches (exact scan of that space) and
# lexical matches of rows whose embedding is pending, rank by similarity × decayed confidence.
_SEARCH_SQL = """
WITH space AS (
    SELECT s.id FROM memory_memoryspace s JOIN memory_subject j ON j.id = s.subject_id
    WHERE s.agent_id = %(agent)s AND j.external_ref = %(subject)s
),
hits AS (
    SELECT m.id,
           CASE WHEN m.embedding_pending OR %(q)s::text IS NULL
                THEN 0.5 + 0.5 * ts_rank_cd(m.content_tsv, %(tq)s::tsquery, 32)
                ELSE 1 - (m.embedding <=> %(q)s::vector) END AS similarity,
           CASE WHEN m.embedding_pending OR %(q)s::text IS NULL THEN 'lexical' ELSE 'vector' END AS matched,
           m.base_confidence * CASE WHEN m.kind IN ('fact', 'status')
               THEN power(%(decay)s, GREATEST(0, extract(epoch FROM (%(now)s - m.last_accessed_at)) / 86400.0))
               ELSE 1 END AS confidence
    FROM memory_memory m
    WHERE m.space_id = (SELECT id FROM space) AND m.status = 'active' AND NOT m.quarantined
      AND (%(trusts)s::text[] IS NULL OR m.trust = ANY(%(trusts)s::text[]))
      AND (CASE WHEN m.embedding_pending OR %(q)s::text IS NULL
                THEN %(tq)s::tsquery IS NOT NULL AND m.content_tsv @@ %(tq)s::tsquery
                ELSE m.embedding IS NOT NULL END)
)
SELECT id, similarity, matched, confidence FROM hits
ORDER BY similarity * confidence DESC, id
LIMIT %(k)s
"""
# Served memories restart their decay clock; a stamp younger than this is not rewritten.
ACCESS_STAMP_RESOLUTION = timedelta(hours=1)


_WORD = re.compile(r"\w+", re.UNICODE)


def _or_tsquery(text: str) -> str | None:
    """A tsquery matching any word of ``text`` (the 'simple' configuration only lower-cases)."""
    words = sorted({w.lower() for w in _WORD.findall(text)})[:32]
    return " | ".join("'" + w.replace("'", "''") + "'" for w in words) or None


def _vector_literal(vector: object) -> str:
    return "[" + ",".join(map(repr, vector.tolist())) + "]"  # type: ignore[attr-defined]


def embed_query(query: str) -> tuple[str | None, bool]:
    """The query's vector literal, or (None, True) when the embedder fails (search degrades)."""
    try:
        return _vector_literal(get_embedder().embed_queries([query])[0]), False
    except EmbeddingError:
        return None, True


def search_own(*, agent: Agent, subject_ref: str, query: str, vector: str | None, limit: int,
               trusts: list[str] | None = None, now: datetime, withheld: Withheld | None = None) -> list[SearchHit]:
    """The caller's own live memories about the subject, ranked by similarity × decayed confidence.

    Memories under a pending erasure (``withheld``; looked up when not given) are never returned."""
    withheld = withheld_for_ref(subject_ref) if withheld is None else withheld
    if withheld.everything or agent.pk in withheld.agent_ids:
        return []
    connection.ensure_connection()
    # Server-side binding: the 384-float vector is sent once as a parameter instead of being
    # interpolated (three times) into the SQL text the server must parse — 2.1 ms → 0.9 ms.
    with psycopg.Cursor(connection.connection) as cursor:
        cursor.execute(_SEARCH_SQL, {"agent": agent.pk, "subject": subject_ref, "tq": _or_tsquery(query),
                                     "q": vector, "decay": DAILY_FACTOR, "now": now, "k": limit,
                                     "trusts": trusts})
        rows = cursor.fetchall()
    memories = (Memory.objects.select_related("predicate", "subject").defer("embedding", "content_tsv")
                .in_bulk([row[0] for row in rows]))
    return [SearchHit(memory=memories[pk], similarity=float(similarity), confidence=float(confidence),
                      score=float(similarity) * float(confidence), matched=matched)
            for pk, similarity, matched, confidence in rows
            if pk in memories and not withheld.blocks_memory(agent_id=agent.pk, memory_id=pk)]


def memory_search(*, agent: Agent, subject_ref: str, query: str, limit: int = 10,
                  now: datetime | None = None) -> SearchResult:
    if len(query) > MAX_QUERY_CHARS:
        raise QueryTooLong(extra={"max_chars": MAX_QUERY_CHARS})
    now = now or timezone.now()
    if not query.strip():
        return SearchResult(hits=[], degraded=False)
    vector, degraded = embed_query(query)
    hits = search_own(agent=agent, subject_ref=subject_ref, query=query, vector=vector, limit=limit, now=now)
    touch_served(hits=[h.memory for h in hits], now=now)
    return SearchResult(hits=hits, degraded=degraded)


def touch_served(*, hits: list[Memory], now: datetime) -> None:
    memory_touch_accessed(memory_ids=[m.pk for m in hits if now - m.last_accessed_at >= ACCESS_STAMP_RESOLUTION],
                          now=now)


def memory_touch_accessed(*, memory_ids: list[object], now: datetime) -> None:
    """Restart the decay clock of memories that were served (a usage stamp; not audited)."""
    if memory_ids:
        Memory.objects.filter(pk__in=memory_ids).update(last_accessed_at=now)
