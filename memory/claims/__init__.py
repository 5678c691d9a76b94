"""Claims: what a fact-like memory asserts, as (predicate, canonical value, category) — DESIGN §5.2.

A memory of kind ``fact`` or ``status`` resolves to zero or more claims:

1. **explicit** — the writer gave a registry predicate and a value: one claim, at write time
   (``memory.services.claims.claims_record_explicit``, called by the write path);
2. **inferred** — otherwise the local default reads the stored content, sentence by sentence,
   against exemplar phrasings per (predicate, value) (:mod:`memory.claims.infer`,
   :mod:`memory.claims.exemplars`), in the embedding backfill's batch, before the memory counts as
   embedded (so consolidation never shares a memory whose claims were not resolved yet);
3. **llm** — reserved for an optional extractor (not implemented: the local default decides).

Low confidence gives no claim: the note stays private unless the free-text judge merges it.
Events and decisions make no claims: they record what happened or was decided (append-only), not
an attribute of the person, and consolidation gathers facts only.

Consolidation (step 2, ``memory.consolidation.group``) groups memories by equal claims whatever
their text, and a cluster whose members share a claim takes the predicate's category, so the
category gate can pass. This package is pure Python (no Django); the writes live in
``memory.services.claims`` and the reads in ``memory.selectors.claims``.
"""

from __future__ import annotations

import hashlib
import json
from decimal import Decimal, InvalidOperation
from typing import Any

from memory.equivalence.normalise import fold

CLAIM_KINDS = ("fact", "status")
MAX_DEPTH = 8


def canonical_value(value: Any, depth: int = 0) -> Any:
    """The JSON normal form claims compare by: strings folded (case, accents, spaces), numbers as
    normalised decimals strings, lists as sorted unique lists, dicts by folded key."""
    if depth > MAX_DEPTH:
        raise ValueError("value nested too deeply")
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, (int, float)):
        try:
            number = Decimal(str(value)).normalize()
        except InvalidOperation:
            return str(value)
        return format(number, "f") if number == number.to_integral() or abs(number) >= 1 else str(number)
    if isinstance(value, str):
        return fold(value)
    if isinstance(value, (list, tuple)):
        items = {json.dumps(canonical_value(v, depth + 1), sort_keys=True, ensure_ascii=False): None for v in value}
        return [json.loads(item) for item in sorted(items)]
    if isinstance(value, dict):
        return {fold(str(k)): canonical_value(v, depth + 1) for k, v in sorted(value.items(), key=lambda kv: str(kv[0]))}
    return fold(str(value))


def value_key(canonical: Any) -> str:
    """SHA-256 of the canonical value's JSON: equal claims have equal keys (never the text)."""
    return hashlib.sha256(json.dumps(canonical, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


def has_value(value: Any) -> bool:
    return value not in (None, "", [], {})
