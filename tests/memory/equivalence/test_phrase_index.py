"""Tests for memory.equivalence.phrase_index: the word-indexed lookup answers exactly as testing every
phrase of the table as a substring (no database)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from memory.equivalence import modality, poles, signature
from memory.equivalence.phrase_index import PhraseIndex


def _scan(entries: list[tuple[str, tuple[str, ...]]], padded: str) -> frozenset[str]:
    return frozenset(name for name, probes in entries if any(p in padded for p in probes))


_TABLES = [modality._MODALITY, signature._TENSE, signature._SCOPE, signature._QUANTITY, signature._PRONOUN,
           signature._DIRECTION_WITHOUT_BY, *(table for _, table, _ in signature._CLOSED_CLASSES)]
_PHRASES = sorted({p for table in _TABLES for phrases in table.values() for p in phrases})
# Probes of every shape the index files differently: whole words, a word run to the probe's end (a
# prefix: " abc"), no opening space, double spaces, and a probe that is only spaces.
_ODD = [(" x", (" ab", "cd ", "  e ", " ")), ("y", (" ab cd ", "b c", " cd"))]


def test_a_text_finds_what_the_scan_finds_on_the_real_tables() -> None:
    texts = [" no suele ir los lunes ", " prefers short reports every other week ", " tiene que ", "  ", " ",
             " almost every day she has to ", " casi todos los dias "]
    for table in _TABLES:
        for padded in texts:
            expected = frozenset(n for n, ph in table.items() if any(map(padded.__contains__, modality._probes(ph))))
            assert modality.classes(padded, table) == expected
    assert poles.poles(" prefers short reports ") == frozenset({"length+"})


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(_PHRASES), st.sampled_from(["ab", "cd", "e", "abc", "", "x y"]),
                          st.text(alphabet=" abcdeñ:", max_size=6)), max_size=8),
       st.sampled_from(["", " ", "  "]))
def test_the_index_answers_as_the_scan_does(words: list[str], tail: str) -> None:
    padded = " " + " ".join(words) + tail
    for table in _TABLES:
        entries = [(name, modality._probes(phrases)) for name, phrases in table.items()]
        assert PhraseIndex(entries).found(padded) == _scan(entries, padded)
    assert PhraseIndex(_ODD).found(padded) == _scan(_ODD, padded)


def test_a_table_built_afresh_is_scanned_not_indexed_by_a_stale_id() -> None:
    fresh = {"k": ("tiene que",)}
    assert modality.classes(" tiene que ", fresh) == frozenset({"k"})
    assert modality.classes(" tiene que ", {"k": ("must",)}) == frozenset()
