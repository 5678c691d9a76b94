"""The one scoring rule of recall, search and the workspace (docs/decisions/0011).

``relevance = (vector + W_LEXICAL × lexical + W_TIME × time) / (1 + W_LEXICAL + W_TIME·[window])``

- ``vector``: the cosine calibrated for the embedder (``memory.retrieval.calibration``), in (0, 1);
  a row with no vector yet (pending, or the embedder failed) that matches lexically counts
  :data:`V_PENDING`;
- ``lexical``: the idf-weighted share of query words found (``memory.retrieval.lexical``);
- ``time``: how well the row's date (``observed_at`` or ``valid_from``) matches the time window the
  query names (1 inside, falling linearly to 0 one window-length outside); absent without a window.

Then ``score = relevance × confidence × recency`` (seed 001's similarity × confidence among
comparably relevant items). Recency: 1.0 today, 0.75 at one half-life (90 days), → 0.5, from the
memory's ``observed_at`` (or a later re-confirmation).

Each value is a function of the row and the query alone, so the SQL's ``ORDER BY … LIMIT`` over
an exact scan equals a brute-force ranking (tests/memory/retrieval/test_completeness.py).
"""

from __future__ import annotations

import math
from datetime import datetime

from memory.retrieval.temporal import TimeWindow

# Tuned on the retrieval benchmark's tuning seed only (docs/performance.md).
W_LEXICAL = 0.6
W_TIME = 0.5
V_PENDING = 0.5
RECENCY_HALF_LIFE_DAYS = 90.0


def time_match(when: datetime | None, window: TimeWindow | None) -> float:
    if when is None or window is None:
        return 0.0
    outside = max((window.start - when).total_seconds(), (when - window.end).total_seconds(), 0.0) / 86400
    return max(0.0, 1.0 - outside / max(window.days, 1.0))


def relevance(*, vector: float | None, lexical: float, time: float, window: TimeWindow | None) -> float:
    v = V_PENDING if vector is None else vector
    w_time = W_TIME if window is not None else 0.0
    return (v + W_LEXICAL * lexical + w_time * time) / (1.0 + W_LEXICAL + w_time)


def recency_factor(when: datetime | None, now: datetime) -> float:
    """1.0 for today, 0.75 at one half-life (90 days), → 0.5 for very old items."""
    if when is None:
        return 0.5
    days = max(0.0, (now - when).total_seconds() / 86400)
    return 0.5 + 0.5 * math.pow(0.5, days / RECENCY_HALF_LIFE_DAYS)


def memory_date(*, observed_at: datetime, recorded_at: datetime, last_confirmed_at: datetime) -> datetime:
    """The date recency counts from: when it was observed, or a later re-confirmation."""
    return max(observed_at, last_confirmed_at) if last_confirmed_at > recorded_at else observed_at


def sql_params(window: TimeWindow | None) -> dict[str, object]:
    """The fusion constants and the query's time window, as parameters of :data:`RELEVANCE_SQL`."""
    return {"w_lex": W_LEXICAL, "w_time": W_TIME if window else 0.0, "v_pending": V_PENDING,
            "t_from": window.start if window else None, "t_to": window.end if window else None,
            "t_days": max(window.days, 1.0) if window else 1.0, "half_life": RECENCY_HALF_LIFE_DAYS}


# SQL mirrors of the functions above, over a row ``r`` with columns cosine (NULL without a vector),
# lexical, observed_at, valid_from, recorded_at, last_confirmed_at; calibration %(c_centre)s,
# %(c_spread)s, %(z_mid)s, %(z_scale)s.
TIME_SQL = """CASE WHEN %(t_from)s::timestamptz IS NULL THEN 0 ELSE GREATEST(0, 1 - GREATEST(
    extract(epoch FROM (%(t_from)s::timestamptz - r.observed_at)), extract(epoch FROM (r.observed_at - %(t_to)s::timestamptz)),
    0) / 86400.0 / %(t_days)s, CASE WHEN r.valid_from IS NULL THEN 0 ELSE 1 - GREATEST(
    extract(epoch FROM (%(t_from)s::timestamptz - r.valid_from)), extract(epoch FROM (r.valid_from - %(t_to)s::timestamptz)),
    0) / 86400.0 / %(t_days)s END) END"""
VECTOR_SQL = """CASE WHEN r.cosine IS NULL THEN %(v_pending)s::float8
    ELSE 1 / (1 + exp(-(((r.cosine - %(c_centre)s) / %(c_spread)s) - %(z_mid)s) / %(z_scale)s)) END"""
RELEVANCE_SQL = f"""(({VECTOR_SQL}) + %(w_lex)s * r.lexical + %(w_time)s * ({TIME_SQL}))
    / (1 + %(w_lex)s + %(w_time)s)"""
RECENCY_SQL = """(0.5 + 0.5 * power(0.5, GREATEST(0, extract(epoch FROM (%(now)s::timestamptz - CASE
    WHEN r.last_confirmed_at > r.recorded_at THEN GREATEST(r.observed_at, r.last_confirmed_at)
    ELSE r.observed_at END))) / 86400.0 / %(half_life)s))"""
