"""Where the deep pass's CPU time goes, per step and inside the equivalence chain (issue 16).

Run after ``QUORUM_BENCH_FREETEXT=0.3 QUORUM_BENCH_SUBJECTS=64 python -m benchmarks consolidation``
on the same database (it leaves its subjects in place): every subject's deep pass runs again in this
one process, each inside a transaction that is rolled back (so the rows stay as the benchmark left
them), with the judgment memo emptied first so every pair is judged fresh, as in the benchmark's
first pass (``--fresh``: the subject's collective layer, runs, decisions, digest and review items
deleted first, untimed, so each run promotes from scratch as the benchmark's pass did). Times are CPU time of this process (``time.process_time``: the machine is shared and
wall time moves with other people's load).

    python scripts/profile_deep_pass.py [--cprofile FILE] [--subjects N] [--fresh]
    python scripts/profile_deep_pass.py --chain-only [--repeat R]

``--chain-only`` re-judges exactly the pairs the benchmark's pass judged with the chain (its
``group`` Decisions, subject by subject, in their order), with every per-text cache of
``memory.equivalence`` emptied before each repetition, and prints the CPU time of each repetition
(the minimum is the figure: the others carry more of the machine's noise). It also runs on a tree
without ``texts_memoised`` (run it from that tree's root), for a before/after on one machine state.

Prints CPU seconds per step (gather, group — split into the chain and the rest —, the later steps,
the Decision COPY and the digest), the chain's time per judge and per veto stage, and with
``--cprofile`` writes the whole pass's profile (``python -m pstats FILE``). Ids and times only.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import psutil

# The tree to profile is the working directory's (a base tree can be profiled with this script).
ROOT = Path.cwd()
sys.path.insert(0, str(ROOT))
# The worker's environment (config.runner.WORKER_OMP_ENV), before numpy loads its BLAS: with two
# BLAS threads a subject's 100 × 384 similarity product costs ~16 ms of CPU instead of 0.1 ms.
from config.runner import WORKER_OMP_ENV  # noqa: E402

for _name, _value in WORKER_OMP_ENV.items():
    os.environ.setdefault(_name, _value)

from consolidation_identity import subject_layer_clear  # noqa: E402  (this script's directory, as the script runs)

SPENT: Counter[str] = Counter()
CALLS: Counter[str] = Counter()


def _timed(name: str, function: Callable[..., Any]) -> Callable[..., Any]:
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        started = time.process_time()
        try:
            return function(*args, **kwargs)
        finally:
            SPENT[name] += time.process_time() - started
            CALLS[name] += 1
    return wrapper


def _patch(module: Any, attribute: str, name: str) -> None:
    setattr(module, attribute, _timed(name, getattr(module, attribute)))


class _Rollback(Exception):
    pass


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--cprofile", default="")
    parser.add_argument("--subjects", type=int, default=0)
    parser.add_argument("--chain-only", action="store_true")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--fresh", action="store_true")
    args = parser.parse_args()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.dev")
    import django

    django.setup()
    import memory

    print(f"tree: {Path(memory.__file__).parent.parent}")
    if args.chain_only:
        chain_only(args.repeat, args.cprofile)
        return
    from django.db import transaction

    from memory.consolidation import dependence, digest, echo, gate, gather, group, run, validity
    from memory.equivalence import similarity
    from memory.models import Subject

    chain = run.default_judge_chain()
    for judge in chain.judges:
        judge.judge = _timed(f"chain: {judge.name}.judge", judge.judge)
    sim_judge = chain.judges[2]
    sim_judge.veto = _timed("  similarity.veto (same-language axes)", sim_judge.veto)
    sim_judge.unproven = _timed("  similarity.unproven", sim_judge.unproven)
    _patch(similarity, "_across_languages", "  similarity._across_languages (Apertium/WordNet)")
    chain.judge = _timed("chain (all judges)", chain.judge)
    _patch(gather, "gather", "1 gather")
    _patch(group, "group", "2 group (with the chain)")
    _patch(group, "candidate_pairs", "2 group: candidate_pairs")
    _patch(group, "claims_loaded", "2 group: claims read")
    _patch(group, "_review_pair", "2 group: review items (asked)")
    if hasattr(group, "_reviews_flush"):  # since perf42 they are written together at the step's end
        _patch(group, "_reviews_flush", "2 group: review items (written together)")
    _patch(group, "cluster_describe", "2 group: cluster_describe")
    _patch(echo, "discounts", "6 echo")
    _patch(run.corroborate, "corroborate", "3 corroborate")
    _patch(gate, "gate", "4 gate")
    _patch(validity, "resolve", "5 validity")
    _patch(dependence, "close_unsupported", "7 dependence")
    _patch(run, "copy_insert", "decisions COPY")
    _patch(digest, "digest_rebuild", "digest")
    _patch(run, "audit", "audit")

    subjects = list(Subject.objects.filter(external_ref__startswith="cons-").order_by("pk")
                    .values_list("pk", flat=True))
    if args.subjects:
        subjects = subjects[:args.subjects]
    run.JUDGMENTS.data.clear()
    # CPU time as the timer: on a shared machine wall time measures other people's load.
    profile = cProfile.Profile(time.process_time) if args.cprofile else None
    started_cpu, started_wall = time.process_time(), time.perf_counter()
    if profile:
        profile.enable()
    for subject_id in subjects:
        try:
            with transaction.atomic():
                if args.fresh:  # as the benchmark's first pass: no collective layer yet (not timed)
                    if profile:
                        profile.disable()
                    t = time.process_time()
                    subject_layer_clear(subject_id)
                    SPENT["(--fresh deletions, not part of a run)"] += time.process_time() - t
                    if profile:
                        profile.enable()
                t = time.process_time()
                run.consolidation_run_subject(subject_id=subject_id, actor=run.CONSOLIDATOR, mode="deep",
                                              judge_chain=chain)
                SPENT["whole run (in process)"] += time.process_time() - t
                raise _Rollback
        except _Rollback:
            pass
    if profile:
        profile.disable()
        profile.dump_stats(args.cprofile)
    cpu, wall = time.process_time() - started_cpu, time.perf_counter() - started_wall
    memories = 100 * len(subjects)
    print(f"{len(subjects)} subjects, CPU {cpu:.2f} s (wall {wall:.2f} s, load {os.getloadavg()[0]:.2f}): "
          f"{memories / cpu:,.0f} memories per CPU second")
    # The Apertium pipelines the chain keeps running are child processes: their CPU is the machine's too.
    children = sum(sum(child.cpu_times()[:2]) for child in psutil.Process().children(recursive=True))
    print(f"  child processes (Apertium pipelines): CPU {children:.2f} s")
    for name in sorted(SPENT):
        print(f"  {name:<52} {SPENT[name]:8.3f} s  {CALLS[name]:7d} calls"
              f"  {1000 * SPENT[name] / max(CALLS[name], 1):8.3f} ms/call")


def _caches_clear() -> None:
    """Empty every per-text cache of the equivalence package (not the resources: tables, WordNet's
    files, the running Apertium pipelines), as for texts the process has not met."""
    import importlib
    import pkgutil

    import memory.equivalence as package

    for info in pkgutil.iter_modules(package.__path__):
        module = importlib.import_module(f"memory.equivalence.{info.name}")
        for value in vars(module).values():
            if callable(getattr(value, "cache_clear", None)) and getattr(value, "__module__", "") == module.__name__ \
                    and getattr(value, "__name__", "") not in ("available", "_maps", "_tables", "_directory"):
                value.cache_clear()


def group_judgments(subjects: int = 0) -> tuple[dict[Any, list[tuple[str, str, float | None]]], dict[str, Any]]:
    """The pass's chain judgments on notes as the database recorded them: per run, ``(memory a, memory b,
    similarity)`` from its ``group`` Decisions (not a reviewer's, not the claims judge's), the first
    ``subjects`` runs when given; and every memory they name as the chain's ``Statement``."""
    from memory.consolidation.group import CLAIMS_JUDGE, _statement
    from memory.models import Decision, Memory

    runs: dict[Any, list[tuple[str, str, float | None]]] = {}
    for run_id, inputs, judge, score in Decision.objects.filter(step="group").order_by("pk").values_list(
            "run_id", "inputs", "judge", "score"):
        if inputs.get("a") and judge not in ("reviewer", CLAIMS_JUDGE):
            runs.setdefault(run_id, []).append((inputs["a"], inputs["b"], score))
    if subjects:
        runs = dict(list(runs.items())[:subjects])
    ids = {x for pairs in runs.values() for a, b, _ in pairs for x in (a, b)}
    statements = {str(pk): _statement(m) for pk, m in
                  Memory.objects.select_related("predicate").in_bulk(list(ids)).items()}
    return runs, statements


