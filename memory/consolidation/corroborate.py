"""Step 3 — corroborate independently: count distinct roots, never rows (DESIGN §5.3).

A member's root is its ``origin_ref`` (two agents hearing one utterance are one root), else the
memory itself. Evidence does not count when its agent is restricted, when step 6 found it an
echo (``echo.discounts``, computed by ``run.run`` just before this step, because support is
counted only over evidence that is no echo), or when its root was already counted. Then one
``verified`` root suffices; otherwise, among counted roots, at least ``k`` distinct *lineages*
(``Agent.lineage``: agents of one operator, model pipeline or feed are one source, so five agents
of one lineage never corroborate each other), at least ``m`` distinct (lineage, session) pairs,
and one root above ``inferred``. One lineage's sessions count towards ``m`` (the claim was made on
different occasions) but never towards ``k``; ``agents`` is reported beside ``lineages``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from memory.consolidation.clusters import Cluster
from memory.models import Evidence, Memory
from memory.trust import RANK as TRUST_RANK

if TYPE_CHECKING:  # the context's type only; run.py imports this module
    from memory.consolidation.run import RunContext


def corroborate(ctx: RunContext, cluster: Cluster, echoes: Mapping[Any, str]) -> None:
    """Weigh each member as evidence (``cluster.evidence``), then decide whether the cluster is
    corroborated and at which tier (``cluster.corroborated``, ``cluster.trust``)."""
    seen_roots: set[str] = set()
    for memory in sorted(cluster.members, key=lambda m: (m.recorded_at, m.pk)):
        root = memory.origin_ref or f"{memory.agent_id}:{memory.session_id}:{memory.pk}"
        echo = echoes.get(memory.pk, "")
        if ctx.restrictions.blocks_agent(memory.agent_id):
            reason = Evidence.Discount.RESTRICTED
        elif echo and echo != Evidence.Discount.ECHO_TIMING:
            reason = echo
        elif root in seen_roots:
            reason = Evidence.Discount.SAME_ROOT
        else:
            reason = echo  # the timing rule yields to same_root
        counted = reason == ""
        if counted:
            seen_roots.add(root)
        else:
            ctx.stats[f"discount_{reason}"] += 1
        cluster.evidence.append((memory, root, counted, reason))
    counted_rows = cluster.counted
    agents = {m.agent_id for m, _, _, _ in counted_rows}
    lineages = {lineage_of(m) for m, _, _, _ in counted_rows}
    sessions = {(lineage_of(m), m.session_id) for m, _, _, _ in counted_rows}
    best = max((TRUST_RANK[m.trust] for m, _, _, _ in counted_rows), default=0)
    cluster.trust = str(next(t for t, r in TRUST_RANK.items() if r == best)) if counted_rows else "inferred"
    if best >= TRUST_RANK["verified"]:
        cluster.corroborated, reason = True, "verified_root"
    elif len(lineages) >= ctx.policy.k_agents and len(sessions) >= ctx.policy.m_sessions \
            and best > TRUST_RANK["inferred"]:
        cluster.corroborated, reason = True, "independent_roots"
    else:
        cluster.corroborated = False
        reason = ("too_few_agents" if len(agents) < ctx.policy.k_agents
                  else "too_few_lineages" if len(lineages) < ctx.policy.k_agents
                  else "too_few_sessions" if len(sessions) < ctx.policy.m_sessions else "no_root_above_inferred")
    ctx.decide("corroborate", "corroborated" if cluster.corroborated else "insufficient",
               inputs={"memories": cluster.member_ids, "roots": len(seen_roots), "agents": len(agents),
                       "lineages": len(lineages), "sessions": len(sessions)}, reason=reason)


def lineage_of(memory: Memory) -> str:
    """The evidence source a memory's writer belongs to (its own slug unless an operator grouped it)."""
    return memory.agent.lineage or memory.agent.slug
