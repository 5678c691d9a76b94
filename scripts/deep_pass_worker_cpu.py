"""The free-text benchmark's deep pass alone, in the benchmark's own worker, on the database a full
run populated (perf42): a before/after of the pass in ≈ 30 s instead of a full benchmark's minutes.

Run from the root of the tree to measure (its worker and code are used), with the benchmark's
database in ``QUORUM_BENCH_DATABASE`` after one ``QUORUM_BENCH_FREETEXT=0.3 python -m benchmarks
consolidation``. Every benchmark subject's collective layer, runs, decisions, digest and review
items are deleted first and committed (``consolidation_identity.subject_layer_clear``; untimed), so
the pass promotes from scratch as the benchmark's first pass did; then the benchmark's worker starts
(``benchmarks.consolidation._worker``) and its CPU — its processes and the Apertium pipelines they
run, as the benchmark's "worker CPU during the pass" line counts it — is read at its ping, 3 s later,
and after the pass. Prints ids-free figures only. It rewrites the benchmark database's collective layer.

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

    from benchmarks.consolidation import _stop, _tree_cpu, _worker
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
        at_ping = _tree_cpu(proc)
        time.sleep(3)  # the pool processes' start-up (worker_process_init) lands before the pass
        before = _tree_cpu(proc)
        deep = ConsolidationRun.objects.filter(mode=ConsolidationRun.Mode.DEEP, finished_at__isnull=False)
        started = time.perf_counter()
        consolidation_deep_task()
        while deep.count() < len(subjects):
            if proc.poll() is not None:
                raise RuntimeError("the Celery worker stopped; see var/bench-consolidation-worker.log")
            time.sleep(0.05)
        wall = time.perf_counter() - started
        after = _tree_cpu(proc)
        root = psutil.Process(proc.pid)
        apertium = sum(sum(p.cpu_times()[:2]) for p in root.children(recursive=True)
                       if "python" not in " ".join(p.cmdline()[:1]) and "celery" not in " ".join(p.cmdline()[:3]))
    finally:
        _stop(proc, log)
    memories = 100 * len(subjects)
    print(f"{os.getcwd()}: {len(subjects)} subjects; worker CPU at its ping {at_ping:.2f} s, in the 3 s after "
          f"{before - at_ping:.2f} s, **the pass {after - before:.2f} s** ({memories / (after - before):,.0f} memories "
          f"per worker CPU s; Apertium pipelines {apertium:.2f} s since they started), wall {wall:.1f} s; "
          f"load {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
