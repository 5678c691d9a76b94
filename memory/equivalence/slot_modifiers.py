"""A Spanish note and an English note that name one thing but for a word in its slot (eq80, issue 16).

Two more shapes of one substitution that :func:`.bilingual.substituted_nouns` and :mod:`.slot_swaps`
let through, each read from the analyses the noun check already made (no Apertium exchange of its own):

* **a noun modifying one head put for another**: both notes qualify the same noun (its translation
  on the other side) by a noun — Spanish "de" + a bare noun after it, an English noun before it —
  and the two modifiers name different members of one class ("el equipo de X" / "the Y team", two
  kinds of one game or one business function). They are compared with each other only: a
  translation either way or a spelling alike makes them one; so does a shared WordNet synset; a near
  hypernym does not ("sale" is under *marketing* in WordNet), nor a word of the other note that
  spells like the modifier in another slot (a false cognate). A modifier said anywhere in the other
  note is no substitution (said in another place). "One class": a sense of each within
  :data:`CLASS_DEPTH` hypernym steps of a common synset;
* **a participle after an article, said as a noun** ("un invitado", "los heridos"): the tagger
  reads a verb's participle, so the noun check never sees it. It stands for a noun when an article
  (not a possessive: "su cuñado" is tagged the participle of *cuñar*) is right before it; it is
  matched when the English note says the verb, a noun WordNet derives from the verb's translation
  ("invite" → *invitee*) or a synonym of one ("guest"), or a word spelled alike. It counts only
  against an unmatched English noun in the same slot: right after an article, itself after a word
  that translates the Spanish article's (the copula, a verb, a preposition).

A third shape, a Spanish **relational adjective** read through the noun WordNet says it pertains to
("municipal" → *municipality*) against an English noun modifier, was measured and is not asked
(docs/consolidation.md, eq80): out of the development half it stopped no merge and lost one
equivalent (an idiomatic rendering by a sibling noun). The check abstains when a modifier or the
participle has no translation, or the English word is unknown to Apertium. Pure Python, no Django;
the caller (:func:`.slot_swaps.slot_substitution`) answers None when Apertium or WordNet is not installed.
"""

from __future__ import annotations

from functools import lru_cache

from memory.equivalence import bilingual, wordnet
from memory.equivalence.bilingual import Word
from memory.equivalence.normalise import fold

#: Hypernym steps within which two modifiers' nouns meet under one class ("court game", "commerce").
CLASS_DEPTH = 2


def _spanish_modified(words: tuple[Word, ...]) -> list[tuple[Word, Word]]:
    """(head noun, modifier) of a Spanish note: "de" + a bare common noun after a common noun
    ("equipo de marketing")."""
    return [(w, words[k + 2]) for k, w in enumerate(words[:-2])
            if w.pos == "n" and w.translations and words[k + 1].lemma == "de" and words[k + 2].pos == "n"]


def _english_modified(words: tuple[Word, ...]) -> list[tuple[Word, Word]]:
    """(head noun, modifier) of an English note: a noun right before a common noun ("sales team"); a
    word the tagger read as an adjective counts when WordNet has it only as a noun ("university")."""
    return [(b, a) for a, b in zip(words, words[1:])
            if b.pos == "n" and a.lemma and b.lemma
            and (a.pos == "n" or (a.pos == "adj" and not wordnet.synsets(a.lemma, "adj")))]


def _one_class(xs: tuple[int, ...], ys: tuple[int, ...]) -> bool:
    """Two sets of noun senses meet within :data:`CLASS_DEPTH` hypernym steps, sharing no synset."""
    if not xs or not ys or set(xs) & set(ys):
        return False
    above_x = set(xs).union(*(wordnet._above(s, CLASS_DEPTH) for s in xs))
    return any(above_x & ({s} | wordnet._above(s, CLASS_DEPTH)) for s in ys)


def _one_modifier(es: Word, en: Word) -> bool:
    """The two modifiers name one thing by the dictionary or by spelling (translation either way, a
    cognate); a WordNet synonym is :func:`_one_class`'s shared synset."""
    if en.lemma in es.translations or es.lemma in en.translations:
        return True
    english = {es.lemma, *es.translations, *(p for t in es.translations for p in t.split())}
    return any(bilingual._same_spelling(fold(x), fold(en.lemma)) for x in english)


