"""Suppression keys: written by erasure, read by the consolidation gate and the write path.

Keys are HMACs (``governance.selectors.suppressions``: fact keys and erased-root keys): they
reveal nothing, so no audit row lists them; the erasure's own audit row counts them.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db import transaction

from governance.models import Suppression

BATCH = 5000


@transaction.atomic
def suppression_keys_add(*, keys: Iterable[str]) -> None:
    """Insert the keys not already present (a person's erasure can bring 10,000 erased-root keys):
    one ``INSERT … ON CONFLICT DO NOTHING`` per batch. Idempotent."""
    rows = [Suppression(key=key) for key in sorted(set(keys))]
    for row in rows:
        row.clean_fields()
    Suppression.objects.bulk_create(rows, ignore_conflicts=True, batch_size=BATCH)
