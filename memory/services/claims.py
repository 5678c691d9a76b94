"""Writing claims (``memory.claims``): explicit ones on the write path, inferred ones in the backfill.

``claims_record_explicit`` runs inside ``memory_record``'s transaction (and on a status update in
place, whose content changed): it replaces the memory's claims by the one its predicate and value
make, if any (an inactive predicate makes none). ``claims_infer_for_batch`` runs in the embedding
backfill before a batch is marked embedded: it splits each claim-less fact/status note into
sentences, embeds those of its sentences that may make a claim (``memory.claims.infer.may_claim``,
read from the text) and that the memory's own vector does not already cover (one batched call),
and returns the claims per memory — the local default first, then the optional LLM extractor
(``memory.claims.llm``, off unless ``QUORUM_LLM_CLAIMS_URL`` is set) for notes the local default
found nothing in; ``claims_store_inferred`` writes them in the same transaction as the row's
embedding UPDATE. Claim rows hold ids, the predicate, the canonical value, offsets and a
confidence — never text.

The exemplar index is built from the registry (``memory.claims.registry``: the bundled exemplars
plus the operators', active predicates only), embedded once per process, embedder and registry
content; a registry change (its version stamp) is picked up on the next batch, without a restart.

Proposals: a fact/status written with a well-formed key the registry lacks is stored with that key
and no predicate, private (no category, no claims while the proposal is pending), and noted as a
proposal (``claims_propose`` → ``governance.services.predicates``); approval re-reads those
memories (``claims_reinfer``, from ``governance.tasks.predicate_proposal_apply_task``).
"""

from __future__ import annotations

import functools
import hashlib
import json
import threading
import uuid
from collections.abc import Sequence
from typing import Any

import numpy as np
from django.db import transaction
from django.utils import timezone

from agents_registry.models import Agent
from config.actors import Actor
from config.audit import audit
from governance.selectors.predicates import (
    memories_awaiting_proposal,
    predicates_by_key,
    predicates_for_inference,
    proposal_memory_ids,
    proposals_to_apply,
    registry_stamp,
)
from governance.services.predicates import (
    predicate_key_valid,
    predicate_proposal_mark_applied,
    predicate_proposal_note,
)
from memory.claims import CLAIM_KINDS, canonical_value, has_value, value_key
from memory.claims.infer import TRIM, ExemplarIndex, InferredClaim, infer, may_claim, sentences
from memory.claims.llm import llm_extractor_from_settings
from memory.claims.registry import registry_entries
from memory.embedding import Embedder, get_embedder
from memory.embedding.exemplars import constant_passages
from memory.errors import UnknownPredicate
from memory.models import Memory, MemoryClaim, Subject
from memory.scrubbing import scrub

_INDEXES: dict[str, tuple[str, str, ExemplarIndex]] = {}  # embedder → (registry stamp, content digest, index)
_INDEX_LOCK = threading.Lock()
_DERIVED = (MemoryClaim.Source.INFERRED, MemoryClaim.Source.LLM)


def claims_record_explicit(*, memory: Memory, replace: bool = False) -> MemoryClaim | None:
    """The explicit claim ``memory``'s predicate and value make, if any; ``replace`` first drops
    every claim it had (its content changed)."""
    if replace:
        MemoryClaim.objects.filter(memory=memory).delete()
    if memory.kind not in CLAIM_KINDS or memory.predicate is None or not has_value(memory.value) \
            or not memory.predicate.active:
        return None
    canonical = canonical_value(memory.value)
    claim = MemoryClaim(memory=memory, predicate=memory.predicate, value=canonical, value_key=value_key(canonical),
                        category=memory.predicate.category, source=MemoryClaim.Source.EXPLICIT, confidence=1.0)
    claim.full_clean(exclude=["memory", "predicate"], validate_unique=False, validate_constraints=False)
    claim.save(force_insert=True)
    return claim


# ------------------------------------------------------------------------------- inference

