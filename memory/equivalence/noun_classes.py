"""eq79: one noun of a shared frame put for another of the same class, in one language (issue 16).

A same-language note that keeps its frame and puts one short phrase for another was read only for
roles whose heads' *first* WordNet senses are persons (:func:`.siblings.role_heads`, three words at
most) and for a one-word swap (the near copy of :mod:`.similarity`). "en el cajón de la cocina" /
"en la caja del garaje" changes two nouns (the container and where it is), the class of p130-108
(merged at 0.962), which passed both; a role noun that is a thing first and a person only in a
later sense ("tenor": a voice, then a singer) passed the role check (p105-150).

:func:`class_swap`: the two notes are one frame (:func:`.siblings.put_for`, at most :data:`SPAN` words
put for another), the two phrases are headed (English: the last noun; Spanish: the first, brought to
English through Apertium's dictionary, as the role check does) by two nouns that fall under one
class — a container, a storage space, a room, a piece of furniture (:data:`CLASS_LEMMAS`, read from a
noun's most frequent WordNet sense: where a thing is kept, which one place cannot be two of), or a
*person* (from any of its first :data:`PERSON_SENSES` senses) — and that WordNet does not make one
concept (no shared synset, neither a near hypernym of the other, :func:`.wordnet.related`). It
abstains when a head is unknown to Apertium or WordNet (it may be a synonym WordNet lacks), when the
heads are one word or share a translation, when they share no class, and when either is a relative
(kin is said from either end: "has two daughters" / "is the mother of two daughters"). Reason:
``role_mismatch`` for two persons, ``entity_mismatch`` for two places.

Each note's analysis is Apertium's, cached per note (:mod:`.bilingual`: the analyses the role check
made just before), and the WordNet lookups per word (``lru_cache``); what is left per pair is a walk
over a few words. None when Apertium or WordNet is not installed. Pure Python, no Django; nothing is
logged.
"""

from __future__ import annotations

from functools import cache, lru_cache

from memory.equivalence import bilingual, siblings, wordnet

#: WordNet lemmas (their first noun sense) of the classes whose members are different places a thing
#: is kept in: two members named in one slot are two facts.
CLASS_LEMMAS = ("container", "storage_space", "room", "furniture")
#: Longest phrase (in words) one note puts for another ("caja de herramientas del garaje": four words
#: once the articles are left out).
SPAN = 4
#: Hypernym steps searched above a noun's first sense for a class.
CLASS_DEPTH = 12
#: A noun's first senses read for *person* (a role noun often names a thing first: "tenor").
PERSON_SENSES = 3


@cache
def _classes() -> frozenset[int]:
    return frozenset(s[0] for s in (wordnet.synsets(lemma) for lemma in CLASS_LEMMAS) if s)


@lru_cache(maxsize=16384)
def classes_of(noun: str) -> frozenset[int]:
    """The classes of :data:`CLASS_LEMMAS` that ``noun``'s first WordNet sense falls under, and
    *person* when one of its first :data:`PERSON_SENSES` senses does ("tenor": a voice first, a
    singer third)."""
    senses = wordnet.synsets(noun)
    if not senses:
        return frozenset()
    classes = _classes()
    found = (classes & {senses[0]}) | (classes & wordnet._above(senses[0], CLASS_DEPTH))
    if wordnet.sense_under(noun, "person", CLASS_DEPTH, PERSON_SENSES):
        found |= set(wordnet.synsets("person")[:1])
    return found


@lru_cache(maxsize=16384)
def _relative(noun: str) -> bool:
    """``noun``'s first WordNet sense is a relative (kin: "father", "child" in its kin sense…)."""
    return wordnet.sense_under(noun, "relative", CLASS_DEPTH, PERSON_SENSES)


def class_swap(lang: str, text_a: str, text_b: str) -> str | None:
    """Two notes of one language (``lang`` "es" or "en"), one frame with one short phrase put for
    another, headed by two nouns of one class WordNet does not relate (module docstring):
    ``role_mismatch`` when the class is *person*, else ``entity_mismatch``; None otherwise (also
    when unknowable)."""
    if lang not in ("es", "en") or not (bilingual.available() and wordnet.available()):
        return None
    spans = siblings.put_for(lang, text_a, text_b, SPAN)
    if spans is None:
        return None
    x, y = siblings._head(spans[0], lang), siblings._head(spans[1], lang)
    if x is None or y is None or x.lemma == y.lemma or not x.pos or not y.pos:
        return None  # a word the analyser does not know: no class to read
    ex = {x.lemma} if lang == "en" else set(x.translations)
    ey = {y.lemma} if lang == "en" else set(y.translations)
    if not ex or not ey or ex & ey or set(x.translations) & set(y.translations):
        return None  # one word in the other language for both: one thing
    if not all(wordnet.synsets(w) for w in ex | ey):
        return None  # a word unknown to WordNet may be a synonym it lacks
    shared = {c for w in ex for c in classes_of(w)} & {c for w in ey for c in classes_of(w)}
    if not shared or any(map(_relative, ex | ey)):
        return None  # no class in common; or kin, said from either end ("has a son" / "is his mother")
    if any(wordnet.related(p, q) for p in ex for q in ey):
        return None  # a synonym or a near hypernym: one thing named two ways
    return "role_mismatch" if shared == set(wordnet.synsets("person")[:1]) else "entity_mismatch"
