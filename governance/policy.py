"""The sharing policy (DESIGN §5 step 4, API.md "Default policy"), read at run time.

``DEFAULT_RULES`` is what a fresh install and the demo use; it is stored as policy
``DEFAULT_VERSION`` by a migration (0006; an install made before the candidate floor moved to
:data:`CANDIDATE_SIMILARITY` has ``v1`` with :data:`PREVIOUS_CANDIDATE_SIMILARITY` and gets a new
version from migration 0014). Operators add a new version to change it; decisions keep the version
they used.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from governance.taxonomy import is_known_category, is_special_category

__all__ = ["SharingPolicy", "is_known_category", "is_special_category", "policy_current"]  # the category checks other apps use

#: The lowest embedding similarity at which a neighbour becomes a candidate pair for the judge
#: chain (``memory.consolidation.group``). Below it no judge of the default chain can make a pair
#: count: only EQUIVALENT merges, an UNSURE opens a review item only at ``review_similarity``
#: (0.88), and the chain's similarity judge acts (merges, or answers UNSURE) only from its lowest
#: threshold minus its review band — ES↔EN 0.86 − 0.01 = 0.85 (``SimilarityJudge``'s defaults;
#: tests/governance/test_policy.py fails if they move without this). The rules' judge could merge
#: lexically lower, but over every spent free-text source it said EQUIVALENT, UNSURE or ENTAILS
#: to none of the candidate pairs at 0.80–0.85 (``scripts/candidate_floor.py``). Pairs below the
#: floor were judged for nothing but a Decision row. With an LLM judge or the learned pair model
#: in the chain (both off by default) an operator may want a lower floor: a new policy version.
CANDIDATE_SIMILARITY = 0.85
#: The floor policy ``v1`` shipped with (migration 0014 moves an install still on it).
PREVIOUS_CANDIDATE_SIMILARITY = 0.80

DEFAULT_VERSION = "v2"
DEFAULT_RULES: dict[str, object] = {
    "k_agents": 2,
    "m_sessions": 2,
    # Continuity categories: declared identity, interaction preferences, projects, operational
    # constraints, language and style.
    "shareable_categories": ["user.name", "user.demographic.language", "user.behavior", "user.workplace",
                             "user.job_title"],
    "receiving_purposes": ["essential.service"],
    "domain_compatibility": {"work": ["support"], "support": ["work"], "health": []},
    "review_similarity": 0.88,
    "candidate_similarity": CANDIDATE_SIMILARITY,
    "budget": {"max_candidates": 5000, "max_judge_calls": 2000, "max_seconds": 20},
}


@dataclass(frozen=True)
class SharingPolicy:
    version: str
    k_agents: int
    m_sessions: int
    shareable_categories: frozenset[str]
    receiving_purposes: frozenset[str]
    domain_compatibility: dict[str, frozenset[str]] = field(default_factory=dict)
    review_similarity: float = 0.88
    candidate_similarity: float = CANDIDATE_SIMILARITY
    budget: dict[str, float] = field(default_factory=dict)

    @classmethod
    def from_rules(cls, version: str, rules: dict) -> SharingPolicy:
        merged = {**DEFAULT_RULES, **rules}
        return cls(
            version=version,
            k_agents=int(merged["k_agents"]),
            m_sessions=int(merged["m_sessions"]),
            shareable_categories=frozenset(merged["shareable_categories"]),
            receiving_purposes=frozenset(merged["receiving_purposes"]),
            domain_compatibility={k: frozenset(v) for k, v in dict(merged["domain_compatibility"]).items()},
            review_similarity=float(merged["review_similarity"]),
            candidate_similarity=float(merged["candidate_similarity"]),
            budget=dict(merged["budget"]),
        )

    # -- the category gate ------------------------------------------------------------------
    def category_shareable(self, category: str) -> tuple[bool, str]:
        """(shareable?, reason code). Special categories and secrets never; unknown stays private."""
        if not category:
            return False, "no_category"
        if is_special_category(category):
            return False, "special_category"
        if any(category == c or category.startswith(c + ".") for c in self.shareable_categories):
            return True, "continuity_category"
        return False, "category_not_shareable"

    # -- receiving --------------------------------------------------------------------------
    def purpose_receives(self, purposes: Iterable[str]) -> bool:
        return any(p == r or p.startswith(r + ".") for p in purposes for r in self.receiving_purposes)

    def domain_receives(self, agent_domain: str, fact_domains: Iterable[str]) -> bool:
        """A reader receives a fact only when every domain among its counted evidence is the
        reader's own or lists the reader's as compatible (``domain_compatibility``): evidence from
        ``work`` and ``support`` reaches work and support readers, never a ``health`` one. A fact
        with no recorded evidence domain restricts nothing here (the other gates still apply)."""
        return all(origin == agent_domain or agent_domain in self.domain_compatibility.get(origin, frozenset())
                   for origin in set(fact_domains))


_CACHE: dict[str, tuple[float, SharingPolicy]] = {}
CACHE_SECONDS = 5.0


def policy_cache_clear() -> None:
    """Forget this process's cached copy (after a new version is published)."""
    _CACHE.clear()


def policy_current(*, fresh: bool = False) -> SharingPolicy:
    """The active policy. Read paths may use a copy up to 5 s old (one query less per request);
    consolidation asks for ``fresh`` so every Decision records the version really in force."""
    import time

    # local import: the policy's value types stay importable without the app registry (seed, migrations)
    from governance.models import Policy

    cached = _CACHE.get("active")
    if not fresh and cached is not None and time.monotonic() - cached[0] < CACHE_SECONDS:
        return cached[1]
    row = Policy.objects.filter(active=True).first()
    policy = SharingPolicy.from_rules(DEFAULT_VERSION, {}) if row is None else SharingPolicy.from_rules(
        row.version, row.rules)
    _CACHE["active"] = (time.monotonic(), policy)
    return policy
