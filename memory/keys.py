"""Every Redis key the memory layer owns, in one place (the embedding query cache keeps its own).

Redis holds only prompts to act soon; the database stays the source of truth for pending work
(``Memory.embedding_pending``, ``Subject.consolidation_requested_at``), so losing a key delays
work and loses nothing.
"""

from __future__ import annotations

# Debounce of the batched embedding task: at most one publish per window; the running backfill
# clears it before its last look for pending rows (memory.services.embedding_backfill).
EMBED_DEBOUNCE_KEY = "quorum:embed:scheduled"


def consolidation_debounce_key(subject_id: object) -> str:
    """Debounce of one subject's incremental pass: a burst of writes becomes one pass."""
    return f"quorum:consolidate:{subject_id}"
