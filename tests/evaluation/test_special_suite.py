"""The special suite (evaluation/suites/special.py) measures what the service does with the
detector's verdicts. With an oracle detector (the corpus's own labels) the service must promote no
special note, deliver nothing about one, and still promote every ordinary note; a gate that ignores
the content must fail the run naming the invariant."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from evaluation.suites.special import DATA, DEV, notes, sample
from memory.consolidation import gate
from memory.inspection import special
from memory.inspection.special import CATEGORY_KEYS, SpecialFinding
from memory.services import special_category


@pytest.fixture
def oracle(monkeypatch):
    labels = {row["text"]: row["label"] for path in (DATA, DEV) for row in notes(path)}

    def detect(strings):  # noqa: ANN001, ANN202
        for field, text in strings:
            if labels.get(text, "none") != "none":
                return SpecialFinding(CATEGORY_KEYS[labels[text]], field, "oracle")
        return None

    monkeypatch.setattr(special_category, "special_category_in", detect)
    # the oracle is the whole detector: the vector stage adds nothing of its own
    monkeypatch.setattr(special, "special_category_by_vector", lambda vector: None)


def test_the_small_sample_is_stratified_and_the_default_is_the_whole_file():
    rows = notes()
    small = sample(rows, "small")
    assert {r["label"] for r in small} == {r["label"] for r in rows}
    assert {r["form"] for r in small if r["label"] == "none"} == {r["form"] for r in rows if r["label"] == "none"}
    assert sample(rows, "small") == small and len(sample(rows, "default")) == len(rows)


@pytest.mark.django_db(transaction=True)
def test_with_an_oracle_detector_nothing_special_is_shared_and_ordinary_notes_are(oracle, tmp_path):
    out = tmp_path / "special.json"
    call_command("evaluate", "--suite", "special", "--size", "small", "--in-place", "--quiet", "--json", str(out),
                 stdout=StringIO())
    metrics = {m["name"]: m["value"] for m in json.loads(out.read_text())["suites"]["special"]["metrics"]}
    for split in ("", "_heldout"):
        assert metrics[f"special_category_promotions{split}"] == 0
        assert metrics[f"special_category_deliveries{split}"] == 0
        assert metrics[f"ordinary_blocked_rate{split}"] == 0 and metrics[f"special_flagged_at_write{split}"] == 1.0
        assert metrics[f"writes_answered{split}"] == 1.0


@pytest.mark.django_db(transaction=True)
def test_a_gate_that_ignores_the_content_fails_naming_the_invariant(oracle, monkeypatch):
    monkeypatch.setattr(gate, "special_reason", lambda cluster: "")
    with pytest.raises(CommandError, match="special_category_promotions"):
        call_command("evaluate", "--suite", "special", "--size", "small", "--in-place", "--quiet",
                     stdout=StringIO())


@pytest.mark.django_db(transaction=True)
def test_isolation_fails_when_the_gate_ignores_obfuscated_special_notes(monkeypatch, tmp_path):
    """The declared-health notes are still blocked by the policy: only the obfuscated ones, declared
    user.behavior, can make this run fail."""
    monkeypatch.setattr(gate, "special_reason", lambda cluster: "")
    out = tmp_path / "isolation.json"
    with pytest.raises(CommandError, match="special_category_promotions"):
        call_command("evaluate", "--suite", "isolation", "--size", "small", "--in-place", "--quiet",
                     "--json", str(out), stdout=StringIO())
    metrics = {m["name"]: m["value"] for m in json.loads(out.read_text())["suites"]["isolation"]["metrics"]}
    assert metrics["special_category_promotions"] >= 6  # at least each obfuscated note once
