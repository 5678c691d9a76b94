"""Confidence decay at read time: ~2 %/day without access for facts and statuses (DESIGN §4)."""

from __future__ import annotations

from datetime import datetime

from memory.models import Memory

DAILY_FACTOR = 0.98
DECAYING_KINDS = frozenset({Memory.Kind.FACT, Memory.Kind.STATUS})


def effective_confidence(*, kind: str, base: float, last_accessed_at: datetime, now: datetime) -> float:
    if kind not in DECAYING_KINDS:
        return base
    days = max(0.0, (now - last_accessed_at).total_seconds() / 86400)
    return base * DAILY_FACTOR**days
