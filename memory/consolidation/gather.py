"""Step 1 — gather: the subject's live private facts across every space, read-only (DESIGN §5.1).

Pending embeddings were computed by the entry (``run.consolidation_run_subject``) before the run's
transaction, so a run never depends on the embedding task's timing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from memory.models import Memory

if TYPE_CHECKING:  # the context's type only; run.py imports this module
    from memory.consolidation.run import RunContext


def gather(ctx: RunContext) -> list[Memory]:
    """Active, unquarantined, unexpired, non-ephemeral facts about the subject, oldest first."""
    memories = list(
        Memory.objects.filter(subject=ctx.subject, kind=Memory.Kind.FACT, status=Memory.Status.ACTIVE,
                              quarantined=False)
        .exclude(trust=Memory.Trust.EPHEMERAL)
        .exclude(expires_at__lte=ctx.now)
        .select_related("agent", "predicate")
        .defer("content_tsv")
        .order_by("recorded_at", "pk"))
    ctx.decide("gather", "gathered", inputs={"memories": len(memories)})
    return memories
