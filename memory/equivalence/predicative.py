"""English words the tagger reads as another part of speech than the note uses them in (issue 16, stop 52, eq77).

WordNet's adjective clusters already give a satellite its head's antonym ("boring" is similar to
"uninteresting", the direct antonym of "interesting", whose satellites are "amusing", "entertaining"…:
the *indirect* antonym; :func:`.wordnet.opposite`). What stopped the opposition of p126-017 (a task
found boring against one found fun) from being read was the readings, not the clusters:

* Apertium tags an English present participle used as a predicate adjective ("finds it boring",
  "is interesting") as the gerund of a verb ("bore", "interest"), which :mod:`.opposites` never
  reads. :func:`adjective_readings` reads such a gerund as its *-ing* form when WordNet lists that
  form as an adjective, unless an object or a preposition follows it ("is reading books", "is
  working on"), where it is a verb;
* "fun" is only a noun in WordNet 3.0. A bare singular noun said as a predicate (after a verb of
  being, seeming or finding in its clause, closing the clause or before "to": "finds X fun", "is fun
  to work with") is read through WordNet's derivationally related adjectives of its most frequent
  sense ("fun" → "amusing", "funny"…; :func:`.wordnet.derived_adjectives`); most nouns have none;
* a Spanish participle of a verb of feeling after *ser* / *parecer* / *resultar* ("le parecen
  aburridas") says what the thing does to the person, the English "-ing" adjective ("boring"), which
  the dictionary's "-ed" reading ("bored") misses (:func:`spanish_causative`; never after *estar*).

:func:`finite_verb` repairs the verb side: after "when the market", the tagger reads "falls" as a
plural noun; a plural noun whose lemma WordNet lists as a verb, right after a determiner and a
singular noun that open a clause ("when the market falls", "if the price drops"), is that clause's
verb. :func:`spanish_verb` does the same for Spanish, where the tagger reads "baja" after "cuando el
precio" as the adjective *bajo* ("low"): the word is analysed again in a frame where it can only be a
verb, and kept only as a third-person present or past verb there.

Pure Python, no Django; nothing is logged.
"""

from __future__ import annotations

from memory.equivalence import bilingual, wordnet
from memory.equivalence.bilingual import Word

#: Verbs after which (in the same clause) a bare noun or an adjective says what the thing is.
_PREDICATING = frozenset({"be", "find", "seem", "look", "sound", "feel", "consider", "get", "become", "think"})
#: What ends a clause (Apertium's tags).
_CLAUSE_END = frozenset({"sent", "cm", "cnjcoo", "cnjsub", "rel", "lpar", "rpar"})
#: Parts of speech that open a noun phrase: a gerund before one has an object (a verb).
_PHRASE_OPENERS = frozenset({"det", "predet", "n", "np", "num", "prn", "adj"})
#: Words that open a clause whose subject is then named ("when the market falls").
_CLAUSE_OPENERS = frozenset({"when", "whenever", "if", "once", "while", "as", "because", "until", "unless",
                             "before", "after", "since", "though", "although"})


def _ing(verb: str) -> set[str]:
    """The regular English present participles of ``verb`` ("bore" → "boring", "run" → "running")."""
    forms = {verb + "ing"}
    if verb.endswith("e") and not verb.endswith(("ee", "ye", "oe")):
        forms.add(verb[:-1] + "ing")
    if len(verb) > 2 and verb[-1] not in "aeiouwxy" and verb[-2] in "aeiou" and verb[-3] not in "aeiou":
        forms.add(verb + verb[-1] + "ing")
    return forms


def _predicated(words: tuple[Word, ...], i: int) -> bool:
    """A verb of being, seeming or finding stands earlier in word ``i``'s clause."""
    j = i - 1
    while j >= 0 and words[j].pos not in _CLAUSE_END:
        if words[j].lemma in _PREDICATING and words[j].pos.startswith("vb"):
            return True
        j -= 1
    return False


