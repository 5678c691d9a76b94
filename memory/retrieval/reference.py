"""A brute-force reference of the private ranking, for completeness checks (tests, benchmarks).

Recomputes, in Python over every row of one space, what ``memory.services.search._SEARCH_SQL``
ranks: cosine by numpy over the stored vectors, each query word's matches by its own indexed
lookup, idf and lexical share, time match, decayed confidence and recency by
``memory.retrieval.fusion``. Recall's private results must equal its top ``k`` (DESIGN §9).
"""

from __future__ import annotations

import math
from datetime import datetime

import numpy as np
from django.db import connection

from memory.decay import DAILY_FACTOR
from memory.models import Memory
from memory.retrieval import fusion
from memory.retrieval.calibration import Calibration
from memory.retrieval.lexical import query_words
from memory.retrieval.temporal import TimeWindow


def _word_matches(word: str, ids: list[object]) -> set[object] | None:
    """The rows containing the word (its Spanish or English lexeme); None when it is not a content
    word in both languages (the SQL drops it too)."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT tsvector_to_array(to_tsvector('quorum_es', %s)), tsvector_to_array(to_tsvector('quorum_en', %s))",
                       [word, word])
        es, en = cursor.fetchone()
        if not es or not en:
            return None
        query = " | ".join("'" + lexeme.replace("'", "''") + "'" for lexeme in sorted(set(es) | set(en)))
        cursor.execute("SELECT id FROM memory_memory WHERE id = ANY(%s) AND content_tsv @@ to_tsquery('simple', %s)",
                       [ids, query])
        return {row[0] for row in cursor.fetchall()}


def rank_private(*, agent_id: object, subject_ref: str, query: str, vector: np.ndarray | None, cal: Calibration,
                 now: datetime, window: TimeWindow | None, k: int, with_recency: bool = True,
                 trusts: list[str] | None = None) -> list[tuple[object, float]]:
    """The top ``k`` (id, score) of the agent's live memories about the subject, best first."""
    rows = list(Memory.objects.filter(agent_id=agent_id, space__subject__external_ref=subject_ref,
                                      status=Memory.Status.ACTIVE, quarantined=False)
                .filter(**({"trust__in": trusts} if trusts is not None else {}))
                .values("id", "kind", "base_confidence", "last_accessed_at", "observed_at", "valid_from",
                        "recorded_at", "last_confirmed_at", "embedding", "embedding_pending"))
    ids = [r["id"] for r in rows]
    matches = [m for m in (_word_matches(w, ids) for w in query_words(query)) if m is not None]
    kept = [(m, math.log((len(rows) + 1.0) / (len(m) + 0.5))) for m in matches]
    total_idf = sum(w for _, w in kept)
    scored = []
    for r in rows:
        cosine = None
        if vector is not None and not r["embedding_pending"] and r["embedding"] is not None:
            e = np.asarray(r["embedding"], dtype=np.float64)
            cosine = float(e @ vector / (np.linalg.norm(e) * np.linalg.norm(vector)))
        lexical = sum(w for m, w in kept if r["id"] in m) / total_idf if total_idf else 0.0
        if cosine is None and lexical <= 0:
            continue
        time = max(fusion.time_match(r["observed_at"], window), fusion.time_match(r["valid_from"], window))
        relevance = fusion.relevance(vector=None if cosine is None else cal.relevance(cosine), lexical=lexical,
                                     time=time, window=window)
        confidence = r["base_confidence"]
        if r["kind"] in ("fact", "status"):
            confidence *= DAILY_FACTOR ** max(0.0, (now - r["last_accessed_at"]).total_seconds() / 86400)
        recency = fusion.recency_factor(fusion.memory_date(observed_at=r["observed_at"], recorded_at=r["recorded_at"],
                                                           last_confirmed_at=r["last_confirmed_at"]), now)
        scored.append((r["id"], relevance * confidence * (recency if with_recency else 1.0)))
    scored.sort(key=lambda pair: (-pair[1], pair[0]))
    return scored[:k]

