"""What the access (Art. 15) and portability (Art. 20) exports read of the memory layer.

Governance assembles the documents (``governance.selectors.exports``); the rows come from here.
"""

from __future__ import annotations

from typing import Any

from prov.model import ProvDocument

from memory.models import CollectiveFact, Memory, ReadLog, Subject
from memory.provenance import fact_lineage_document


def memories_about(*, subject: Subject) -> list[Memory]:
    """Every agent's private memories about the person, oldest first (agent, predicate and claims loaded)."""
    return list(Memory.objects.filter(subject=subject).select_related("agent", "predicate")
                .prefetch_related("claims__predicate").defer("embedding", "content_tsv").order_by("recorded_at"))


def memories_provided_or_observed(*, subject: Subject) -> list[Memory]:
    """What the person provided or was observed (portability): no inference, nothing an agent asserted."""
    return list(Memory.objects.filter(subject=subject).exclude(trust=Memory.Trust.INFERRED)
                .exclude(asserted_by=Memory.AssertedBy.AGENT).select_related("agent", "predicate")
                .prefetch_related("claims__predicate").defer("embedding", "content_tsv").order_by("recorded_at"))


def reads_about(*, subject: Subject) -> list[tuple[Any, int, str, Any]]:
    """The read log of the person's facts, oldest first: ``(fact_id, agent_id, purpose, served_at)``."""
    return list(ReadLog.objects.filter(subject=subject).order_by("served_at")
                .values_list("fact_id", "agent_id", "purpose", "served_at"))


def lineages_prov(*, subject: Subject) -> ProvDocument:
    """Every fact lineage of the person as one PROV document (ids and labels for private memories)."""
    document = ProvDocument()
    seen: set[Any] = set()
    for fact in CollectiveFact.objects.filter(subject=subject).order_by("recorded_at"):
        if fact.lineage in seen:
            continue
        seen.add(fact.lineage)
        document.update(fact_lineage_document(fact))
    return document
