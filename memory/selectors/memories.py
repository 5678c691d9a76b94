"""Reads of the private layer, always scoped to the calling agent's own spaces.

Memories under a pending erasure are left out at once, as if already erased
(``memory.selectors.withheld``)."""

from __future__ import annotations

import uuid

from django.db.models import QuerySet

from agents_registry.models import Agent
from config.errors import NotFoundError
from config.ids import parse_uuid
from memory.models import WORKSPACE_REF, Memory, Subject
from memory.selectors.withheld import memories_withheld_q, withheld_for_subject


def memory_list_for_agent(*, agent: Agent, subject_ref: str | None = None) -> QuerySet[Memory]:
    """The caller's own memories (optionally about one subject). Unknown subject → empty, never 404."""
    queryset = (Memory.objects.filter(agent=agent).select_related("predicate", "subject")
                .defer("embedding", "content_tsv"))
    if subject_ref is not None:
        subject_id = Subject.objects.filter(external_ref=subject_ref).values_list("pk", flat=True).first()
        if subject_id is None:
            return queryset.none()
        queryset = queryset.filter(subject_id=subject_id)
        withheld = memories_withheld_q(subject_id=subject_id)
    else:
        withheld = memories_withheld_q()
    if withheld is not None:
        queryset = queryset.exclude(withheld)
    return queryset.order_by("-recorded_at", "pk")


def memory_get_for_agent(*, agent: Agent, memory_id: uuid.UUID | str) -> Memory:
    """One of the caller's memories; another agent's answers exactly like a missing one."""
    pk = parse_uuid(memory_id)
    memory = (Memory.objects.filter(agent=agent, pk=pk).select_related("predicate", "subject")
              .defer("embedding", "content_tsv").first()) if pk else None
    # Only this memory's person's pending erasures matter (not every person's).
    if memory is None or withheld_for_subject(memory.subject_id).blocks_memory(agent_id=memory.agent_id,
                                                                               memory_id=memory.pk):
        raise NotFoundError()
    return memory


def workspace_shared_for(*, agent: Agent) -> QuerySet[Memory]:
    """Other agents' workspace events, statuses and decisions that may be shared without
    corroboration: active, not quarantined, nothing special-category found in them. The one place
    that rule lives (recall and the briefing both read it)."""
    return (Memory.objects.filter(subject__external_ref=WORKSPACE_REF, status=Memory.Status.ACTIVE,
                                  quarantined=False, special_category="",
                                  kind__in=[Memory.Kind.EVENT, Memory.Kind.STATUS, Memory.Kind.DECISION])
            .exclude(agent=agent).defer("content_tsv"))
