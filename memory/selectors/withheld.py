"""What agents must not be served because an erasure of it is pending (verified, not yet done).

The rule is "serve at most what will remain once the erasure completes", applied from the moment
the request is verified (DESIGN §7; docs/privacy.md "From verification, nothing is served"):

- scope ``all``: nothing about the person — no private memory of any agent, no collective fact;
- scope ``agent``: that agent's own memories of the person (other agents and the collective
  layer are what the erasure leaves, so they stay served);
- scope ``fact_id``: every version of the fact's lineage and every memory that is evidence of
  one of them, whichever agent wrote it.

The pending scopes come from one indexed query (``governance.selectors.erasure``); only a
fact-scoped erasure costs two more small queries, and only while it is pending.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field

from django.db.models import Q

from agents_registry.models import Agent
from config.ids import parse_uuid
from governance.selectors.erasure import PendingErasure, erasure_pending_by_subject, erasure_pending_scopes
from memory.models import CollectiveFact, Evidence, Subject


@dataclass(frozen=True)
class Withheld:
    """One person's rows under a pending erasure, as the read paths test them."""

    everything: bool = False
    agent_ids: frozenset[int] = field(default_factory=frozenset)
    lineages: frozenset[str] = field(default_factory=frozenset)
    memory_ids: frozenset[str] = field(default_factory=frozenset)

    def __bool__(self) -> bool:
        return self.everything or bool(self.agent_ids or self.lineages or self.memory_ids)

    def blocks_fact(self, lineage: object) -> bool:
        return self.everything or str(lineage) in self.lineages

    def blocks_memory(self, *, agent_id: object, memory_id: object) -> bool:
        return self.everything or agent_id in self.agent_ids or str(memory_id) in self.memory_ids


NOTHING_WITHHELD = Withheld()


def _resolve(subject_id: uuid.UUID, pending: PendingErasure) -> Withheld:
    if not pending:
        return NOTHING_WITHHELD
    if pending.everything:
        return Withheld(everything=True)
    agent_ids: frozenset[int] = frozenset()
    if pending.agent_slugs:
        agent_ids = frozenset(Agent.objects.filter(slug__in=pending.agent_slugs).values_list("pk", flat=True))
    lineages: frozenset[str] = frozenset()
    memory_ids: frozenset[str] = frozenset()
    if pending.fact_ids:
        ids = [pk for pk in map(parse_uuid, pending.fact_ids) if pk is not None]
        found = CollectiveFact.objects.filter(pk__in=ids, subject_id=subject_id).values_list("lineage", flat=True)
        lineages = frozenset(str(lineage) for lineage in found)
        memory_ids = frozenset(str(pk) for pk in Evidence.objects.filter(
            fact__subject_id=subject_id, fact__lineage__in=lineages).values_list("memory_id", flat=True))
    return Withheld(agent_ids=agent_ids, lineages=lineages, memory_ids=memory_ids)


def withheld_for_subject(subject_id: uuid.UUID | None) -> Withheld:
    if subject_id is None:
        return NOTHING_WITHHELD
    return _resolve(subject_id, erasure_pending_scopes(subject_id=subject_id))


def withheld_for_ref(subject_ref: str) -> Withheld:
    subject_id = Subject.objects.filter(external_ref=subject_ref).values_list("pk", flat=True).first()
    return withheld_for_subject(subject_id)


def _memories_q(subject_id: uuid.UUID, withheld: Withheld) -> list[Q]:
    if withheld.everything:
        return [Q(subject_id=subject_id)]
    clauses = [Q(subject_id=subject_id, agent_id__in=withheld.agent_ids)] if withheld.agent_ids else []
    if withheld.memory_ids:
        clauses.append(Q(pk__in=list(withheld.memory_ids)))
    return clauses


def memories_withheld_q(*, subject_id: uuid.UUID | None = None) -> Q | None:
    """A filter matching every memory withheld from agents (``None``: nothing is).

    With ``subject_id``, only that person's pending erasures are read (a list about one person);
    without it, every person's (an agent's whole memory list, which spans people)."""
    if subject_id is not None:
        pending = {subject_id: erasure_pending_scopes(subject_id=subject_id)}
    else:
        pending = erasure_pending_by_subject()
    clauses = [clause for pk, scopes in pending.items() for clause in _memories_q(pk, _resolve(pk, scopes))]
    if not clauses:
        return None
    combined = clauses[0]
    for clause in clauses[1:]:
        combined |= clause
    return combined