def modifier_swap(es: tuple[Word, ...], en: tuple[Word, ...]) -> bool:
    """One head qualified by two nouns that name different members of one class (module docstring)."""
    ours = _spanish_modified(es)
    if not ours:
        return False
    theirs = _english_modified(en)
    if not theirs:
        return False
    en_lemmas, en_back = bilingual._vocabulary(en)
    es_lemmas, es_back = bilingual._vocabulary(es)
    for head_es, mod_es in ours:
        for head_en, mod_en in theirs:
            if head_en.lemma not in head_es.translations and head_es.lemma not in head_en.translations:
                continue
            if not mod_es.translations or not mod_en.pos or not mod_en.translations:
                continue  # a word one dictionary does not know: abstain
            if _one_modifier(mod_es, mod_en):
                continue
            senses_es = tuple(s for t in mod_es.translations for s in wordnet.synsets(t))
            if not _one_class(senses_es, wordnet.synsets(mod_en.lemma)):
                continue
            # either modifier said anywhere in the other note: said in another place, not swapped
            if set(mod_es.translations) & en_lemmas or mod_es.lemma in en_back:
                continue
            if set(mod_en.translations) & es_lemmas or mod_en.lemma in es_back:
                continue
            return True
    return False


#: WordNet's "derivationally related form" pointer (a verb's nouns: "invite" → "invitee", "invitation").
_DERIVED = b"+"


@lru_cache(maxsize=8192)
def _derived_nouns(verb: str) -> frozenset[int]:
    """The noun synsets WordNet derives from any sense of the English ``verb`` ("invite" → *invitee*)."""
    _, data = wordnet._maps("verb")
    return frozenset(t for s in wordnet.synsets(verb, "verb")
                     for symbol, t, pos in wordnet._synset(data, s)[1] if symbol == _DERIVED and pos == b"n")


def _governor(words: tuple[Word, ...], k: int) -> Word | None:
    """The word before the article at ``k - 1`` (the copula, a verb or a preposition governing the
    slot); None when no article (definite or indefinite, not a possessive: "su cuñado") is there."""
    if k < 2 or words[k - 1].pos != "det" or not {"def", "ind"} & set(words[k - 1].tags):
        return None
    return words[k - 2]


def _participle_said(word: Word, en: tuple[Word, ...]) -> bool:
    """The participle is said in the English note: its verb or a form of it, a word translating
    it, a cognate, or a noun WordNet derives from its verb (or a synonym of one: "guest", *invitee*)."""
    lemmas, back = bilingual._vocabulary(en)
    if set(word.translations) & lemmas or word.lemma in back:
        return True
    spelled = {fold(w.lemma) for w in en if w.lemma and w.pos not in bilingual._SKIP}
    if any(bilingual._same_spelling(fold(c), s) for c in (word.lemma, *word.translations) for s in spelled):
        return True
    derived = {s for t in word.translations for s in _derived_nouns(t)}
    return any(derived & set(wordnet.synsets(w.lemma)) for w in en if w.pos in ("n", "adj"))


def participle_swap(es: tuple[Word, ...], en: tuple[Word, ...]) -> bool:
    """A Spanish participle after an article, said as a noun and not in the English note, against an
    unmatched English noun after an article in the same slot (module docstring)."""
    unmatched: list[tuple[int, Word]] | None = None
    for k, w in enumerate(es):
        if w.pos != "vblex" or "pp" not in w.tags or not w.translations:
            continue
        governor = _governor(es, k)
        if governor is None or _participle_said(w, en):
            continue
        if unmatched is None:
            names = set(bilingual.unmatched_nouns(en, es, "en"))
            unmatched = [(j, x) for j, x in enumerate(en) if x.lemma in names]
        for j, noun in unmatched:
            other = _governor(en, j)
            if other is not None and (other.lemma in governor.translations or governor.lemma in other.translations):
                return True
    return False
