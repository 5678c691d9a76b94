"""eq79: two clauses whose agents are exchanged against the same verbs, in one language (issue 16).

"Cooks dinner on weekdays; her husband washes the dishes" / "Washes the dishes on weekdays; her
husband cooks dinner" (the class of p133-014, merged by the lexicon at 0.988): the same people, the
same verbs, in the same order of people — only who does which is exchanged. :func:`.slots.actor_order_swap` reads
the order of two *named* actors ("she hosts and he produces" / "he hosts and she produces") and so
never sees a subject-less note's person against a partner who keeps the second place.

:func:`agents_exchanged`: each note is cut into clauses (at a sentence mark, a comma, a coordinating
or adverbial conjunction: "and", "y", "while", "mientras"); each clause's **agent** is the subject
that opens it — a third-person subject pronoun (by gender), a proper noun, or a possessive or
article with a noun ("their partner", "su pareja") — or, for a clause that opens with its verb, the
agent of the clause before it (the note's own person for the first); its **verb** is the first verb
after the agent (in English also a word the tagger read as a plural noun at the verb's place that
WordNet lists as a verb: "Cooks" at a note's start). The check fires when
both notes pair at least two different agents with at least two different verbs, the two notes have
the same agents and the same verbs, and some agent does another verb: the agents are exchanged.
"She cooks and he cleans" / "He cleans and she cooks" pairs them alike and passes; a note with a
subject-less clause and a "she"/"he" abstains (the pronoun may be the note's own person: "Does not
cook; she has no kitchen"). Auxiliaries, adverbs and clitics are stepped over to the verb.

Prefilter: both texts must hold a clause break (:data:`_BREAK`), a string test, before any analysis.
Each note's analysis is Apertium's, cached per note (:mod:`.bilingual`). None when Apertium is not
installed. Pure Python, no Django; nothing is logged.
"""

from __future__ import annotations

import re

from memory.equivalence import bilingual, wordnet
from memory.equivalence.bilingual import Word
from memory.equivalence.memo import per_text

_BREAK = re.compile(r"[;,]|\b(?:and|y|e|while|whereas|mientras)\b", re.IGNORECASE)
_CLAUSE_POS = frozenset({"sent", "cm", "cnjcoo", "cnjadv"})
_CLAUSE_WORDS = frozenset({"while", "whereas", "mientras"})
_SUBJECT_TAGS = frozenset({"subj", "tn"})
_SELF = "self"
_AUXILIARY = frozenset({"vbdo", "vaux", "vbhaver", "vbmod"})


def _clauses(words: tuple[Word, ...]) -> list[list[Word]]:
    out: list[list[Word]] = [[]]
    for w in words:
        if w.pos in _CLAUSE_POS or w.lemma in _CLAUSE_WORDS:
            if out[-1]:
                out.append([])
            continue
        out[-1].append(w)
    return [c for c in out if c]


def _agent(clause: list[Word]) -> tuple[str | None, int]:
    """The subject opening the clause and where its verb may start; (None, 0) for none."""
    first = clause[0]
    if first.pos == "prn" and _SUBJECT_TAGS & set(first.tags) and "p3" in first.tags:
        gender = "f" if "f" in first.tags else "m" if "m" in first.tags else "p"
        return f"prn:{gender}", 1
    if first.pos == "np":
        return f"np:{first.lemma}", 1
    if first.pos == "det" and len(clause) > 1 and clause[1].pos == "n":
        return f"n:{clause[1].lemma}", 2
    return None, 0


def _verb(clause: list[Word], start: int, lang: str, opening: bool) -> str | None:
    """The first verb from ``start``: an auxiliary, an adverb ("not", "nunca") and a clitic pronoun
    are stepped over to the verb they go with ("doesn't drive": *drive*; "su pareja los recoge"). At
    the verb's place (right after the agent, or opening a subject-less clause) an English word tagged
    as a plural noun is read as the verb WordNet lists ("Cooks", "washes")."""
    auxiliary = None
    for k in range(start, len(clause)):
        w = clause[k]
        if w.pos in _AUXILIARY:
            auxiliary = auxiliary or w.lemma
            continue
        if w.pos.startswith("vb"):
            return w.lemma
        if w.pos == "adv" or (w.pos == "prn" and "subj" not in w.tags):
            continue
        if k == start and (opening or start) and lang == "en" and w.pos == "n" and "pl" in w.tags \
                and wordnet.synsets(w.lemma, "verb"):
            return w.lemma
        break
    return auxiliary


@per_text
def _pairs(lang: str, text: str) -> tuple[tuple[str, str], ...] | None:
    """Each clause's (agent, verb) of one note, in order; once per note within a memo scope."""
    words = bilingual.analyse(lang, text)
    if words is None:
        return None
    pairs: list[tuple[str, str]] = []
    agent = _SELF
    for n, clause in enumerate(_clauses(words)):
        who, start = _agent(clause)
        if who is not None:
            agent = who
        verb = _verb(clause, start, lang, opening=n == 0 and who is None)
        if verb is not None:
            pairs.append((agent, verb))
    return tuple(pairs)


def agents_exchanged(lang: str, text_a: str, text_b: str) -> bool | None:
    """Two notes of one language pairing the same agents with the same verbs otherwise (module
    docstring). None when unknowable."""
    if lang not in ("es", "en") or not (_BREAK.search(text_a) and _BREAK.search(text_b)):
        return False
    if not bilingual.available():
        return None
    pa, pb = _pairs(lang, text_a), _pairs(lang, text_b)
    if pa is None or pb is None:
        return None
    agents_a, agents_b = {x for x, _ in pa}, {x for x, _ in pb}
    if any(_SELF in agents and any(x.startswith("prn:") for x in agents) for agents in (agents_a, agents_b)):
        return False  # "Does not cook; she has no kitchen": the pronoun may be the note's own person
    verbs_a, verbs_b = sorted(v for _, v in pa), sorted(v for _, v in pb)
    if len(agents_a) < 2 or agents_a != agents_b or len(set(verbs_a)) < 2 or verbs_a != verbs_b:
        return False
    return set(pa) != set(pb)
