"""Opposite members of an antonym pair across ES↔EN, and within each language (issue 16, stop 39).

:mod:`.opposites` asks WordNet whether two adjectives stand at opposite poles, reading a Spanish
adjective through Apertium's one or two English translations. Three wordings passed it:

* **a Spanish negative prefix whose English rendering WordNet does not link**: "desordenado" is
  "disordered" to Apertium, which WordNet puts opposite "ordered", not "tidy"; "Keeps his desk very
  tidy" / "Tiene el escritorio muy desordenado". Read the other way instead: an English adjective's
  Spanish translation (Apertium's English→Spanish dictionary: "tidy" → "ordenado") with a Spanish
  negative prefix (des-, in-, im-, i-) is the other note's word → opposite. And an English adjective's
  WordNet antonyms, each through the same dictionary ("messy" → its head "untidy" → antonym "tidy" →
  "ordenado"), said by the Spanish note → opposite ("Es muy ordenado" / "Is very messy"). Within
  Spanish, one note's adjective is the other's with a negative prefix ("ordenado" / "desordenado").
* **an adjective before a preposition**: :mod:`.opposites` drops a participle followed by a
  preposition as a passive verb ("was raised in"); after an intensifier it is a state ("muy ordenado
  con sus papeles"), and an English word Apertium does not know and WordNet lists only as an
  adjective ("messy with his paperwork") is never a verb.
* **a Spanish locative adverb after "de"** modifying a noun: "el estante de abajo" is the bottom
  shelf. The Spanish locative adverbs are a closed class (:data:`_LOCATIVES`, twelve words); each is
  read as the English adjective of that position, and WordNet decides the opposition ("top" /
  "bottom", "front" / "back", "inside" / "outside", "upstairs" / "downstairs").

The guards of :mod:`.opposites` hold: a negated or diminished word is left out ("no es ordenado"), a
word said on both sides (or a word of its WordNet cluster) is no difference. None when Apertium or
WordNet is not installed. Pure Python, no Django; nothing is logged.
"""

from __future__ import annotations

import re
from functools import lru_cache

from memory.equivalence import bilingual, opposites, wordnet
from memory.equivalence.bilingual import Word
from memory.equivalence.normalise import fold
from memory.text_caches import text_cache

#: Spanish locative adverbs (a closed class) read after "de" as the English adjective of the position
#: they name: "el estante de abajo" (bottom), "la habitación de arriba" (upstairs, top).
_LOCATIVES: dict[str, frozenset[str]] = {
    "arriba": frozenset({"top", "upstairs"}), "encima": frozenset({"top"}),
    "abajo": frozenset({"bottom", "downstairs"}), "debajo": frozenset({"bottom"}),
    "delante": frozenset({"front"}), "adelante": frozenset({"front"}),
    "atras": frozenset({"back", "rear"}), "detras": frozenset({"back", "rear"}),
    "dentro": frozenset({"inside", "inner"}), "adentro": frozenset({"inside", "inner"}),
    "fuera": frozenset({"outside", "outer"}), "afuera": frozenset({"outside", "outer"}),
}
#: Spanish negative prefixes of adjectives ("desordenado", "incómodo", "impaciente", "ilegal").
_PREFIXES = ("des", "in", "im", "i")
#: Words before a participle that make it a state, not a passive verb ("muy ordenado con").
_INTENSIFIERS = frozenset({"muy", "very", "so", "tan", "too", "demasiado", "really", "realmente", "quite",
                           "bastante", "extremely", "extremadamente", "super", "súper", "pretty", "rather"})
_MARK = re.compile(r"\(.*?\)$")


def _locative(words: tuple[Word, ...], i: int) -> frozenset[str] | None:
    """The English position a Spanish "de" + locative adverb names at ``words[i]`` (Apertium reads
    some as one adverb, "de arriba"; others as the preposition and the adverb, "de" "abajo")."""
    w = words[i]
    if w.pos != "adv":
        return None
    lemma = fold(w.lemma)
    if lemma.startswith("de ") and lemma[3:] in _LOCATIVES:
        return _LOCATIVES[lemma[3:]]
    if i and words[i - 1].lemma == "de" and lemma in _LOCATIVES:
        return _LOCATIVES[lemma]
    return None


def _participle(lemma: str) -> str:
    """A Spanish verb's regular masculine past participle ("ordenar" → "ordenado")."""
    if lemma.endswith("ar"):
        return lemma[:-2] + "ado"
    if lemma.endswith(("er", "ir")):
        return lemma[:-2] + "ido"
    return lemma


