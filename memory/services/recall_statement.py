"""Recall's candidates in one SQL statement: private and collective, with the rows the answer needs.

One round trip replaces six (private ranking, the memory rows, their open trust conflicts, the
collective ranking, the fact rows, the caller's own evidence of those facts). The scoring is the
same SQL as before, piece for piece: the private part is ``memory.services.search.PRIVATE_CTES``
ranked by ``PRIVATE_ORDER`` (what ``POST memories/search`` runs, so completeness against
``memory.retrieval.reference`` still holds), the collective part is the fact ranking recall has
always used (best calibrated cosine over a fact's embedded evidence + the share of query words its
evidence contains). Each part keeps its own ``LIMIT`` and reports its rank (``ord``).

:data:`PRIVATE_SQL` is the private part alone: recall runs it when the purpose receives nothing
collective, and as the fallback when the full statement fails or overruns the collective budget
(it never reads a collective table, so a locked ``memory_collectivefact`` cannot stall it).

Open trust conflicts are governance's rows (``governance_trustconflict``): they are read here, in
the same statement, by table name only — memory imports nothing of governance for it.

Both statements also return one **gate row** (layer ``'g'``, :class:`GateRow`): what stops or
filters a read about the person, read in the same snapshot as the candidates — the subject's id,
its active restrictions and objections (``governance_restriction``, not lifted), how many of its
erasures are pending (``governance_datasubjectrequest``, the partial index's condition), and a
stamp of the active sharing policy (version + a digest of its rules). Recall used to read the
first three with three more queries before the statement (``memory.selectors.collective.
subject_gate``); the stamp lets its per-process policy copy be exact instead of up to 5 s old.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime

import psycopg

from config.db import allow_explicit_prepare, raw_query
from governance.selectors.erasure import WITHHOLDING_STATUSES
from governance.selectors.restrictions import ActiveRestrictions
from memory.retrieval import fusion
from memory.retrieval.lexical import QUERY_WORDS_CTE
from memory.services.search import PRIVATE_CTES, PRIVATE_ORDER

# The collective candidates: current facts about the subject with, over the fact's embedded
# evidence, the best cosine similarity to the query and the share of query words found
# (full-text, as for private rows); ordered by calibrated cosine + lexical share. A fact with no
# embedded evidence (a person's own correction) has no cosine: it counts as moderately relevant.
_FACTS_CTE = """
fc AS (
    SELECT f.id, f.importance, f.recorded_at,
           max(1 - (m.embedding <=> %(q)s::vector)) FILTER (WHERE %(q)s::vector IS NOT NULL) AS cosine,
           COALESCE((SELECT count(*) FROM qw WHERE EXISTS (
               SELECT 1 FROM memory_evidence e2 JOIN memory_memory m2 ON m2.id = e2.memory_id
               WHERE e2.fact_id = f.id AND m2.content_tsv @@ qw.q))::float8
               / NULLIF((SELECT count(*) FROM qw), 0), 0) AS lexical
    FROM memory_collectivefact f
    JOIN memory_subject s ON s.id = f.subject_id
    LEFT JOIN memory_evidence e ON e.fact_id = f.id
    LEFT JOIN memory_memory m ON m.id = e.memory_id AND m.embedding IS NOT NULL
    WHERE s.external_ref = %(subject)s AND f.status = 'current'
    GROUP BY f.id
)"""
COLLECTIVE_ORDER = f"({fusion.VECTOR_SQL}) + %(w_lex)s * r.lexical DESC, r.importance DESC, r.recorded_at DESC"

# The collective ranking on its own (the benchmarks' floor runs it).
COLLECTIVE_SQL = f"""
WITH {QUERY_WORDS_CTE.strip()},
{_FACTS_CTE.strip()}
SELECT r.id, r.cosine, r.lexical FROM fc AS r
ORDER BY {COLLECTIVE_ORDER}
LIMIT %(k)s
"""

_PRIVATE_TOP = f"""
ptop AS (
    SELECT id, relevance, cosine, lexical, confidence, recency FROM scored
    ORDER BY {PRIVATE_ORDER} LIMIT %(k)s
),
pord AS (SELECT ptop.*, row_number() OVER (ORDER BY {PRIVATE_ORDER}) AS ord FROM ptop)"""

# Columns (both parts): layer, ord, id, cosine, lexical, relevance, confidence, recency, text, kind,
# trust, recorded_at, valid_from, valid_to, last_confirmed_at, observed_at, last_accessed_at,
# conflict, lineage, subject_id, category, domains, support_agents, support_lineages,
# support_sessions, first_evidence_at, own_evidence.
_PRIVATE_SELECT = """
SELECT 'p'::text, p.ord, p.id, p.cosine, p.lexical::float8, p.relevance::float8, p.confidence::float8,
       p.recency::float8, m.content, m.kind::text, m.trust::text, m.recorded_at, m.valid_from, m.valid_to,
       m.last_confirmed_at, m.observed_at, m.last_accessed_at,
       (SELECT CASE WHEN t.kept_memory_id = p.id THEN t.challenger_memory_id ELSE t.kept_memory_id END
        FROM governance_trustconflict t
        WHERE t.status = 'open' AND (t.kept_memory_id = p.id OR t.challenger_memory_id = p.id)
        ORDER BY t.created_at DESC LIMIT 1),
       NULL::uuid, m.subject_id, NULL::text, NULL::varchar[], NULL::int, NULL::int, NULL::int,
       NULL::timestamptz, NULL::uuid[]
