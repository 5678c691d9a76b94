"""Deep-pass consolidation throughput: 1,000 subjects × 100 memories, no LLM judge.

Memories are real rows (synthetic text from templates, predicates and values, several agents and
sessions per subject, each with its explicit claim) inserted in SQL with synthetic unit vectors. The
pass then runs exactly as beat's deep pass does: ``make run``'s Celery worker (its command and
environment, ``config.runner.celery_commands``: 2 processes) is started, ``consolidation_deep_task``
is called, and its chains of steps (``consolidation_deep_step_task``) run in the worker until every
subject has a deep run. The wall time is from the call to the last run's end; each run's own time
comes from its row (``finished_at − started_at``). Both variants also print the CPU time the worker's
processes (and the Apertium pipelines they keep) spent during the pass, and memories per worker CPU
second: on this shared 2-core machine the wall figure moves with other people's load far more than
the CPU figure does (PostgreSQL's own CPU is not in it).
Target (DESIGN §11): ≥ 2,000 memories/s; incremental pass for one person with 200 memories ≤ 100 ms
(measured through the same worker, ``consolidation_subject_task``, one at a time).

These memories all carry an explicit claim and random vectors, so no plain-text note reaches the
free-text judge. The **free-text variant** runs after it by default (``make bench``, ``python -m
benchmarks consolidation``), because issue 16's line is the deep pass with claims inference
included. ``QUORUM_BENCH_FREETEXT`` runs one variant only: ``0`` the structured one, a share such as
``0.3`` the free-text one with that share of each subject's 100 memories (rounded to whole pairs) as
plain-text notes without explicit fields (default 100 subjects, ``QUORUM_BENCH_SUBJECTS`` as above).
The free-text variant writes real note texts from the spent issue-16 pair sets through
``memory_record`` and embeds them with the production backfill (real vectors, claims inference), see
``benchmarks.consolidation_freetext``. The deep pass then runs as above, unchanged; the variant
prints its own lines: memories/s, the share of gathered notes that reached the free-text judge
(counted from the run's ``group`` Decisions), the claims inference's time (the backfill's, before
the pass) and memories/s with it added, and the chain's cost per note pair (a sample of the pass's
pairs judged again in the benchmark's process). It skips the incremental pass. Populating is slow
(the write path per note, the backfill, and on a first run the pool's vectors: a few texts a second
on a loaded machine; cached in ``var/`` after).
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import time
import uuid
from typing import Any

from benchmarks.common import ROOT, process_group_stop, setup_django

PREDICATES = [("preference.report_length", ["short", "long"]), ("communication.language", ["es", "en"]),
              ("preference.meeting_time", ["morning", "afternoon"]), ("project.current", ["Atlas", "Borealis"]),
              ("project.mentioned", ["Cobalt", "Delta", "Echo", "Fjord"]),
              ("constraint.availability", ["no Fridays", "no Mondays"])]


def _populate(subjects: int, per_subject: int, agent_ids: list[int], tag: str) -> None:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("INSERT INTO memory_subject (id, external_ref, kind, created_at, consolidation_requested_at) "
                       "SELECT gen_random_uuid(), %s || g, 'person', now(), now() FROM generate_series(1, %s) g",
                       [f"cons-{tag}-", subjects])
        cursor.execute("INSERT INTO memory_memoryspace (id, agent_id, subject_id, created_at) "
                       "SELECT gen_random_uuid(), a, s.id, now() FROM memory_subject s, unnest(%s::bigint[]) a "
                       "WHERE s.external_ref LIKE %s", [agent_ids, f"cons-{tag}-%"])
        # Each memory: agent i % agents, session per (agent, i//10), predicate by i % 6, value flips rarely.
        cursor.execute("""
            INSERT INTO memory_memory (id, space_id, subject_id, agent_id, kind, predicate_id, key, content,
              value, reasoning, category, trust, asserted_by, session_id, origin_ref, derived_from, observed_at,
              recorded_at, importance, base_confidence, last_accessed_at, last_confirmed_at, content_sha256,
              status, quarantined, quarantine_rule, redaction_count, embedding, embedding_pending, embedding_model)
            SELECT gen_random_uuid(), sp.id, sp.subject_id, sp.agent_id, 'fact', p.id, p.key,
                   (ARRAY['Dato confirmado: ', 'Según la persona, ', 'Comentó que '])[1 + g %% 3] || p.label
                     || ' es ' || CASE WHEN g %% 17 = 0 THEN 'otro' ELSE 'el habitual' END,
                   to_jsonb(CASE WHEN g %% 17 = 0 THEN 'other' ELSE 'v-' || p.key END), '', p.category,
                   'user_asserted', 'user', 's-' || (g / 10), 'utt-' || sp.id || '-' || g, '', now(), now(),
                   0.5, 0.8, now(), now(), md5(sp.id::text || g), 'active', false, '', 0,
                   (SELECT array_agg(random() - 0.5 + 0 * g + 0 * i) FROM generate_series(1, 384) i)::vector,
                   false, 'synthetic'
            FROM memory_memoryspace sp JOIN memory_subject s ON s.id = sp.subject_id,
                 generate_series(1, %s) g,
                 LATERAL (SELECT id, key, label, category FROM governance_predicate
                          WHERE key = ANY(%s) ORDER BY key OFFSET (g %% 6) LIMIT 1) p
            WHERE s.external_ref LIKE %s
        """, [per_subject // len(agent_ids), [k for k, _ in PREDICATES], f"cons-{tag}-%"])
        # Their explicit claims, as the write path records them (memory.services.claims).
        cursor.execute("""
            INSERT INTO memory_memoryclaim (memory_id, predicate_id, value, value_key, category, source, confidence,
                                            created_at)
            SELECT m.id, m.predicate_id, m.value, encode(sha256(convert_to(m.value::text, 'UTF8')), 'hex'),
                   m.category, 'explicit', 1.0, now()
            FROM memory_memory m JOIN memory_subject s ON s.id = m.subject_id WHERE s.external_ref LIKE %s
        """, [f"cons-{tag}-%"])
        cursor.execute("ANALYZE")


def _worker(extra_argv: tuple[str, ...] = (), extra_env: dict[str, str] | None = None,
            ) -> tuple[subprocess.Popen[bytes], Any, dict[str, Any]]:
    """``make run``'s worker (command and environment), on the benchmark database, queues purged;
    returned once **every pool process** has finished its start (``config.worker_start``: the
    warm-up, then ``gc.freeze``), not only once the main process answers a ping, with what the start
    took: ``startup_seconds`` (from the command to the last pool process ready), ``ping_seconds``,
    ``warmup_seconds`` (the slowest process's warm-up; 0 when ``QUORUM_WORKER_WARMUP`` is off),
    ``apertium_seconds`` (of it, the pipelines) and ``startup_cpu_seconds`` (the worker tree's).
    ``extra_argv``/``extra_env``: added by a measuring script (``scripts/deep_pass_timeline.py``'s
    hook); the benchmark passes none."""
    import tempfile

    from config.celery import app
    from config.runner import celery_commands

    with app.connection_for_write() as conn:
        for queue in ("default", "consolidation", "rights"):
            conn.default_channel.queue_purge(queue)
    hostname = "bench-consolidation@%h"
    argv, worker_env = celery_commands(hostname=hostname, loglevel="WARNING",
                                       schedule=ROOT / "var" / "bench-celerybeat-schedule")["worker"]
    log = open(ROOT / "var" / "bench-consolidation-worker.log", "wb")
    ready_dir = tempfile.mkdtemp(prefix="quorum-bench-ready-")
    started = time.perf_counter()
    proc = subprocess.Popen([*argv, *extra_argv], cwd=ROOT,
                            env={**os.environ, **worker_env, **(extra_env or {}), "QUORUM_WORKER_READY_DIR": ready_dir},
                            stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    deadline = time.monotonic() + 90
    while not app.control.ping(timeout=1.0):
        if time.monotonic() > deadline or proc.poll() is not None:
            raise RuntimeError("the Celery worker did not answer; see var/bench-consolidation-worker.log")
    ping = time.perf_counter() - started
    reports = _pool_ready(app, ready_dir, proc, deadline)
    startup = {"startup_seconds": time.perf_counter() - started, "ping_seconds": ping, "pool_processes": len(reports),
               "warmup_seconds": max(r["warmup_seconds"] for r in reports),
               "apertium_seconds": max(r["apertium_seconds"] for r in reports),
               "warmup": all(r["warmup"] for r in reports), "startup_cpu_seconds": _tree_cpu(proc)}
    return proc, log, startup


def _pool_ready(app: Any, ready_dir: str, proc: subprocess.Popen[bytes], deadline: float) -> list[dict[str, Any]]:
    """The ready reports of the worker's pool processes (their pids from ``inspect().stats()``),
    once each has written one (``QUORUM_WORKER_READY_DIR``)."""
    from pathlib import Path

    pids: list[int] = []
    while not pids:
        stats = app.control.inspect(timeout=1.0).stats() or {}
        pids = [pid for name, stat in stats.items() if name.startswith("bench-consolidation@")
                for pid in stat.get("pool", {}).get("processes", [])]
        if not pids and (time.monotonic() > deadline or proc.poll() is not None):
            raise RuntimeError("the Celery worker listed no pool process; see var/bench-consolidation-worker.log")
    files = [Path(ready_dir) / f"{pid}.json" for pid in pids]
    while not all(f.exists() for f in files):
        if time.monotonic() > deadline or proc.poll() is not None:
            raise RuntimeError("a pool process did not finish its start; see var/bench-consolidation-worker.log")
        time.sleep(0.02)
    return [json.loads(f.read_text()) for f in files]


def _stop(proc: subprocess.Popen[bytes], log: Any) -> None:
    process_group_stop(proc)
    log.close()


def _tree_cpu(proc: subprocess.Popen[bytes]) -> float:
    """CPU seconds (user + system) used so far by the worker and every process under it (its pool
    processes and the Apertium pipelines they run): on a shared machine the pass's wall time moves
    with other people's load, its CPU time much less. PostgreSQL's own time is not in it."""
    import psutil

    root = psutil.Process(proc.pid)
    total = 0.0
    for process in [root, *root.children(recursive=True)]:
        try:
            times = process.cpu_times()
        except psutil.NoSuchProcess:
            continue
        total += times.user + times.system
    return total


def one_running_seconds(spans: list[tuple[float, float]]) -> float:
    """Seconds during which exactly one subject's run was going, from the runs' (start, end) times:
    one pool process busy while the other idled (a chain that ended first, or a start not yet done)."""
    events = sorted([(start, 1) for start, _ in spans] + [(end, -1) for _, end in spans])
    active, last, alone = 0, 0.0, 0.0
    for at, step in events:
        if active == 1:
            alone += at - last
        active, last = active + step, at
    return alone


def _ms(run: Any) -> float:
    return (run.finished_at - run.started_at).total_seconds() * 1000


def _incremental(agent_ids: list[int], tag: str) -> list[float]:
    """Incremental pass for one person with 200 memories (already consolidated once: steady state),
    one task at a time through the worker; the first (from scratch) is not counted."""
    from memory.models import ConsolidationRun, Subject
    from memory.tasks import consolidation_subject_task

    _populate(1, 200, agent_ids, tag + "x")
    one = Subject.objects.get(external_ref=f"cons-{tag}x-1").pk
    incremental = []
    for n in range(11):
        before = set(ConsolidationRun.objects.filter(subject_id=one).values_list("pk", flat=True))
        consolidation_subject_task.apply_async(args=[str(one)], kwargs={"mode": "incremental"})
        deadline = time.monotonic() + 60
        while not (runs := list(ConsolidationRun.objects.filter(subject_id=one, finished_at__isnull=False)
                                .exclude(pk__in=before))):
            if time.monotonic() > deadline:
                raise RuntimeError("the incremental pass did not finish within 60 s")
            time.sleep(0.02)
        if n:
            incremental.append(_ms(runs[0]))
    return incremental


def _print_freetext(result: dict[str, Any], notes: Any, per_run: list[float]) -> None:
    """The free-text variant's lines: the deep pass, the notes' way through it, claims inference."""
    from benchmarks.consolidation_freetext import notes_report

    report = notes_report(notes)
    result.update({"freetext": report, "run_p90_ms": statistics.quantiles(per_run, n=10)[-1],
                   "write_seconds": notes.write_seconds, "backfill_seconds": notes.backfill_seconds,
                   "claims_inference_seconds": notes.claims_seconds,
                   "pool_vectors_embedded_now": notes.vectors_computed,
                   "texts_embedded_for_real_by_backfill": notes.embedded_for_real})
    with_claims = result["memories"] / (result["seconds"] + notes.claims_seconds)
    result["memories_per_s_with_claims_inference"] = with_claims
    memories, share = result["memories"], report["notes"] / result["memories"]
    _print_cpu(result)
    print(f"deep pass, free text ({share:.0%} plain-text notes, real texts and vectors): {memories:,} memories "
          f"({report['notes']:,} notes) / {result['subjects']:,} subjects in {result['seconds']:.1f} s over "
          f"{result['chains']} chains → {result['memories_per_s']:.0f} memories/s "
          f"(target ≥ 2,000 memories/s: {'met' if result['memories_per_s'] >= 2000 else 'MISSED'}); "
          f"per-subject run p50 {result['run_p50_ms']:.1f} ms, p90 {result['run_p90_ms']:.1f} ms")
    print(f"notes through the free-text judge: {report['notes_through_judge']:,} of {report['notes_gathered']:,} "
          f"gathered ({report['judge_share']:.1%}); {report['chain_judgments_on_notes']:,} chain judgments on "
          f"notes of {report['chain_judgments_all']:,} in all; {report['notes_with_inferred_claims']:,} notes "
          f"with an inferred claim; runs out of budget {report['runs_budget_exhausted']}")
    print(f"claims inference (the embedding backfill's, before the pass): {notes.claims_seconds:.1f} s for "
          f"{report['notes']:,} notes ({1000 * notes.claims_seconds / max(report['notes'], 1):.2f} ms a note); "
          f"deep pass + claims inference → {with_claims:.0f} memories/s "
          f"(target: {'met' if with_claims >= 2000 else 'MISSED'})")
    if report["judge_ms_per_pair_mean"] is not None:
        print(f"the chain on note pairs, re-judged here ({report['judge_sample']} of the pass's pairs): "
              f"mean {report['judge_ms_per_pair_mean']:.2f} ms, p50 {report['judge_ms_per_pair_p50']:.2f} ms, "
              f"p90 {report['judge_ms_per_pair_p90']:.2f} ms a pair")


def _print_cpu(result: dict[str, Any]) -> None:
    load = "/".join(f"{x:.1f}" for x in result["load"])
    start = result["worker_start"]
    print(f"worker start (before the clock, not in the pass's figures): {start['startup_seconds']:.1f} s until all "
          f"{start['pool_processes']} pool processes were ready (main process's ping at {start['ping_seconds']:.1f} s); "
          + (f"of it the warm-up {start['warmup_seconds']:.2f} s (Apertium pipelines {start['apertium_seconds']:.2f} s), "
             if start["warmup"] else "warm-up off (QUORUM_WORKER_WARMUP=0): the pass pays the lazy loads, ")
          + f"worker CPU {start['startup_cpu_seconds']:.1f} s")
    print(f"one pool process alone (the other idle) for {result['one_process_alone_seconds']:.2f} s of the pass "
          f"(from the runs' start and end times)")
    print(f"worker CPU during the pass: {result['worker_cpu_seconds']:.1f} s (its processes and their Apertium "
          f"pipelines) → {result['memories_per_worker_cpu_s']:.0f} memories per worker CPU second; "
          f"load average {load} at the end")


#: The free-text variant's share of plain-text notes when ``QUORUM_BENCH_FREETEXT`` is unset: then
#: ``python -m benchmarks consolidation`` (and ``make bench``) runs the structured variant and this one,
#: so the deep pass's line is printed with claims inference on real note texts included (issue 16).
DEFAULT_FREETEXT = 0.3


def variants(raw: str | None) -> list[float]:
    """The variants to run, as shares of plain-text notes: the one ``QUORUM_BENCH_FREETEXT`` names, or
    when it is unset or empty both the structured variant (0) and the free-text one."""
    if raw is None or not raw.strip():
        return [0.0, DEFAULT_FREETEXT]
    try:
        share = float(raw)
    except ValueError:
        share = -1.0
    if not 0 <= share < 1:
        raise SystemExit("QUORUM_BENCH_FREETEXT is the share of plain-text notes: at least 0, below 1")
    return [share]


def main(argv: list[str]) -> None:
    setup_django()
    for freetext in variants(os.environ.get("QUORUM_BENCH_FREETEXT")):
        _run(freetext)


def _run(freetext: float) -> None:
    """One variant: populate, start the worker, time the deep pass, print its lines and its json."""
    from django.db import connection
    from django.db.models import Count

    from agents_registry.services.agents import agent_create
    from config.actors import Actor
    from memory.models import ConsolidationRun, Memory, Subject
    from memory.tasks import consolidation_deep_task

    # The free-text variant writes its notes through the write path and the backfill: smaller by default.
    subjects = int(os.environ.get("QUORUM_BENCH_SUBJECTS", "100" if freetext else "1000"))
    per_subject = 100
    # Free text: whole pairs of notes; the structured rest spread evenly over the four agents.
    per_agent = (per_subject - 2 * round(per_subject * freetext / 2)) // 4
    note_pairs = (per_subject - 4 * per_agent) // 2
    with connection.cursor() as cursor:
        cursor.execute("TRUNCATE memory_memory, memory_memoryspace, memory_subject, memory_collectivefact, "
                       "memory_consolidationrun CASCADE")
    tag = uuid.uuid4().hex[:6]
    agents = [agent_create(actor=Actor.system("bench"), slug=f"cons-{tag}-{i}", role="planner", domain="work",
                           purposes=["essential.service"]).agent for i in range(4)]
    agent_ids = [agent.pk for agent in agents]
    print(f"populating {subjects:,} subjects × {per_subject} memories"
          + (f" ({2 * note_pairs} of them plain-text notes)" if note_pairs else "") + " …", flush=True)
    _populate(subjects, 4 * per_agent, agent_ids, tag)
    notes = None
    if note_pairs:
        from benchmarks.consolidation_freetext import notes_populate

        notes = notes_populate(subjects=subjects, pairs_per_subject=note_pairs, agents=agents, tag=tag)
    Subject.objects.update(consolidation_requested_at=None)  # only the deep pass consolidates them
    memories = Memory.objects.count()
    proc, log, startup = _worker()
    try:
        deep = ConsolidationRun.objects.filter(mode=ConsolidationRun.Mode.DEEP, finished_at__isnull=False)
        worker_cpu = _tree_cpu(proc)
        started = time.perf_counter()
        chains = consolidation_deep_task()["chains"]
        shown = 0
        while (done := deep.count()) < subjects:
            if done >= shown + 100:
                shown = done - done % 100
                print(f"  {shown:,}/{subjects:,} subjects", flush=True)
            if proc.poll() is not None:
                raise RuntimeError("the Celery worker stopped; see var/bench-consolidation-worker.log")
            time.sleep(0.05)
        wall = time.perf_counter() - started
        worker_cpu = _tree_cpu(proc) - worker_cpu
        rows = list(deep.only("started_at", "finished_at"))
        per_run = [_ms(run) for run in rows]
        alone = one_running_seconds([(r.started_at.timestamp(), r.finished_at.timestamp()) for r in rows])
        # The incremental pass is the default variant's (its memories carry no free text).
        incremental = _incremental(agent_ids, tag) if notes is None else []
    finally:
        _stop(proc, log)
    statuses = dict(ConsolidationRun.objects.values_list("status").annotate(n=Count("id")))
    result = {"subjects": subjects, "memories": memories, "chains": chains, "seconds": wall,
              "memories_per_s": memories / wall, "subjects_per_s": subjects / wall,
              "worker_cpu_seconds": worker_cpu, "memories_per_worker_cpu_s": memories / worker_cpu,
              "load": os.getloadavg(), "worker_start": startup,
              "run_p50_ms": statistics.median(per_run), "statuses": statuses, "one_process_alone_seconds": alone}
    if notes is None:
        result.update({"incremental_200_p50_ms": statistics.median(incremental),
                       "incremental_200_ms": [round(ms, 1) for ms in incremental]})
    print()
    print("consolidation benchmark (deep pass, no LLM judge, 2 cores, embedded PostgreSQL, make run's worker)")
    if notes is not None:
        _print_freetext(result, notes, per_run)
        print("json:", json.dumps(result, default=str))
        return
    print(f"deep pass: {memories:,} memories / {subjects:,} subjects in {wall:.1f} s over {chains} chains → "
          f"{result['memories_per_s']:.0f} memories/s, {result['subjects_per_s']:.1f} subjects/s "
          f"(target ≥ 2,000 memories/s: {'met' if result['memories_per_s'] >= 2000 else 'MISSED'}); "
          f"per-subject run p50 {result['run_p50_ms']:.1f} ms")
    _print_cpu(result)
    print(f"incremental pass, one person with 200 memories: p50 {result['incremental_200_p50_ms']:.1f} ms "
          f"(target ≤ 100 ms: {'met' if result['incremental_200_p50_ms'] <= 100 else 'MISSED'})")
    print("json:", json.dumps(result, default=str))
