"""Fixtures for driving one consolidation step at a time through its public function."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest

from governance.policy import policy_current
from memory.consolidation import clusters as clustering
from memory.consolidation.clusters import Cluster
from memory.consolidation.gather import gather
from memory.consolidation.group import group
from memory.consolidation.run import CODE_VERSION, CONSOLIDATOR, RunContext, context_open, default_judge_chain
from memory.models import CollectiveFact, ConsolidationRun, Subject
from memory.services.embedding_backfill import memory_embed_pending


@pytest.fixture
def agents(make_agent):  # noqa: ANN001, ANN201 - pytest fixture
    # agent-0 and agent-2 are also registered verified channels (their tool/system records are verified).
    return [make_agent(f"agent-{i}", domain="work", verified_channel=i in (0, 2))[0] for i in range(4)]


@pytest.fixture
def run_context() -> Callable[..., RunContext]:
    """A context as the entry builds it (pending embeddings computed, a run row recorded)."""

    def build(subject: str = "ana", *, chain: Any = None) -> RunContext:
        subject_row = Subject.objects.get(external_ref=subject)
        memory_embed_pending(subject_id=subject_row.pk)
        policy = policy_current(fresh=True)
        run = ConsolidationRun.objects.create(subject=subject_row, mode="incremental", policy_version=policy.version,
                                              code_version=CODE_VERSION, budget=policy.budget)
        return context_open(run=run, subject_id=subject_row.pk, policy=policy, actor=CONSOLIDATOR,
                            chain=chain or default_judge_chain(), started=time.monotonic())

    return build


@pytest.fixture
def grouped(run_context) -> Callable[..., tuple[RunContext, list[Cluster], list[CollectiveFact]]]:  # noqa: ANN001
    """Steps 1–2 for a subject, with clusters bound to its open versions: the input of steps 3–7."""

    def build(subject: str = "ana") -> tuple[RunContext, list[Cluster], list[CollectiveFact]]:
        ctx = run_context(subject)
        clusters = group(ctx, gather(ctx))
        existing = list(CollectiveFact.objects.filter(subject=ctx.subject, status__in=["current", "pending_review"])
                        .prefetch_related("evidence"))
        clustering.clusters_match(clusters, existing)
        return ctx, clusters, existing

    return build
