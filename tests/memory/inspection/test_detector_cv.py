"""``python -m evaluation.detector_cv``: the shipped detectors on any file in the issue-15 format
(what the lead runs on a new untouched split), and the tables its leave-one-author-out run prints."""

from __future__ import annotations

import json

import numpy as np
import pytest

from evaluation import detector_cv
from memory.inspection.special_model import MODEL_PATH as COMMITTED_VECTOR
from memory.inspection.special_ngrams import MODEL_PATH as COMMITTED_NGRAMS


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


def _special_file(tmp_path) -> str:
    return _write(tmp_path / "special.jsonl", [
        {"id": "x-1", "text": "Tiene diabetes y se pone insulina antes de comer.", "label": "health", "form": "explicit", "lang": "es"},
        {"id": "x-3", "text": "Asked for the quarterly figures in a spreadsheet by Friday.", "label": "none", "form": "ordinary", "lang": "en"},
    ])


def _models(tmp_path, monkeypatch, name: str, threshold: float | None = None) -> str:
    """A copy of the committed model files in a directory of their own (``threshold``: both learned
    stages' decision thresholds set to it); the loaders' paths are restored after the test."""
    from memory.inspection import special_model, special_ngrams

    directory = tmp_path / name
    directory.mkdir()
    for module, committed in ((special_model, COMMITTED_VECTOR), (special_ngrams, COMMITTED_NGRAMS)):
        with np.load(committed, allow_pickle=False) as data:
            arrays = dict(data)
        if threshold is not None:
            arrays["threshold"] = np.float32(threshold)
        np.savez_compressed(directory / committed.name, **arrays)
        monkeypatch.setattr(module, "MODEL_PATH", committed)
    return str(directory)


def _special_figures(argv, capsys) -> dict:
    assert detector_cv.main(["detector_cv", *argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)["special"]


def test_candidate_model_files_are_measured_as_they_would_ship(tmp_path, monkeypatch, capsys) -> None:
    from memory.inspection import special_model, special_ngrams

    special = _special_file(tmp_path)
    shipped = _special_figures(["--special", special], capsys)
    assert shipped["false_positives"] == [0, 1] and shipped["false_positives_by_stage"] == {
        "lexicon": [], "n-gram": [], "vector": []}
    try:
        same = _special_figures(["--special", special, "--models", _models(tmp_path, monkeypatch, "copies")], capsys)
        assert same == shipped
        # thresholds far below any score: both learned stages flag the plain note, and say so
        flagging_models = _models(tmp_path, monkeypatch, "flagging", -1e6)
        flagging = _special_figures(["--special", special, "--models", flagging_models], capsys)
    finally:
        special_model._load.cache_clear()
        special_ngrams.load.cache_clear()
    assert flagging["false_positives"] == [1, 1] and flagging["recall"] == [1, 1]
    assert flagging["false_positives_by_stage"] == {"lexicon": [], "n-gram": ["x-3"], "vector": ["x-3"]}


def test_missing_candidate_files_stop_the_run(tmp_path, monkeypatch) -> None:
    from memory.inspection import special_model, special_ngrams

    monkeypatch.setattr(special_model, "MODEL_PATH", special_model.MODEL_PATH)
    monkeypatch.setattr(special_ngrams, "MODEL_PATH", special_ngrams.MODEL_PATH)
    try:
        with pytest.raises(SystemExit, match="no readable"):
            detector_cv.main(["detector_cv", "--special", _special_file(tmp_path), "--models", str(tmp_path)])
    finally:
        special_model._load.cache_clear()
        special_ngrams.load.cache_clear()
