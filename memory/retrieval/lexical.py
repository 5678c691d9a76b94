"""The lexical side of hybrid retrieval: which query words PostgreSQL full-text search looks for.

Documents are indexed by ``quorum_search_vector(content, observed_at)`` (migration 0007): the
Spanish and the English Snowball lexemes of the unaccented content, plus the observation date as
words. A query word is kept when it is a content word in *both* languages (a stop word in either —
"de", "the", "what" — would match half the corpus through the other language's configuration);
each kept word becomes one tsquery ``es_lexeme | en_lexeme`` and is weighted by its inverse
document frequency within the searched space (BM25-style ``ln((N + 1) / (df + 0.5))``). A row's
lexical score is the idf-weighted share of the query's words it contains, in [0, 1].
"""

from __future__ import annotations

import re

MAX_WORDS = 32
_WORD = re.compile(r"\w+", re.UNICODE)


def query_words(text: str) -> list[str]:
    """The distinct lower-cased words of ``text`` (at most 32), in order of first appearance."""
    seen: dict[str, None] = {}
    for word in _WORD.findall(text.lower()):
        if len(word) > 1 or word.isdigit():
            seen.setdefault(word[:64], None)
    return list(seen)[:MAX_WORDS]


# One tsquery per kept query word (the word's Spanish and English lexemes, OR-ed). Used as a CTE;
# parameter: %(words)s (text[]).
QUERY_WORDS_CTE = """
qw AS (
    SELECT u.ord, to_tsquery('simple', string_agg(DISTINCT quote_literal(l.lexeme), ' | ')) AS q
    FROM unnest(%(words)s::text[]) WITH ORDINALITY AS u(w, ord)
    CROSS JOIN LATERAL (SELECT to_tsvector('quorum_es', u.w) AS es, to_tsvector('quorum_en', u.w) AS en) v
    CROSS JOIN LATERAL unnest(tsvector_to_array(v.es || v.en)) AS l(lexeme)
    WHERE length(v.es) > 0 AND length(v.en) > 0
    GROUP BY u.ord
)"""
