"""Step 6 — block echoes: evidence that restates the collective layer is not counted (DESIGN §5.6).

A member of a cluster is an echo when it

* declares ``derived_from`` (a restatement, by its own account);
* is ``asserted_by=agent`` (an agent's conclusion, not something the person said);
* was recorded after its (agent, session) was served the cluster's lineage (the read-log rule,
  :func:`first_reads`); or
* was recorded after the lineage became receivable by its agent and carries no origin of its own
  (the timing rule, :func:`readable_since`).

The verdicts are an input of step 3: ``run.run`` asks :func:`discounts` for each cluster just
before ``corroborate.corroborate`` counts its roots, and the counting applies them in this order
of precedence — restricted (3), the declared and read-log echoes above, same root (3), then the
timing echo. (The timing rule's "no independent root" cannot be met by a root already counted:
such a memory is discounted as ``same_root`` first, so only "no origin" remains to check here.)
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import TYPE_CHECKING, Any

from memory.consolidation.clusters import Cluster
from memory.models import CollectiveFact, Evidence, Memory, ReadLog

if TYPE_CHECKING:  # the context's type only; run.py imports this module
    from memory.consolidation.run import RunContext


def discounts(ctx: RunContext, cluster: Cluster) -> dict[Any, str]:
    """Each echoing member's discount reason, by memory id (members absent here are no echo)."""
    lineage = cluster.matched.lineage if cluster.matched is not None else None
    since = readable_since(ctx, lineage) if lineage else {}
    first_read = first_reads(ctx, lineage, cluster.members) if lineage else {}
    found: dict[Any, str] = {}
    for memory in cluster.members:
        if memory.derived_from:
            found[memory.pk] = Evidence.Discount.DERIVED_FROM
        elif memory.asserted_by == Memory.AssertedBy.AGENT:
            found[memory.pk] = Evidence.Discount.AGENT_ASSERTED
        elif first_read.get((memory.agent_id, memory.session_id), ctx.now) < memory.recorded_at:
            found[memory.pk] = Evidence.Discount.ECHO_READ_LOG
        elif memory.agent_id in since and memory.recorded_at >= since[memory.agent_id] and not memory.origin_ref:
            found[memory.pk] = Evidence.Discount.ECHO_TIMING
    return found


def readable_since(ctx: RunContext, lineage: Any) -> dict[int, datetime]:
    """When the lineage first became receivable, per agent that may receive it (timing rule)."""
    first = CollectiveFact.objects.filter(subject=ctx.subject, lineage=lineage).order_by("recorded_at").first()
    if first is None:
        return {}
    return {agent.pk: first.recorded_at for agent in ctx.active_agents
            if ctx.policy.purpose_receives(agent.purposes) and ctx.policy.domain_receives(agent.domain,
                                                                                           first.domains)}


def first_reads(ctx: RunContext, lineage: Any, members: Iterable[Memory]) -> dict[tuple[int, str], datetime]:
    """When each (agent, session) of the cluster was first served this lineage (read-log rule)."""
    keys = {(m.agent_id, m.session_id) for m in members}
    reads = ReadLog.objects.filter(subject=ctx.subject, lineage=lineage,
                                   agent_id__in={a for a, _ in keys}).values_list("agent_id", "session_id",
                                                                                  "served_at")
    first: dict[tuple[int, str], datetime] = {}
    for agent_id, session_id, served_at in reads:
        if (agent_id, session_id) in keys:
            current = first.get((agent_id, session_id))
            first[(agent_id, session_id)] = min(served_at, current) if current else served_at
    return first
