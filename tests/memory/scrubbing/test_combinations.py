"""Combinations and lock codes after a label, ES/EN (memory.scrubbing.codes; no database). Made-up
sentences, none from a corpus."""

from __future__ import annotations

import pytest

from memory.scrubbing import scrub


@pytest.mark.parametrize(("text", "code"), [
    ("Hotel safe in Marta's room: combination 6149", "6149"),
    ("Caja fuerte de la habitación de Luis: combinación 3307", "3307"),
    ("Taquilla del gimnasio: combinación 3-14-27", "3-14-27"),
    ("Gym locker: combination 2-29-14, the left one", "2-29-14"),
    ("Candado de la bici combinación 418", "418"),
    ("Her locker combination, 2247, is on a sticky note.", "2247"),
    ("Safe code, 5521, do not share.", "5521"),
    ("safe's code: 4471", "4471"),
])
def test_a_combination_or_lock_code_after_its_label_is_redacted(text: str, code: str) -> None:
    out = scrub(text)
    assert code not in out.text and out.redactions == ("password",)


@pytest.mark.parametrize("text", [
    # A draw or a game, even in a note that names an access object.
    "La combinación ganadora del sorteo: 4 12 23 35 41 48 (jugada en la taquilla)",
    "Winning combination 7 14 21 28 35, drawn near the gym lockers",
    "Plan combination 2025, approved.",
    "Combinación 102, la de pollo y patatas.",
    "Menu combination 3 with fries.",
    "combination lock model 4400 from Master Lock",
    "The combination of 3 drugs worked better.",
])
def test_a_combination_that_opens_nothing_is_kept(text: str) -> None:
    assert scrub(text).count == 0