def exemplar_index(embedder: Embedder) -> ExemplarIndex:
    """The registry's exemplars embedded by ``embedder``: rebuilt only when the registry's content
    changed (its stamp is one aggregate query per call; the rows are read only when it moved)."""
    stamp = registry_stamp()
    with _INDEX_LOCK:
        cached = _INDEXES.get(embedder.name)
        if cached is not None and cached[0] == stamp:
            return cached[2]
        rows = predicates_for_inference()
        digest = hashlib.sha256(json.dumps([{k: r[k] for k in ("key", "active", "values", "exemplars")}
                                            for r in rows], sort_keys=True).encode()).hexdigest()
        if cached is not None and cached[1] == digest:
            index = cached[2]  # touched, not changed (e.g. a label): the vectors still hold
        else:
            entries, topics = registry_entries(rows)
            index = ExemplarIndex(functools.partial(constant_passages, embedder), entries, topics)
        _INDEXES[embedder.name] = (stamp, digest, index)
        return index


def _whole_note(parts: Sequence[Any], content: str) -> bool:
    """Whether the note is its one sentence, up to the punctuation, bullets and blanks that
    ``sentences`` trims at either end ("Prefiero el té." is its sentence "Prefiero el té")."""
    return len(parts) == 1 and parts[0].text == content.strip().strip(TRIM + "\r\n")


def claims_infer_for_batch(*, embedder: Embedder, rows: Sequence[tuple[Any, str, bool, np.ndarray]]
                           ) -> dict[Any, list[InferredClaim]]:
    """Inferred claims per memory id, for ``(pk, content, eligible, vector)`` rows.

    A note that is one sentence (up to the punctuation ``sentences`` trims) reuses its own vector;
    of longer notes, the sentences that may make a claim at all (``may_claim``: no veto, and a
    predicate's topic, cue and words read in the text) are embedded in one call — the others
    could yield none whatever their vector, so they are not embedded. Ineligible rows (not a
    fact/status, an explicit predicate, quarantined) get none, and so do notes written with a
    proposed key still pending. Notes the local default found nothing in go to the LLM extractor
    when one is configured (its budget is per batch).
    """
    index = exemplar_index(embedder)
    held = memories_awaiting_proposal(memory_ids=[pk for pk, _, eligible, _ in rows if eligible])
    split = {pk: sentences(content) for pk, content, eligible, _ in rows if eligible and pk not in held}
    whole = {pk for pk, content, _, _ in rows if _whole_note(split.get(pk, []), content)}
    wanted = {pk: [may_claim(index, p) for p in parts] for pk, parts in split.items() if pk not in whole}
    extra = [p.text for pk, _, _, _ in rows if pk in wanted
             for p, flag in zip(split[pk], wanted[pk], strict=True) if flag]
    extra_vectors = iter(embedder.embed_passages(extra)) if extra else iter(())
    found: dict[Any, list[InferredClaim]] = {}
    unresolved: list[Any] = []
    for pk, content, _, vector in rows:
        parts = split.get(pk, [])
        if not parts:
            continue
        if pk in whole:
            vectors: list[np.ndarray | None] = [np.asarray(vector)]
        else:
            vectors = [next(extra_vectors) if flag else None for flag in wanted[pk]]
        claims = infer(index, parts, vectors, wanted.get(pk))  # a longer note's may_claim, read above
        if claims:
            found[pk] = claims
        else:
            unresolved.append(pk)
    if unresolved:
        extractor = llm_extractor_from_settings()
        if extractor is not None:
            registry = [r for r in predicates_for_inference() if r["active"]]
            for pk in unresolved:
                claims = extractor.extract(split[pk], registry)
                if claims:
                    found[pk] = claims
    return found


def claims_store_inferred(*, memory_id: Any, claims: Sequence[InferredClaim]) -> int:
    """Replace the memory's inferred (and LLM) claims (the caller holds the transaction of its
    UPDATE). A predicate that is gone or inactive, or a value outside its value set, is dropped."""
    MemoryClaim.objects.filter(memory_id=memory_id, source__in=_DERIVED).delete()
    predicates = predicates_by_key()
    rows = []
    for claim in claims:
        predicate = predicates.get(claim.predicate)
        if predicate is None or not predicate.active:
            continue  # the registry no longer has it, or no longer makes claims with it
        canonical = canonical_value(claim.value)
        if predicate.values and canonical not in {canonical_value(v) for v in predicate.values}:
            continue
        source = MemoryClaim.Source.LLM if claim.source == MemoryClaim.Source.LLM else MemoryClaim.Source.INFERRED
        rows.append(MemoryClaim(memory_id=memory_id, predicate=predicate, value=canonical,
                                value_key=value_key(canonical), category=predicate.category,
                                source=source, confidence=claim.confidence,
                                sentence=claim.sentence, span_start=claim.span_start, span_end=claim.span_end))
    MemoryClaim.objects.bulk_create(rows, ignore_conflicts=True)
    return len(rows)


