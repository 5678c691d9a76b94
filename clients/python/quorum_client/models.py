"""Typed answers of the agent endpoints (/api/v1/, API.md "Agent endpoints").

Every model accepts fields it does not declare (``extra="allow"``; read them as attributes or via
``model_extra``), so a server that adds a field never breaks the client. Fields without a default are
the ones the API always sends; ``tests/clients/test_schema.py`` checks every field against the
server's live OpenAPI schema, so a server change that would break this client fails CI.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import BaseModel, ConfigDict


class QuorumModel(BaseModel):
    model_config = ConfigDict(extra="allow", frozen=True)


class AgentIdentity(QuorumModel):
    slug: str
    role: str
    domain: str
    purposes: list[str]
    lineage: str = ""
    verified_channel: bool = False


class Me(QuorumModel):
    """``GET me``."""

    agent: AgentIdentity


class Memory(QuorumModel):
    """One of the caller's private memories (``GET memories/{id}``, items of ``GET memories``)."""

    id: str
    subject: str
    kind: str
    content: str
    status: str
    trust: str
    session_id: str
    key: str = ""
    predicate: str | None = None
    value: Any = None
    reasoning: str = ""
    category: str = ""
    asserted_by: str | None = None
    origin_ref: str = ""
    derived_from: str = ""
    observed_at: datetime | None = None
    valid_from: datetime | None = None
    valid_to: datetime | None = None
    recorded_at: datetime | None = None
    expires_at: datetime | None = None
    last_confirmed_at: datetime | None = None
    importance: float | None = None
    confidence: float | None = None
    quarantined: bool = False
    special_category: str | None = None
    redactions: int = 0
    supersedes: str | None = None
    embedded: bool | None = None


class MemoryCreated(Memory):
    """``POST memories``: the stored memory (``content`` after scrubbing) and what the write did."""

    deduplicated: bool
    conflict: int | None = None


class MemoryPage(QuorumModel):
    """One page of ``GET memories`` (``Quorum.memories`` iterates the pages for you)."""

    count: int
    next: str | None
    previous: str | None
    results: list[Memory]


class SearchHit(Memory):
    score: float
    similarity: float | None = None
    matched: str | None = None


class SearchResults(QuorumModel):
    """``POST memories/search``."""

    results: list[SearchHit]
    degraded: bool = False


class Corroboration(QuorumModel):
    """How many agents and sessions back a collective fact (``lineages`` too, as an extra field,
    where the server sends it: recall items do, ``GET collective/facts`` does not yet)."""

    agents: int
    sessions: int
    first_seen: datetime | None = None
    last_confirmed: datetime | None = None


class RecallItem(QuorumModel):
    layer: str
    id: str
    text: str
    kind: str
    trust: str
    score: float
    confidence: float
    conflict: str | None = None
    corroboration: Corroboration | None = None
    relevance: float | None = None
    recorded_at: datetime | None = None
    valid_from: datetime | None = None
    valid_to: datetime | None = None
    last_confirmed: datetime | None = None
    also_private: bool | None = None


class Recall(QuorumModel):
    """``POST recall``."""

    items: list[RecallItem]
    degraded: bool
    generated_at: datetime
    omitted: int = 0


class BriefingItem(QuorumModel):
    """One change; kind-specific keys follow as extra fields."""

    change: str
    text: str
    importance: float
    at: datetime
    id: str | None = None
    layer: str | None = None
    subject: str | None = None


class Briefing(QuorumModel):
    """``GET briefing``."""

    since: datetime | None
    items: list[BriefingItem]


class SessionEnded(QuorumModel):
    """``POST sessions/{session_id}/end``."""

    decision_id: str
    candidates: list[str] = []
    expired: int = 0


class CollectiveFact(QuorumModel):
    id: str
    statement: str
    value: Any
    status: str
    valid_from: datetime | None
    valid_to: datetime | None
    recorded_at: datetime
    corroboration: Corroboration
    predicate: str | None = None
    closed_at: datetime | None = None
    trust: str | None = None
    confidence: float | None = None


class CollectiveFacts(QuorumModel):
    """``GET collective/facts``."""

    facts: list[CollectiveFact]


class Predicate(QuorumModel):
    key: str
    label: str
    category: str
    cardinality: str
    shareable: bool
    ttl: int | None
    high_impact: bool | None = None


class Predicates(QuorumModel):
    """``GET predicates``."""

    predicates: list[Predicate]


class Stats(QuorumModel):
    """``GET stats``: ``memories`` is kind → status → count."""

    memories: dict[str, dict[str, int]]
    collective_facts: int


class ActionDecision(QuorumModel):
    """``POST actions/check``."""

    decision: str
    reason: str
    fact_id: str | None = None
