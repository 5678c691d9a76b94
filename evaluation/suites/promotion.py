"""Suite 1 — promotion: does corroboration merge and promote only what is really equivalent?

Every pair of the labelled equivalence development set (343 pairs, Spanish, English and mixed;
groups equivalent / partial implication / misleading similarity / unrelated) becomes one synthetic
person about whom two agents, in two sessions, from two distinct utterances, recorded statement a
and statement b. The real embedding task and the real consolidation task then run. A pair counts
as *promoted* when one collective fact backed by both agents results (merge + corroboration),
*review* when a promotion review item was opened, *reject* otherwise.

``--size small`` takes every third pair of each group (deterministic, stratified), default all.
The threshold sweep re-judges every pair with the production judge chain and applies a
similarity cut-off t as both the candidate and the review threshold: false merges vs review load.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Any

import numpy as np

from evaluation.devset import GROUPS, Pair, load_pairs
from evaluation.metrics import SuiteResult, ratio
from evaluation.runtime import Run
from evaluation.synth import remember
from governance.models import Predicate, ReviewItem
from memory.consolidation import run as consolidation
from memory.consolidation.run import default_judge_chain
from memory.equivalence import Label
from memory.models import CollectiveFact, Memory

FREE_KEY = "eval.statement"
# Predicates the dev set uses beyond the default registry: registered in the throwaway database.
EXTRA_PREDICATES = [("preference.communication_channel", "Preferred channel"), ("travel.seat_preference", "Seat preference"),
                    ("tool.primary", "Primary tool")]
SWEEP = [0.70, 0.75, 0.80, 0.84, 0.88, 0.90, 0.92, 0.94, 0.96]


def stratified(stride: int) -> list[Pair]:
    """Every ``stride``-th pair of each group of the development set (deterministic)."""
    pairs = load_pairs()
    return [p for group in GROUPS for p in [p for p in pairs if p.group == group][::stride]]


def _write(agent, ref: str, side: str, pair: Pair, n: int) -> Memory:  # noqa: ANN001
    statement = getattr(pair, side)
    predicate = statement.predicate or ""
    return remember(agent, ref, statement.text, session=f"prom-{side}-{n}", origin=f"utt-{side}-{n}",
                    predicate=predicate, value=statement.value,
                    key="" if predicate else FREE_KEY, category="" if predicate else "user.behavior")


def run(run: Run) -> SuiteResult:
    result = SuiteResult("promotion", "Promotion precision and recall (equivalence dev set)")
    pairs = stratified(run.params["promotion_stride"])
    _register_extra_predicates()
    a_agent = run.synth.agent("prom-a", role="planner")
    b_agent = run.synth.agent("prom-b", role="reviewer")
    run.progress.start("promotion", len(pairs) * 2)
    written: list[tuple[Pair, str, Memory, Memory]] = []
    for n, pair in enumerate(pairs):
        ref = run.synth.ref("prom")
        written.append((pair, ref, _write(a_agent, ref, "a", pair, n), _write(b_agent, ref, "b", pair, n)))
        run.progress.step()
    run.embed()
    outcomes: list[dict[str, Any]] = []
    for pair, ref, ma, mb in written:
        run.consolidate(ref)
        promoted = CollectiveFact.objects.filter(subject__external_ref=ref, status="current",
                                                 support_agents__gte=2).exists()
        review = ReviewItem.objects.filter(subject_id=ma.subject_id, kind=ReviewItem.Kind.PROMOTION).exists()
        ma.refresh_from_db()
        mb.refresh_from_db()
        sim = None
        if ma.embedding is not None and mb.embedding is not None:
            va, vb = np.asarray(ma.embedding), np.asarray(mb.embedding)
            sim = float(va @ vb / (np.linalg.norm(va) * np.linalg.norm(vb)))
        outcomes.append({"pair": pair, "ref": ref, "sim": sim, "quarantined": ma.quarantined or mb.quarantined,
                         "outcome": "promoted" if promoted else "review" if review else "reject"})
        run.progress.step()
    run.progress.finish()

    promoted = [o for o in outcomes if o["outcome"] == "promoted"]
    equivalent = [o for o in outcomes if o["pair"].expected is Label.EQUIVALENT]
    false_merges = [o for o in promoted if o["pair"].expected is not Label.EQUIVALENT]
    total = len(outcomes)
    result.add("pairs", total, unit="pairs", description="dev-set pairs driven through the pipeline")
    result.add("promotion_precision", ratio(len(promoted) - len(false_merges), len(promoted), 1.0), 1.0, ">=",
               description="promoted pairs that are really equivalent")
    result.add("promotion_recall", ratio(sum(1 for o in equivalent if o["outcome"] == "promoted"), len(equivalent)),
               0.85, ">=", description="equivalent pairs promoted as one fact")
    result.add("false_merges", len(false_merges), 0, "<=", unit="pairs",
               description="non-equivalent pairs merged and promoted")
    result.add("partial_implication_promoted", sum(1 for o in promoted if o["pair"].group == "partial_implication"),
               0, "<=", unit="pairs")
    result.add("misleading_promoted", sum(1 for o in promoted if o["pair"].group == "misleading_similarity"),
               0, "<=", unit="pairs")
    counts = Counter(o["outcome"] for o in outcomes)
    result.add("auto_merge_rate", ratio(counts["promoted"], total), unit="ratio")
    result.add("review_rate", ratio(counts["review"], total), 0.15, "<=", unit="ratio",
               description="pairs sent to human review (conservative exit)")
    result.add("reject_rate", ratio(counts["reject"], total), unit="ratio")
    result.add("quarantined_pairs", sum(1 for o in outcomes if o["quarantined"]), unit="pairs",
               description="pairs with a side quarantined as instruction-shaped (not promotable)")

    by: dict[tuple[str, str], Counter[str]] = defaultdict(Counter)
    for o in outcomes:
        by[("group", o["pair"].group)][o["outcome"]] += 1
        by[("lang", o["pair"].lang)][o["outcome"]] += 1
    result.tables["by_group_and_language"] = [
        {"dimension": dim, "value": value, "pairs": sum(c.values()), "promoted": c["promoted"], "review": c["review"],
         "reject": c["reject"]} for (dim, value), c in sorted(by.items())]
    result.tables["threshold_sweep"] = _sweep(outcomes)
    return result


def _sweep(outcomes: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Judge every pair with the production chain; apply cut-off t as candidate and review threshold."""
    chain = default_judge_chain()
    judged = []
    for o in outcomes:
        pair, sim = o["pair"], o["sim"]
        verdict = chain.judge(pair.a, pair.b, similarity=sim)
        judged.append((pair, sim or 0.0, verdict.label))
    equivalent = sum(1 for p, _, _ in judged if p.expected is Label.EQUIVALENT)
    rows = []
    for t in SWEEP:
        merges = [p for p, s, label in judged if label is Label.EQUIVALENT and s >= t]
        reviews = sum(1 for _, s, label in judged if label is Label.UNSURE and s >= t)
        false = sum(1 for p in merges if p.expected is not Label.EQUIVALENT)
        rows.append({"threshold": t, "merges": len(merges), "false_merges": false, "review_load": reviews,
                     "review_rate": round(reviews / len(judged), 4) if judged else 0.0,
                     "recall": round(sum(1 for p in merges if p.expected is Label.EQUIVALENT) / equivalent, 4)
                     if equivalent else 0.0})
    return rows


def _register_extra_predicates() -> None:
    for key, label in EXTRA_PREDICATES:
        Predicate.objects.get_or_create(key=key, defaults={"label": label, "category": "user.behavior",
                                                           "cardinality": "single", "shareable": True,
                                                           "high_impact": False, "ttl_days": None})
    consolidation._DEFAULT_CHAIN = None  # the chain reads predicate cardinalities once
