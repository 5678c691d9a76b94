"""Suite 7 — operation: latency, consolidation throughput and budget, behaviour under failure.

* write and recall latency — the real DRF API in-process (Django's test client, Bearer keys):
  ``POST /api/v1/memories`` and ``POST /api/v1/recall`` with distinct synthetic queries, p50 /
  p95 / p99; plus a repeated query (the query-embedding cache). In-process figures exclude the
  HTTP server; the §11 benchmarks (``benchmarks/``) measure through gunicorn.
* consolidation — people with 100 synthetic memories each (four agents, six predicates, as in
  ``benchmarks/consolidation.py`` but written through the real write service and embedded by the
  real task); the deep pass runs through the real Celery task body. Throughput = memories
  gathered / pass time; budget use = the run's candidates, judge calls and seconds against the
  policy budget; then one steady-state incremental pass.
* non-interference — recall latency while a deep pass runs in another thread.
* Redis down — the shared Redis client points at a closed port: writes and recall must still
  answer, the work must be remembered in the database, and the sweep must catch up afterwards.
* collective layer unavailable — another transaction holds an exclusive lock on the collective
  table: recall must answer within its budget with private results and ``degraded: true``.
"""

from __future__ import annotations

import os
import threading
import time
from typing import Any

from django.db import connection

from config import redis as redis_module
from config.faults import table_locked
from evaluation.metrics import SuiteResult, percentile, ratio
from evaluation.runtime import Run
from evaluation.synth import FACTS, remember
from memory.models import CollectiveFact, ConsolidationRun, Memory, Subject

PURPOSE = "essential.service"
OP_PREDICATES = [("preference.report_length", ["short", "long"]), ("communication.language", ["es", "en"]),
                 ("preference.meeting_time", ["morning", "afternoon"]), ("project.current", ["Atlas", "Borealis"]),
                 ("project.mentioned", ["Cobalto", "Delta", "Estela", "Fiordo"]),
                 ("constraint.availability", ["no los viernes", "no los lunes"])]
PREFIXES = ["Dato confirmado: ", "Según la persona, ", "Comentó que "]


def _ms(samples: list[float], q: float) -> float | None:
    value = percentile(samples, q)
    return None if value is None else value * 1000