def chain_only(repeat: int, cprofile: str = "") -> None:
    import contextlib

    from memory.equivalence import default_chain

    try:
        from memory.equivalence import texts_memoised as scope
    except ImportError:  # a tree from before the per-text memo
        scope = contextlib.nullcontext  # type: ignore[assignment]
    runs, memories = group_judgments()
    ids = set(memories)
    pairs = [[(memories[a], memories[b], score) for a, b, score in run] for run in runs.values()]
    from governance.selectors.predicates import predicate_cardinalities

    chain = default_chain(cardinality=predicate_cardinalities().get)
    chain.judge(memories[next(iter(ids))], memories[next(iter(ids))], similarity=0.9)  # load the resources
    judged = sum(len(run) for run in pairs)
    times = []
    for _ in range(repeat):
        _caches_clear()
        started = time.process_time()
        for run in pairs:
            with scope():
                for a, b, score in run:
                    chain.judge(a, b, similarity=score)
        times.append(time.process_time() - started)
    if cprofile:  # one more repetition, profiled (wall-clock timer: the CPU timer's overhead distorts)
        _caches_clear()
        profile = cProfile.Profile()
        profile.enable()
        for run in pairs:
            with scope():
                for a, b, score in run:
                    chain.judge(a, b, similarity=score)
        profile.disable()
        profile.dump_stats(cprofile)
    print(f"{judged:,} chain judgments of {len(pairs)} runs, CPU per repetition: "
          + ", ".join(f"{t:.2f} s" for t in times) + f" (min {min(times):.2f} s, "
          f"{1000 * min(times) / judged:.3f} ms a judgment; load {os.getloadavg()[0]:.2f})")


if __name__ == "__main__":
    main()
