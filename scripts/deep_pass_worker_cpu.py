"""The free-text benchmark's deep pass alone, in the benchmark's own worker, on the database a full
run populated (perf42): a before/after of the pass in ≈ 30 s instead of a full benchmark's minutes.

Run from the root of the tree to measure (its worker and code are used), with the benchmark's
database in ``QUORUM_BENCH_DATABASE`` after one ``QUORUM_BENCH_FREETEXT=0.3 python -m benchmarks
consolidation``. Every benchmark subject's collective layer, runs, decisions, digest and review
items are deleted first and committed (``consolidation_identity.subject_layer_clear``; untimed), so
the pass promotes from scratch as the benchmark's first pass did; then the benchmark's worker starts
(``benchmarks.consolidation._worker``) and its CPU — its processes and the Apertium pipelines they
run, as the benchmark's "worker CPU during the pass" line counts it — is read once every pool process is
ready and after the pass. Prints ids-free figures only. It rewrites the benchmark database's collective layer.

    python scripts/deep_pass_worker_cpu.py
"""

from __future__ import annotations

import os
import sys
import time

sys.path.insert(0, os.getcwd())  # the tree to measure is the working directory's
sys.path.insert(0, os.path.join(os.getcwd(), "scripts"))


def main() -> None:
    from benchmarks.common import setup_django

    setup_django()
    import psutil
    from django.db import transaction

    from django.utils import timezone

    from benchmarks.consolidation import _stop, _tree_cpu, _worker, one_running_seconds
    from consolidation_identity import subject_layer_clear
    from memory.models import ConsolidationRun, Subject
    from memory.tasks import consolidation_deep_task

    subjects = list(Subject.objects.filter(external_ref__startswith="cons-").values_list("pk", flat=True))
    with transaction.atomic():
        for subject_id in subjects:
            subject_layer_clear(subject_id)
        Subject.objects.update(consolidation_requested_at=None)
    proc, log, _startup = _worker()
    try:
        # ``_worker`` returns once every pool process has written its ready file (perf45), so the
        # start-up is already over: no wait here (perf46; a 3 s sleep before only delayed the pass).
        at_ping = before = _tree_cpu(proc)
        parts_before = _parts(proc)
        deep = ConsolidationRun.objects.filter(mode=ConsolidationRun.Mode.DEEP, finished_at__isnull=False)
        started, called = time.perf_counter(), timezone.now()
        consolidation_deep_task()
        while deep.count() < len(subjects):
            if proc.poll() is not None:
                raise RuntimeError("the Celery worker stopped; see var/bench-consolidation-worker.log")
            time.sleep(0.05)
        wall = time.perf_counter() - started
        after = _tree_cpu(proc)
        parts_after = _parts(proc)
        # As the benchmark reads it: from the call to the last run's end (the rows' times).
        last = max(deep.filter(started_at__gte=called).values_list("finished_at", flat=True))
        spans = [((a - called).total_seconds(), (b - called).total_seconds())
                 for a, b in deep.filter(started_at__gte=called).values_list("started_at", "finished_at")]
        root = psutil.Process(proc.pid)
        apertium = sum(sum(p.cpu_times()[:2]) for p in root.children(recursive=True)
                       if "python" not in " ".join(p.cmdline()[:1]) and "celery" not in " ".join(p.cmdline()[:3]))
    finally:
        _stop(proc, log)
    memories = 100 * len(subjects)
    print(f"{os.getcwd()}: {len(subjects)} subjects; worker CPU once every pool process was ready {at_ping:.2f} s, "
          f"**the pass {after - before:.2f} s** ({memories / (after - before):,.0f} memories "
          f"per worker CPU s; Apertium pipelines {apertium:.2f} s since they started), wall {wall:.1f} s, "
          f"**to the last run's end {(last - called).total_seconds():.2f} s** ({memories / (last - called).total_seconds():,.0f} "
          f"memories/s; one process alone {one_running_seconds(spans):.2f} s); "
          f"load {os.getloadavg()[0]:.1f}")
    print("  the pass's worker CPU by process: " + ", ".join(
        f"{name} {parts_after.get(name, 0.0) - parts_before.get(name, 0.0):.2f} s" for name in sorted(parts_after)))


def _parts(proc: object) -> dict[str, float]:
    """CPU seconds so far of the worker's main process, its pool processes together and the Apertium
    pipelines together (perf47: where the pass's worker CPU goes)."""
    import psutil

    root = psutil.Process(proc.pid)  # type: ignore[attr-defined]
    parts = {"main": sum(root.cpu_times()[:2]), "pool": 0.0, "apertium": 0.0}
    for child in root.children(recursive=True):
        try:
            cpu = sum(child.cpu_times()[:2])
            pool = child.ppid() == root.pid
        except psutil.NoSuchProcess:
            continue
        parts["pool" if pool else "apertium"] += cpu
    return parts


if __name__ == "__main__":
    main()