def run(run: Run) -> SuiteResult:
    result = SuiteResult("operation", "Operation: latency, throughput, budget, degradation")
    synth = run.synth
    writer = synth.agent("op-writer")
    agents = [synth.agent(f"op-{i}") for i in range(4)]
    client = run.client(writer)
    n_write, n_recall = run.params["write_samples"], run.params["recall_samples"]
    people = max(1, run.params["throughput_memories"] // 100)
    run.progress.start("operation", n_write + n_recall + people + 40)

    result.add("load_average_1m", round(os.getloadavg()[0], 2), unit="",
               description="machine load when the suite started: latency figures depend on it (2 shared cores)")

    # -- write latency through the API ------------------------------------------------------------
    ref = synth.ref("op")
    write_samples: list[float] = []
    errors = 0
    for i in range(n_write):
        fact = FACTS[i % len(FACTS)]
        body = {"subject": ref, "kind": "event" if i % 3 else "fact", "content": f"{synth.wording(fact)} ({synth.code()})",
                "session_id": f"op-w-{i // 20}", "origin_ref": f"op-w-utt-{i}", "asserted_by": "user"}
        if body["kind"] == "fact":
            body["key"] = f"note-{i}"
            body["category"] = "user.behavior"
        started = time.perf_counter()
        response = client.post("/api/v1/memories", body, format="json")
        write_samples.append(time.perf_counter() - started)
        errors += response.status_code not in (200, 201)
        run.progress.step()
    result.add("write_p50", _ms(write_samples, 50), 7, "<=", unit="ms", description="POST /api/v1/memories")
    result.add("write_p95", _ms(write_samples, 95), unit="ms")
    result.add("write_p99", _ms(write_samples, 99), unit="ms")
    result.add("write_throughput", ratio(n_write, sum(write_samples)), 200, ">=", unit="memories/s",
               description="sequential, one client")
    run.embed()

    # -- recall latency through the API -----------------------------------------------------------
    recall_samples: list[float] = []
    for i in range(n_recall):
        fact = FACTS[i % len(FACTS)]
        query = f"{fact.query_es if i % 2 else fact.query_en} {synth.code()}"
        started = time.perf_counter()
        response = client.post("/api/v1/recall", {"subject": ref, "query": query, "purpose": PURPOSE,
                                                  "session_id": f"op-r-{i}"}, format="json")
        recall_samples.append(time.perf_counter() - started)
        errors += response.status_code != 200
        run.progress.step()
    repeat: list[float] = []
    for _ in range(20):
        started = time.perf_counter()
        client.post("/api/v1/recall", {"subject": ref, "query": FACTS[0].query_es, "purpose": PURPOSE,
                                       "session_id": "op-repeat"}, format="json")
        repeat.append(time.perf_counter() - started)
    result.add("recall_p50", _ms(recall_samples, 50), 25, "<=", unit="ms",
               description="POST /api/v1/recall, distinct queries (query embedding included)")
    result.add("recall_p95", _ms(recall_samples, 95), 60, "<=", unit="ms")
    result.add("recall_p99", _ms(recall_samples, 99), unit="ms")
    result.add("recall_repeated_query_p50", _ms(repeat[1:], 50), 3, "<=", unit="ms",
               description="the same query again (query-embedding cache)")
    result.add("api_errors", errors, 0, "<=", unit="responses", description="non-2xx answers to valid requests")

    # -- consolidation throughput and budget ------------------------------------------------------
    refs = []
    for p in range(people):
        pref = synth.ref("op-cons")
        refs.append(pref)
        for g in range(100):
            key, values = OP_PREDICATES[g % len(OP_PREDICATES)]
            value = values[(g // len(OP_PREDICATES)) % len(values)] if key.startswith(("project.mentioned", "constraint")) \
                else values[0 if g % 17 else 1]
            remember(agents[g % 4], pref, f"{PREFIXES[g % 3]}{key.split('.')[-1]} es {value}",
                     session=f"op-s-{g // 10}", origin=f"op-utt-{p}-{g}", predicate=key, value=value)
        run.progress.step()
    run.embed()
    gathered = 0
    seconds = 0.0
    used_ratio = 0.0
    exhausted = 0
    for pref in refs:
        run.consolidate(pref, mode="deep")
        row = ConsolidationRun.objects.filter(subject__external_ref=pref).order_by("-started_at").first()
        stats = row.stats or {}
        gathered += int(stats.get("memories", 0))
        seconds += float(stats.get("ms", 0)) / 1000
        exhausted += int(bool(stats.get("budget_exhausted")))
        used, budget = row.used or {}, row.budget or {}
        for name, limit in (("candidates", "max_candidates"), ("judge_calls", "max_judge_calls"),
                            ("seconds", "max_seconds")):
            if budget.get(limit):
                used_ratio = max(used_ratio, float(used.get(name, 0)) / float(budget[limit]))
    result.add("deep_pass_throughput", ratio(gathered, seconds), 2000, ">=", unit="memories/s",
               description=f"{gathered} memories gathered over {len(refs)} deep passes (task body, in-process)")
    result.add("budget_use_max", used_ratio, 1.0, "<=", unit="ratio",
               description="largest share of any budget line (candidates, judge calls, seconds) one run used")
    result.add("budget_exhausted_runs", exhausted, 0, "<=", unit="runs")
    remember(agents[0], refs[0], "Comentó que report_length es short (again)", session="op-inc",
             origin="op-inc-utt", predicate="preference.report_length", value="short")
    run.embed()
    run.consolidate(refs[0])
    row = ConsolidationRun.objects.filter(subject__external_ref=refs[0]).order_by("-started_at").first()
    result.add("incremental_pass_ms", float((row.stats or {}).get("ms", 0)), 100, "<=", unit="ms",
               description=f"one person, {(row.stats or {}).get('memories')} memories, after one new write")

    # -- non-interference: recall while a deep pass runs -------------------------------------------
    busy: list[float] = []
    done = threading.Event()

    def deep() -> None:
        try:
            for pref in refs:
                run.consolidate(pref, mode="deep")
        finally:
            connection.close()
            done.set()

    worker = threading.Thread(target=deep)
    worker.start()
    for i in range(20):
        fact = FACTS[i % len(FACTS)]
        started = time.perf_counter()
        client.post("/api/v1/recall", {"subject": ref, "query": f"{fact.query_es} {synth.code()}", "purpose": PURPOSE,
                                       "session_id": f"op-busy-{i}"}, format="json")
        busy.append(time.perf_counter() - started)
        run.progress.step()
    worker.join()
    result.add("recall_p50_during_consolidation", _ms(busy, 50), 50, "<=", unit="ms",
               description="recall while a deep pass runs in another thread (2 cores shared)")

    # -- Redis down ---------------------------------------------------------------------------------
    ok_writes, ok_recalls, marked, caught_up = _redis_down(run, client, ref)
    result.add("writes_ok_redis_down", ok_writes, 1.0, ">=", unit="ratio",
               description="writes answered 201 with Redis unreachable")
    result.add("recall_ok_redis_down", ok_recalls, 1.0, ">=", unit="ratio")
    result.add("work_remembered_redis_down", marked, 1.0, ">=", unit="ratio",
               description="embedding and consolidation marked pending in the database")
    result.add("caught_up_after_outage", caught_up, 1.0, ">=", unit="ratio",
               description="the embedding sweep (task, in-process) embedded everything once Redis was back")

    # -- collective layer unavailable ----------------------------------------------------------------
    degraded, elapsed_ms, private_only = _collective_locked(client, ref)
    result.add("degraded_when_collective_locked", degraded, 1.0, ">=", unit="ratio",
               description="recall answered 200 with degraded: true while the collective table was locked")
    result.add("degraded_recall_ms", elapsed_ms, 2000, "<=", unit="ms")
    result.add("degraded_items_private_only", private_only, 1.0, ">=", unit="ratio")
    run.progress.finish()
    return result


def _redis_down(run: Run, client, ref: str) -> tuple[float, float, float, float]:  # noqa: ANN001
    dead = redis_module.make_client("redis://127.0.0.1:1/0")
    live = redis_module.get_redis()
    redis_module._client = dead
    writes = recalls = 0
    ids: list[Any] = []
    try:
        for i in range(10):
            response = client.post("/api/v1/memories", {"subject": ref, "kind": "event",
                                                        "content": f"Redis outage drill {i} ({run.synth.code()})",
                                                        "session_id": "op-outage", "asserted_by": "user"}, format="json")
            writes += response.status_code == 201
            if response.status_code == 201:
                ids.append(response.json()["id"])
            response = client.post("/api/v1/recall", {"subject": ref, "query": f"outage drill {i}",
                                                      "purpose": PURPOSE, "session_id": "op-outage"}, format="json")
            recalls += response.status_code == 200
            run.progress.step()
    finally:
        redis_module._client = live
    pending = Memory.objects.filter(pk__in=ids, embedding_pending=True).count()
    consolidation_marked = Subject.objects.filter(external_ref=ref, consolidation_requested_at__isnull=False).exists()
    marked = ratio(pending, len(ids), 0.0) if consolidation_marked else 0.0
    run.embed()
    left = Memory.objects.filter(pk__in=ids, embedding_pending=True).count()
    return writes / 10, recalls / 10, marked, (1.0 if ids and left == 0 else 0.0)


def _collective_locked(client, ref: str) -> tuple[float, float | None, float]:  # noqa: ANN001
    with table_locked(CollectiveFact._meta.db_table) as taken:
        if not taken:
            return 0.0, None, 0.0
        started = time.perf_counter()
        response = client.post("/api/v1/recall", {"subject": ref, "query": "redis outage drill", "purpose": PURPOSE,
                                                  "session_id": "op-locked"}, format="json")
        elapsed = (time.perf_counter() - started) * 1000
    data = response.json() if response.status_code == 200 else {}
    items = data.get("items", [])
    degraded = 1.0 if response.status_code == 200 and data.get("degraded") is True else 0.0
    private_only = 1.0 if items and all(i["layer"] == "private" for i in items) else 0.0
    return degraded, elapsed, private_only
