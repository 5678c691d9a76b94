"""Step 4 — the purpose and category gate (DESIGN §5.4).

A corroborated cluster is shareable only when the policy shares its category, its predicate is
shareable, and no erasure suppressed its statement (a suppression key is a keyed hash of the
subject, key and value or statement). Special categories, credentials and secrets never pass.

What the content revealed outranks what was declared: a cluster with any
member the special-category detector flagged (``Memory.special_category``, set on the write and by
the embedding backfill) is never shareable (``special_category_content``), whatever category or
predicate the agents declared; nor is one with a member whose vector stage has not run yet
(``special_category_unchecked``: its embedding is still pending, e.g. the embedder was down — it
is shared at a later pass, once inspected). Doubtful stays private. A version such a cluster
supported is then kept by no cluster and closes at step 7. (A cluster that *declares* a special
category keeps the policy's reason, ``special_category``.)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from governance.selectors.suppressions import fact_suppression_key, suppressed_keys as suppressed_among
from memory.consolidation.clusters import Cluster

if TYPE_CHECKING:  # the context's type only; run.py imports this module
    from memory.consolidation.run import RunContext


SPECIAL_REASONS = ("special_category_content", "special_category_unchecked")


def special_reason(cluster: Cluster) -> str:
    """Why the members' content keeps the cluster private, or "" (ids and flags only are read)."""
    if any(m.special_category for m in cluster.members):
        return "special_category_content"
    if any(m.embedding_pending for m in cluster.members):
        return "special_category_unchecked"
    return ""


def gate(ctx: RunContext, cluster: Cluster, suppressed: set[str]) -> None:
    """Set ``cluster.shareable`` and its reason; a corroborated cluster's verdict is a Decision, and
    so is every refusal for the members' content (corroborated or not)."""
    shareable, reason = ctx.policy.category_shareable(cluster.category)
    content_reason = special_reason(cluster) if reason != "special_category" else ""  # declared: already said
    if content_reason:
        shareable, reason = False, content_reason
    if shareable and cluster.predicate is not None and not cluster.predicate.shareable:
        shareable, reason = False, "predicate_not_shareable"
    if shareable and suppression_key(ctx, cluster) in suppressed:
        shareable, reason = False, "suppressed_after_erasure"
    cluster.shareable, cluster.gate_reason = shareable, reason
    if cluster.corroborated or reason in SPECIAL_REASONS:
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
