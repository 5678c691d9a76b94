"""A Spanish note and an English note, translations of each other but for one word of one slot (eq78, issue 16).

:func:`.bilingual.substituted_nouns` stops a pair where each side has a common noun the other does
not translate. Two shapes of one substitution passed it because the word put for another is no
single known noun on one side:

* **a multiword noun matched by its head** ("fondo de X" → "X fund"): a piece of its translation is
  said in the English note, so it counted as matched, while the English compound on that head has
  another modifying noun nothing translates. Both compounds must be kinds WordNet names, and not one
  concept there: a compound WordNet does not list may be a paraphrase of the translation;
* **an agent clause** ("quien + verb" / "the one who + verb"): the role is said by a verb, which the
  noun check never compares; the two verbs are compared through the dictionary, spelling (inflected
  forms Apertium does not know are lemmatised for WordNet) and WordNet's verb synsets. The check
  abstains on a light verb ("the one who does the cooking") or an English verb neither Apertium nor
  WordNet knows.

Two more shapes (eq80: a modifier of one head put for another, a participle said as a noun) are
:mod:`.slot_modifiers`'. A third shape, a role word one dictionary does not know put for another in the same slot, was
written and measured and is not asked (docs/consolidation.md, eq78). Only the analyses the noun
check already made are read (no Apertium exchange of its own). Pure Python, no Django; None when
Apertium or WordNet is not installed.
"""

from __future__ import annotations

from memory.equivalence import bilingual, slot_modifiers, wordnet
from memory.equivalence.bilingual import Word
from memory.equivalence.normalise import fold

#: Relative words opening an agent clause ("quien conduce", "the one who navigates").
_RELATIVE = {"quien", "quién", "el que", "la que", "the one who", "who", "the person who"}
#: English verbs too light to name an activity ("the one who does the cooking"): no comparison.
_LIGHT = {"do", "make", "take", "have", "get", "go", "be", "handle", "deal"}


def _spelled_in(candidates: set[str], words: tuple[Word, ...]) -> bool:
    spelled = {fold(w.lemma) for w in words if w.lemma and w.pos not in bilingual._SKIP}
    return any(bilingual._same_spelling(fold(c), s) for c in candidates if c for s in spelled)


def _head_only(es: tuple[Word, ...], en: tuple[Word, ...]) -> bool:
    """A Spanish multiword noun ("fondo de pensiones") is matched only by its translation's head, and
    the English compound on that head has another, unmatched modifying noun; both compounds are kinds
    WordNet names, and not one concept there."""
    lemmas = {w.lemma for w in en} | {c for c, _, _ in bilingual._compounds(en)}
    unmatched = set(bilingual.unmatched_nouns(en, es, "en"))
    for w in es:
        if w.pos != "n" or " " not in w.lemma or not w.translations or lemmas & set(w.translations):
            continue
        for t in w.translations:
            pieces = t.split()
            if len(pieces) < 2:
                continue
            for compound, modifier, head in bilingual._compounds(en):
                # two kinds WordNet names ("pension fund", "index fund"), not one concept: a compound
                # WordNet does not list ("neighbourhood association") may be the translation's paraphrase
                if head == pieces[-1] and modifier not in pieces and modifier in unmatched \
                        and wordnet.synsets(t) and wordnet.synsets(compound) and not wordnet.related(t, compound):
                    return True
    return False


def _agent_verb(words: tuple[Word, ...], lang: str) -> Word | None:
    """The verb right after a relative that opens an agent clause ("quien conduce", "the one who drives").
    In English the word there is a verb by grammar: a noun reading the tagger gave it ("the one who
    cooks": *cook* n) is taken as the verb WordNet also lists."""
    for k, w in enumerate(words[:-1]):
        if w.lemma in _RELATIVE:
            nxt = words[k + 1]
            if nxt.pos.startswith("vb") or not nxt.pos:
                return nxt
            if lang == "en" and nxt.pos == "n" and wordnet.synsets(nxt.lemma, "verb"):
                return Word(nxt.lemma, "vblex", (), nxt.tags)
    return None


def _agent_swap(es: tuple[Word, ...], en: tuple[Word, ...]) -> bool:
    """Both notes name a role by an agent clause, with verbs that neither translate, spell alike nor
    share a WordNet verb synset; abstains when the English verb is light or unknown to both resources."""
    x, y = _agent_verb(es, "es"), _agent_verb(en, "en")
    if x is None or y is None or not x.pos or not x.translations:
        return False
    english = (y.lemma,) if y.pos else wordnet.verb_lemmas(y.lemma)
    if not english or set(english) & _LIGHT or x.lemma in y.translations:
        return False
    if set(english) & set(x.translations) or _spelled_in(set(english), (x,)) \
            or any(bilingual._same_spelling(fold(t), fold(e)) for t in x.translations for e in english):
        return False
    senses = {s for e in english for s in wordnet.synsets(e, "verb")}
    return not any(set(wordnet.synsets(t, "verb")) & senses for t in x.translations)


def slot_substitution(spanish: str, english: str) -> bool | None:
    """One word of one slot substituted across the two notes (module docstring); None when unknowable."""
    if not (bilingual.available() and wordnet.available()):
        return None
    # the readings the noun check made: the English note as written (its subjectless reading asks
    # Apertium again, and only where the noun check went that far)
    es, en = bilingual.analyse("es", spanish), bilingual.analyse("en", english)
    if es is None or en is None:
        return None
    # the compound shape is asked only where a multiword noun is there (its WordNet questions are the cost)
    multiword = any(w.pos == "n" and " " in w.lemma for w in es)
    # eq80: a modifier of one head put for another; a participle said as a noun (.slot_modifiers)
    return (multiword and _head_only(es, en)) or _agent_swap(es, en) \
        or slot_modifiers.modifier_swap(es, en) or slot_modifiers.participle_swap(es, en)
