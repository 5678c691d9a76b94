"""The digest: a small, dated, bounded summary of a subject's current facts (DESIGN §5, last).

Rebuilt by every run and by any service that closes or erases a fact the digest may quote.
"""

from __future__ import annotations

from typing import Any

from django.utils import timezone

from config.db import CompiledOnce, upsert_one
from memory.models import CollectiveFact, Digest, Subject

DIGEST_MAX_FACTS = 20
DIGEST_MAX_CHARS = 1500


# The facts a digest may quote, best first: one statement, built and compiled once a process
# (config.db.CompiledOnce) — every run rebuilds a digest.
_CURRENT = CompiledOnce(lambda *, subject_id: CollectiveFact.objects.filter(
    subject_id=subject_id, status=CollectiveFact.Status.CURRENT)
    .order_by("-importance", "-last_confirmed_at", "-recorded_at")
    .values_list("pk", "statement", "valid_from", "importance")[:DIGEST_MAX_FACTS])


def digest_rebuild(*, subject: Subject) -> Digest:
    """≤ 20 current facts / ≤ 1,500 characters, by importance then recency."""
    facts = _CURRENT.rows(subject_id=subject.pk)
    items: list[dict[str, Any]] = []
    lines: list[str] = []
    used = 0
    for pk, statement, valid_from, importance in facts:
        line = f"- {statement} (since {valid_from.date().isoformat()})"
        if used + len(line) + 1 > DIGEST_MAX_CHARS:
            break
        used += len(line) + 1
        lines.append(line)
        items.append({"fact": str(pk), "importance": importance})
    # One upsert statement (``update_or_create`` is a savepoint, a locking read and a write).
    digest = Digest(subject=subject, built_at=timezone.now(), items=items, text="\n".join(lines))
    # Its statement built once a process (config.db.upsert_one), not compiled every run.
    upsert_one(digest, unique_fields=["subject"], update_fields=["built_at", "items", "text"])
    return digest
