"""Two notes that say opposite adjectives of the same thing: WordNet's antonymy (issue 16, round 48).

The poles of :mod:`.poles` are closed lists: an axis nobody listed ("generoso" / "stingy", "tidy" /
"messy", "estricto" / "lenient") passed every veto, and the embedder places an adjective as close to
its antonym as to its synonym, most of all across languages. This check reads each note's
adjectives (and participles used as adjectives) with Apertium's analysers (:mod:`.bilingual`), takes
a Spanish one's English translations from its dictionary, and asks WordNet (:func:`.wordnet.opposite`,
antonym clusters with their "similar to" satellites) whether a word of one note stands at the
opposite pole of a word of the other.

Guards, each a class of wording rather than a word:

* **negated or diminished** adjectives are left out ("no es generoso", "not at all strict", "poco
  sociable", "hardly tidy"): "not generous" says what "stingy" says, so such a word proves no flip.
  A negation said elsewhere in one note only is the signature's negation check, which runs first;
* a word **said on both sides** (its English reading, or a word of its WordNet cluster, found among
  the other note's adjectives: "long reports" / "short summaries rather than lengthy write-ups") is
  no difference, and a pair whose senses share a WordNet cluster or an "also see" link is never read as
  opposite (:func:`.wordnet.opposite`): "soft" is near "lenient" in one sense;
* only Apertium's **adjectives and past participles** that say a property: a noun or verb spelled
  like an adjective ("light" the noun) is never compared; an English word Apertium does not know
  counts only when WordNet lists it as an adjective and never as a noun; an adjective right after a
  preposition names a time or state of life ("desde pequeño", "since young"), not a property of the
  thing — except after "as"/"como", which say what the thing is ("describes the hotel as cheap",
  round 66); a participle followed by a preposition is a passive verb ("was raised in"), not a state.

None when Apertium or WordNet is not installed. Pure Python, no Django; nothing is logged.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from memory.equivalence import bilingual, predicative, wordnet
from memory.equivalence.bilingual import Word
from memory.text_caches import text_cache

#: Words that negate or weaken the adjective they stand before (both languages; Apertium splits
#: "isn't" into "be" + "not").
_NEGATING = frozenset({"no", "not", "never", "nunca", "nada", "poco", "hardly", "barely", "scarcely", "apenas",
                       "less", "menos", "ni", "nor", "neither", "tampoco", "sin", "without", "nothing", "nobody",
                       "far", "lejos", "nadie", "jamás", "jamas", "un poco"})
#: Apertium's part of speech of a preposition: an adjective after one stands for a noun ("desde
#: pequeño"), a participle before one is a verb ("was raised in").
_PREPOSITION = frozenset({"pr"})
#: Round 66: prepositions that introduce what the thing is said to be ("describes the hotel as cheap",
#: "ve a su compañero como educado", "sees her as lazy"): an adjective after one is a property, unless a
#: comparison's or an idiom's second "as"/"como" follows ("as long as", "as well as").
_DESCRIBING = frozenset({"as", "como"})
#: Words that may stand between a negator and its adjective ("no muy generoso", "not very tidy").
_BETWEEN = frozenset({"muy", "very", "so", "tan", "too", "demasiado", "really", "realmente", "quite", "bastante",
                      "rather", "pretty", "más", "mas", "more", "most", "at all", "particularly", "especially",
                      "especialmente", "nada", "be", "ser", "estar"})


def _forms(verb: str) -> set[str]:
    """The regular English past participles of ``verb`` ("organise" → "organised", "organized")."""
    forms = {verb + "ed", verb + "d" if verb.endswith("e") else verb + "ed"}
    if verb.endswith("y") and len(verb) > 2 and verb[-2] not in "aeiou":
        forms.add(verb[:-1] + "ied")
    if len(verb) > 2 and verb[-1] not in "aeiouwxy" and verb[-2] in "aeiou" and verb[-3] not in "aeiou":
        forms.add(verb + verb[-1] + "ed")
    return forms | {f.replace("ise", "ize").replace("isa", "iza") for f in forms}


def _participles(verb: str) -> set[str]:
    """The regular English past participles of ``verb`` that WordNet lists as adjectives
    ("organise" → "organized", "tidy" → "tidied")."""
    return {f for f in _forms(verb) if wordnet.is_adjective(f)}


def _english(word: Word, lang: str) -> set[str]:
    """The English adjectives ``word`` says (its lemma, or its dictionary translations), or none."""
    participle = word.pos in ("vblex", "vbmod") and ("pp" in word.tags or (lang == "en" and "past" in word.tags))
    if lang == "en":
        if word.pos == "adj":
            return {word.lemma} if wordnet.is_adjective(word.lemma) else set()
        if participle:
            return _participles(word.lemma)
        if not word.pos and word.lemma.isalpha() and wordnet.is_adjective(word.lemma) \
                and not wordnet.synsets(word.lemma):
            return {word.lemma}  # a word Apertium does not know, only ever an adjective ("messy")
        return set()
    if word.pos == "adj":
        return {t for t in word.translations if wordnet.is_adjective(t)}
    if participle:
        return {p for t in word.translations for p in _participles(t)}
    return set()


def compound(words: tuple[Word, ...], i: int, english: set[str], lang: str) -> set[str]:
    """Round 63: a participle right after an adverb, read as the compound adjective WordNet lists
    ("well done" → "well-done", "bien hecho" → "well-done"; the participle regular or strong, in -n
    or -ne: "done", "known"), else ``english`` unchanged."""
    w = words[i]
    if not i or words[i - 1].pos != "adv" or w.pos not in ("vblex", "vbmod") or not (
            "pp" in w.tags or (lang == "en" and "past" in w.tags)):
        return english
    adverbs = {words[i - 1].lemma} if lang == "en" else set(words[i - 1].translations)
    verbs = {w.lemma} if lang == "en" else set(w.translations)
    forms = {f for v in verbs for f in (_forms(v) | {x for x in wordnet.irregular(v) if x.endswith(("n", "ne"))})}
    joined = {f"{a}-{f}" for a in adverbs if a.isalpha() for f in forms}
    return {c for c in joined if wordnet.is_adjective(c)} or english


def _negated(words: tuple[Word, ...], i: int) -> bool:
    """A negator or diminisher stands before word ``i`` (intensifiers and the copula between)."""
    j = i - 1
    while j >= 0 and words[j].lemma in _BETWEEN and words[j].lemma not in _NEGATING:
        j -= 1
    return j >= 0 and words[j].lemma in _NEGATING


def _describing(words: tuple[Word, ...], i: int) -> bool:
    """Word ``i`` follows "as"/"como" saying what something is (:data:`_DESCRIBING`), not "as long as"."""
    after = words[i + 1].lemma if i + 1 < len(words) else ""
    # an adjective only: a participle after "as" is a manner ("as planned", "as expected")
    return words[i].pos == "adj" and words[i - 1].lemma in _DESCRIBING and after not in _DESCRIBING


@text_cache(maxsize=8192)
def _adjectives(lang: str, text: str) -> tuple[tuple[frozenset[str], bool], ...] | None:
    """Each adjective of ``text`` as (its English readings, negated or diminished), or None."""
    words = bilingual.analyse(lang, text)
    if words is None:
        return None
    out = []
    for i, w in enumerate(words):
        english = compound(words, i, _english(w, lang), lang)
        if not english and lang == "en":
            english = predicative.adjective_readings(words, i)  # "finds it boring", "is fun" (eq77)
        elif english and lang == "es":
            english = english | predicative.spanish_causative(words, i)  # "le parece aburrido": boring (eq77)
        if not english or (i and words[i - 1].pos in _PREPOSITION and not _describing(words, i)):
            continue  # "desde pequeño": a time of life, not a property
        if w.pos != "adj" and i + 1 < len(words) and words[i + 1].pos in _PREPOSITION:
            continue  # "was raised in": a passive verb
        out.append((frozenset(english), _negated(words, i)))
    return tuple(out)


def opposite_adjectives(text_a: str, lang_a: str, text_b: str, lang_b: str) -> bool | None:
    """An adjective of one note (not negated) is at the opposite WordNet pole of an adjective of the
    other (not negated), and neither is said on the other side (module docstring). ``lang_*`` "es" or
    "en"; None when unknowable."""
    if not (bilingual.available() and wordnet.available()):
        return None
    a, b = _adjectives(lang_a, text_a), _adjectives(lang_b, text_b)
    if a is None or b is None:
        return None
    said_a = {e for english, _ in a for e in english}
    said_b = {e for english, _ in b for e in english}
    return opposed(a, said_a, b, said_b, said=_said, opposite=wordnet.opposite)


def opposed(a: Any, said_a: Any, b: Any, said_b: Any, *, said: Callable[[frozenset[str], Any], bool],
            opposite: Callable[[str, str], bool]) -> bool:
    """Some reading of ``a`` (readings, negated) and some reading of ``b``, neither negated nor
    ``said`` on the other side, are ``opposite``: the loop round 48's adjectives and round 50's verbs
    share (``verb_opposites``)."""
    for xs, x_negated in a:
        if x_negated or said(xs, said_b):
            continue
        for ys, y_negated in b:
            if y_negated or said(ys, said_a):
                continue
            if any(opposite(x, y) for x in xs for y in ys):
                return True
    return False


def _said(readings: frozenset[str], other: set[str]) -> bool:
    """One of ``readings`` is said among ``other`` (an adjective of the other note), or a word of its
    WordNet cluster is ("long" / "lengthy")."""
    return bool(readings & other) or any(wordnet.one_cluster(x, y) for x in readings for y in other)
