"""Reads of claims (``memory.claims``): a memory's claims as the API and the access export show them."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from config.db import CompiledOnce, instances_from_rows
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


def claims_loaded(*, subject_id: Any, memory_ids: Iterable[Any], predicates: dict[Any, Any]) -> dict[Any, list[MemoryClaim]]:
    """The claim rows of these memories of one subject, by memory id, in sentence order (one query,
    plus one for predicates not yet in ``predicates``).

    The claims are read by the subject (one parameter: a list of hundreds of memory ids would be
    quoted into the statement one by one) and kept for ``memory_ids``. ``predicates`` holds the
    caller's predicates by id; the claims share those instances and the missing ones are added to
    it (a consolidation run reads a subject's few predicates once, not a copy per claim row)."""
    wanted = set(memory_ids)
    # Instances as the queryset would build them (config.db.instances_from_rows: no __init__ each).
    rows = [claim for claim in instances_from_rows(MemoryClaim, _CLAIM_COLUMNS, _SUBJECT_CLAIMS.rows(
        subject_id=subject_id)) if claim.memory_id in wanted]
    predicates.update(predicates_by_id({c.predicate_id for c in rows} - predicates.keys()))
    found: dict[Any, list[MemoryClaim]] = defaultdict(list)
    for claim in rows:
        claim._state.fields_cache["predicate"] = predicates[claim.predicate_id]  # ``claim.predicate = …``
        found[claim.memory_id].append(claim)
    return found


_CLAIM_COLUMNS = [f.attname for f in MemoryClaim._meta.concrete_fields]
# The subject's claims, the statement built and compiled once a process (config.db.CompiledOnce).
_SUBJECT_CLAIMS = CompiledOnce(lambda *, subject_id: MemoryClaim.objects.filter(memory__subject_id=subject_id)
                               .order_by("memory_id", "sentence", "pk").values_list(*_CLAIM_COLUMNS))
