"""Reads of claims (``memory.claims``): a memory's claims as the API and the access export show them."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from memory.models import MemoryClaim


def claim_row(claim: MemoryClaim) -> dict[str, Any]:
    """One claim as shown: no text, only where in the stored content it was read (offsets)."""
    span = None if claim.span_start is None else [claim.span_start, claim.span_end]
    return {"predicate": claim.predicate.key, "value": claim.value, "category": claim.category,
            "source": claim.source, "confidence": round(claim.confidence, 3), "sentence": claim.sentence,
            "span": span}


def claims_of(*, memory_ids: Iterable[Any]) -> dict[Any, list[dict[str, Any]]]:
    """The claims of each memory, by memory id (one query)."""
    found: dict[Any, list[dict[str, Any]]] = defaultdict(list)
    for claim in MemoryClaim.objects.filter(memory_id__in=list(memory_ids)).select_related("predicate"):
        found[claim.memory_id].append(claim_row(claim))
    return found


def claims_loaded(*, memory_ids: Iterable[Any]) -> dict[Any, list[MemoryClaim]]:
    """Each memory's claim rows (predicate loaded), by memory id, in sentence order (one query)."""
    found: dict[Any, list[MemoryClaim]] = defaultdict(list)
    for claim in (MemoryClaim.objects.filter(memory_id__in=list(memory_ids)).select_related("predicate")
                  .order_by("memory_id", "sentence", "pk")):
        found[claim.memory_id].append(claim)
    return found
