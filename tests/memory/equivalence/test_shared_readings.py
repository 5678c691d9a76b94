"""perf44's shared readings answer exactly what computing each one afresh answers.

The rules' judge and their veto of one pair read one comparison per scope (``rules._compared``);
the signature's tense reading reuses the note's folded text when no subordinate clause is cut;
``_direction_pairs`` looks for an order marker only where its first word is.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from memory.equivalence import analysis, compare, rules
from memory.equivalence.lexicon import _ORDER_MARKERS
from memory.equivalence.memo import texts_memoised
from memory.equivalence.normalise import fold
from memory.equivalence.rules import LocalRulesJudge
from memory.equivalence.signature import _ALONE, _CONTRAST, _contractions, _padded, _tense, signature
from memory.equivalence.types import Statement

PAIRS = [
    ("Marta viaja a Lisboa", "Viaja a Lisboa con Marta"),  # a name unified on one side
    ("Prefiere el té al café", "Prefiere el café al té"),  # a direction swap
    ("No trabaja los lunes", "Trabaja los lunes"),  # a negation
    ("Has two cats", "Has three cats"),  # a number
    ("Works at Acme", "Works at Globex"),  # an entity
    ("Goes to the gym before work", "Goes to the gym after work"),  # order markers
    ("Likes short meetings", "Likes short meetings"),
]


def _both(judge: LocalRulesJudge, a: Statement, b: Statement, sim: float):
    return judge.judge(a, b, similarity=sim), judge.veto(a, b)


def test_judge_and_veto_within_one_scope_say_what_each_says_alone():
    judge = LocalRulesJudge(defer_free_text=True)
    for text_a, text_b in PAIRS:
        for sim in (None, 0.5, 0.85, 0.93):
            a, b = Statement(text_a), Statement(text_b)
            alone = _both(judge, a, b, sim)
            with texts_memoised():
                shared = [_both(judge, a, b, s) for s in (0.93, None, sim)][-1]
            assert shared == alone, (text_a, text_b, sim)


def test_the_pair_is_compared_once_per_scope_and_strong_follows_the_similarity(monkeypatch):
    calls = []
    unify = compare._unify_entities
    monkeypatch.setattr(rules, "_unify_entities", lambda fa, fb: calls.append(1) or unify(fa, fb))
    judge = LocalRulesJudge(defer_free_text=True)
    a, b = Statement("Has two cats"), Statement("Has three cats and a dog")
    with texts_memoised():
        low = judge._compare(a, b, 0.5)[2]
        high = judge._compare(a, b, 0.95)[2]
        judge.veto(a, b)
    assert len(calls) == 1
    # overlap 0.5 (≥ 0.5, < 0.6): strong only with the similarity ≥ 0.9, as the threshold says
    assert (low.strong, high.strong) == (False, True)
    assert low.slot_mismatches == high.slot_mismatches == ["number_mismatch"]


def _pairs_by_scan(tokens):
    """The order markers' pairs as the plain definition finds them: every marker compared at every
    position, whatever the word there."""
    norms = [t.norm for t in tokens]
    pairs = []
    for marker, reverse in _ORDER_MARKERS:
        for i in range(len(tokens) - len(marker) + 1):
            if tuple(norms[i:i + len(marker)]) != marker or tokens[i].kind == "concept":
                continue
            x = analysis._collect_backward(tokens, i - 1)
            y, _ = analysis._collect_forward(tokens, i + len(marker))
            if x and y:
                pairs.append((y, x) if reverse else (x, y))
    return pairs


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(sorted({w for m, _ in _ORDER_MARKERS for w in m})
                                + ["Ana", "Luis", "tea", "coffee", "te", "cafe", "lunch", "3", ",", "y"]),
                max_size=10))
def test_order_markers_are_found_as_by_a_full_scan(words):
    tokens = analysis._merge_phrases(analysis._raw_tokens(" ".join(words)))
    found, _ = analysis._direction_pairs(tokens)
    by_order = _pairs_by_scan(tokens)
    # no word here opens a from/to pair or a preference: every pair found is an order marker's
    assert found == by_order


def test_an_order_marker_still_makes_a_pair():
    found, _ = analysis._direction_pairs(analysis._analyse("Prefers tea rather than coffee").tokens)
    assert found


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["Vivía", "en", "Bogotá", "desde que", "se conocieron", "when", "they met",
                                 "She", "moved", "has worked", "here", "for", "ten years", "will", "va a",
                                 "mudarse", ",", "her left", "shoulder", "solo", "."]), max_size=10))
def test_the_tense_reused_from_the_signature_is_the_tense_read_afresh(words):
    text = " ".join(words)
    signature.cache_clear()
    folded = _ALONE.sub("a solas", _contractions(fold(_CONTRAST.sub(" instead of ", text.replace("’", "'")))))
    assert _tense(text, (folded, _padded(folded))) == _tense(text)
    assert signature(text).tense == _tense(text)


def _word_token_by_definition(raw: str, at_start: bool):
    """One word without an apostrophe as the general loop of ``_raw_tokens`` reads it."""
    norm = fold(raw)
    tok = analysis._Tok(norm, "word", capital=raw[:1].isupper(), sentence_start=at_start, raw=raw,
                        acronym=len(raw) >= 2 and raw.isupper())
    if norm == "te" and raw.casefold() == "té":
        tok.norm = "té"
    return tok


@settings(max_examples=400, deadline=None)
@given(st.lists(st.text(alphabet=st.sampled_from(list("abteTEzZáéÉñÑüßİıǅ")), min_size=1, max_size=6),
                min_size=1, max_size=6))
def test_a_word_without_an_apostrophe_is_read_as_by_the_general_loop(words):
    text = " ".join(words)
    tokens = analysis._raw_tokens(text)
    raws = [m.group() for m in analysis._TOKEN_RE.finditer(text) if m.lastgroup == "word"]
    expected = [_word_token_by_definition(raw, i == 0) for i, raw in enumerate(raws)]
    assert [t for t in tokens if t.kind == "word"] == [t for t in expected if t.norm]


def test_te_with_an_accent_is_tea_and_without_is_the_pronoun():
    assert [t.norm for t in analysis._raw_tokens("Té te TÉ")] == ["té", "te", "té"]
