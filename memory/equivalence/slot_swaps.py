"""A Spanish note and an English note, translations of each other but for one word of a slot (eq78, issue 16).

:func:`.bilingual.substituted_nouns` stops a pair where each side has a common noun the other does
not translate. Three shapes of one substitution passed it, because one side had no *known* noun:

* **a word the dictionary does not know**, in a noun's place (after an article, after "como"/"as a",
  the predicate of "ser"/"be"): Apertium leaves it unanalysed and the noun check skips it. Here an
  unknown English word counts as a noun when WordNet lists it as one, an unknown Spanish word when it
  stands after a determiner or a role preposition; it is unmatched when nothing of the other note
  translates to it, spells like it or (WordNet) names its concept;
* **a multiword noun matched by its head** ("fondo de X" → "X fund"): a piece of its translation is
  said, so it counts as matched, while the English compound's modifier is another, unmatched noun;
* **an agent clause** ("quien + verb" / "the one who + verb"): the role is a verb, which the noun check
  never compares; the two verbs are compared through the dictionary, spelling and WordNet's verb synsets.

Two unmatched words count only in **the same slot** (their governing verb or preposition translate to
each other, or both are the predicate of the copula), and the check abstains when both words are
unknown to the dictionary (nothing to compare). Only the analyses the noun check already made are
read (no Apertium exchange of its own). Pure Python, no Django; None when Apertium is not installed.
"""

from __future__ import annotations

import re

from memory.equivalence import bilingual, wordnet
from memory.equivalence.bilingual import Word
from memory.equivalence.normalise import fold

#: Parts of speech between a noun and what governs it: articles, adjectives, numbers, possessives,
#: an English compound's modifying noun or genitive ("a sound engineer", "his sister's mortgage").
_BETWEEN = {"det", "adj", "num", "predet", "gen"}
#: Relative words opening an agent clause ("quien conduce", "the one who navigates").
_RELATIVE = {"quien", "quién", "el que", "la que", "the one who", "who", "the person who"}
#: WordNet's *person* (noun synset 00007846): the class a role noun belongs to.
_PERSON = 7846
#: How many hypernym steps a role noun may be below *person* ("usher" → "guide" → … → "person").
_PERSON_DEPTH = 12
#: Endings of Spanish agent and role nouns ("acomodador", "fontanero", "dentista", "becario").
_ROLE_ENDING = re.compile(r"(dor|dora|ero|era|ista|ante|ente|ario|aria|logo|loga)s?$")
#: English verbs too light to name an activity ("the one who does the cooking"): no comparison.
_LIGHT = {"do", "make", "take", "have", "get", "go", "be", "handle", "deal"}


def _governor(words: tuple[Word, ...], k: int, lang: str) -> Word | None:
    """The verb, copula or preposition governing the noun at ``k`` (articles, adjectives and, in English,
    modifying nouns skipped); None at the note's start or after punctuation."""
    j = k - 1
    while j >= 0 and (words[j].pos in _BETWEEN or (lang == "en" and words[j].pos == "n")):
        j -= 1
    if j < 0 or words[j].pos in ("sent", "cm", ""):
        return None
    return words[j]


def _same_slot(x: Word | None, y: Word | None) -> bool:
    """Two governors (a Spanish one and an English one) say one slot: both the copula, or one translates the other."""
    if x is None or y is None:
        return False
    if x.pos == "vbser" and y.pos == "vbser":
        return True
    return y.lemma in x.translations or x.lemma in y.translations \
        or any(t in y.lemma.split() for t in x.translations) or any(t in x.lemma.split() for t in y.translations)


def _capitalised(text: str, lemma: str) -> bool:
    """``lemma`` is written with a capital in ``text`` (a name the analyser did not know)."""
    return any(m.group(0)[:1].isupper() for m in re.finditer(rf"\b{re.escape(lemma)}\b", text, re.IGNORECASE))


def _english_noun(word: str) -> str | None:
    """``word`` (an English word the dictionary does not know) as a WordNet noun, singular where plural."""
    for form in (word, word[:-1] if word.endswith("s") else "", word[:-2] if word.endswith("es") else ""):
        if form and wordnet.synsets(form):
            return form
    return None


def _english_verb(word: str) -> tuple[str, ...]:
    """``word`` (an inflected English verb the dictionary does not know) as WordNet verb lemmas."""
    forms = {word, *wordnet.irregular_lemmas(word)}
    for suffix, back in (("ies", "y"), ("es", ""), ("s", ""), ("ed", ""), ("ed", "e"), ("ing", ""), ("ing", "e")):
        if word.endswith(suffix):
            forms.add(word[: -len(suffix)] + back)
    return tuple(f for f in forms if f and wordnet.synsets(f, "verb"))


def _person(noun: str) -> bool:
    """One of the first senses of the English ``noun`` is a kind of person (a role, a profession)."""
    return any(_PERSON in wordnet._above(o, _PERSON_DEPTH) for o in wordnet.synsets(noun)[:3])


