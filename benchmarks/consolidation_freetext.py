"""The consolidation benchmark's free-text variant (``QUORUM_BENCH_FREETEXT``): real plain-text notes.

``benchmarks.consolidation`` explains the benchmark; this module supplies what its free-text variant
adds: a share of each subject's memories are plain-text notes without explicit fields, so they reach
the free-text pair judge (``memory.equivalence``) and claims inference as notes do in production.

* **The texts** are the notes of the spent issue-16 pair sets ``evaluation/heldout/issue16_pairs1``
  … ``issue16_pairs40`` (those present; later sets, among them the untouched ones, are never read).
  Pairs are taken whole — equivalent, misleading, partial and unrelated alike, as the authors wrote
  them — in one fixed shuffle; a pair with a text seen earlier is skipped, so every text is used at
  most once in a run and no judgment is memoised across subjects (the worker's ``JudgmentCache``
  keys on the texts).
* **Placement**: each subject gets its own pairs; side ``a`` is written by one agent and side ``b``
  by another, each in its own session, so equivalent and misleading notes of one person sit near
  each other in different agents' spaces, and the candidate search finds them (and any other notes
  of the person within ``candidate_similarity``) as it would in production.
* **The write**: each note goes through the production write path (``memory_record``: secrets,
  poisoning guard, the special-category mark), then the production embedding backfill
  (``memory_embed_pending``: the vector, the detectors' vector stages and **claims inference**),
  timed. The backfill's embedder serves each note's vector from the pool's vectors, computed once
  through the project's embedder (``get_embedder().embed_passages``) and cached under
  ``var/bench-freetext-vectors`` per chunk of texts (keyed like the exemplar cache: engine identity
  and exact texts), so a second run does not embed again; every other text it embeds (sentences of
  longer notes, exemplars) goes to the real embedder.
"""

from __future__ import annotations

import hashlib
import json
import random
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from benchmarks.common import ROOT

#: The spent pair sets the texts come from (never a later one: issue16_pairs56–59 are untouched).
PAIR_SETS = range(1, 41)
SEED = 16
CHUNK = 128  # texts per cached vector file


@dataclass(frozen=True)
class NotePair:
    a: str
    b: str
    label: str
    lang: str


def pool_pairs() -> list[NotePair]:
    """Every usable pair of the spent sets, in the benchmark's fixed order (each text once)."""
    seen: set[str] = set()
    pairs: list[NotePair] = []
    for n in PAIR_SETS:
        path = ROOT / "evaluation" / "heldout" / f"issue16_pairs{n}" / "pairs_untouched.jsonl"
        if not path.exists():
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            a, b = row["a"].strip(), row["b"].strip()
            if not a or not b or a == b or a in seen or b in seen:
                continue
            seen.update((a, b))
            pairs.append(NotePair(a, b, row["label"], row["lang"]))
    random.Random(SEED).shuffle(pairs)
    return pairs


def pool_vectors(texts: Sequence[str]) -> dict[str, np.ndarray]:
    """The texts' passage vectors from the project's embedder, computed once per chunk and cached."""
    from memory.embedding import get_embedder
    from memory.embedding.exemplars import engine_identity

    embedder = get_embedder()
    identity = engine_identity(embedder) or [embedder.name]
    directory = ROOT / "var" / "bench-freetext-vectors"
    directory.mkdir(parents=True, exist_ok=True)
    vectors: dict[str, np.ndarray] = {}
    computed = 0
    for start in range(0, len(texts), CHUNK):
        chunk = list(texts[start:start + CHUNK])
        key = json.dumps([identity, "passage", chunk], ensure_ascii=False, separators=(",", ":"))
        path = directory / f"{hashlib.sha256(key.encode()).hexdigest()}.npy"
        try:
            matrix = np.load(path, allow_pickle=False)
        except (OSError, ValueError):
            matrix = np.asarray(embedder.embed_passages(chunk), dtype=np.float32)
            np.save(path, matrix, allow_pickle=False)
            computed += len(chunk)
        vectors.update(zip(chunk, matrix, strict=True))
    pool_vectors.computed = computed  # type: ignore[attr-defined]  # reported by the caller
    return vectors


