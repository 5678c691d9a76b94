"""Suppression keys: written by erasure, read by the consolidation gate and the write path.

Keys are HMACs (``memory.services.erasure.suppression_key``, ``memory.roots.erased_root_key``):
they reveal nothing, so no audit row lists them; the erasure's own audit row counts them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from django.db import connection, transaction

from governance.models import Suppression

_HEX64 = re.compile(r"[0-9a-f]{64}")


@transaction.atomic
def suppression_keys_add(*, keys: Iterable[str]) -> int:
    """Insert the keys not already present, in one statement (a person's erasure can bring
    10,000 erased-root keys). Returns how many were new. Idempotent."""
    unique = sorted(set(keys))
    if not unique:
        return 0
    if not all(_HEX64.fullmatch(key) for key in unique):
        raise ValueError("suppression keys are 64-character hex HMACs")
    with connection.cursor() as cursor:
        cursor.execute(f'INSERT INTO "{Suppression._meta.db_table}" (key, created_at) '
                       "SELECT k, now() FROM unnest(%s::varchar[]) AS k ON CONFLICT (key) DO NOTHING", [unique])
        return cursor.rowcount
