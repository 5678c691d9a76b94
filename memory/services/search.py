"""Search of the caller's own memories: exact per-space vector search plus lexical for pending rows.

Ranking: similarity × effective confidence (decayed). Vector similarity is cosine similarity from
an exact scan of the caller's space for one subject (no approximate index on this path). Rows
whose embedding is still pending are matched lexically (PostgreSQL full-text, any query term),
with similarity 0.5 + 0.5 × normalised rank, so a fresh memory is findable at once. If the
embedder fails, the whole search falls back to lexical and says ``degraded``.
Returned memories count as accessed: the decay clock restarts.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db import connection, transaction
from django.utils import timezone

from agents_registry.models import Agent
from memory.decay import effective_confidence
from memory.embedding import EmbeddingError, get_embedder
from memory.errors import QueryTooLong
from memory.models import Memory, MemorySpace

MAX_QUERY_CHARS = 1000
SEARCHABLE_STATUSES = (Memory.Status.ACTIVE,)


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


_VECTOR_SQL = """
SELECT id, 1 - (embedding <=> %(q)s::vector) AS similarity
FROM memory_memory
WHERE space_id = %(space)s AND status = 'active' AND NOT quarantined AND embedding IS NOT NULL
  AND NOT embedding_pending
ORDER BY embedding <=> %(q)s::vector
LIMIT %(k)s
"""

_LEXICAL_SQL = """
SELECT id, ts_rank_cd(to_tsvector('simple', content), q, 32) AS rank
FROM memory_memory,
     CAST(NULLIF(replace(plainto_tsquery('simple', %(text)s)::text, '&', '|'), '') AS tsquery) AS q
WHERE space_id = %(space)s AND status = 'active' AND NOT quarantined
  AND (%(all)s OR embedding_pending)
  AND to_tsvector('simple', content) @@ q
ORDER BY rank DESC
LIMIT %(k)s
"""


def memory_search(*, agent: Agent, subject_ref: str, query: str, limit: int = 10,
                  now: datetime | None = None) -> SearchResult:
    if len(query) > MAX_QUERY_CHARS:
        raise QueryTooLong(extra={"max_chars": MAX_QUERY_CHARS})
    now = now or timezone.now()
    space = MemorySpace.objects.filter(agent=agent, subject__external_ref=subject_ref).first()
    if space is None or not query.strip():
        return SearchResult(hits=[], degraded=False)
    candidates = max(limit * 3, 30)
    similarities: dict[object, tuple[float, str]] = {}
    degraded = False
    try:
        vector = get_embedder().embed_queries([query])[0]
    except EmbeddingError:
        vector, degraded = None, True
    with connection.cursor() as cursor:
        if vector is not None:
            cursor.execute(_VECTOR_SQL, {"q": vector.tolist(), "space": space.pk, "k": candidates})
            for pk, similarity in cursor.fetchall():
                similarities[pk] = (float(similarity), "vector")
        cursor.execute(_LEXICAL_SQL, {"text": query, "space": space.pk, "k": candidates, "all": vector is None})
        for pk, rank in cursor.fetchall():
            similarities.setdefault(pk, (0.5 + 0.5 * float(rank), "lexical"))
    memories = Memory.objects.select_related("predicate").in_bulk(list(similarities))
    hits = []
    for pk, (similarity, matched) in similarities.items():
        memory = memories.get(pk)
        if memory is None:
            continue
        confidence = effective_confidence(kind=memory.kind, base=memory.base_confidence,
                                          last_accessed_at=memory.last_accessed_at, now=now)
        hits.append(SearchHit(memory=memory, similarity=similarity, confidence=confidence,
                              score=similarity * confidence, matched=matched))
    hits.sort(key=lambda h: h.score, reverse=True)
    hits = hits[:limit]
    memory_touch_accessed(memory_ids=[h.memory.pk for h in hits], now=now)
    return SearchResult(hits=hits, degraded=degraded)


@transaction.atomic
def memory_touch_accessed(*, memory_ids: list[object], now: datetime) -> None:
    """Restart the decay clock of memories that were served (a usage stamp; not audited)."""
    if memory_ids:
        Memory.objects.filter(pk__in=memory_ids).update(last_accessed_at=now)
