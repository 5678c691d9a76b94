"""The hygiene suite holds on this build and fails, naming ``secrets_stored``, on one that stores secrets."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from memory.scrubbing.kinds import ScrubResult


@pytest.mark.django_db(transaction=True)
def test_hygiene_suite_holds(tmp_path):
    out_json = tmp_path / "hygiene.json"
    call_command("evaluate", "--suite", "hygiene", "--size", "small", "--in-place", "--quiet",
                 "--json", str(out_json), stdout=StringIO())
    metrics = {m["name"]: m for m in json.loads(out_json.read_text())["suites"]["hygiene"]["metrics"]}
    assert metrics["secrets_stored"]["value"] == 0 and metrics["secrets_stored"]["hard"]
    assert metrics["identifier_writes_refused"]["pass"] and metrics["described_writes_accepted"]["pass"]
    assert metrics["secret_recall_dev"]["value"] >= 0.99 and metrics["false_redaction_dev"]["value"] <= 0.01
    assert metrics["secret_recall_dev2"]["value"] >= 0.99 and metrics["false_redaction_dev2"]["value"] <= 0.01
    # the untouched third split: the floors it reached when measured once (docs/privacy.md)
    assert metrics["secret_recall_heldout"]["value"] >= 0.95
    assert metrics["false_redaction_heldout"]["value"] <= 6 / 180


@pytest.mark.django_db(transaction=True)
def test_a_write_path_without_the_secrets_inspection_fails_naming_the_invariant(monkeypatch):
    from memory.scrubbing.fields import CleanFields
    from memory.services import memories

    def store_as_written(*, content, reasoning, value, **identifiers):
        return CleanFields(content=ScrubResult(content), reasoning=ScrubResult(reasoning), value=value,
                           value_redactions=0)

    monkeypatch.setattr(memories, "inspect_secrets", store_as_written)
    stdout = StringIO()
    with pytest.raises(CommandError, match="secrets_stored"):
        call_command("evaluate", "--suite", "hygiene", "--size", "small", "--in-place", "--quiet", stdout=stdout)
    assert "FAIL (hard)" in stdout.getvalue()