def _spelled_in(candidates: set[str], words: tuple[Word, ...]) -> bool:
    spelled = {fold(w.lemma) for w in words if w.lemma and w.pos not in bilingual._SKIP}
    return any(bilingual._same_spelling(fold(c), s) for c in candidates if c for s in spelled)


def _unknown_matched(word: Word, theirs: tuple[Word, ...], english: bool) -> bool:
    """A word the dictionary does not know is said in ``theirs``: a word there translates to it, it
    spells like a word there, or (English) WordNet has it one concept with a Spanish noun's translation."""
    if any(word.lemma in w.translations or word.lemma in " ".join(w.translations).split() for w in theirs):
        return True
    if _spelled_in({word.lemma}, theirs) or any(bilingual._spells(fold(word.lemma), fold(t))
                                                   for w in theirs for t in w.translations if " " not in t):
        return True
    if english and wordnet.available():
        noun = _english_noun(word.lemma) or word.lemma
        return any(wordnet.related(noun, t) for w in theirs if w.pos == "n" for t in w.translations)
    return False


def _slot_words(words: tuple[Word, ...], theirs: tuple[Word, ...], lang: str, text: str,
                known: list[str]) -> list[tuple[Word, Word | None, bool]]:
    """The unmatched nouns of one note (``known``, from :func:`.bilingual.unmatched_nouns`) and its
    unmatched unknown words in a noun's place, each with its governor and whether the dictionary knows it."""
    out = []
    english = lang == "en"
    for k, w in enumerate(words):
        if w.pos == "n" and w.lemma in known:
            out.append((w, _governor(words, k, lang), True))
        elif not w.pos and w.lemma.isalpha() and k and not _capitalised(text, w.lemma):
            before = words[k - 1]
            in_place = before.pos in ("det", "vbser") or (before.pos == "pr" and before.lemma in ("como", "as a", "as"))
            if not in_place or (english and _english_noun(w.lemma) is None) \
                    or (not english and not _ROLE_ENDING.search(w.lemma)):
                continue  # an unknown Spanish word is read as a noun only with a role's ending
            if not _unknown_matched(w, theirs, english):
                out.append((w, _governor(words, k, lang), False))
    return out


def _synonyms(spanish: Word, english: Word) -> bool:
    """The Spanish word translates to the English one or to a WordNet synonym of it, or back."""
    if english.lemma in spanish.translations or spanish.lemma in english.translations:
        return True
    noun = _english_noun(english.lemma) or english.lemma
    return wordnet.available() and any(wordnet.related(t, noun) for t in spanish.translations)


def _unknown_substitution(es: tuple[Word, ...], en: tuple[Word, ...], spanish: str, english: str) -> bool:
    """One slot holds an unmatched word on each side, at least one of them unknown to the dictionary
    (two known nouns are :func:`.bilingual.substituted_nouns`' own case)."""
    ours = _slot_words(es, en, "es", spanish, bilingual.unmatched_nouns(es, en, "es"))
    theirs = _slot_words(en, es, "en", english, bilingual.unmatched_nouns(en, es, "en"))
    return any((s_known != e_known) and _same_slot(sg, eg) and _roles(s, e) and not _synonyms(s, e)
               for s, sg, s_known in ours for e, eg, e_known in theirs)


def _roles(spanish: Word, english: Word) -> bool:
    """The English word is of the person class (WordNet's *person*: a role, a profession): the class
    the unknown word is compared in (an unknown Spanish word is read as one by its role ending), so a
    word of another class the dictionary lacks ("filete") is never read as a role swapped. The known
    Spanish noun's translations are not asked: the dictionary may list another sense only."""
    return _person(_english_noun(english.lemma) or english.lemma)


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


def _agent_verb(words: tuple[Word, ...]) -> Word | None:
    """The verb right after a relative that opens an agent clause ("quien conduce", "the one who drives")."""
    for k, w in enumerate(words[:-1]):
        if w.lemma in _RELATIVE:
            nxt = words[k + 1]
            if nxt.pos.startswith("vb") or not nxt.pos:
                return nxt
    return None


def _agent_swap(es: tuple[Word, ...], en: tuple[Word, ...]) -> bool:
    """Both notes name a role by an agent clause, with verbs that neither translate, spell alike nor
    share a WordNet verb synset; abstains when the English verb is light or unknown to both resources."""
    x, y = _agent_verb(es), _agent_verb(en)
    if x is None or y is None or not x.pos or not x.translations:
        return False
    english = (y.lemma,) if y.pos else _english_verb(y.lemma)
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
    # each shape is asked only where its words are there (the noun check's WordNet questions are the cost)
    unknown = any(not w.pos and w.lemma.isalpha() for w in (*es, *en))
    multiword = any(w.pos == "n" and " " in w.lemma for w in es)
    return (unknown and _unknown_substitution(es, en, spanish, english)) or (multiword and _head_only(es, en)) \
        or _agent_swap(es, en)
