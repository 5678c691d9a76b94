"""Two named people exchanging what is said of them across the clauses of one note (issue 16, round 60).

"Ana leads the design team and Luis runs sales" / "Ana runs sales and Luis leads the design team":
the same people in the same order, the same words, so neither the order-of-actors check
(:func:`~.slots.actor_order_swap`, which needs the people in another order) nor the near-copy and
word-order checks of the similarity judge (the shared words come in another order only when counted
per person) see that the two notes give each person the other's role.

:func:`roles_exchanged` reads each note as segments, one per clause that opens with a named person
(up to the next such clause; a name inside a clause, "in Zamora", opens none), and collects the
content words (stopwords and the names left out, crude stems) each person's segments say; words
before the first name belong to the person the note is about, unnamed (round 60, after the reading
of pairs79: "Is the manager; X is the developer" / "Is the developer; X is the manager"). The pair
exchanges roles when two people both notes name, P and Q, each have a word the other note gives to
the other one only: a word P's segments say in one note and only Q's in the other, **and** one of Q's
that becomes only P's. One word moving alone is a rewording ("Ana and Luis run sales; Ana leads
it"); an exchange both ways is what "X is A; Y is B" / "X is B; Y is A" is made of.

Two notes of one language (the words are compared as written). Pure Python, no Django.
"""

from __future__ import annotations

import re

from memory.equivalence import cldr
from memory.equivalence.lexicon import _STOPWORDS
from memory.equivalence.normalise import _stem
from memory.equivalence.signature import _NOT_NAMES
from memory.equivalence.slots import _tokens

#: Where a clause ends: punctuation inside the note, or a coordinating word between two clauses.
_CLAUSE = re.compile(r"[;:,.]|\b(?:and|but|while|whereas|y|e|pero|mientras(?: que)?)\b", re.IGNORECASE)
#: The person a note opens about without naming ("Is the project manager; Leo is…"): a note is
#: about one person, who need not be named before another person is.
IMPLICIT = ""


def segments(text: str, names: frozenset[str]) -> dict[str, frozenset[str]]:
    """Each named person's content-word stems: a clause that opens with a name (the note's start, or
    after ``;``, ``:``, a comma or a coordinating word) is that person's, up to the next such clause;
    a name inside a clause ("visits her in Zamora") opens nothing."""
    said: dict[str, set[str]] = {IMPLICIT: set()}
    current = IMPLICIT  # until a name: the person the note is about, unnamed
    for clause in _CLAUSE.split(text):
        tokens = _tokens(clause)
        if tokens and tokens[0][1] in names and tokens[0][0][:1].isupper():
            current = tokens[0][1]
            said.setdefault(current, set())
        for _, norm in tokens:
            if norm in _STOPWORDS or norm in names or norm.isdigit() or len(norm) < 3:
                continue
            said[current].add(_stem(norm))
    return {person: frozenset(words) for person, words in said.items() if person != IMPLICIT or words}


def _moves(one: dict[str, frozenset[str]], other: dict[str, frozenset[str]], p: str, q: str) -> bool:
    """A word only ``p`` says in ``one`` is said only by ``q`` in ``other``."""
    return bool((one[p] - one[q]) & (other[q] - other[p]))


def _capitalised(text: str) -> set[str]:
    """Capitalised words but stopwords, languages, countries and calendar words ("Korean", "Monday")."""
    tongues, places = cldr.languages(text), cldr.countries(text)
    other = frozenset().union(*tongues.values(), *places.values())
    return {norm for raw, norm in _tokens(text) if raw[:1].isupper() and norm not in _STOPWORDS
            and norm not in other and norm not in _NOT_NAMES}


def roles_exchanged(text_a: str, text_b: str, names: frozenset[str] = frozenset()) -> bool:
    """Two people both notes name exchange words of what is said of them (module docstring).
    ``names``: the signature's, and any word both notes write capitalised (a sentence's first word
    too: "Ana is…; Luis is…"; a capitalised common word opens one segment both notes share)."""
    names = names | (_capitalised(text_a) & _capitalised(text_b))
    if not names:
        return False
    sa, sb = segments(text_a, names), segments(text_b, names)
    people = sorted(set(sa) & set(sb))
    for i, p in enumerate(people):
        for q in people[i + 1:]:
            if _moves(sa, sb, p, q) and _moves(sa, sb, q, p):
                return True
    return False
