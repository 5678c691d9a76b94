"""Round 61: each count stays with the noun it counts, across ES↔EN (issue 16).

"Tiene dos gatos y un perro" and "Has one cat and two dogs" state the same numbers, so the number
axis of :mod:`.signature` (values compared as sets) sees nothing; within one language
:func:`.values.counts_differ` reads which word each number counts and stops the pair, but it
compares the counted words by spelling, and *gato* is not spelled *cat*. Here each note is read
through Apertium's analysis (:mod:`.bilingual`, cached per note): a numeral (digits or words) or a
singular indefinite article ("un perro", "a dog": one) and the noun it counts — the first noun after
it in Spanish, the last of the nouns that follow it in English ("two cat beds" counts beds), with
adjectives between. A noun counted once on each side, the Spanish one's dictionary translation being
the English one (either way), that carries **another count** on each side is a number said of
another thing: ``number_mismatch``.

Rates ("once a week", "una vez al mes": a unit of time after an article), "a few", "a couple of",
plural indefinites ("unos amigos") and a noun counted twice on one side are left out. None when
Apertium is not installed. Pure Python, no Django; nothing is logged.
"""

from __future__ import annotations


from memory.equivalence import bilingual
from memory.equivalence.bilingual import Word
from memory.equivalence.values import numbers
from memory.text_caches import text_cache

#: Nouns an article does not count: a rate's unit of time, or a quantity word ("a few", "a lot of").
_NOT_COUNTED_BY_ARTICLE = frozenset("week month day year hour minute time weekend night morning evening semana mes "
                                    "día año hora minuto vez noche mañana tarde few lot couple bit little number "
                                    "dozen pair par montón poco".split())
_ONE = frozenset({"one", "uno", "un", "una", "a", "an"})
#: Words that may stand between a count and its noun.
_BETWEEN = frozenset({"adj"})


def _value(word: Word) -> float | None:
    if word.pos == "num":
        if word.lemma[:1].isdigit() and not word.lemma.replace(".", "").replace(",", "").isdigit():
            return None  # "a 1970s motorbike", "the 90s": a decade, "2nd": a rank — no count
        if word.lemma in _ONE:
            return 1.0
        readings = numbers(word.lemma)
        if len(readings) == 1 and len(readings[0]) == 1:
            return next(iter(readings[0]))
        return None
    if word.pos == "det" and "ind" in word.tags and "sg" in word.tags:
        return 1.0
    return None


def _counted(words: tuple[Word, ...], k: int, lang: str) -> Word | None:
    """The noun the count at ``k`` counts (module docstring), or None."""
    j = k + 1
    while j < len(words) and words[j].pos in _BETWEEN:
        j += 1
    if j >= len(words) or words[j].pos != "n" or not words[j].lemma:
        return None
    if lang == "en":
        while j + 1 < len(words) and words[j + 1].pos == "n" and words[j + 1].lemma:
            j += 1  # "two cat beds": the last noun heads the phrase
    return words[j]


@text_cache(maxsize=8192)
def _counts(lang: str, text: str) -> tuple[tuple[Word, float], ...] | None:
    """Each counted noun of the note with its count; a noun counted twice is left out."""
    words = bilingual.analyse(lang, text)
    if words is None:
        return None
    found: list[tuple[Word, float]] = []
    for k, word in enumerate(words):
        value = _value(word)
        if value is None:
            continue
        noun = _counted(words, k, lang)
        if noun is None or (word.pos == "det" and noun.lemma in _NOT_COUNTED_BY_ARTICLE):
            continue
        found.append((noun, value))
    # Apertium's Spanish lemma keeps no gender ("hijas" is *hijo*), its translation does ("daughter")
    twice = {_key(n) for n, _ in found if sum(_key(m) == _key(n) for m, _ in found) > 1}
    return tuple((n, v) for n, v in found if _key(n) not in twice)


def _key(noun: Word) -> tuple[str, tuple[str, ...]]:
    return noun.lemma, noun.translations


def _same(es: Word, en: Word) -> bool:
    if es.translations:
        return en.lemma in es.translations  # the gendered translation decides ("hija": daughter, not son)
    return es.lemma in en.translations


def counts_moved(spanish: str, english: str) -> bool | None:
    """A noun both notes count, through the dictionary, with another count on each side (module
    docstring). None when Apertium is not installed or an analysis failed."""
    if not bilingual.available():
        return None
    es, en = _counts("es", spanish), _counts("en", english)
    if es is None or en is None:
        return None
    for noun_es, count_es in es:
        matched = [count_en for noun_en, count_en in en if _same(noun_es, noun_en)]
        if len(matched) == 1 and matched[0] != count_es:
            return True
    return False