FROM pord p JOIN memory_memory m ON m.id = p.id"""

# The gate row, in the columns above: subject id (``id``), policy stamp (``text``), this
# statement's snapshot (``kind``: what recall's result cache checks changes against), active
# restrictions as ``kind:target`` (``domains``), pending erasures (``support_agents``). Always one
# row: an unknown subject has a NULL id, no restriction and no erasure.
_PENDING = ", ".join(f"'{status}'" for status in WITHHOLDING_STATUSES)
_GATE_SELECT = f"""
SELECT 'g'::text, 0::bigint, j.id, NULL::float8, 0::float8, NULL::float8, NULL::float8, NULL::float8,
       (SELECT p.version || ':' || md5(p.rules::text) FROM governance_policy p WHERE p.active),
       pg_current_snapshot()::text, NULL::text, NULL::timestamptz, NULL::timestamptz, NULL::timestamptz, NULL::timestamptz,
       NULL::timestamptz, NULL::timestamptz, NULL::uuid, NULL::uuid, NULL::uuid, NULL::text,
       ARRAY(SELECT r.kind || ':' || r.target FROM governance_restriction r
             WHERE r.subject_id = j.id AND r.lifted_at IS NULL)::varchar[],
       (SELECT count(*) FROM governance_datasubjectrequest d
        WHERE d.type = 'erasure' AND d.status IN ({_PENDING}) AND d.subject_id = j.id)::int,
       NULL::int, NULL::int, NULL::timestamptz, NULL::uuid[]
FROM (SELECT 1) AS one LEFT JOIN memory_subject j ON j.external_ref = %(subject)s"""

PRIVATE_SQL = f"""
WITH {PRIVATE_CTES.strip()},
{_PRIVATE_TOP.strip()}
{_PRIVATE_SELECT.strip()}
UNION ALL
{_GATE_SELECT.strip()}
"""

RECALL_SQL = f"""
WITH {PRIVATE_CTES.strip()},
{_PRIVATE_TOP.strip()},
{_FACTS_CTE.strip()},
ctop AS (SELECT r.id, r.cosine, r.lexical, r.importance, r.recorded_at FROM fc AS r
         ORDER BY {COLLECTIVE_ORDER} LIMIT %(k)s),
cord AS (SELECT r.id, r.cosine, r.lexical, row_number() OVER (ORDER BY {COLLECTIVE_ORDER}) AS ord FROM ctop AS r)
{_PRIVATE_SELECT.strip()}
UNION ALL
SELECT 'c'::text, c.ord, c.id, c.cosine, c.lexical::float8, NULL::float8, f.confidence::float8, NULL::float8,
       f.statement, 'fact'::text, f.trust::text, f.recorded_at, f.valid_from, f.valid_to, f.last_confirmed_at,
       NULL::timestamptz, NULL::timestamptz, NULL::uuid, f.lineage, f.subject_id, f.category::text, f.domains,
       f.support_agents, f.support_lineages, f.support_sessions, f.first_evidence_at,
       ARRAY(SELECT e.memory_id FROM memory_evidence e WHERE e.fact_id = f.id AND e.agent_id = %(agent)s)
