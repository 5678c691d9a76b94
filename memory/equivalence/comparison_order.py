"""eq73 (stop 50): an ES↔EN comparison said in the same order — "más X que Y" / "more X than Y".

The similarity judge never lets two comparisons in different languages merge on similarity alone
(:func:`.slots.compares`: which one is "more" is read from word order, which only one language keeps
aligned): "Gasta más en viajes que en ropa" / "Spends more on clothes than on travel" is a swap the
embedder cannot see. That gate also stops every ES↔EN paraphrase of a preference or a comparison.

This module reads the order with **Apertium's analysers and bilingual dictionary** (:mod:`.bilingual`)
and WordNet's near relations: each note is cut at its comparison marker (a closed class: Spanish
*que* after a comparative, *en vez de*, *en lugar de*, or *a* after *preferir*; English *than*,
*over*, *instead of*, or *to* after *prefer*, not right after the verb), and each content word of
the Spanish note (noun, adjective, lexical verb) is aligned to the English note's words before and
after its marker. :func:`same_order` is True when some content word after the Spanish marker is
said after the English one and no Spanish word is said only on the other side of the marker; False
when some word is said only across; None when it cannot tell (no marker, nothing aligned, Apertium
missing) — the gate then stands as before.

No tuned number; the marker classes are grammatical, not taken from pairs. Measured in
docs/consolidation.md (eq73). Pure Python, no Django; nothing is logged.
"""

from __future__ import annotations

from memory.equivalence import bilingual, wordnet
from memory.equivalence.bilingual import Word
from memory.equivalence.normalise import fold
from memory.text_caches import text_cache

#: Markers that always cut a comparison, by lemma (Apertium writes some multiword units as one lemma).
_STRONG = {"es": frozenset({"que", "en vez de", "en lugar de"}),
           "en": frozenset({"than", "over", "instead of"})}
#: Markers that cut one only after a verb of preferring and a word of its own ("prefiere X a Y").
_AFTER_PREFER = {"es": ("a", frozenset({"preferir"})), "en": ("to", frozenset({"prefer"}))}
_CONTENT = frozenset({"n", "adj", "vblex", "np"})
#: The last word of a multiword marker Apertium reads as one unit ("more than", "rather than").
_ENDS = {"es": "que", "en": "than"}
Halves = tuple[tuple[Word, ...], tuple[Word, ...]]


def _content(w: Word) -> bool:
    """A noun, adjective or lexical verb, or a word Apertium does not know (matched by spelling only)."""
    return w.pos in _CONTENT or (not w.pos and w.lemma.isalpha())


def _marker(words: tuple[Word, ...], lang: str) -> int | None:
    for i, w in enumerate(words):
        strong = w.lemma in _STRONG[lang] or (" " in w.lemma and w.lemma.rsplit(" ", 1)[1] == _ENDS[lang])
        if strong and any(_content(x) for x in words[:i]):
            return i
    lemma, verbs = _AFTER_PREFER[lang]
    for v, w in enumerate(words):
        if w.pos == "vblex" and w.lemma in verbs:
            for i in range(v + 2, len(words)):
                if words[i].lemma == lemma and words[i].pos == "pr" \
                        and any(_content(x) for x in words[v + 1:i]):
                    return i
    return None


@text_cache(maxsize=8192)
def halves(lang: str, text: str) -> Halves | None:
    """The content words of ``text`` before and after its comparison marker, or None."""
    words = bilingual.analyse_subjectless(text) if lang == "en" else bilingual.analyse(lang, text)
    if not words:
        return None
    m = _marker(words, lang)
    if m is None:
        return None
    return (tuple(w for w in words[:m] if _content(w)), tuple(w for w in words[m + 1:] if _content(w)))


def _said_exactly(w: Word, theirs: tuple[Word, ...]) -> bool:
    """Spanish ``w`` is said by one of the English ``theirs``: a dictionary translation either way, or
    a cognate or contained spelling."""
    if not theirs:
        return False
    pieces, back = bilingual._vocabulary(theirs)
    cands = {fold(w.lemma), *(fold(t) for t in w.translations), *(fold(p) for t in w.translations for p in t.split())}
    if cands & {fold(p) for p in pieces} or fold(w.lemma) in {fold(b) for b in back}:
        return True
    return any(bilingual._same_spelling(c, fold(x.lemma)) for c in cands for x in theirs if c and x.lemma)


def _said_near(w: Word, theirs: tuple[Word, ...]) -> bool:
    """WordNet's near relations of a translation of ``w`` (nouns: synonym or near hypernym; adjectives:
    one cluster; verbs: a shared synset) to one of ``theirs``."""
    if not theirs or not wordnet.available():
        return False
    others = {x.lemma for x in theirs if x.lemma}
    if w.pos == "n":
        return any(wordnet.related(a, b) for a in w.translations for b in others)
    if w.pos == "adj":
        return any(wordnet.one_cluster(a, b) for a in w.translations for b in others)
    if w.pos == "vblex":
        return any(set(wordnet.synsets(a, "verb")) & set(wordnet.synsets(b, "verb"))
                   for a in w.translations for b in others)
    return False


def _sides(w: Word, here: tuple[Word, ...], there: tuple[Word, ...]) -> tuple[bool, bool]:
    """Whether ``w`` is said on this side of the English marker and on the other: by the dictionary or
    spelling when either side has it so, else by WordNet's near relations."""
    exact = (_said_exactly(w, here), _said_exactly(w, there))
    return exact if any(exact) else (_said_near(w, here), _said_near(w, there))


def same_order(spanish: str, english: str) -> bool | None:
    """The two notes compare in the same order (module docstring); None when it cannot tell."""
    if not bilingual.available():
        return None
    es, en = halves("es", spanish), halves("en", english)
    if es is None or en is None:
        return None
    straight_after, crossed = False, False
    for side in (0, 1):
        for w in es[side]:
            here, there = _sides(w, en[side], en[1 - side])
            if there and not here:
                crossed = True
            if here and not there and side == 1:
                straight_after = True
    if crossed:
        return False
    return True if straight_after else None
