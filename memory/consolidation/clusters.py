"""The cluster: memories of one subject judged equivalent (step 2), and what later steps learn.

``cluster_describe`` gives a cluster its key, category, value and minimal statement (from its
representative, or from the claim its members share: then the predicate gives key and category); ``clusters_match`` binds each existing collective version to the cluster that
shares most of its evidence, so steps 3–7 work on "this version's support now".
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

from governance.selectors.predicates import predicate_is_single
from memory.models import CollectiveFact, Memory
from memory.trust import RANK as TRUST_RANK

if TYPE_CHECKING:  # annotations only: the registry row a cluster's key names
    from governance.models import Predicate
    from memory.models import MemoryClaim

# One piece of evidence: the memory, its root, whether it counts, and why not (a discount reason).
EvidenceRow = tuple[Memory, str, bool, str]


@dataclass
class Cluster:
    members: list[Memory]
    claim: MemoryClaim | None = None  # the claim every claim-making member makes (step 2), if any
    key: str = ""
    predicate: Predicate | None = None
    category: str = ""
    single: bool = False
    value: Any = None
    statement: str = ""
    matched: CollectiveFact | None = None
    evidence: list[EvidenceRow] = field(default_factory=list)  # set by step 3
    corroborated: bool = False
    shareable: bool = False
    gate_reason: str = ""
    trust: str = "inferred"

    @property
    def ids(self) -> set[Any]:
        return {m.pk for m in self.members}

    @property
    def member_ids(self) -> list[str]:
        """The members' ids as a Decision records them."""
        return sorted(str(m.pk) for m in self.members)

    @property
    def counted(self) -> list[EvidenceRow]:
        return [e for e in self.evidence if e[2]]

    @property
    def valid_time(self) -> datetime:
        times = [m.valid_from or m.observed_at for m, _, ok, _ in self.evidence if ok] or \
                [m.valid_from or m.observed_at for m in self.members]
        return max(times)


def cluster_describe(cluster: Cluster) -> None:
    """Key, category, single-valuedness, value and statement, from the members."""
    predicates = Counter(m.predicate_id for m in cluster.members if m.predicate_id)
    claim = cluster.claim
    if claim is not None and (not predicates or set(predicates) == {claim.predicate_id}):
        # About one claim: the predicate names the key and the category (so the gate can pass).
        cluster.predicate, cluster.key, cluster.category = claim.predicate, claim.predicate.key, claim.category
        cluster.single = predicate_is_single(claim.predicate)
    elif predicates:
        predicate_id = predicates.most_common(1)[0][0]
        cluster.predicate = next(m.predicate for m in cluster.members if m.predicate_id == predicate_id)
        cluster.key = cluster.predicate.key
        cluster.category = cluster.predicate.category
        cluster.single = predicate_is_single(cluster.predicate)
    else:
        keys = Counter(m.key for m in cluster.members if m.key)
        cluster.key = keys.most_common(1)[0][0] if keys else "free"
        categories = Counter(m.category for m in cluster.members if m.category)
        cluster.category = categories.most_common(1)[0][0] if categories else ""
    # The representative: highest tier, then the person's own words, then the earliest.
    rep = sorted(cluster.members, key=lambda m: (-TRUST_RANK[m.trust], m.asserted_by != "user",
                                                  m.recorded_at))[0]
    cluster.value = rep.value
    if claim is not None and cluster.predicate is not None and cluster.predicate.pk == claim.predicate_id \
            and rep.value in (None, "", [], {}):
        cluster.value = claim.value  # the representative's words say it; the claim gives the value
    if cluster.predicate is not None and cluster.value not in (None, "", [], {}):
        cluster.statement = f"{cluster.predicate.label}: {_format_value(cluster.value)}"
    else:
        cluster.statement = rep.content


def clusters_match(clusters: list[Cluster], existing: list[CollectiveFact]) -> None:
    """Bind each existing version to the unbound cluster sharing most of its evidence (if any)."""
    taken: set[Any] = set()
    for fact in existing:
        support = {e.memory_id for e in fact.evidence.all()}
        best = max(clusters, key=lambda c: len(c.ids & support), default=None)
        if best is not None and best.ids & support and best.matched is None and fact.pk not in taken:
            best.matched = fact
            taken.add(fact.pk)


def _format_value(value: Any) -> str:
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    if isinstance(value, dict):
        return ", ".join(f"{k}={v}" for k, v in value.items())
    return str(value)
