"""Step 2 — group equivalents (DESIGN §5.2).

Claims first (``memory.claims``): two memories that make the same (predicate, canonical value)
claim, one of them inferred from its text, are equivalent whatever their wording (judge
``claims``, reason ``same_claim``); two whose claims differ are never merged by the judge (reason
``different_claims``); two explicit ones go through the chain as before (its vetoes still read the
texts). A note that makes several claims (a multi-sentence note) is not judged as a whole: it joins
the cluster of each of its claims as evidence of that claim. Free text without claims goes
through the judge chain as follows.

Candidate pairs are memories sharing a key, or embedding neighbours within the subject (exact
cosine over the subject's rows, at least the policy's ``candidate_similarity`` — 0.85 by default,
where the default chain's judges can first act, ``governance.policy.CANDIDATE_SIMILARITY`` — at
most ``NEIGHBOURS_PER_MEMORY`` each); a neighbour below it is never judged. Strongest candidates are judged first by the equivalence chain
(a reviewer's override wins; memoised judgments are reused and recorded once); **only
EQUIVALENT merges**, and a high-similarity UNSURE becomes a promotion review item. A spent budget
stops judging: the rest waits for the next pass. The clusters come back described
(``clusters.cluster_describe``).
"""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING, Any

import numpy as np

from governance.selectors.reviews import promotion_review_refs, review_refs_key
from governance.services.conflicts import promotion_reviews_open
from memory.consolidation.clusters import Cluster, cluster_describe
from memory.equivalence import Judgment, Label, Statement, texts_memoised
from memory.models import Memory, MemoryClaim
from memory.selectors.claims import claims_loaded

CLAIMS_JUDGE = "claims/claims-1"

if TYPE_CHECKING:  # the context's type only; run.py imports this module
    from memory.consolidation.run import RunContext

#: Each memory's nearest others that become candidates (either side's choice makes a pair). Three,
#: not eight: e5-small puts one person's unrelated notes close together (within a subject of the
#: spent issue-16 pair sets, the median cosine between notes of different pairs is 0.80–0.86 by
#: language), so extra slots fill with unrelated notes, while a note's equivalent is almost always
#: among its nearest three (all 424 equivalent pairs of the free-text benchmark's 64 subjects stay
#: candidates at three, against 9,432 → 3,153 unrelated candidate pairs; docs/performance.md).
NEIGHBOURS_PER_MEMORY = 3


def group(ctx: RunContext, memories: list[Memory]) -> list[Cluster]:
    """Union the memories the chain (or a reviewer) judged EQUIVALENT; one described cluster each.

    Each note is read once for the run, not once per pair it is in: the chain's per-text readings
    (``memory.equivalence.memo``) are shared within the step and dropped when it ends."""
    with texts_memoised():
        return _group(ctx, memories)


