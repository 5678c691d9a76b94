"""Batched embedding of memories whose vector is pending (never on the request path).

The embedding's UPDATE also carries the special-category detector's vector stage
(``memory.services.special_category.special_update_fields``): a memory is never embedded without
having been inspected, and consolidation (which runs this first, then refuses anything still
pending) never shares a memory before both detector stages ran. The instruction detector's vector
stage (``memory.services.quarantine.quarantine_by_vector``) runs right after each batch's UPDATE,
so a memory it quarantines is out of the pass that embedded it. Inferred claims
(``memory.services.claims``) are computed per batch and written with each row's UPDATE.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from django.db import transaction

from config.actors import Actor
from memory.claims import CLAIM_KINDS
from memory.embedding import EmbeddingError, get_embedder
from memory.models import Memory
from memory.services.claims import claims_infer_for_batch, claims_store_inferred
from memory.services.quarantine import quarantine_by_vector
from memory.services.special_category import special_update_fields

logger = logging.getLogger(__name__)
BACKFILL = Actor.system("embedding_backfill")


@dataclass(frozen=True)
class EmbedReport:
    embedded: int
    failed_batches: int
    remaining: int


def memory_embed_pending(*, batch_size: int = 32, max_batches: int = 50,
                         subject_id: object | None = None) -> EmbedReport:
    """Embed pending memories in batches, oldest first.

    No row locks are held while the model runs: each batch is read, embedded, then written only
    where the content hash is unchanged and the row is still pending (a concurrent status update
    re-marks its row pending and wins). An embedder failure leaves rows pending for the next sweep.
    The vector stage's finding (if any) is written by the same UPDATE, never over a lexical one.
    """
    embedder = get_embedder()
    embedded = failed = 0
    for _ in range(max_batches):
        pending = Memory.objects.filter(embedding_pending=True)
        if subject_id is not None:
            pending = pending.filter(subject_id=subject_id)
        batch = list(pending.order_by("recorded_at").values_list(
            "pk", "content", "content_sha256", "kind", "predicate_id", "quarantined")[:batch_size])
        if not batch:
            break
        try:
            vectors = embedder.embed_passages([row[1] for row in batch])
            # Inferred claims (memory.claims) for claim-less facts and statuses, before the batch counts
            # as embedded: consolidation never sees an embedded memory whose claims were not resolved.
            inferred = claims_infer_for_batch(embedder=embedder, rows=[
                (pk, content, kind in CLAIM_KINDS and predicate_id is None and not quarantined, vector)
                for (pk, content, _, kind, predicate_id, quarantined), vector in zip(batch, vectors, strict=True)])
        except EmbeddingError:
            failed += 1
            logger.error("embedding failed for a batch of %d memories; left pending", len(batch))
            break
        stored = []
        for (pk, _, digest, *_), vector in zip(batch, vectors, strict=True):
            with transaction.atomic():
                if Memory.objects.filter(pk=pk, content_sha256=digest, embedding_pending=True).update(
                        embedding=vector, embedding_pending=False, embedding_model=embedder.name[:100],
                        **special_update_fields(vector)):
                    stored.append((pk, vector))
                    if pk in inferred:
                        claims_store_inferred(memory_id=pk, claims=inferred[pk])
        embedded += len(stored)
        # The instruction detector's vector stage: quarantines what the write path's rules missed.
        quarantine_by_vector(actor=BACKFILL, memory_ids_and_vectors=stored)
    remaining = Memory.objects.filter(embedding_pending=True).count()
    return EmbedReport(embedded=embedded, failed_batches=failed, remaining=remaining)
