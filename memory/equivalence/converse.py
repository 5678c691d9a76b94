"""eq72 (stop 49): one verb, two people, the ends exchanged — read on the English reading of an ES↔EN pair.

"Marcos la sustituye en agosto" / "In August she fills in for Marcos"; "Su vecino le riega las
plantas" / "Waters the neighbour's plants": the same act, the same two people, but who does it for
whom is the other way round. The swap checks of :mod:`.signature` and :mod:`.giving` read listed verbs
and markers; this one uses **WordNet's verb synsets** (one act: the same verb, or two verbs that share
a synset — "substitute" / "fill in", "irrigate" / "water") and **Apertium's analysis** of the English
note and of the Spanish note's translation into English (:func:`.translation.translate`).

For each verb (a WordNet phrasal verb when the particle after it makes one: "fill in") its **subject**
is the nearest person before it in its clause, not after a preposition, and its **others** are the
persons after it in its clause (an object, a preposition's object, a possessor). A person is a noun
WordNet files under *person* (first sense) or a proper noun Apertium tags as a given name (``ant``):
places, tools, times and things are never ends ("Uses Notion", "every morning"). Two notes swap when a
verb of one and a verb of the other are one act and a person is the subject of one and among the
others of the other, where that verb's subject is someone else or nobody.

Measured in docs/consolidation.md (eq72): on the record's ES↔EN rows and
the ES↔EN equivalents today's chain merges. The person restriction was chosen after seeing the cost
rows of both halves of the authors: in sample. None when Apertium or WordNet is missing.
Pure Python, no Django; nothing is logged.
"""

from __future__ import annotations


from memory.equivalence import bilingual, translation, wordnet
from memory.equivalence.bilingual import Word
from memory.equivalence.siblings import is_person
from memory.text_caches import text_cache

#: English particles that may make a phrasal verb with the verb before them (WordNet decides).
_PARTICLES = frozenset({"in", "up", "down", "out", "on", "off", "over", "after", "back"})
#: Apertium's tags that end a clause.
_CLAUSE_END = frozenset({"cm", "sent", "cnjcoo", "cnjsub", "rel", "vblex"})

Frame = tuple[str, str | None, frozenset[str]]  # verb, subject, the others


def _person(w: Word) -> bool:
    return (w.pos == "n" and is_person(w.lemma)) or (w.pos == "np" and "ant" in w.tags)


@text_cache(maxsize=8192)
def frames(text: str) -> tuple[Frame, ...]:
    """Each English verb of ``text`` with its subject and the persons after it (module docstring)."""
    words = bilingual.analyse("en", text) or ()
    out: list[Frame] = []
    for i, w in enumerate(words):
        if w.pos != "vblex":
            continue
        verb = w.lemma
        if i + 1 < len(words) and words[i + 1].lemma in _PARTICLES \
                and wordnet.synsets(f"{verb} {words[i + 1].lemma}", "verb"):
            verb = f"{verb} {words[i + 1].lemma}"
        subject = None
        for j in range(i - 1, -1, -1):
            if words[j].pos in _CLAUSE_END:
                break
            if words[j].pos in ("n", "np"):
                governed = (j > 0 and words[j - 1].pos == "pr") or \
                    (j > 1 and words[j - 1].pos in ("det", "adj") and words[j - 2].pos == "pr")
                if _person(words[j]) and not governed:
                    subject = words[j].lemma
                break
        others = set()
        for k in range(i + 1, len(words)):
            if words[k].pos in _CLAUSE_END:
                break
            if words[k].pos in ("n", "np") and _person(words[k]):
                others.add(words[k].lemma)
        out.append((verb, subject, frozenset(others)))
    return tuple(out)


def _one_act(x: str, y: str) -> bool:
    return x == y or bool(set(wordnet.synsets(x, "verb")) & set(wordnet.synsets(y, "verb")))


def swapped(a: str, b: str) -> bool:
    """Two English notes say one act with its ends exchanged (module docstring)."""
    for verb_a, subject_a, others_a in frames(a):
        for verb_b, subject_b, others_b in frames(b):
            if not _one_act(verb_a, verb_b):
                continue
            if subject_a and subject_a != subject_b and subject_a in others_b:
                return True
            if subject_b and subject_b != subject_a and subject_b in others_a:
                return True
    return False


def ends_exchanged(spanish: str, english: str) -> bool | None:
    """The English note and the Spanish note's English translation swap (:func:`swapped`); None when
    Apertium or WordNet is missing."""
    if not (translation.available() and wordnet.available()):
        return None
    as_english = translation.translate("es", spanish)
    return None if as_english is None else swapped(english, as_english)
