"""Which erasures are pending: what agents must stop receiving before the rights worker runs.

An erasure request withholds its scope from the moment it is ``verified`` until it is
``completed`` — through ``in_progress`` and ``failed`` too (a failed erasure is still owed; its
data must not be served while an operator resolves it). One query on a small partial index
(``dsr_erasure_pending``: only open erasures are in it), so the read path can ask on every call.
Memory turns these scopes into rows (``memory.selectors.withheld``).
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable
from dataclasses import dataclass, field

from governance.models import DataSubjectRequest

WITHHOLDING_STATUSES = (DataSubjectRequest.Status.VERIFIED, DataSubjectRequest.Status.IN_PROGRESS,
                        DataSubjectRequest.Status.FAILED)


@dataclass(frozen=True)
class PendingErasure:
    """The union of one person's open erasure scopes: everything, some agents' memories (slugs),
    some facts (ids; memory expands them to their lineage and supporting memories)."""

    everything: bool = False
    agent_slugs: frozenset[str] = field(default_factory=frozenset)
    fact_ids: frozenset[str] = field(default_factory=frozenset)

    def __bool__(self) -> bool:
        return self.everything or bool(self.agent_slugs) or bool(self.fact_ids)


NOTHING_PENDING = PendingErasure()


def _merge(scopes: Iterable[dict]) -> PendingErasure:
    everything = False
    agents: set[str] = set()
    facts: set[str] = set()
    for scope in scopes:
        if not isinstance(scope, dict):
            continue
        if scope.get("all"):
            everything = True
        if scope.get("agent"):
            agents.add(str(scope["agent"]))
        if scope.get("fact_id"):
            facts.add(str(scope["fact_id"]))
    return PendingErasure(everything=everything, agent_slugs=frozenset(agents), fact_ids=frozenset(facts))


def _open_erasures():  # noqa: ANN202 - a QuerySet of DataSubjectRequest
    # Spelled exactly as the partial index's condition so the planner can use it.
    return DataSubjectRequest.objects.filter(type=DataSubjectRequest.Type.ERASURE,
                                             status__in=list(WITHHOLDING_STATUSES)).order_by()


def erasure_pending_scopes(*, subject_id: uuid.UUID | str | None) -> PendingErasure:
    """What of this person is being erased (and so withheld); ``NOTHING_PENDING`` if nothing."""
    if subject_id is None:
        return NOTHING_PENDING
    return _merge(_open_erasures().filter(subject_id=subject_id).values_list("scope", flat=True))


def erasure_pending_by_subject() -> dict[uuid.UUID, PendingErasure]:
    """Every person with an open erasure (for reads that span people, e.g. an agent's memory list)."""
    scopes: dict[uuid.UUID, list[dict]] = {}
    for subject_id, scope in _open_erasures().values_list("subject_id", "scope"):
        scopes.setdefault(subject_id, []).append(scope)
    return {subject_id: _merge(items) for subject_id, items in scopes.items()}
