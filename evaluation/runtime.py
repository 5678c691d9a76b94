"""What every suite gets: the size, the synthetic generator, the progress bar, and helpers that
drive the real worker code (Celery task functions run in-process with ``Task.apply``) and the real
HTTP API (DRF through Django's test client, in-process)."""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rest_framework.test import APIClient

from agents_registry.models import Agent
from evaluation.progress import Progress
from evaluation.synth import Synth
from memory.models import CollectiveFact, Subject
from memory.consolidation.run import JUDGMENTS
from memory.tasks import consolidation_subject_task, memory_embed_pending_task

SIZES = {
    # promotion_stride: 1 = every pair of the dev set; small takes a deterministic stratified third.
    "small": {"promotion_stride": 3, "independence_people": 1, "temporality_people": 2, "isolation_people": 1,
              "rights_people": 1, "utility_people": 4, "utility_facts": 4, "write_samples": 30,
              "recall_samples": 20, "throughput_memories": 200, "echo_rounds": 20, "freetext_stride": 2},
    "default": {"promotion_stride": 1, "independence_people": 4, "temporality_people": 8, "isolation_people": 4,
                "rights_people": 4, "utility_people": 20, "utility_facts": 5, "write_samples": 300,
                "recall_samples": 200, "throughput_memories": 2000, "echo_rounds": 20, "freetext_stride": 1},
}


@dataclass
class Run:
    size: str
    seed: int
    synth: Synth
    progress: Progress
    pairs: Path | None = None  # ``--pairs``: the freetext suite runs this JSONL file instead of its splits

    @property
    def params(self) -> dict[str, Any]:
        return SIZES[self.size]

    # -- worker code ------------------------------------------------------------------------
    @staticmethod
    def embed() -> None:
        """What beat's sweep runs: the embedding task, in-process."""
        memory_embed_pending_task.apply()

    @staticmethod
    def consolidate(subject_ref: str, *, mode: str = "incremental") -> dict[str, Any]:
        """One consolidation pass through the real Celery task body, in-process."""
        subject_id = Subject.objects.get(external_ref=subject_ref).pk
        for _ in range(50):
            JUDGMENTS.data.clear()  # every pass judges afresh and records its Decisions
            result = consolidation_subject_task.apply(args=[str(subject_id)], kwargs={"mode": mode}).get()
            if result.get("status") != "skipped":
                return result
            time.sleep(0.1)  # a worker sharing the (test) broker holds the subject's lock: wait for it
        return result

    @staticmethod
    def current(subject_ref: str) -> list[CollectiveFact]:
        return list(CollectiveFact.objects.filter(subject__external_ref=subject_ref, status="current"))

    # -- the HTTP API -----------------------------------------------------------------------
    def client(self, agent: Agent) -> APIClient:
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Bearer {self.synth.key_for(agent)}")
        return client