@text_cache(maxsize=8192)
def _reading(lang: str, text: str) -> tuple[tuple[tuple[frozenset[str], bool], ...], frozenset[str], frozenset[str],
                                             tuple[tuple[str, bool], ...]] | None:
    """``text``'s adjectives as (English readings, negated) with the relaxed guards (module
    docstring), the English adjectives it says, the Spanish adjectives it says (lemma or participle,
    not negated; empty for English), and its surface adjectives as (word, negated), or None."""
    words = bilingual.analyse(lang, text)
    if words is None:
        return None
    out: list[tuple[frozenset[str], bool]] = []
    surface: list[tuple[str, bool]] = []
    for i, w in enumerate(words):
        negated = opposites._negated(words, i)
        locative = _locative(words, i) if lang == "es" else None
        if locative:
            out.append((locative, negated))
            continue
        english = opposites.compound(words, i, opposites._english(w, lang), lang)
        if not english or (i and words[i - 1].pos in opposites._PREPOSITION):
            continue
        state = w.pos == "adj" or not w.pos or (i and words[i - 1].lemma in _INTENSIFIERS)
        if not state and i + 1 < len(words) and words[i + 1].pos in opposites._PREPOSITION:
            continue  # "was raised in": a passive verb
        out.append((frozenset(english), negated))
        if lang == "es":
            surface.append((fold(w.lemma if w.pos == "adj" else _participle(w.lemma)), negated))
        else:
            surface.append((w.lemma, negated))
    said = frozenset(e for english, _ in out for e in english)
    spanish = frozenset(s for s, negated in surface if not negated) if lang == "es" else frozenset()
    return tuple(out), said, spanish, tuple(surface)


def _adjective_words(offset: int) -> tuple[str, ...]:
    """The lemmas of the WordNet adjective synset at ``offset`` ("top(a)" read as "top")."""
    _, data = wordnet._maps("adj")
    with wordnet._LOCK:
        line, _ = wordnet._line_at(data, offset)
    fields = line.split()
    return tuple(_MARK.sub("", fields[4 + 2 * i].decode()).replace("_", " ") for i in range(int(fields[3], 16)))


@lru_cache(maxsize=8192)
def antonyms(adjective: str) -> frozenset[str]:
    """The English words WordNet puts opposite ``adjective``: the antonyms of its senses and of the
    heads of their clusters ("messy" → "tidy")."""
    out: set[str] = set()
    for sense in wordnet.synsets(adjective, "adj"):
        for synset in {sense, wordnet._head(sense)}:
            for symbol, target in wordnet._adjective(synset)[1]:
                if symbol == wordnet._ANTONYM:
                    out |= set(_adjective_words(target))
    return frozenset(out)


@lru_cache(maxsize=8192)
def spanish(english: str) -> frozenset[str]:
    """The Spanish words Apertium's English→Spanish dictionary gives for one English adjective."""
    words = bilingual.analyse("en", english) or ()
    first = next((w for w in words if w.pos != "sent"), None)
    return frozenset(fold(t) for t in first.translations) if first is not None else frozenset()


def _prefixed(word: str, base: str) -> bool:
    """``word`` is ``base`` with a Spanish negative prefix ("desordenado" / "ordenado", "incómodo",
    "impaciente", "ilegal", "irresponsable")."""
    if len(base) < 4:
        return False
    return word in ("des" + base, "in" + base) or (base[0] in "bp" and word == "im" + base) or (
        base[0] == "l" and word == "i" + base) or (base[0] == "r" and word == "ir" + base)


def _across(english: tuple[tuple[str, bool], ...], english_said: frozenset[str], spanish_words: frozenset[str],
            spanish_said: frozenset[str]) -> bool:
    """An English adjective (not negated) against the Spanish note's adjectives: its Spanish word with a
    negative prefix, or one of its WordNet antonyms' Spanish words, said there (module docstring)."""
    for word, negated in english:
        if negated:
            continue
        own = spanish(word)
        if own & spanish_words or any(wordnet.one_cluster(word, s) for s in spanish_said):
            continue  # the same property said on both sides
        if any(_prefixed(s, t) for s in spanish_words for t in own):
            return True  # "tidy" / "desordenado"
        for opposite in antonyms(word):
            if opposite in english_said:
                continue
            if spanish(opposite) & spanish_words:
                return True  # "messy" / "ordenado"
    return False


def opposite_members(text_a: str, lang_a: str, text_b: str, lang_b: str) -> bool | None:
    """The two notes say opposite members of an antonym pair (module docstring); ``lang_*`` "es" or
    "en". None when unknowable."""
    if not (bilingual.available() and wordnet.available()):
        return None
    a, b = _reading(lang_a, text_a), _reading(lang_b, text_b)
    if a is None or b is None:
        return None
    adj_a, said_a, es_a, surface_a = a
    adj_b, said_b, es_b, surface_b = b
    if opposites.opposed(adj_a, said_a, adj_b, said_b, said=opposites._said, opposite=wordnet.opposite):
        return True
    if lang_a == lang_b == "es":
        return any(_prefixed(x, y) or _prefixed(y, x) for x in es_a for y in es_b if x not in es_b and y not in es_a)
    if {lang_a, lang_b} == {"es", "en"}:
        (en, en_said), (es, es_said) = ((surface_a, said_a), (es_b, said_b)) if lang_a == "en" else \
            ((surface_b, said_b), (es_a, said_a))
        return _across(en, en_said, es, es_said)
    return False
