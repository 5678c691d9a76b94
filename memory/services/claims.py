"""Writing claims (``memory.claims``): explicit ones on the write path, inferred ones in the backfill.

``claims_record_explicit`` runs inside ``memory_record``'s transaction (and on a status update in
place, whose content changed): it replaces the memory's claims by the one its predicate and value
make, if any. ``claims_infer_for_batch`` runs in the embedding backfill before a batch is marked
embedded: it splits each claim-less fact/status note into sentences, embeds the sentences the
memory's own vector does not already cover (one batched call), and returns the claims per memory;
``claims_store_inferred`` writes them in the same transaction as the row's embedding UPDATE. Claim
rows hold ids, the predicate, the canonical value, offsets and a confidence — never text.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

import numpy as np

from governance.selectors.predicates import predicates_by_key
from memory.claims import CLAIM_KINDS, canonical_value, has_value, value_key
from memory.claims.infer import ExemplarIndex, InferredClaim, infer, sentences
from memory.embedding import Embedder
from memory.models import Memory, MemoryClaim

_INDEXES: dict[str, ExemplarIndex] = {}
_INDEX_LOCK = threading.Lock()


def claims_record_explicit(*, memory: Memory, replace: bool = False) -> MemoryClaim | None:
    """The explicit claim ``memory``'s predicate and value make, if any; ``replace`` first drops
    every claim it had (its content changed)."""
    if replace:
        MemoryClaim.objects.filter(memory=memory).delete()
    if memory.kind not in CLAIM_KINDS or memory.predicate is None or not has_value(memory.value):
        return None
    canonical = canonical_value(memory.value)
    claim = MemoryClaim(memory=memory, predicate=memory.predicate, value=canonical, value_key=value_key(canonical),
                        category=memory.predicate.category, source=MemoryClaim.Source.EXPLICIT, confidence=1.0)
    claim.full_clean(exclude=["memory", "predicate"], validate_unique=False, validate_constraints=False)
    claim.save(force_insert=True)
    return claim


def exemplar_index(embedder: Embedder) -> ExemplarIndex:
    """The exemplars embedded by ``embedder`` (once per process and embedder)."""
    with _INDEX_LOCK:
        index = _INDEXES.get(embedder.name)
        if index is None:
            index = _INDEXES[embedder.name] = ExemplarIndex(embedder.embed_passages)
        return index


def claims_infer_for_batch(*, embedder: Embedder, rows: Sequence[tuple[Any, str, bool, np.ndarray]]
                           ) -> dict[Any, list[InferredClaim]]:
    """Inferred claims per memory id, for ``(pk, content, eligible, vector)`` rows.

    A note that is one sentence reuses its own vector; the sentences of longer notes are embedded
    in one call. Ineligible rows (not a fact/status, an explicit predicate, quarantined) get none.
    """
    index = exemplar_index(embedder)
    split = {pk: sentences(content) for pk, content, eligible, _ in rows if eligible}
    extra: list[str] = []
    for pk, content, eligible, _ in rows:
        parts = split.get(pk, [])
        if len(parts) > 1 or (parts and parts[0].text != content.strip()):
            extra.extend(p.text for p in parts)
    extra_vectors = iter(embedder.embed_passages(extra)) if extra else iter(())
    found: dict[Any, list[InferredClaim]] = {}
    for pk, content, eligible, vector in rows:
        parts = split.get(pk, [])
        if not parts:
            continue
        if len(parts) == 1 and parts[0].text == content.strip():
            vectors = [np.asarray(vector)]
        else:
            vectors = [next(extra_vectors) for _ in parts]
        claims = infer(index, parts, vectors)
        if claims:
            found[pk] = claims
    return found


def claims_store_inferred(*, memory_id: Any, claims: Sequence[InferredClaim]) -> int:
    """Replace the memory's inferred claims (the caller holds the transaction of its UPDATE)."""
    MemoryClaim.objects.filter(memory_id=memory_id, source=MemoryClaim.Source.INFERRED).delete()
    predicates = predicates_by_key()
    rows = []
    for claim in claims:
        predicate = predicates.get(claim.predicate)
        if predicate is None:
            continue  # the registry no longer has it
        canonical = canonical_value(claim.value)
        rows.append(MemoryClaim(memory_id=memory_id, predicate=predicate, value=canonical,
                                value_key=value_key(canonical), category=predicate.category,
                                source=MemoryClaim.Source.INFERRED, confidence=claim.confidence,
                                sentence=claim.sentence, span_start=claim.span_start, span_end=claim.span_end))
    MemoryClaim.objects.bulk_create(rows, ignore_conflicts=True)
    return len(rows)
