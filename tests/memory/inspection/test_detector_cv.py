"""``python -m evaluation.detector_cv``: the shipped detectors on any file in the issue-15 format
(what the lead runs on a new untouched split), and the tables its leave-one-author-out run prints."""

from __future__ import annotations

import json

import numpy as np

from evaluation import detector_cv


def _write(path, rows) -> str:
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    return str(path)


def test_the_shipped_detectors_on_any_file(tmp_path, capsys) -> None:
    special = _write(tmp_path / "special.jsonl", [
        {"id": "x-1", "text": "Tiene diabetes y se pone insulina antes de comer.", "label": "health", "form": "explicit", "lang": "es"},
        {"id": "x-2", "text": "Va a la m e z q u i t a los viernes.", "label": "religion", "form": "obfuscated", "lang": "es"},
        {"id": "x-3", "text": "Asked for the quarterly figures in a spreadsheet by Friday.", "label": "none", "form": "ordinary", "lang": "en"},
        {"id": "x-4", "text": "Runs the health check on the API servers every night.", "label": "none", "form": "near_miss", "lang": "en"},
    ])
    secrets = _write(tmp_path / "secrets.jsonl", [
        {"id": "k-1", "text": "my github token is ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8", "has_secret": True,
         "secret": "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8", "kind": "github", "lang": "en"},
        {"id": "k-2", "text": "Commit 3f9a1c2 fixed the login page.", "has_secret": False, "secret": None, "kind": "none", "lang": "en"},
    ])
    assert detector_cv.main(["detector_cv", "--special", special, "--secrets", secrets, "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["special"]["recall"] == [2, 2] and figures["special"]["false_positives"] == [0, 2]
    assert figures["special"]["by_label"] == {"health": [1, 1], "religion": [1, 1]}
    assert figures["special"]["by_form"]["near_miss"] == [0, 1]
    assert figures["secrets"]["recall"] == [1, 1] and figures["secrets"]["false_redaction"] == [0, 1]
    assert figures["secrets"]["by_kind"] == {"github": [1, 1]}


def test_the_table_counts_misses_and_false_positives_by_id_only() -> None:
    rows = [{"id": "a", "label": "politics", "form": "euphemism"}, {"id": "b", "label": "politics", "form": "explicit"},
            {"id": "c", "label": "none", "form": "near_miss"}, {"id": "d", "label": "none", "form": "ordinary"}]
    table = detector_cv.special_table(rows, np.array([True, False, True, False]))
    assert table["recall"] == [1, 2] and table["false_positives"] == [1, 2]
    assert table["by_label"] == {"politics": [1, 2]}
    assert table["by_form"] == {"euphemism": [1, 1], "explicit": [0, 1], "near_miss": [1, 1], "ordinary": [0, 1]}
    assert table["misses"] == ["b"] and table["false_positive_ids"] == ["c"]