class PoolEmbedder:
    """The production embedder with the pool's vectors served from memory (benchmark only).

    Same name and dimension as the embedder it wraps, so the stored ``embedding_model`` and the
    exemplar indexes are the production ones; a text outside the pool is embedded for real."""

    def __init__(self, inner: Any, vectors: dict[str, np.ndarray]) -> None:
        # The engine itself (unwrapped from its query cache), so the exemplar disk cache
        # (``memory.embedding.exemplars.engine_identity``) still recognises it.
        self.inner, self.vectors = getattr(inner, "inner", inner), vectors
        self.name, self.dim = inner.name, inner.dim
        self.served = self.embedded = 0

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        texts = list(texts)
        missing = [t for t in texts if t not in self.vectors]
        fresh = dict(zip(missing, self.inner.embed_passages(missing), strict=True)) if missing else {}
        self.served += len(texts) - len(missing)
        self.embedded += len(missing)
        return np.asarray([self.vectors[t] if t in self.vectors else fresh[t] for t in texts], dtype=np.float32)

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        return self.inner.embed_queries(texts)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


def _timed(function: Any, spent: list[float]) -> Any:
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        started = time.perf_counter()
        try:
            return function(*args, **kwargs)
        finally:
            spent.append(time.perf_counter() - started)
    return wrapper


@dataclass
class Notes:
    """What populating the notes did: their ids, the pairs they came from, and the times spent."""

    ids: set[str]
    pairs: list[tuple[str, str, str]]  # (memory id of side a, of side b, the pair's label)
    labels: dict[str, int]
    vectors_computed: int
    vectors_seconds: float
    write_seconds: float
    backfill_seconds: float
    claims_seconds: float
    embedded_for_real: int


