"""The scrubber's measured figures, reproducible: recall and false redaction on the issue-15 secrets
files (dev: tuned on; held-out: written independently, see docs/privacy.md "## Secrets" for both
runs) and on this package's own corpus. The floors are the issue's goal, which the figures reach."""

from __future__ import annotations

import pytest

from evaluation.suites.hygiene import HELDOUT_DIR, secret_figures

RECALL_FLOOR = 0.99
FALSE_REDACTION_CEILING = 0.01


@pytest.mark.parametrize("name", ["secrets_dev.jsonl", "secrets_heldout.jsonl"])
def test_recall_and_false_redaction_on_the_issue_files(name: str) -> None:
    figures = secret_figures(HELDOUT_DIR / name)
    assert figures["positives"] >= 100 and figures["negatives"] >= 50  # the whole file was read
    assert figures["recall"] >= RECALL_FLOOR, figures["per_kind"]
    assert figures["false_redaction"] <= FALSE_REDACTION_CEILING, figures


def test_the_measure_counts_a_miss_and_a_false_redaction(tmp_path) -> None:
    path = tmp_path / "mini.jsonl"
    path.write_text(
        '{"text": "my password is Gato-8526", "has_secret": true, "secret": "Gato-8526", "kind": "pw"}\n'
        '{"text": "the secret is that she likes tea", "has_secret": true, "secret": "likes tea", "kind": "pw"}\n'
        '{"text": "ordinary line", "has_secret": false, "secret": null, "kind": "none"}\n'
        '{"text": "api_key=Zx8Kq3Lm9Tp2Wr7Vn4Sb1YhQ6", "has_secret": false, "secret": null, "kind": "none"}\n',
        encoding="utf-8")
    figures = secret_figures(path)
    assert (figures["found"], figures["positives"], figures["false"], figures["negatives"]) == (1, 2, 1, 2)
    assert figures["per_kind"] == {"pw": {"found": 1, "of": 2}}
