"""Deep-pass consolidation throughput: 1,000 subjects × 100 memories, no LLM judge.

Memories are real rows (synthetic text from templates, predicates and values, several agents and
sessions per subject, each with its explicit claim) inserted in SQL with synthetic unit vectors. The
pass then runs exactly as beat's deep pass does: ``make run``'s Celery worker (its command and
environment, ``config.runner.celery_commands``: 2 processes) is started, ``consolidation_deep_task``
is called, and its chains of steps (``consolidation_deep_step_task``) run in the worker until every
subject has a deep run. The wall time is from the call to the last run's end; each run's own time
comes from its row (``finished_at − started_at``).
Target (DESIGN §11): ≥ 2,000 memories/s; incremental pass for one person with 200 memories ≤ 100 ms
(measured through the same worker, ``consolidation_subject_task``, one at a time).
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


def _worker() -> tuple[subprocess.Popen[bytes], Any]:
    """``make run``'s worker (command and environment), on the benchmark database, queues purged."""
    from config.celery import app
    from config.runner import celery_commands

    with app.connection_for_write() as conn:
        for queue in ("default", "consolidation", "rights"):
            conn.default_channel.queue_purge(queue)
    argv, extra_env = celery_commands(hostname="bench-consolidation@%h", loglevel="WARNING",
                                      schedule=ROOT / "var" / "bench-celerybeat-schedule")["worker"]
    log = open(ROOT / "var" / "bench-consolidation-worker.log", "wb")
    proc = subprocess.Popen(argv, cwd=ROOT, env={**os.environ, **extra_env}, stdout=log, stderr=subprocess.STDOUT,
                            start_new_session=True)
    deadline = time.monotonic() + 90
    while not app.control.ping(timeout=1.0):
        if time.monotonic() > deadline or proc.poll() is not None:
            raise RuntimeError("the Celery worker did not answer; see var/bench-consolidation-worker.log")
    return proc, log


def _stop(proc: subprocess.Popen[bytes], log: Any) -> None:
    process_group_stop(proc)
    log.close()


def _ms(run: Any) -> float:
    return (run.finished_at - run.started_at).total_seconds() * 1000


def main(argv: list[str]) -> None:
    setup_django()
    from django.db import connection
    from django.db.models import Count

    from agents_registry.services.agents import agent_create
    from config.actors import Actor
    from memory.models import ConsolidationRun, Subject
    from memory.tasks import consolidation_deep_task, consolidation_subject_task

    subjects = int(os.environ.get("QUORUM_BENCH_SUBJECTS", "1000"))
    per_subject = 100
    with connection.cursor() as cursor:
        cursor.execute("TRUNCATE memory_memory, memory_memoryspace, memory_subject, memory_collectivefact, "
                       "memory_consolidationrun CASCADE")
    tag = uuid.uuid4().hex[:6]
    agent_ids = [agent_create(actor=Actor.system("bench"), slug=f"cons-{tag}-{i}", role="planner", domain="work",
                              purposes=["essential.service"]).agent.pk for i in range(4)]
    print(f"populating {subjects:,} subjects × {per_subject} memories …", flush=True)
    _populate(subjects, per_subject, agent_ids, tag)
    Subject.objects.update(consolidation_requested_at=None)  # only the deep pass consolidates them
    memories = per_subject * subjects
    proc, log = _worker()
    try:
        deep = ConsolidationRun.objects.filter(mode=ConsolidationRun.Mode.DEEP, finished_at__isnull=False)
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
        per_run = [_ms(run) for run in deep.only("started_at", "finished_at")]
        # Incremental pass for one person with 200 memories (already consolidated once: steady state),
        # one task at a time through the same worker.
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
            if n:  # the first one consolidates the new person from scratch
                incremental.append(_ms(runs[0]))
    finally:
        _stop(proc, log)
    statuses = dict(ConsolidationRun.objects.values_list("status").annotate(n=Count("id")))
    result = {"subjects": subjects, "memories": memories, "chains": chains, "seconds": wall,
              "memories_per_s": memories / wall, "subjects_per_s": subjects / wall,
              "run_p50_ms": statistics.median(per_run), "incremental_200_p50_ms": statistics.median(incremental),
              "incremental_200_ms": [round(ms, 1) for ms in incremental],
              "statuses": statuses}
    print()
    print("consolidation benchmark (deep pass, no LLM judge, 2 cores, embedded PostgreSQL, make run's worker)")
    print(f"deep pass: {memories:,} memories / {subjects:,} subjects in {wall:.1f} s over {chains} chains → "
          f"{result['memories_per_s']:.0f} memories/s, {result['subjects_per_s']:.1f} subjects/s "
          f"(target ≥ 2,000 memories/s: {'met' if result['memories_per_s'] >= 2000 else 'MISSED'}); "
          f"per-subject run p50 {result['run_p50_ms']:.1f} ms")
    print(f"incremental pass, one person with 200 memories: p50 {result['incremental_200_p50_ms']:.1f} ms "
          f"(target ≤ 100 ms: {'met' if result['incremental_200_p50_ms'] <= 100 else 'MISSED'})")
    print("json:", json.dumps(result, default=str))
