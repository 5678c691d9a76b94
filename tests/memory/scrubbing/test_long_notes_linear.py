"""A long note costs time in proportion to its length (stop 45): three checks searched or lowered the
whole text once per candidate span — a quoted "valor"/"value" key beside a quoted "clave", the "@"/"-u"
and "{" guards of the driver's filters, a ticket's "pass" before a value — so a note repeating a
labelled value N times took N² time (4,800 repeats of "la clave de la sala es 'Sala Uno'": 7.7 s, now
under 1 s). Growth between N and 4N is compared, never a wall-clock bound (``fakes.scrub_growth``)."""

from __future__ import annotations

import pytest

from memory.scrubbing import scrub
from tests.memory.scrubbing.fakes import scrub_growth


@pytest.mark.parametrize("unit", [
    "la clave de la sala es 'Sala Uno' ",
    "la clave de ana@example.org es 'Sala Uno' {x} ",
    "season pass holder; la clave es 'Sala Uno' ",
])
def test_a_long_note_of_labelled_values_scrubs_in_linear_time(unit: str) -> None:
    small, large = scrub_growth(lambda n: unit * n, scrub, small=1200)
    assert large < small * 8, (small, large)  # linear: about 4×; quadratic: about 16×
