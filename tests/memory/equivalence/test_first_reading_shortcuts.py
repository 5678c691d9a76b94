"""perf42's shortcuts in a note's first reading answer exactly what the plain definitions answer."""

from __future__ import annotations

import unicodedata

from hypothesis import given, settings
from hypothesis import strategies as st

from memory.equivalence import analysis
from memory.equivalence.normalise import _strip_accents, fold

# Letters with and without accents, combining marks on their own, quotes, and anything else.
TEXT = st.text(alphabet=st.one_of(st.sampled_from(list("aeinoAEINOáéíñóúüÁÉÑçÇ\u0301\u0303\u0308'’- .")),
                                  st.characters()), max_size=40)


def _reference(text: str) -> str:
    """NFKD, then every combining mark dropped: the definition the translate table stands for."""
    return "".join(ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch))


@settings(max_examples=400, deadline=None)
@given(TEXT)
def test_accents_are_dropped_as_by_the_definition(text):
    assert _strip_accents(text) == _reference(text)


def test_a_combining_mark_alone_or_after_a_letter_is_dropped_and_a_letter_is_kept():
    assert fold("Canción ÁRBOL pingüino") == "cancion arbol pinguino"
    assert _strip_accents("e\u0301") == "e" and _strip_accents("\u0301") == ""
    assert _strip_accents("ß") == "ß"  # no decomposition, no mark: kept


def _merged_by_scan(tokens):
    """The phrase merge without the first-word shortcut (each word tries every window)."""
    saved = analysis._PHRASE_STARTS
    analysis._PHRASE_STARTS = frozenset(t.norm for t in tokens)
    try:
        return analysis._merge_phrases(tokens)
    finally:
        analysis._PHRASE_STARTS = saved


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(sorted({w for key in analysis._TABLE if len(key) > 1 for w in key} - {""})
                                + ["y", "and", "de", ",", ".", "Ana", "3"]), max_size=12))
def test_phrase_merging_tries_only_words_that_open_a_phrase_and_merges_the_same(words):
    text = " ".join(words)
    merged = analysis._merge_phrases(analysis._raw_tokens(text))
    scanned = _merged_by_scan(analysis._raw_tokens(text))
    assert [(t.norm, t.kind, t.key) for t in merged] == [(t.norm, t.kind, t.key) for t in scanned]


def test_a_known_phrase_is_still_merged():
    opening = next(key for key in analysis._TABLE if len(key) > 1)
    merged = analysis._merge_phrases(analysis._raw_tokens(" ".join(opening)))
    assert len(merged) == 1 and merged[0].norm == " ".join(opening)