FROM cord c JOIN memory_collectivefact f ON f.id = c.id
UNION ALL
{_GATE_SELECT.strip()}
"""


def execute_prepared(cursor: psycopg.RawCursor, sql: str, params: dict[str, object]) -> None:
    """Run ``sql`` as a server-side prepared statement (binary results) on a raw cursor.

    Planning these statements costs ~2.6 ms of a ~4.4 ms run; prepared with a generic plan they run
    in ~1.6 ms with identical rows (docs/performance.md, "Recall: prepared statements"). Django
    leaves ``prepare_threshold`` at None (nothing is ever prepared); a huge threshold instead
    prepares only what asks explicitly (``prepare=True``), so Django's own queries are unchanged.
    The statement is converted to ``$n`` placeholders once per process (``config.db.raw_query``)."""
    allow_explicit_prepare(cursor.connection)
    query, names = raw_query(sql)
    cursor.execute(query, [params[name] for name in names], binary=True, prepare=True)


@dataclass(frozen=True)
class PrivateRow:
    """One of the caller's memories as recall ranks and shows it."""

    ord: int
    id: uuid.UUID
    cosine: float | None
    lexical: float
    relevance: float
    confidence: float
    recency: float
    text: str
    kind: str
    trust: str
    recorded_at: datetime
    valid_from: datetime | None
    valid_to: datetime | None
    last_confirmed_at: datetime
    observed_at: datetime
    last_accessed_at: datetime
    conflict: uuid.UUID | None


@dataclass(frozen=True)
class FactRow:
    """One current collective fact about the subject, with the caller's own evidence of it."""

    ord: int
    id: uuid.UUID
    cosine: float | None
    lexical: float
    confidence: float
    statement: str
    trust: str
    recorded_at: datetime
    valid_from: datetime
    valid_to: datetime | None
    last_confirmed_at: datetime | None
    lineage: uuid.UUID
    subject_id: uuid.UUID
    category: str
    domains: list[str]
    support_agents: int
    support_lineages: int
    support_sessions: int
    first_evidence_at: datetime | None
    own_evidence: list[uuid.UUID]


@dataclass(frozen=True)
class GateRow:
    """The person's gate as the statement read it (see the module docstring)."""

    subject_id: uuid.UUID | None
    policy_stamp: str | None
    restrictions: ActiveRestrictions
    pending_erasures: int
    snapshot: str | None = None  # ``pg_current_snapshot()`` of the statement (memory.services.recall_cache)


def _gate(row: tuple) -> GateRow:
    # The same grouping as ``governance.selectors.restrictions.restrictions_active`` (a test
    # compares the two on every kind).
    by_kind: dict[str, set[str]] = {"agent": set(), "fact": set(), "purpose": set()}
    for entry in row[21] or ():
        kind, _, target = entry.partition(":")
        by_kind.setdefault(kind, set()).add(target)
    restrictions = ActiveRestrictions(agents=frozenset(by_kind["agent"]), lineages=frozenset(by_kind["fact"]),
                                      purposes=frozenset(by_kind["purpose"]))
    return GateRow(subject_id=row[2], policy_stamp=row[8], restrictions=restrictions,
                   pending_erasures=int(row[22] or 0), snapshot=row[9])


def split_rows(rows: list[tuple]) -> tuple[list[PrivateRow], list[FactRow], GateRow | None]:
    """The statement's rows as the two parts, each in its rank order, and the gate row."""
    private, facts = [], []
    gate = None
    for row in rows:
        if row[0] == "g":
            gate = _gate(row)
        elif row[0] == "p":
            private.append(PrivateRow(int(row[1]), row[2], None if row[3] is None else float(row[3]), float(row[4]),
                                      float(row[5]), float(row[6]), float(row[7]), *row[8:18]))
        else:
            facts.append(FactRow(int(row[1]), row[2], None if row[3] is None else float(row[3]), float(row[4]),
                                 float(row[6]), row[8], row[10], row[11], row[12], row[13], row[14], *row[18:27]))
    private.sort(key=lambda r: r.ord)
    facts.sort(key=lambda r: r.ord)
    return private, facts, gate
