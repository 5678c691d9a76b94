"""Step 4 — the purpose and category gate (DESIGN §5.4).

A corroborated cluster is shareable only when the policy shares its category, its predicate is
shareable, and no erasure suppressed its statement (a suppression key is a keyed hash of the
subject, key and value or statement). Special categories, credentials and secrets never pass.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from governance.selectors.suppressions import fact_suppression_key, suppressed_keys as suppressed_among
from memory.consolidation.clusters import Cluster

if TYPE_CHECKING:  # the context's type only; run.py imports this module
    from memory.consolidation.run import RunContext


def gate(ctx: RunContext, cluster: Cluster, suppressed: set[str]) -> None:
    """Set ``cluster.shareable`` and its reason; a corroborated cluster's verdict is a Decision."""
    shareable, reason = ctx.policy.category_shareable(cluster.category)
    if shareable and cluster.predicate is not None and not cluster.predicate.shareable:
        shareable, reason = False, "predicate_not_shareable"
    if shareable and suppression_key(ctx, cluster) in suppressed:
        shareable, reason = False, "suppressed_after_erasure"
    cluster.shareable, cluster.gate_reason = shareable, reason
    if cluster.corroborated:
        ctx.decide("gate", "pass" if shareable else "blocked",
                   inputs={"memories": cluster.member_ids, "category": cluster.category}, reason=reason)
        if not shareable:
            ctx.stats[f"gate_{reason}"] += 1


def suppression_key(ctx: RunContext, cluster: Cluster) -> str:
    return fact_suppression_key(subject_ref=ctx.subject.external_ref, key=cluster.key, value=cluster.value,
                                     statement=cluster.statement)


def suppressed_keys(ctx: RunContext, clusters: list[Cluster]) -> set[str]:
    """The clusters' keys that an erasure suppressed: one query per run, not per cluster."""
    keys = [suppression_key(ctx, c) for c in clusters]
    return suppressed_among(keys) if keys else set()
