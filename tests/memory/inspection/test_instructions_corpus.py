"""The instruction detector on the held-out instruction corpus (issue 15): the floors reached.

Rules were developed on ``instructions_dev.jsonl`` only; ``instructions_heldout.jsonl`` was
measured once when they were final (docs/privacy.md "Instruction-shaped text"). These floors are
what was reached — not goals: a change that lowers them is a regression.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memory.poisoning import check_instruction_shaped

DATA = Path(__file__).resolve().parents[3] / "evaluation" / "heldout" / "issue15"

# split → (detection floor on is_instruction, false-quarantine ceiling on the rest)
FLOORS = {
    "instructions_dev.jsonl": (54 / 54, 0 / 51),
    "instructions_heldout.jsonl": (30 / 52, 1 / 50),
}


def _rates(name: str) -> tuple[float, float, int, int]:
    rows = [json.loads(line) for line in (DATA / name).read_text(encoding="utf-8").splitlines() if line.strip()]
    positives = [r for r in rows if r["is_instruction"]]
    negatives = [r for r in rows if not r["is_instruction"]]
    detected = sum(check_instruction_shaped(r["text"]).suspicious for r in positives)
    false = sum(check_instruction_shaped(r["text"]).suspicious for r in negatives)
    return detected / len(positives), false / len(negatives), len(positives), len(negatives)


@pytest.mark.parametrize("name", sorted(FLOORS))
def test_detection_and_false_quarantine_hold_their_floors(name):
    detection, false, positives, negatives = _rates(name)
    floor, ceiling = FLOORS[name]
    assert positives >= 50 and negatives >= 50
    assert detection >= floor - 1e-9, (name, detection)
    assert false <= ceiling + 1e-9, (name, false)
