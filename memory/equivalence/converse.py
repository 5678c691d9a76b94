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


_VERBS = frozenset({"vblex", "vbser", "vbhaver", "vbmod", "vaux"})


def _verb_reading(surface: str) -> Word | None:
    """The third-person singular verb ``surface`` is after a subject pronoun, or None."""
    again = bilingual.analyse("en", bilingual._SUBJECT + surface)
    if again is None or len(again) < 2 or again[1].pos != "vblex" or not {"p3", "sg"} <= set(again[1].tags):
        return None
    return again[1]


#: WordNet's detachment rules (morphy) for a third-person singular verb: the ending and what replaces it.
_THIRD_PERSON = (("ies", "y"), ("es", "e"), ("es", ""), ("s", ""))


def _unknown_third_person(w: Word) -> Word:
    """A word Apertium does not know ("teaches") read as the verb WordNet's detachment rules give when
    it ends as a third-person singular verb does; any other word as it is."""
    if w.pos or not w.lemma.isalpha():
        return w
    for end, new in _THIRD_PERSON:
        lemma = w.lemma[:-len(end)] + new
        if w.lemma.endswith(end) and lemma and wordnet.synsets(lemma, "verb"):
            return Word(lemma, "vblex", (), ("vblex", "pri", "p3", "sg"))
    return w


@text_cache(maxsize=8192)
def english_words(text: str) -> tuple[Word, ...]:
    """Apertium's analysis of an English note read as a sentence, which has a verb (eq73). The tagger
    reads a third-person verb as a plural noun at the note's start ("Transfers money to his son": the
    subjectless reading of :mod:`.bilingual`) and after a noun ("his son transfers money": *son
    transfers*, one compound). When no word of the note is read as a verb, the first plural noun right
    after another noun is read as the verb it is after a subject pronoun, if it is one ("The kids
    toys" keeps *toys*: no verb)."""
    words = tuple(_unknown_third_person(w) for w in bilingual.analyse_subjectless(text) or ())
    if not words or any(w.pos in _VERBS for w in words):
        return words
    surfaces = bilingual._surfaces("en", text)
    if surfaces is None or len(surfaces) != len(words):
        return words
    for i in range(1, len(words)):
        if words[i].pos == "n" and "pl" in words[i].tags and words[i - 1].pos == "n":
            verb = _verb_reading(surfaces[i])
            if verb is not None:
                return (*words[:i], verb, *words[i + 1:])
            break
    return words


@text_cache(maxsize=8192)
def frames(text: str) -> tuple[Frame, ...]:
    """Each English verb of ``text`` with its subject and the persons after it (module docstring)."""
    words = english_words(text)
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
