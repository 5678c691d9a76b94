"""perf47: the rules' veto of a text against itself answers None without reading the text.

``LocalRulesJudge.veto`` reads the pair's comparison (``rules._compared``); for one text on both
sides that comparison can hold no mismatch (the same analysis: equal slots, negations, tense, poles and
direction pairs), so the veto returns None at once. The property below checks the claim the shortcut
rests on — the full veto says None for every text, written or generated — and the last test that the
shortcut reads nothing.
"""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from memory.equivalence import rules
from memory.equivalence.memo import texts_memoised
from memory.equivalence.rules import LocalRulesJudge
from memory.equivalence.types import Statement

DEV_SET = Path(__file__).resolve().parents[3] / "evaluation" / "data" / "equivalence_pairs.jsonl"

WORDS = ["no", "not", "never", "ya", "nunca", "prefiere", "prefers", "short", "long", "breves", "largos",
         "de", "a", "from", "to", "Madrid", "Sevilla", "Ana", "Omar", "lunes", "Monday", "tres", "3", "two",
         "used", "to", "solía", "más", "more", "than", "que", "replaces", "sustituye", "is", "es", "y", "and"]


def _dev_texts() -> list[str]:
    if not DEV_SET.exists():
        return []
    texts = []
    for line in DEV_SET.read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        texts += [row[k] for k in ("a", "b", "text_a", "text_b") if isinstance(row.get(k), str)]
    return texts


def test_the_full_veto_of_a_text_against_itself_is_none_on_the_dev_set():
    judge = LocalRulesJudge()  # nothing deferred: every reason the full veto can give
    texts = _dev_texts() + ["Prefiere el té al café, no el café al té", "Goes from Madrid to Sevilla and back",
                            "No trabaja los lunes ni los martes", "Used to live in 3 cities"]
    with texts_memoised():
        for text in texts:
            assert judge._veto(Statement(text), Statement(text)) is None


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(WORDS), min_size=1, max_size=12))
def test_the_full_veto_of_a_generated_text_against_itself_is_none(words):
    text = " ".join(words)
    assert LocalRulesJudge()._veto(Statement(text), Statement(text)) is None


def test_the_veto_of_one_text_reads_nothing(monkeypatch):
    def unread(*_args):
        raise AssertionError("the pair was compared")

    monkeypatch.setattr(rules, "_compared", unread)
    judge = LocalRulesJudge(defer_free_text=True)
    assert judge.veto(Statement("Prefiere informes breves", predicate="report_length", value="short"),
                      Statement("Prefiere informes breves", predicate="report_length", value="short")) is None
    # another text is still compared
    try:
        judge.veto(Statement("Prefiere informes breves"), Statement("Prefiere informes largos"))
    except AssertionError:
        return
    raise AssertionError("two different texts were not compared")