def adjective_readings(words: tuple[Word, ...], i: int) -> set[str]:
    """The English adjectives word ``i`` of an English note says where the tagger read another part
    of speech (module docstring), or none."""
    w = words[i]
    after = words[i + 1] if i + 1 < len(words) else None
    if w.pos == "vblex" and "ger" in w.tags:
        if after is not None and (after.pos in _PHRASE_OPENERS or after.pos == "pr"):
            return set()  # "is reading books", "is working on": a verb
        return {f for f in _ing(w.lemma) if wordnet.is_adjective(f)}
    if w.pos == "n" and "sg" in w.tags and w.lemma.isalpha() and not wordnet.is_adjective(w.lemma):
        if i and words[i - 1].pos in ("det", "predet", "num", "adj"):
            return set()  # "a fun", "the fun": a noun phrase, not a predicate
        if after is not None and after.pos not in _CLAUSE_END and after.lemma != "to":
            return set()
        if not _predicated(words, i):
            return set()
        return set(wordnet.derived_adjectives(w.lemma))
    return set()


def finite_verb(words: tuple[Word, ...], i: int) -> bool:
    """Word ``i`` of an English note, tagged a plural noun, is its clause's verb (module docstring):
    "<opener> <determiner> <singular noun> <word>", the word's lemma a WordNet verb."""
    w = words[i]
    if w.pos != "n" or "pl" not in w.tags or i < 2 or not w.lemma.isalpha():
        return False
    noun, det = words[i - 1], words[i - 2]
    if noun.pos != "n" or "sg" not in noun.tags or det.pos != "det":
        return False
    opener = words[i - 3] if i >= 3 else None
    if opener is not None and opener.pos not in _CLAUSE_END and opener.lemma not in _CLAUSE_OPENERS:
        return False
    return bool(wordnet.synsets(w.lemma, "verb"))


#: Spanish words that open a clause whose subject is then named ("cuando el precio baja").
_ES_OPENERS = frozenset({"cuando", "si", "mientras", "aunque", "porque", "que", "en cuanto"})
#: Apertium's verb tags: a clause that has one already needs no repair.
_VERBS = frozenset({"vblex", "vbser", "vbhaver", "vbmod"})
#: A frame whose second word the tagger can only read as a third-person verb of the present or past.
_FRAME = "Él {} mucho."


def spanish_verb(text: str, words: tuple[Word, ...], i: int) -> frozenset[str]:
    """The English translations of word ``i`` of a Spanish note when it is its clause's verb that the
    tagger read as an adjective ("cuando el precio baja": *bajo*, "low"): a clause opened by a
    subordinator, a determiner and a noun, then this word closing the clause with no verb in it. The
    word is analysed again in :data:`_FRAME`; only a third-person singular present or past verb
    there counts. Else none."""
    w = words[i]
    if w.pos != "adj" or i < 3 or words[i - 1].pos != "n" or words[i - 2].pos != "det":
        return frozenset()
    if i + 1 < len(words) and words[i + 1].pos not in _CLAUSE_END:
        return frozenset()
    opener = words[i - 3]
    if opener.lemma not in _ES_OPENERS and opener.pos not in ("cnjsub", "cnjadv"):
        return frozenset()
    surfaces = bilingual._surfaces("es", text)
    if surfaces is None or len(surfaces) != len(words) or not surfaces[i].isalpha():
        return frozenset()
    again = bilingual.analyse("es", _FRAME.format(surfaces[i].lower()))
    if not again or len(again) < 2:
        return frozenset()
    verb = again[1]
    if verb.pos != "vblex" or not {"p3", "sg"} <= set(verb.tags) or not {"pri", "ifi", "pii"} & set(verb.tags):
        return frozenset()
    return frozenset(t for t in verb.translations if wordnet.synsets(t.replace(" ", "_"), "verb"))


#: Spanish verbs after which a participle of a verb of feeling says what the thing does to the
#: person ("le parece aburrido": boring), not what the person feels ("está aburrido": bored).
_ES_COPULAS = frozenset({"ser", "parecer", "resultar"})


def spanish_causative(words: tuple[Word, ...], i: int) -> set[str]:
    """The English "-ing" adjectives of word ``i`` of a Spanish note, a past participle after *ser*,
    *parecer* or *resultar* in its clause ("le parecen aburridas" → "boring", "es divertido" →
    "amusing"), when WordNet lists that form as an adjective; else none. Read beside the participle's
    own "-ed" reading, never instead of it."""
    w = words[i]
    if w.pos != "vblex" or "pp" not in w.tags:
        return set()
    j = i - 1
    while j >= 0 and words[j].pos not in _CLAUSE_END:
        if words[j].lemma == "estar":
            return set()
        if words[j].lemma in _ES_COPULAS and words[j].pos.startswith("vb"):
            return {f for t in w.translations if t.isalpha() for f in _ing(t) if wordnet.is_adjective(f)}
        j -= 1
    return set()