# ------------------------------------------------------------------------------- proposals

def claims_proposal_key(*, predicate: str, kind: str) -> str:
    """The key a write with an unknown ``predicate`` proposes, or 400 ``unknown_predicate`` when it
    cannot be one (not a fact/status, malformed, or carrying a secret — never echoed)."""
    key = predicate.strip()
    if kind not in CLAIM_KINDS or not predicate_key_valid(key) or scrub(key).text != key:
        raise UnknownPredicate(extra={"predicate": scrub(predicate[:100]).text})
    return key


def claims_propose(*, actor: Actor, agent: Agent, memory: Memory, key: str, category: str = "") -> None:
    """Note ``memory``, written with the unregistered ``key``, on that key's proposal (the caller's
    transaction). ``category``: the writer's declared one, kept as the proposal's suggestion."""
    predicate_proposal_note(actor=actor, key=key, agent=agent, memory_id=memory.pk, subject_id=memory.subject_id,
                            category=category)


def claims_reinfer_for_proposal(*, actor: Actor, proposal_id: Any) -> int:
    """Re-read an approved proposal's memories for claims, once (idempotent: an applied proposal
    is skipped). Ids only; called by ``governance.tasks.predicate_proposal_apply_task``."""
    if proposal_id not in proposals_to_apply():
        return 0
    with transaction.atomic():
        memory_ids = proposal_memory_ids(proposal_id=proposal_id)
        resolved = claims_reinfer(actor=actor, memory_ids=memory_ids)
        predicate_proposal_mark_applied(actor=actor, proposal_id=proposal_id, memories=len(memory_ids))
    return resolved


@transaction.atomic
def claims_reinfer(*, actor: Actor, memory_ids: Sequence[Any], embedder: Embedder | None = None) -> int:
    """Resolve the claims of memories again (an approved proposal's, by id), and mark their persons
    for consolidation. A memory written with the now registered key takes that predicate and, with
    a value, its explicit claim; the others are read by the local default (and the LLM extractor)
    from their stored vectors (a memory not embedded yet is resolved by the backfill). Returns how
    many memories now have claims."""
    memories = list(Memory.objects.select_for_update().filter(pk__in=list(memory_ids), kind__in=CLAIM_KINDS)
                    .order_by("pk"))
    predicates = predicates_by_key()
    resolved, subjects, rows = 0, set(), []
    for memory in memories:
        if memory.predicate_id is not None:
            continue  # already resolved (explicit)
        predicate = predicates.get(memory.key)
        if predicate is not None:  # written with the key now registered: it becomes the memory's predicate
            memory.predicate = predicate
            memory.category = memory.category or predicate.category
            memory.save(update_fields=["predicate", "category"])
            subjects.add(memory.subject_id)
            if claims_record_explicit(memory=memory, replace=True):
                resolved += 1
        elif memory.embedding is not None and not memory.quarantined:
            rows.append((memory.pk, memory.content, True, np.asarray(memory.embedding)))
    found = claims_infer_for_batch(embedder=embedder or get_embedder(), rows=rows) if rows else {}
    for pk, claims in found.items():
        if claims_store_inferred(memory_id=pk, claims=claims):
            resolved += 1
            subjects.add(next(m.subject_id for m in memories if m.pk == pk))
    if subjects:
        Subject.objects.filter(pk__in=list(subjects)).update(consolidation_requested_at=timezone.now())
    audit(actor=actor, action="claims.reinferred", object_type="memory_batch", object_id=uuid.uuid4().hex[:12],
          data={"memories": [str(m.pk) for m in memories], "resolved": resolved})
    return resolved
