"""perf51b's exact prefilters in the first readings and the Apertium stream's parse answer exactly what
the plain definitions answer (perf50d's patch, re-applied; docs/performance.md)."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from memory.equivalence import bilingual, cldr, signature, values
from memory.equivalence.bilingual import Word
from memory.equivalence.normalise import fold
from memory.equivalence.phrase_index import PhraseIndex


class _Everything(frozenset):
    """A set every word is in: :func:`values.numbers` with it tries every branch at every word."""

    def __contains__(self, item: object) -> bool:
        return True

    def isdisjoint(self, other: object) -> bool:
        return False


# The words numbers' branches read, from the tables themselves (not from _NUMBER_STARTS, so a table
# left out of it is still drawn), with the words around them that its branches look at.
_NUMBER_VOCABULARY = sorted({*values._UNITS, *values._TENS, *values._HUNDREDS, *values._ORDINALS,
                             *values._AMBIGUOUS_ORDINALS, *values._DECADES, *values._DECADE_NOUNS, *values._NOON,
                             *values._BIG, *values._SCALES, *values._DIGIT_SCALES, *values._ONE, *values._HALF_OF,
                             "half", "quarter", "medio", "media", "once", "first", "primero", "past", "to", "y",
                             "and", "menos", "cuarto", "hour", "hora", "las", "de", "of", "the", "el", "dia", "day",
                             "floor", "planta", "every", "cada", "times", "veces", "al", "pm", "am", "in", "command",
                             "s", "ano", "year", "7", "12", "1970", "3pm", "10am", "1,200", "2.5", "trabaja", "lunes"})


def _numbers_unfiltered(text: str) -> tuple:
    saved = values._NUMBER_STARTS
    values._NUMBER_STARTS = _Everything()
    try:
        return values.numbers(text)
    finally:
        values._NUMBER_STARTS = saved


@settings(max_examples=600, deadline=None)
@given(st.lists(st.sampled_from(_NUMBER_VOCABULARY), max_size=9))
def test_numbers_skips_only_words_no_branch_reads(words):
    text = " ".join(words)
    assert values.numbers(text) == _numbers_unfiltered(text)


def test_numbers_examples_with_and_without_the_filter():
    for text in ("Vive en el tercer piso desde hace una década", "half past four, twice a year", "Nada que leer",
                 "las dos y media de la tarde", "los años 80", "cuesta 1.200 euros", "a las 7 pm", "medio año"):
        assert values.numbers(text) == _numbers_unfiltered(text)
    assert values.numbers("Prefiere el té verde") == ()


def _words_plain(text: str) -> list[str]:
    folded = fold(text).replace("p.m.", "pm").replace("a.m.", "am").replace("p.m", "pm").replace("a.m", "am")
    folded = re.sub(r"(\d)\s+(am|pm)\b", r"\1\2", folded)
    return values._TOKEN.findall(values._THOUSANDS.sub("", folded))


@settings(max_examples=600, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("0123456789 .,:apmAPMñéí\t")), max_size=30))
def test_words_replaces_only_where_its_characters_are(text):
    assert values._words(text) == _words_plain(text)


def _alternatives(pattern: re.Pattern[str]) -> list[str]:
    """The endings of ``\\w{2,}(?:a|b|c)``: each alternative of the first non-capturing group."""
    group = re.search(r"\(\?:([^()]*)\)", pattern.pattern)
    assert group is not None
    return group.group(1).split("|")


def test_each_tense_ending_holds_the_substring_its_guard_tests():
    """``_tense`` runs a regex only when the text holds a substring every match of it holds: an
    ending added without one would be skipped, so this fails first."""
    for ending in _alternatives(signature._IMPERFECT):
        assert "í" in ending or "aba" in ending or "ábamos" in ending, ending
    for ending in _alternatives(signature._IA_FORM):
        assert "í" in ending, ending
    for ending in _alternatives(signature._ES_FUTURE):
        assert "rá" in ending or "réis" in ending or "remos" in ending, ending
    assert signature._SIDE.pattern.endswith(" left ")


def test_tense_still_reads_the_guarded_forms():
    assert "past" in signature._tense("Trabajaba en Madrid")
    assert "past" in signature._tense("Corría maratones")
    assert "past" in signature._tense("Se mudaría a Lima")
    assert "future" in signature._tense("Solicitará el traslado")
    assert "future" in signature._tense("Comeremos en casa")
    assert "past" not in signature._tense("Le duele la rodilla")
    assert signature._tense("She hurt her left shoulder") == signature._tense("She hurt her left shoulder.")


_NEGATIVE_WORDS = sorted({w for probe in signature._LEXICAL_PROBES for w in probe.split()}
                         | {"trabaja", "en", "casa", "the", "of", "out", "de"})


@settings(max_examples=600, deadline=None)
@given(st.lists(st.sampled_from(_NEGATIVE_WORDS), max_size=10))
def test_lexical_negatives_count_as_every_probe_counted(words):
    polar = f" {' '.join(words)} "
    assert signature._LEXICAL.count(polar) == sum(map(polar.count, signature._LEXICAL_PROBES))


_PROBES = [" no ", " left out ", " out of ", " a ", "n't", "off ", " free of ", " a a "]


@settings(max_examples=600, deadline=None)
@given(st.lists(st.sampled_from(["no", "left", "out", "of", "a", "don't", "off", "free", "x", ""]), max_size=10))
def test_phrase_index_counts_every_probe_as_str_count(words):
    """Probes opening with a word are counted by that word, the others always; a probe twice counts twice."""
    index = PhraseIndex([("one", _PROBES[:4]), ("two", _PROBES[3:])])
    padded = f" {' '.join(words)} "
    assert index.count(padded) == sum(padded.count(p) for p in _PROBES[:4] + _PROBES[3:])


def _runs_plain(text: str) -> list[list[str]]:
    runs, current = [], []
    for raw in re.findall(r"[^\W\d_][\w'-]*", text):
        if raw[:1].isupper() or (current and fold(raw) in cldr._INSIDE_NAMES):
            current.append(fold(raw))
        elif current:
            runs.append(current)
            current = []
    if current:
        runs.append(current)
    return runs


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(["Isle", "of", "Man", "de", "Reino", "Unido", "vive", "en", "the", "Él", "y", "1"]),
                max_size=10))
def test_capitalised_runs_as_the_plain_loop(words):
    text = " ".join(words)
    assert cldr._capitalised_runs(text) == _runs_plain(text)


def test_languages_and_countries_with_and_without_a_first_word():
    assert cldr.languages("habla gallego y portugués") == {"gl": frozenset({"gallego"}), "pt": frozenset({"portugues"})}
    assert cldr.languages("trabaja desde casa") == {}
    assert "GB" in cldr.countries("Vive en el Reino Unido")


def _parse_plain(stream: str) -> tuple[Word, ...]:
    words = []
    for m in bilingual._UNIT.finditer(stream):
        parts = re.split(r"(?<!\\)/", m.group(1))
        source = parts[0]
        if source.startswith("*") or not source:
            words.append(Word(bilingual._lemma(source.lstrip("*")), "", ()))
            continue
        tags = bilingual._TAG.findall(source)
        translations = tuple(t for t in (bilingual._lemma(p) for p in parts[1:]) if t and not t.startswith("@"))
        words.append(Word(bilingual._lemma(source), tags[0] if tags else "", translations, tuple(tags)))
    return tuple(words)


_PIECES = st.sampled_from(["^", "$", "/", "\\/", "\\", "<n>", "<vblex>", "<pl>", "*", "@", "casa", "house", "a",
                           "#", " ", "km\\/h", "1\\/2"])


@settings(max_examples=800, deadline=None)
@given(st.lists(st.lists(_PIECES, max_size=8).map("".join), max_size=6))
def test_parse_splits_as_the_escaped_slash_split(units):
    stream = " ".join(f"^{u}$" for u in units)
    assert bilingual.parse(stream) == _parse_plain(stream)


def test_parse_keeps_an_escaped_slash_in_a_lemma():
    words = bilingual.parse("^km\\/h<n>/km\\/h<n>$ ^casa<n><f><sg>/house<n><sg>/home<n>$")
    assert [w.lemma for w in words] == ["km/h", "casa"]
    assert words[1].translations == ("house", "home") and words[1].tags == ("n", "f", "sg")
