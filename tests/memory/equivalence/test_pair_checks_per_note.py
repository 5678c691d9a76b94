"""perf53b: pair checks that read each note once answer exactly what their per-pair definitions answer
(docs/performance.md, perf53b). Each test compares with the plain definition written out here, and
fails on a reading that misses a phrase or a name the plain one sees."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from memory.equivalence import converse_verbs, modality, signature, slots, timescope
from memory.equivalence.memo import texts_memoised
from memory.equivalence.normalise import fold


def _converse_swap_plain(text_a: str, text_b: str) -> bool:
    """The check as it was: every relation's probes searched in both notes, pair by pair."""
    pa, pb = slots._padded(text_a), slots._padded(text_b)
    for one, other in converse_verbs.PROBES:
        a1, a2 = any(p in pa for p in one), any(p in pa for p in other)
        b1, b2 = any(p in pb for p in one), any(p in pb for p in other)
        if (a1 and not a2 and b2 and not b1) or (a2 and not a1 and b1 and not b2):
            return True
    return False


# Every word of every converse phrase, with words around them, so texts hold one end, both or none,
# and multiword phrases ("pide prestado", "da clases") are drawn whole and split.
_CONVERSE_WORDS = sorted({w for one, other in converse_verbs.CONVERSE for p in (*one, *other) for w in p.split()}
                         | {"su", "hermano", "a", "de", "the", "money", "Ana", ",", "y"})
_CONVERSE_PHRASES = sorted({p for one, other in converse_verbs.CONVERSE for p in (*one, *other)})


@settings(max_examples=800, deadline=None)
@given(st.lists(st.sampled_from(_CONVERSE_WORDS + _CONVERSE_PHRASES), max_size=7),
       st.lists(st.sampled_from(_CONVERSE_WORDS + _CONVERSE_PHRASES), max_size=7))
def test_converse_swap_reads_each_note_once_with_the_same_answer(a, b):
    text_a, text_b = " ".join(a), " ".join(b)
    expected = _converse_swap_plain(text_a, text_b)
    assert slots.converse_swap(text_a, text_b) == expected
    with texts_memoised():  # as in a run: the note's ends shared by its pairs
        assert slots.converse_swap(text_a, text_b) == expected
        assert slots.converse_swap(text_b, text_a) == _converse_swap_plain(text_b, text_a)


def test_converse_swap_examples():
    assert slots.converse_swap("Le presta dinero a su hermano", "Borrows money from his brother")
    assert slots.converse_swap("Da clases de piano", "Takes lessons in piano")
    assert not slots.converse_swap("Lends money to his brother", "Le presta dinero a su hermano")
    assert not slots.converse_swap("Lends and borrows books", "Borrows books")  # both ends on one side


_TIME_WORDS = sorted({w for p in (*timescope._ADVERBS, *(q for qs in timescope._PARTS.values() for q in qs)) for w in p.split()}
                     | {"every", "cada", "todos", "los", "day", "night", "at", "9:30", "a", "las", "works", "trabaja"})


@settings(max_examples=800, deadline=None)
@given(st.lists(st.sampled_from(_TIME_WORDS), max_size=8))
def test_time_scope_readings_with_built_probes_answer_as_the_phrases_do(words):
    padded = f" {' '.join(words)} "
    plain_universal = any(f" {p} " in padded for p in timescope._ADVERBS) \
        or timescope._QUANTIFIED.search(padded) is not None
    plain_parts = frozenset(part for part, phrases in timescope._PARTS.items()
                            if any(f" {p} " in padded for p in phrases))
    for _ in range(2):  # outside a scope, then memoised within one
        assert timescope.universal(padded) == plain_universal
        assert timescope.parts(padded) == plain_parts
    with texts_memoised():
        assert (timescope.universal(padded), timescope.parts(padded)) == (plain_universal, plain_parts)
        assert (timescope.universal(padded), timescope.parts(padded)) == (plain_universal, plain_parts)


_NEGATOR_WORDS = sorted({w for p in modality._SCOPED_NEGATED for w in p.split()} | {"smoke", "fumar", "the", "y"})


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(_NEGATOR_WORDS), max_size=8))
def test_scoped_negators_removed_as_by_the_phrases(words):
    padded = plain = f" {' '.join(words)} "
    for phrase in modality._SCOPED_NEGATED:
        plain = plain.replace(f" {phrase} ", " ", 1)
    assert modality.without_scoped_negators(padded) == plain


def test_padded_reading_is_the_same_in_and_out_of_a_scope():
    texts = ("Can't stand the day after tomorrow's meeting", "No soporta madrugar mañana", "Works out of Lisbon")
    plain = [signature._padded(fold(t)) for t in texts]
    with texts_memoised():
        assert [signature._padded(fold(t)) for t in texts] == plain
        assert [signature._padded(fold(t)) for t in texts] == plain