def _group(ctx: RunContext, memories: list[Memory]) -> list[Cluster]:
    claims = claims_loaded(subject_id=ctx.subject.pk, memory_ids=[m.pk for m in memories],
                           predicates=ctx.memo.setdefault("predicates", {}))
    multi = [m for m in memories if len(claims.get(m.pk, ())) > 1]
    memories = [m for m in memories if len(claims.get(m.pk, ())) <= 1]
    parent = list(range(len(memories)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    ordered = candidate_pairs(ctx, memories, claims)
    # Read once: a subject has thousands of candidate pairs, most of them skipped or memoised.
    pks = [m.pk for m in memories]
    made = [claims.get(pk, []) for pk in pks]
    statements = [_statement(m) for m in memories]  # once per memory, not twice per pair
    # Each statement's memo digest, made the first time a pair needs it (perf53a): by index, for this run only.
    digests: list[bytes | None] = [None] * len(memories)
    statement_digest, pair_key = ctx.judgments.statement_digest, ctx.judgments.pair_key
    overrides = ctx.overrides
    for (i, j), similarity in ordered:
        if find(i) == find(j):
            continue
        a, b = memories[i], memories[j]
        override = overrides.get(frozenset((pks[i], pks[j]))) if overrides else None
        if override is not None:
            ctx.decide("group", override, inputs={"a": str(a.pk), "b": str(b.pk)}, score=similarity,
                       judge="reviewer", reason="review_decision")
            if override == "EQUIVALENT":
                parent[find(j)] = find(i)
            continue
        by_claims = _claims_judgment(made[i], made[j])
        if by_claims is not None:
            # Recorded once per pair and claims (like the chain's memoised judgments): a steady
            # subject's runs do not write the same hundreds of claim decisions again.
            claims_key = _claims_memo_key(pks[i], pks[j], made[i][0], made[j][0])
            if ctx.judgments.get(claims_key) is None:
                ctx.judgments.put(claims_key, by_claims)
                ctx.decide("group", by_claims.label.value, inputs={"a": str(a.pk), "b": str(b.pk)}, score=similarity,
                           judge=CLAIMS_JUDGE, reason=by_claims.reason)
            else:
                ctx.stats["judgments_memoised"] += 1
            if by_claims.label == Label.EQUIVALENT:
                parent[find(j)] = find(i)
            continue
        sa, sb = statements[i], statements[j]
        da = digests[i]
        if da is None:
            da = digests[i] = statement_digest(sa)
        db = digests[j]
        if db is None:
            db = digests[j] = statement_digest(sb)
        cache_key = pair_key(ctx.chain, da, db, similarity)
        judgment = ctx.judgments.get(cache_key)
        if judgment is None:
            # Only fresh judgments spend budget and leave a Decision; a memoised one was
            # recorded by the run that made it.
            if not ctx.budget.spend(judge=True):
                ctx.budget.exhausted = True
                ctx.decide("group", "budget_exhausted", inputs={"pairs": len(ordered)})
                break
            judgment = ctx.chain.judge(sa, sb, similarity=similarity)
            ctx.judgments.put(cache_key, judgment)
            ctx.decide("group", judgment.label.value, inputs={"a": str(a.pk), "b": str(b.pk)},
                       score=similarity, judge=f"{judgment.judge}/{judgment.version}", reason=judgment.reason)
        else:
            ctx.stats["judgments_memoised"] += 1
        if judgment.label == Label.EQUIVALENT:
            parent[find(j)] = find(i)
        elif judgment.label == Label.UNSURE and similarity is not None \
                and similarity >= ctx.policy.review_similarity:
            _review_pair(ctx, a, b, judgment.reason)
    _reviews_flush(ctx)
    groups: dict[int, list[Memory]] = defaultdict(list)
    for i, memory in enumerate(memories):
        groups[find(i)].append(memory)
    clusters = [Cluster(members=members, claim=_shared_claim(members, claims)) for members in groups.values()]
    _attach_multi_claim(ctx, clusters, multi, claims)
    for cluster in clusters:
        cluster_describe(cluster)
    return clusters


def _claims_memo_key(a: Any, b: Any, ca: MemoryClaim, cb: MemoryClaim) -> tuple[Any, ...]:
    """The memo key of a claims judgment (which the two claims decide): the two memories and their
    first claims' predicate ids, value digests and sources — ids and digests only."""
    return (CLAIMS_JUDGE, a, b, ca.predicate_id, ca.value_key, ca.source, cb.predicate_id, cb.value_key, cb.source)


def _claim_key(claim: MemoryClaim) -> tuple[int, str]:
    return (claim.predicate_id, claim.value_key)


def _claims_judgment(ca: list[MemoryClaim], cb: list[MemoryClaim]) -> Judgment | None:
    """Claims compare by predicate + canonical value; None leaves the pair to the chain (no claim on
    a side, or both explicit: the chain's text vetoes still apply to two declared values)."""
    if not ca or not cb:
        return None
    a, b = ca[0], cb[0]
    if _claim_key(a) == _claim_key(b):
        if a.source == MemoryClaim.Source.EXPLICIT and b.source == MemoryClaim.Source.EXPLICIT:
            return None
        return Judgment(Label.EQUIVALENT, "claims", "claims-1", "same_claim", min(a.confidence, b.confidence))
    label = Label.CONTRADICTS if a.predicate_id == b.predicate_id else Label.UNRELATED
    return Judgment(label, "claims", "claims-1", "different_claims", 0.9)


def _shared_claim(members: list[Memory], claims: dict[Any, list[MemoryClaim]]) -> MemoryClaim | None:
    """The claim every claim-making member of the cluster makes (the cluster is then about it)."""
    made = [claims[m.pk][0] for m in members if claims.get(m.pk)]
    if made and len({_claim_key(c) for c in made}) == 1:
        return max(made, key=lambda c: (c.source == MemoryClaim.Source.EXPLICIT, c.confidence))
    return None


def _attach_multi_claim(ctx: RunContext, clusters: list[Cluster], multi: list[Memory],
                        claims: dict[Any, list[MemoryClaim]]) -> None:
    """A note making several claims is evidence of each: it joins each claim's cluster (or starts one)."""
    by_claim = {_claim_key(c.claim): c for c in clusters if c.claim is not None}
    for memory in multi:
        for claim in claims[memory.pk]:
            cluster = by_claim.get(_claim_key(claim))
            if cluster is None:
                cluster = by_claim[_claim_key(claim)] = Cluster(members=[], claim=claim)
                clusters.append(cluster)
            cluster.members.append(memory)
            ctx.decide("group", Label.EQUIVALENT.value, inputs={"memory": str(memory.pk), "claims": len(claims[memory.pk])},
                       judge=CLAIMS_JUDGE, reason="claim_of_multi_claim_note")


def candidate_pairs(ctx: RunContext, memories: list[Memory], claims: dict[Any, list[MemoryClaim]] | None = None,
                    ) -> list[tuple[tuple[int, int], float | None]]:
    """Index pairs to judge with their similarity (None when not every memory is embedded),
    strongest first, so a budget cut keeps the most likely merges. Memories sharing a key, or a
    claim, are always candidates."""
    sims = _similarities(memories)
    # Python floats of the float32 similarities, read once (a numpy scalar per pair costs more
    # than the pair's judgment when it comes from claims).
    rows = sims.tolist() if sims is not None else None
    pairs: dict[tuple[int, int], float | None] = {}
    by_key: dict[Any, list[int]] = defaultdict(list)
    for i, memory in enumerate(memories):
        if memory.key:
            by_key[memory.key].append(i)
        for claim in (claims or {}).get(memory.pk, ()):
            by_key[("claim", *_claim_key(claim))].append(i)
    for indexes in by_key.values():
        for x, i in enumerate(indexes):
            row = rows[i] if rows is not None else None
            for j in indexes[x + 1:]:
                if (i, j) not in pairs:
                    pairs[(i, j)] = None if row is None else row[j]
    if sims is not None:
        # Each memory's first NEIGHBOURS_PER_MEMORY others at or above the threshold, most similar
        # first (ties by index): one sort of the whole matrix, the rest masked out.
        masked = np.where(sims >= ctx.policy.candidate_similarity, sims, -np.inf)
        np.fill_diagonal(masked, -np.inf)
        order = np.argsort(-masked, axis=1, kind="stable")[:, :NEIGHBOURS_PER_MEMORY]
        found = np.take_along_axis(masked, order, axis=1) > -np.inf
        for i, j in zip(*np.nonzero(found)):
            i, j = int(i), int(order[i, j])
            pairs.setdefault((min(i, j), max(i, j)), rows[i][j])
    return sorted(pairs.items(), key=lambda item: -(item[1] if item[1] is not None else 1.0))


def _statement(memory: Memory) -> Statement:
    return Statement(text=memory.content, predicate=memory.predicate.key if memory.predicate else None,
                     value=memory.value)


def _similarities(memories: list[Memory]) -> np.ndarray | None:
    if not memories or any(m.embedding is None for m in memories):
        return None  # nothing to compare, or not all embedded: same-key candidates only
    matrix = np.asarray([np.asarray(m.embedding, dtype=np.float32) for m in memories])
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    matrix = matrix / np.where(norms == 0, 1, norms)
    return matrix @ matrix.T


def _review_pair(ctx: RunContext, a: Memory, b: Memory, reason: str) -> None:
    refs = {"a": str(min(a.pk, b.pk)), "b": str(max(a.pk, b.pk))}
    # The subject's filed promotion refs, read once per run (the first unsure pair) instead of one
    # query per pair; the run holds the subject's lock, and the items it opens are added here.
    filed = ctx.memo.get("promotion_refs")
    if filed is None:
        filed = ctx.memo["promotion_refs"] = promotion_review_refs(subject_id=ctx.subject.pk)
    key = review_refs_key(refs)
    if key in filed:
        return
    # Opened together when the pairs are judged (_reviews_flush): nothing in the step reads them.
    ctx.memo.setdefault("promotion_pending", []).append((reason or "unsure_equivalence", refs))
    filed.add(key)
    ctx.stats["review"] += 1


def _reviews_flush(ctx: RunContext) -> None:
    """The promotion review items this step's unsure pairs asked for, opened in the order asked
    (one insert and one audit append for all, instead of one each), before any later step writes."""
    pending = ctx.memo.pop("promotion_pending", None)
    if pending:
        promotion_reviews_open(actor=ctx.actor, subject_id=ctx.subject.pk, items=pending)

