"""A Spanish note and an English note that name one thing but for a word in its slot (eq80, issue 16).

Two more shapes of one substitution that :func:`.bilingual.substituted_nouns` and :mod:`.slot_swaps`
let through, each read from the analyses the noun check already made (no Apertium exchange of its own):

* **a modifier of one head put for another**: both notes qualify the same noun (its translation
  on the other side) by a modifier — a Spanish adjective or "de" + noun after it, an English
  adjective or noun before it — and the two modifiers name different things ("la biblioteca
  municipal" / "the university library", "el equipo de X" / "the Y team"). The modifiers are
  compared with each other only: a translation, a spelling alike, or a WordNet synonym (a shared
  synset of one's translation and the other) makes them one; a near hypernym does not ("marketing" is
  two steps from "sale"), nor a word of the other note that spells like the modifier elsewhere (a
  false cognate in another slot). A modifier said anywhere in the other note is no substitution
  (the other note may say it in another place: "la biblioteca de la universidad");
* **a participle after an article, said as a noun** ("un invitado", "los heridos"): the tagger
  reads a verb's participle, so the noun check never sees it. It stands for a noun when an
  article is right before it; it is matched when the English note says the verb, a noun WordNet
  derives from the verb's translation ("invite" → "invitee") or a synonym of one ("guest"), or a
  word spelled alike. It counts only against an unmatched English noun in the same slot: after
  an article, after words that translate each other (the copula, a preposition).

The check abstains (no substitution) when a modifier or the participle has no translation, or
the English word is unknown to Apertium. Pure Python, no Django; None when Apertium or WordNet is
not installed.
"""

from __future__ import annotations

from functools import lru_cache

from memory.equivalence import bilingual, wordnet
from memory.equivalence.bilingual import Word
from memory.equivalence.normalise import fold

_MODIFIERS = frozenset({"adj", "n"})
#: Adjectives that rank, count or point rather than name a kind ("el último equipo", "the other team").
_NOT_KINDS = frozenset({"det", "num", "predet", "adj_ord", "ord"})


def _spanish_modified(words: tuple[Word, ...]) -> list[tuple[Word, Word]]:
    """(head noun, modifier) of a Spanish note: an adjective right after a common noun ("biblioteca
    municipal"), or "de" + a bare common noun ("equipo de marketing")."""
    out = []
    for k, w in enumerate(words[:-1]):
        if w.pos != "n" or not w.translations:
            continue
        nxt = words[k + 1]
        if nxt.pos == "adj" and not _NOT_KINDS & set(nxt.tags):
            out.append((w, nxt))
        elif nxt.lemma == "de" and k + 2 < len(words) and words[k + 2].pos == "n":
            out.append((w, words[k + 2]))
    return out


def _english_modified(words: tuple[Word, ...]) -> list[tuple[Word, Word]]:
    """(head noun, modifier) of an English note: an adjective or a common noun right before a
    common noun ("university library", "sales team")."""
    return [(b, a) for a, b in zip(words, words[1:])
            if b.pos == "n" and a.pos in _MODIFIERS and a.lemma and b.lemma and not _NOT_KINDS & set(a.tags)]


#: WordNet's pointer from a relational adjective to the noun it pertains to ("municipal" → "municipality").
_PERTAINYM = b"\\"
#: Hypernym steps within which two modifiers' nouns meet under one class ("social group", "court game").
CLASS_DEPTH = 2


@lru_cache(maxsize=16384)
def _pertains(adjective: str) -> tuple[int, ...]:
    """The noun synsets a relational adjective pertains to ("municipal" → *municipality*), or none."""
    _, data = wordnet._maps("adj")
    return tuple(dict.fromkeys(t for s in wordnet.synsets(adjective, "adj")
                               for symbol, t, pos in wordnet._synset(data, s)[1] if symbol == _PERTAINYM and pos == b"n"))


def _nouns(word: Word, english: bool) -> tuple[int, ...]:
    """The WordNet noun senses a modifier names: an English noun's (a word the tagger read as an
    adjective counts when WordNet has it only as a noun: "university"); a Spanish noun's translations';
    a Spanish relational adjective's through its translation ("municipal" → *municipality*)."""
    if english:
        if word.pos == "n" or not wordnet.synsets(word.lemma, "adj"):
            return wordnet.synsets(word.lemma)
        return ()
    if word.pos == "n":
        return tuple(s for t in word.translations for s in wordnet.synsets(t))
    return tuple(s for t in word.translations for s in _pertains(t))


def _one_class(xs: tuple[int, ...], ys: tuple[int, ...], *, relational: bool) -> bool:
    """Two sets of noun senses meet within :data:`CLASS_DEPTH` hypernym steps, sharing no synset.
    For a ``relational`` adjective's noun (the class it pertains to: *municipality*) a kind of it
    on the other side (*town*, *city*) is its idiomatic rendering, not another member of the class."""
    if not xs or not ys or set(xs) & set(ys):
        return False
    above = {s: wordnet._above(s, CLASS_DEPTH) for s in (*xs, *ys)}
    if relational and any(x in above[y] or y in above[x] for x in xs for y in ys):
        return False
    above_x = set(xs).union(*(above[s] for s in xs))
    return any(above_x & ({s} | above[s]) for s in ys)


def _one_modifier(es: Word, en: Word) -> bool:
    """The two modifiers name one thing by the dictionary or by spelling (translation either way, a
    cognate); a WordNet synonym is :func:`_one_class`'s shared synset."""
    if en.lemma in es.translations or es.lemma in en.translations:
        return True
    english = {es.lemma, *es.translations, *(p for t in es.translations for p in t.split())}
    return any(bilingual._same_spelling(fold(x), fold(en.lemma)) for x in english)


def modifier_swap(es: tuple[Word, ...], en: tuple[Word, ...]) -> bool:
    """One head qualified by two modifiers that name different things (module docstring)."""
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
            if _one_modifier(mod_es, mod_en) or not _one_class(
                    _nouns(mod_es, False), _nouns(mod_en, True), relational=mod_es.pos != "n"):
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