def notes_populate(*, subjects: int, pairs_per_subject: int, agents: list[Any], tag: str) -> Notes:
    """Write each subject's notes (``pairs_per_subject`` pairs, two agents each) through the
    production write path, then embed them with the production backfill (claims inference included)."""
    from collections import Counter

    from config.actors import Actor
    from memory.embedding import get_embedder
    from memory.services import embedding_backfill
    from memory.services.memories import memory_record

    pool = pool_pairs()
    need = subjects * pairs_per_subject
    if need > len(pool):
        raise SystemExit(f"the free-text pool has {len(pool):,} pairs, {need:,} needed: "
                         f"at most {len(pool) // max(pairs_per_subject, 1):,} subjects at this share")
    chosen = pool[:need]
    started = time.perf_counter()
    vectors = pool_vectors([t for pair in chosen for t in (pair.a, pair.b)])
    vectors_seconds = time.perf_counter() - started
    computed = pool_vectors.computed  # type: ignore[attr-defined]
    print(f"  pool vectors: {len(vectors):,} texts ({computed:,} embedded now, the rest cached) "
          f"in {vectors_seconds:.1f} s", flush=True)
    ids: set[str] = set()
    pairs: list[tuple[str, str, str]] = []
    started = time.perf_counter()
    for g in range(subjects):
        for i, pair in enumerate(chosen[g * pairs_per_subject:(g + 1) * pairs_per_subject]):
            # Two different agents, rotating, each side in its own session.
            sides = ((agents[i % len(agents)], pair.a, "a"),
                     (agents[(i + 1 + (i // len(agents)) % (len(agents) - 1)) % len(agents)], pair.b, "b"))
            made = [memory_record(actor=Actor.for_agent(agent), agent=agent, subject_ref=f"cons-{tag}-{g + 1}",
                                  kind="fact", content=text, session_id=f"note-{i}-{side}",
                                  asserted_by="user").memory.pk for agent, text, side in sides]
            ids.update(str(pk) for pk in made)
            pairs.append((str(made[0]), str(made[1]), pair.label))
    write_seconds = time.perf_counter() - started
    print(f"  {len(ids):,} notes written through memory_record in {write_seconds:.1f} s", flush=True)
    # The production backfill, its embedder serving the pool's vectors and its claims inference timed
    # (both patches in this process only, undone afterwards).
    embedder = PoolEmbedder(get_embedder(), vectors)
    embedder.inner.embed_passages(["warm-up"])  # the model's one-off load is no part of inference
    claims_spent: list[float] = []
    saved = embedding_backfill.get_embedder, embedding_backfill.claims_infer_for_batch
    embedding_backfill.get_embedder = lambda: embedder  # type: ignore[assignment]
    embedding_backfill.claims_infer_for_batch = _timed(saved[1], claims_spent)  # type: ignore[assignment]
    try:
        started = time.perf_counter()
        report = embedding_backfill.memory_embed_pending(batch_size=embedding_backfill.BATCH_SIZE,
                                                         max_batches=1_000_000)
        backfill_seconds = time.perf_counter() - started
    finally:
        embedding_backfill.get_embedder, embedding_backfill.claims_infer_for_batch = saved
    if report.remaining or report.failed_batches:
        raise RuntimeError(f"the backfill left {report.remaining} memories pending ({report.failed_batches} failed)")
    print(f"  backfill (vectors from the pool, detectors' vector stages, claims inference): {report.embedded:,} "
          f"notes in {backfill_seconds:.1f} s, of which claims inference {sum(claims_spent):.1f} s", flush=True)
    return Notes(ids=ids, pairs=pairs, labels=dict(Counter(pair.label for pair in chosen)),
                 vectors_computed=computed, vectors_seconds=vectors_seconds, write_seconds=write_seconds,
                 backfill_seconds=backfill_seconds, claims_seconds=sum(claims_spent),
                 embedded_for_real=embedder.embedded)


def notes_report(notes: Notes, *, judge_sample: int = 400) -> dict[str, Any]:
    """What the deep pass did with the notes, read from the rows it left (runs, decisions, claims),
    and the chain's cost per note pair, re-judged here on a sample of the pass's own pairs."""
    from collections import Counter

    from memory.consolidation.group import CLAIMS_JUDGE, _statement
    from memory.consolidation.run import default_judge_chain
    from memory.models import ConsolidationRun, Decision, Memory, MemoryClaim

    ids = notes.ids
    rows = Memory.objects.filter(pk__in=list(ids))
    gathered = rows.filter(status=Memory.Status.ACTIVE, quarantined=False).count()
    quarantined = rows.filter(quarantined=True).count()
    special = rows.exclude(special_category="").count()
    with_claims = MemoryClaim.objects.filter(memory_id__in=list(ids)).values("memory_id").distinct().count()
    judged: set[str] = set()
    by_claims: set[str] = set()
    chain_pairs: list[tuple[str, str, float | None]] = []
    outcomes: Counter[str] = Counter()
    direct: dict[frozenset[str], str] = {}
    chain_all = 0
    for inputs, judge, outcome, score in Decision.objects.filter(step="group").values_list(
            "inputs", "judge", "outcome", "score").iterator():
        a, b = inputs.get("a"), inputs.get("b")
        if a is None or judge == "reviewer":
            continue
        on_notes = {a, b} & ids
        if judge == CLAIMS_JUDGE:
            by_claims |= on_notes
            continue
        chain_all += 1
        if not on_notes:
            continue
        judged |= on_notes
        outcomes[outcome] += 1
        chain_pairs.append((a, b, score))
        direct[frozenset((a, b))] = outcome
    pair_outcomes: Counter[str] = Counter()
    for a, b, label in notes.pairs:
        pair_outcomes[f"{label}:{direct.get(frozenset((a, b)), 'not judged directly')}"] += 1
    runs = ConsolidationRun.objects.filter(mode=ConsolidationRun.Mode.DEEP).values_list("stats", flat=True)
    exhausted = sum(bool(stats.get("budget_exhausted")) for stats in runs)
    reviews = sum(stats.get("review", 0) for stats in runs)
    # The chain's cost per pair, outside the worker: a fixed sample of the pass's note pairs judged
    # again in this process (its first judgments load the chain's resources: not counted).
    sample = random.Random(SEED).sample(chain_pairs, min(judge_sample, len(chain_pairs)))
    memories = {str(pk): memory for pk, memory in Memory.objects.select_related("predicate").in_bulk(
        {x for a, b, _ in sample for x in (a, b)}).items()}
    chain = default_judge_chain()
    warm = sample[:20]
    for a, b, score in warm:
        chain.judge(_statement(memories[a]), _statement(memories[b]), similarity=score)
    costs = []
    for a, b, score in sample[20:]:
        sa, sb = _statement(memories[a]), _statement(memories[b])
        started = time.perf_counter()
        chain.judge(sa, sb, similarity=score)
        costs.append((time.perf_counter() - started) * 1000)
    return {"notes": len(ids), "notes_gathered": gathered, "notes_quarantined": quarantined,
            "notes_special_category": special, "notes_with_inferred_claims": with_claims,
            "notes_through_judge": len(judged), "judge_share": len(judged) / gathered if gathered else 0.0,
            "notes_in_claims_judgments": len(by_claims), "chain_judgments_on_notes": len(chain_pairs),
            "chain_judgments_all": chain_all, "note_judgment_outcomes": dict(outcomes),
            "pair_outcomes": dict(sorted(pair_outcomes.items())), "pair_labels": notes.labels,
            "runs_budget_exhausted": exhausted, "review_items": reviews,
            "judge_ms_per_pair_mean": statistics.fmean(costs) if costs else None,
            "judge_ms_per_pair_p50": statistics.median(costs) if costs else None,
            "judge_ms_per_pair_p90": statistics.quantiles(costs, n=10)[-1] if len(costs) >= 10 else None,
            "judge_sample": len(costs)}
