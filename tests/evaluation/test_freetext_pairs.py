"""``manage.py evaluate --suite freetext --pairs PATH``: any pairs file in the issue-16 format."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from evaluation.suites.freetext import breakdown, load


def _write(path: Path, rows: list[object]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def test_a_pairs_file_loads_with_defaults_for_optional_fields(tmp_path: Path) -> None:
    path = _write(tmp_path / "p.jsonl", [
        {"id": "x-1", "a": "Prefiere informes breves", "b": "Pide resúmenes cortos", "label": "equivalent",
         "kind": "preference", "lang": "es"},
        {"a": "Likes tea", "b": "Doesn't like tea", "label": "misleading"},
    ])
    rows = load("pairs", path)
    assert [r["id"] for r in rows] == ["x-1", "line-2"]
    assert (rows[1]["kind"], rows[1]["lang"]) == ("-", "-")


@pytest.mark.parametrize("line", ['{"a": "x", "b": "y", "label": "same"}', '{"a": "x", "label": "equivalent"}',
                                  'not json', '{"a": " ", "b": "y", "label": "partial"}'])
def test_a_bad_line_is_refused_with_its_number_not_its_text(tmp_path: Path, line: str) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text('{"a": "uno", "b": "dos", "label": "unrelated"}\n' + line + "\n", encoding="utf-8")
    with pytest.raises(ValueError, match="line 2") as info:
        load("pairs", path)
    assert "uno" not in str(info.value) and "dos" not in str(info.value)


def test_breakdown_gives_rates_per_label_language_kind_and_misleading_kind_by_language() -> None:
    def outcome(label: str, kind: str, lang: str, merged: bool, review: bool = False) -> dict[str, object]:
        return {"pair": {"label": label, "kind": kind, "lang": lang}, "merged": merged, "promoted": False,
                "review": review, "judged": True}

    rows = breakdown([outcome("equivalent", "tool", "es", True), outcome("equivalent", "tool", "en", False),
                      outcome("misleading", "negation", "es", False, review=True)])
    cell = {(r["dimension"], r["value"], r["label"]): r for r in rows}
    assert cell[("label", "all", "equivalent")]["merged_rate"] == 0.5
    assert cell[("lang", "es", "equivalent")]["merged"] == 1
    assert cell[("kind", "tool", "equivalent")]["pairs"] == 2
    assert cell[("kind_lang", "negation/es", "misleading")]["review_rate"] == 1.0
    assert ("kind_lang", "tool/es", "equivalent") not in cell  # kind × language for misleading pairs only


def test_the_command_refuses_a_missing_or_bad_pairs_file_before_running(tmp_path: Path) -> None:
    with pytest.raises(CommandError, match="no such file"):
        call_command("evaluate", "--suite", "freetext", "--pairs", str(tmp_path / "missing.jsonl"), "--quiet")
    bad = _write(tmp_path / "bad.jsonl", [{"a": "x", "b": "y", "label": "maybe"}])
    with pytest.raises(CommandError, match="line 1"):
        call_command("evaluate", "--suite", "freetext", "--pairs", str(bad), "--quiet")
