"""Reads of trust conflicts (an inferred memory challenging a protected one)."""

from __future__ import annotations

import uuid
from collections.abc import Iterable

from django.db.models import Q

from governance.models import TrustConflict


def trust_conflicts_open_among(memory_ids: Iterable[uuid.UUID]) -> list[tuple[uuid.UUID, uuid.UUID]]:
    """The open conflicts in which one of ``memory_ids`` is kept or challenger: ``(kept, challenger)`` pairs."""
    ids = list(memory_ids)
    if not ids:
        return []
    return list(TrustConflict.objects.filter(status=TrustConflict.Status.OPEN).filter(
        Q(kept_memory_id__in=ids) | Q(challenger_memory_id__in=ids)).values_list("kept_memory_id",
                                                                                "challenger_memory_id"))
