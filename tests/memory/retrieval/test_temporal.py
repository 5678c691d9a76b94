"""The time-reference parser (memory.retrieval.temporal): Spanish and English, relative to ``now``."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from memory.retrieval.fusion import time_match
from memory.retrieval.temporal import TimeWindow, asks_when, parse_time_reference

NOW = datetime(2026, 6, 10, 12, tzinfo=UTC)  # a Wednesday


@pytest.mark.parametrize(("query", "start", "end"), [
    ("¿qué pasó en mayo?", date(2026, 5, 1), date(2026, 6, 1)),
    ("what did I do in December?", date(2025, 12, 1), date(2026, 1, 1)),  # latest December that has begun
    ("¿a qué ciudad viajé en marzo de 2025?", date(2025, 3, 1), date(2025, 4, 1)),
    ("Which city did I travel to in May 2026?", date(2026, 5, 1), date(2026, 6, 1)),
    ("last summer", date(2025, 6, 1), date(2025, 9, 1)),
    ("el verano pasado", date(2025, 6, 1), date(2025, 9, 1)),
    ("este verano", date(2026, 6, 1), date(2026, 9, 1)),
    ("en invierno", date(2025, 12, 1), date(2026, 3, 1)),
    ("hace dos semanas", date(2026, 5, 23), date(2026, 5, 31)),
    ("What did I buy 3 weeks ago?", date(2026, 5, 16), date(2026, 5, 24)),
    ("3 days ago", date(2026, 6, 7), date(2026, 6, 8)),
    ("el martes pasado", date(2026, 6, 9), date(2026, 6, 10)),
    ("Who did I have dinner with last Thursday?", date(2026, 6, 4), date(2026, 6, 5)),
    ("¿con quién cené el miércoles pasado?", date(2026, 6, 3), date(2026, 6, 4)),  # accents folded
    ("ayer", date(2026, 6, 9), date(2026, 6, 10)),
    ("anteayer", date(2026, 6, 8), date(2026, 6, 9)),
    ("la semana pasada", date(2026, 6, 1), date(2026, 6, 8)),
    ("el mes pasado", date(2026, 5, 1), date(2026, 6, 1)),
    ("el año pasado", date(2025, 1, 1), date(2026, 1, 1)),
    ("¿con quién cené el 14 de mayo de 2025?", date(2025, 5, 14), date(2025, 5, 15)),
    ("Where did I have dinner on 3 March 2026?", date(2026, 3, 3), date(2026, 3, 4)),
    ("Who did I have dinner with on March 3, 2026?", date(2026, 3, 3), date(2026, 3, 4)),
    ("el 20 de junio", date(2025, 6, 20), date(2025, 6, 21)),  # not in the future: last year's
    ("2026-05-14", date(2026, 5, 14), date(2026, 5, 15)),
    ("en 2025", date(2025, 1, 1), date(2026, 1, 1)),
])
def test_time_references_resolve_to_windows(query, start, end):
    window = parse_time_reference(query, NOW)
    assert window is not None
    assert (window.start.date(), window.end.date()) == (start, end)


@pytest.mark.parametrize("query", ["solicita resúmenes concisos", "I may come later", "¿cómo se llama mi perro?",
                                   "when did we adopt Toby?", "mar Mediterráneo"])
def test_queries_without_a_time_reference_give_none(query):
    assert parse_time_reference(query, NOW) is None


def test_when_questions_are_recognised():
    assert asks_when("When did we adopt Toby?") and asks_when("¿Cuándo adoptamos a Toby?")
    assert not asks_when("¿Cómo se llama mi perro?")


def test_time_match_is_one_inside_and_falls_to_zero_one_window_outside():
    window = TimeWindow(datetime(2026, 5, 1, tzinfo=UTC), datetime(2026, 6, 1, tzinfo=UTC))
    assert time_match(datetime(2026, 5, 14, tzinfo=UTC), window) == 1.0
    assert 0 < time_match(datetime(2026, 6, 16, tzinfo=UTC), window) < 1
    assert time_match(datetime(2026, 8, 1, tzinfo=UTC), window) == 0.0
    assert time_match(None, window) == 0.0 and time_match(datetime(2026, 5, 14, tzinfo=UTC), None) == 0.0
