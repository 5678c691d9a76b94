"""Step 7 — depend on evidence (DESIGN §5.7).

A current version that no cluster supports any more this run (its evidence was erased, expired,
disputed or restricted, so step 3 or 4 no longer carries it) and that step 5 did not keep closes
as ``unsupported`` and stops being served. Versions the person asserted never depend on agents'
evidence (step 5 keeps them).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from memory.consolidation.validity import fact_close
from memory.models import CollectiveFact

if TYPE_CHECKING:  # the context's type only; run.py imports this module
    from memory.consolidation.run import RunContext


def close_unsupported(ctx: RunContext, existing: list[CollectiveFact]) -> None:
    """Close every still-current version of ``existing`` not in ``ctx.keep_ids``."""
    for fact in existing:
        if fact.pk in ctx.keep_ids or fact.status != CollectiveFact.Status.CURRENT:
            continue
        if CollectiveFact.objects.filter(pk=fact.pk, status=CollectiveFact.Status.CURRENT).exists():
            fact_close(ctx, fact, CollectiveFact.Status.UNSUPPORTED, reason="support_fell")
            ctx.stats["unsupported"] += 1
            ctx.decide("depend", "unsupported", inputs={"fact": str(fact.pk)}, reason="support_below_policy")
