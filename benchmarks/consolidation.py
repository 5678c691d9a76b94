"""Deep-pass consolidation throughput: 1,000 subjects × 100 memories, no LLM judge.

Memories are real rows (synthetic text from templates, predicates and values, several agents and
sessions per subject, each with its explicit claim) inserted in SQL with synthetic unit vectors; the pass then runs exactly as
beat's deep pass does (``consolidation_run_subject`` per subject, each in its own transaction).
Target (DESIGN §11): ≥ 2,000 memories/s; incremental pass for one person with 200 memories ≤ 100 ms.
"""

from __future__ import annotations

import json
import os
import statistics
import time
import uuid

from benchmarks.common import setup_django

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


def main(argv: list[str]) -> None:
    setup_django()
    from django.db import connection

    from django.db.models import Count

    from agents_registry.services.agents import agent_create
    from config.actors import Actor
    from memory.models import ConsolidationRun, Subject
    from memory.consolidation.run import CONSOLIDATOR, consolidation_run_subject

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
    ids = list(Subject.objects.filter(external_ref__startswith=f"cons-{tag}-").values_list("pk", flat=True))
    memories = per_subject * len(ids)
    started = time.perf_counter()
    per_run = []
    for n, subject_id in enumerate(ids, 1):
        t = time.perf_counter()
        consolidation_run_subject(actor=CONSOLIDATOR, subject_id=subject_id, mode=ConsolidationRun.Mode.DEEP)
        per_run.append(time.perf_counter() - t)
        if n % 100 == 0:
            print(f"  {n:,}/{len(ids):,} subjects", flush=True)
    wall = time.perf_counter() - started
    # Incremental pass for one person with 200 memories (already consolidated once: steady state).
    _populate(1, 200, agent_ids, tag + "x")
    one = Subject.objects.get(external_ref=f"cons-{tag}x-1").pk
    consolidation_run_subject(actor=CONSOLIDATOR, subject_id=one)
    incremental = []
    for _ in range(10):
        t = time.perf_counter()
        consolidation_run_subject(actor=CONSOLIDATOR, subject_id=one)
        incremental.append(time.perf_counter() - t)
    statuses = dict(ConsolidationRun.objects.values_list("status").annotate(n=Count("id")))
    result = {"subjects": len(ids), "memories": memories, "seconds": wall, "memories_per_s": memories / wall,
              "subjects_per_s": len(ids) / wall, "run_p50_ms": statistics.median(per_run) * 1000,
              "incremental_200_p50_ms": statistics.median(incremental) * 1000, "statuses": statuses}
    print()
    print("consolidation benchmark (deep pass, no LLM judge, 2 cores, embedded PostgreSQL)")
    print(f"deep pass: {memories:,} memories / {len(ids):,} subjects in {wall:.1f} s → "
          f"{result['memories_per_s']:.0f} memories/s, {result['subjects_per_s']:.1f} subjects/s "
          f"(target ≥ 2,000 memories/s: {'met' if result['memories_per_s'] >= 2000 else 'MISSED'}); "
          f"per-subject run p50 {result['run_p50_ms']:.1f} ms")
    print(f"incremental pass, one person with 200 memories: p50 {result['incremental_200_p50_ms']:.1f} ms "
          f"(target ≤ 100 ms: {'met' if result['incremental_200_p50_ms'] <= 100 else 'MISSED'})")
    print("json:", json.dumps(result, default=str))
