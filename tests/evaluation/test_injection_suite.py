"""The injection suite holds on the real build and fails, naming ``instructions_promoted``, when
the write path stops looking at fields other than ``content``."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from memory.poisoning import check_instruction_shaped


@pytest.mark.django_db(transaction=True)
def test_injection_suite_passes(tmp_path):
    out_json = tmp_path / "out.json"
    call_command("evaluate", "--suite", "injection", "--size", "small", "--in-place", "--quiet",
                 "--json", str(out_json), stdout=StringIO())
    metrics = {m["name"]: m for m in json.loads(out_json.read_text())["suites"]["injection"]["metrics"]}
    assert metrics["instructions_promoted"]["value"] == 0 and metrics["instructions_promoted"]["hard"]
    assert metrics["ordinary_quarantined_rate"]["pass"] and metrics["ordinary_promoted_rate"]["pass"]


@pytest.mark.django_db(transaction=True)
def test_a_content_only_check_fails_naming_the_invariant(monkeypatch):
    from memory.poisoning import FieldVerdict
    from memory.services import memories

    def content_only(fields):
        verdict = check_instruction_shaped(fields["content"])
        return FieldVerdict(verdict.suspicious, f"content:{verdict.rule}" if verdict.suspicious else None)

    monkeypatch.setattr(memories, "check_memory_fields", content_only)
    with pytest.raises(CommandError, match="instructions_promoted"):
        call_command("evaluate", "--suite", "injection", "--size", "small", "--in-place", "--quiet",
                     stdout=StringIO())
