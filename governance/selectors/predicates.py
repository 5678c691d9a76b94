"""Reads of the predicate registry and of the keys agents proposed for it."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.contrib.postgres.aggregates import ArrayAgg
from django.db.models import Count, Max, Q, QuerySet

from agents_registry.models import Agent
from config.db import in_bulk_by_pk
from governance.models import Predicate, PredicateProposal, PredicateProposalSighting


def predicate_list() -> QuerySet[Predicate]:
    """The registry agents write with (``GET predicates``): active predicates only."""
    return Predicate.objects.filter(active=True).order_by("key")


def predicate_list_all() -> QuerySet[Predicate]:
    """Every predicate, inactive ones too (the operator's registry page)."""
    return Predicate.objects.order_by("key")


def predicate_get(key: str) -> Predicate | None:
    return Predicate.objects.filter(key=key).first()


def predicates_by_id(ids: Iterable[Any]) -> dict[Any, Predicate]:
    """The predicates with these ids, by id, in one query (none for an empty set).

    What ``Predicate.objects.in_bulk(ids)`` returns — each id converted as its lookup converts it
    (a bad one raises as it did), the instances built by ``from_db`` with the fields' converters —
    from one fixed statement with the ids as one array parameter (perf52b): a consolidation run
    asks for its subject's few predicates, and building and compiling the ``IN`` list cost more
    than the rows. The read itself is ``config.db.in_bulk_by_pk``'s (perf53a's agents read the same way)."""
    return in_bulk_by_pk(Predicate, ids)


def predicate_cardinalities() -> dict[str, str]:
    """Every predicate's cardinality (``single`` | ``multi``) by key, in one query."""
    return dict(Predicate.objects.values_list("key", "cardinality"))


def predicate_is_multi(predicate: Predicate | None) -> bool:
    """A multi-valued predicate: a new value adds to the others instead of superseding them."""
    return predicate is not None and predicate.cardinality == Predicate.Cardinality.MULTI


def predicate_is_single(predicate: Predicate) -> bool:
    """A single-valued predicate: a newer value closes the old version (validity)."""
    return predicate.cardinality == Predicate.Cardinality.SINGLE


def predicates_by_key() -> dict[str, Predicate]:
    """Every predicate row by key, in one query (claims resolve registry keys to rows)."""
    return Predicate.objects.in_bulk(field_name="key")


def registry_stamp() -> str:
    """The registry's version stamp (one aggregate query): changes whenever a predicate is added
    or edited through ``governance.services.predicates`` (each bumps ``updated_at``)."""
    row = Predicate.objects.aggregate(n=Count("pk"), at=Max("updated_at"))
    return f"{row['n']}:{row['at'].isoformat() if row['at'] else '-'}"


def predicates_for_inference() -> list[dict[str, Any]]:
    """What claim inference reads from the registry: every predicate's key, whether it is active,
    its value set and exemplars (plain values, so ``memory.claims`` stays free of Django)."""
    return [{"key": key, "label": label, "active": active, "values": list(values or []),
             "exemplars": dict(exemplars or {})}
            for key, label, active, values, exemplars in Predicate.objects.order_by("key")
            .values_list("key", "label", "active", "values", "exemplars")]


# ---------------------------------------------------------------------------------- proposals

def proposal_list(*, status: str | None = PredicateProposal.Status.PENDING) -> list[dict[str, Any]]:
    """Proposals with their counts and the writing agents' slugs (two queries, no note text)."""
    proposals = PredicateProposal.objects.all() if status is None else PredicateProposal.objects.filter(status=status)
    proposals = list(proposals.annotate(
        agents_count=Count("seen__agent", distinct=True), memories_count=Count("seen__memory_id", distinct=True),
        subjects_count=Count("seen__subject_id", distinct=True)).order_by("-last_seen_at")[:200])
    slugs = dict(PredicateProposalSighting.objects.filter(proposal__in=proposals).values("proposal")
                 .annotate(slugs=ArrayAgg("agent__slug", distinct=True, order_by="agent__slug"))
                 .values_list("proposal", "slugs"))
    return [{"proposal": p, "agents": slugs.get(p.pk, []), "agents_count": p.agents_count,
             "memories_count": p.memories_count, "subjects_count": p.subjects_count} for p in proposals]


def proposal_get(proposal_id: Any) -> PredicateProposal | None:
    try:
        return PredicateProposal.objects.filter(pk=int(proposal_id)).first()
    except (TypeError, ValueError):
        return None


def proposals_of_agent(*, agent: Agent) -> QuerySet[PredicateProposal]:
    """The proposals ``agent`` made or wrote with (its own view: status only, never others' counts)."""
    return PredicateProposal.objects.filter(seen__agent=agent).distinct().order_by("key")


def proposal_memory_ids(*, proposal_id: Any) -> list[Any]:
    """The memories written with a proposal's key (ids only)."""
    return list(PredicateProposalSighting.objects.filter(proposal_id=proposal_id, memory_id__isnull=False)
                .order_by("memory_id").values_list("memory_id", flat=True).distinct())


def memories_awaiting_proposal(*, memory_ids: Iterable[Any]) -> set[Any]:
    """Which of these memories were written with a key still pending (they stay private: no
    claims until an operator decides)."""
    ids = list(memory_ids)
    if not ids:
        return set()
    return set(PredicateProposalSighting.objects.filter(
        Q(memory_id__in=ids) & Q(proposal__status=PredicateProposal.Status.PENDING))
        .values_list("memory_id", flat=True))


def proposals_to_apply() -> list[int]:
    """Approved proposals whose memories were not re-read yet (a lost task is swept again)."""
    return list(PredicateProposal.objects.filter(status=PredicateProposal.Status.APPROVED, applied_at__isnull=True)
                .values_list("pk", flat=True))
