"""Reads of claims (``memory.claims``): a memory's claims as the API and the access export show them."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from governance.selectors.predicates import predicates_by_id
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


def claims_loaded(*, memory_ids: Iterable[Any], predicates: dict[Any, Any] | None = None,
                  subject_id: Any = None) -> dict[Any, list[MemoryClaim]]:
    """Each memory's claim rows (predicate loaded), by memory id, in sentence order (one query).

    ``predicates``: predicates the caller already holds, by id; the claims share those instances
    and the ones missing are read in one more query and added to it (a consolidation run reads a
    subject's few predicates once instead of one copy per claim row). ``subject_id``: the memories
    are all that subject's, so the claims are read by the subject (one parameter) and kept for
    ``memory_ids`` here — a list of hundreds of ids would be quoted into the statement one by one."""
    wanted = set(memory_ids)
    if subject_id is not None:
        rows = MemoryClaim.objects.filter(memory__subject_id=subject_id)
    else:
        rows = MemoryClaim.objects.filter(memory_id__in=list(wanted))
    rows = rows.order_by("memory_id", "sentence", "pk")
    if predicates is None:
        rows = rows.select_related("predicate")
    else:
        rows = [claim for claim in rows if claim.memory_id in wanted]
        predicates.update(predicates_by_id({c.predicate_id for c in rows} - predicates.keys()))
        for claim in rows:
            claim.predicate = predicates[claim.predicate_id]
    found: dict[Any, list[MemoryClaim]] = defaultdict(list)
    for claim in rows:
        if claim.memory_id in wanted:
            found[claim.memory_id].append(claim)
    return found
