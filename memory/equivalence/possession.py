"""Whose thing it is: two owners swapped between two notes of one language (issue 16).

Embedding similarity cannot tell "Rents out his garage to a neighbour" from "Rents a neighbour's
garage", "Drops her dog off with her cousin" from "Walks her cousin's dog" or "El gato de Marta
arañó al de su compañera" from "El gato de la compañera arañó al de Marta": the same words,
the same people, the owner of the one thing both name swapped. This module reads, for a note,
which person owns which noun (a possessive relation), from the grammar of possession alone:

* a possessive determiner — "his", "her", "their", "its", "my", "su", "sus", "mi", "mis" — owns
  the noun it opens: the person the note is about (``SELF``);
* a Saxon genitive — "a neighbour's garage", "her parents' house" — the noun before it owns the
  noun after it;
* "X de N", "X del N", "X of N" — a determined person noun or a name N owns X ("los hijos de su
  hermano", "el gato de Marta", "the garage of a friend").

The owner must be a *person*: the person the note is about, a name, or a role or kinship noun of
:mod:`.slots`' closed lexicon (colleague, sister, vecina…) — never a topic word ("a cup of tea",
"the head of HR" own nothing). Two notes swap an owner when they name the same owned noun with
owners that have nothing in common, and the owner of one side is named in the other side too (so
both notes speak of the same two people, in other places): :func:`owner_swap`. A veto only. The
owned nouns of one language compare by stem; across ES↔EN through a dictionary the caller passes
(the people are already language-free: role concepts and names). Pure Python, no Django; nothing
here keeps, logs or raises with statement text.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from memory.equivalence.memo import per_text
from memory.equivalence.normalise import _stem, fold
from memory.equivalence.slots import _ROLE

SELF = "\0self"  # the person the note is about, owning what "his" / "su" opens

_POSSESSIVE = frozenset("his her their its my su sus mi mis".split())
_DETERMINERS = frozenset("el la los las un una unos unas the a an this that este esta ese esa".split()) | _POSSESSIVE
_OF = frozenset({"de", "del", "of"})
# Words that never are the owned noun: articles, pronouns, prepositions, the copula, an elided
# head ("al de su compañera": the cat is not said again).
_NOT_OWNED = frozenset("el la los las lo al del de a an the of to for with con para por en in on at y and o or "
                       "que who which is es are son was were fue era it ella el le les se".split())
_TOKEN = re.compile(r"[a-z0-9]+(?:['-][a-z0-9]+)*'?|[.,;:!?()]")
_PERSON_WIDTH = max(len(key) for key in _ROLE)
# A name after a preposition of place is a place, not a person who owns ("Vive en Sevilla, en el
# barrio de Triana": Triana owns no barrio)
_LOCATIVE = frozenset("en in at from desde near cerca hacia to a".split())


@per_text  # read three times a pair by the owner check: once per note (memo.py)
def _tokens(text: str) -> tuple[str, ...]:
    """Folded tokens, a possessive "'s" or a plural's bare "'" split off as the token "'s" (a tuple:
    it is shared)."""
    out: list[str] = []
    for token in _TOKEN.findall(fold(text).replace("’", "'")):
        if token.endswith("'s") and len(token) > 2:
            out += [token[:-2], "'s"]
        elif token.endswith("s'") and len(token) > 2:
            out += [token[:-1], "'s"]  # "her parents' house"
        else:
            out.append(token.strip("'"))
    return tuple(t for t in out if t)


def _person_at(tokens: tuple[str, ...], i: int, names: frozenset[str]) -> tuple[str, int] | None:
    """The person whose noun starts at ``tokens[i]`` (a name, or a role concept) and its width."""
    if tokens[i] in names:
        return tokens[i], 1
    for n in range(min(_PERSON_WIDTH, len(tokens) - i), 0, -1):
        concept = _ROLE.get(tuple(tokens[i:i + n]))
        if concept is not None:
            return f"role:{concept}", n
    return None


def _person_before(tokens: tuple[str, ...], end: int, names: frozenset[str]) -> str | None:
    """The person whose noun ends just before ``end`` (the owner of a Saxon genitive)."""
    if end and tokens[end - 1] in names:
        start = end - 1
        while start and tokens[start - 1] in names:
            start -= 1  # a name of several words is known by its first, as "de Ana María" reads it
        return tokens[start]
    for start in range(max(0, end - _PERSON_WIDTH), end):
        found = _person_at(tokens, start, names)
        if found is not None and start + found[1] == end:
            return found[0]
    return None


def _owned_after(tokens: tuple[str, ...], i: int) -> str | None:
    """The owned noun opened at ``tokens[i]``: the first content word (an adjective before it is
    kept as said: "his rental flat" and "a colleague's rental flat" both read "rental")."""
    if i < len(tokens) and tokens[i] not in _NOT_OWNED and tokens[i].isalnum():
        return tokens[i]
    return None


def owners(text: str, names: frozenset[str]) -> tuple[dict[str, set[str]], set[str]]:
    """The owned nouns of ``text`` (folded, as written) with their owners, and every person the note
    names."""
    tokens = _tokens(text)
    owned: dict[str, set[str]] = {}
    named: set[str] = set()
    for i, token in enumerate(tokens):
        person = _person_at(tokens, i, names)
        if person is not None:
            named.add(person[0])
        if token in _POSSESSIVE:
            noun = _owned_after(tokens, i + 1)
            # "her" before a person noun that owns the next thing ("her sister's kids") owns the sister
            if noun is not None:
                owned.setdefault(noun, set()).add(SELF)
        elif token == "'s":
            owner = _person_before(tokens, i, names)
            noun = _owned_after(tokens, i + 1)
            if owner is not None and noun is not None:
                owned.setdefault(noun, set()).add(owner)
        elif token in _OF and i > 0 and i + 1 < len(tokens):
            noun = _owned_after(tokens, i - 1) if tokens[i - 1] not in _DETERMINERS else None
            j = i + 1
            while j < len(tokens) and tokens[j] in _DETERMINERS:
                j += 1
            owner = _person_at(tokens, j, names) if j < len(tokens) else None
            # a determined person noun or a name: "trabaja de enfermera" names an occupation, no owner
            if noun is not None and owner is not None and (j > i + 1 or owner[0] in names):
                owned.setdefault(noun, set()).add(owner[0])
    return owned, named


def _places(text: str, names: frozenset[str]) -> frozenset[str]:
    """The names ``text`` says after a preposition of place: places, whatever else they own."""
    tokens = _tokens(text)
    return frozenset(t for k, t in enumerate(tokens) if t in names and k and tokens[k - 1] in _LOCATIVE)


def owner_swap(text_a: str, text_b: str, names: frozenset[str],
               same: Callable[[str, str], bool | None] | None = None) -> bool:
    """Both notes name a thing owned by people who differ, and the one side's owner is named on the
    other side too: whose thing it is has been swapped ("Rents out his garage to a neighbour" /
    "Rents a neighbour's garage"). ``names``: the folded names of both notes. The person the note is about
    owns "his" / "su" things unless the other owner opens that note (then "his" may be that
    person's: "Marta walks her dog"). ``same``: whether a noun of ``text_a`` is one of ``text_b``
    (default: the same stem, for one language; across ES↔EN the similarity judge passes the
    dictionary, :func:`~.bilingual.same_noun`)."""
    names = names - _places(text_a, names) - _places(text_b, names)
    owned_a, named_a = owners(text_a, names)
    owned_b, named_b = owners(text_b, names)
    first_a, first_b = (set(_tokens(t)[:1]) for t in (text_a, text_b))
    for noun_a, by_a in owned_a.items():
        for noun_b, by_b in owned_b.items():
            if by_a & by_b or not (_stem(noun_a) == _stem(noun_b) if same is None else same(noun_a, noun_b)):
                continue
            if (SELF in by_a and first_a & by_b) or (SELF in by_b and first_b & by_a):
                continue  # "his" may be the other owner's own
            if (by_b - {SELF}) & named_a or (by_a - {SELF}) & named_b:
                return True
    return False
