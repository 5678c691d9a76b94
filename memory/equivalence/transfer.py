"""Round 61: which way a rented, let or lent thing goes (issue 16).

"Rents a room to her colleague" and "Rents a room from her colleague" share every content word and
every name; only the preposition after the object says who is the landlord. Three readings in a row
merged such a pair, because the direction checks before this one read it wrongly:

* the signature's direction markers (:func:`.signature.direction_classes`) looked for Spanish and
  English prepositions in one table, so the English article in "rents **a** room" counted as the
  Spanish "a" (*to*): the "from" note then carried both *to* and *from*, and "each side has a marker
  the other lacks" did not hold. Round 62 reads each note's own language's prepositions, and the
  markers stop such pairs themselves (of the 46 spent pairs up to pairs85 this reading calls a
  swap, 13 were stopped by nothing else before round 62, 1 after);
  this reading stays for the rest: a second preposition after the first end ("to a student from
  Porto" / "from a student from Porto" share the "from"), lends / borrows without one, across
  languages (word overlap too low for the markers), and the Spanish *alquilar* that cannot say which;
* the converse pairs of :mod:`.slots` ("rents out" / "rents from") are read as adjacent words only,
  and the object stands between the verb and the preposition;
* the lexicon's direction swap knows no rent frame, and the near copy of :mod:`.similarity` only
  doubts the similarity judge's own merges, not a lexicon paraphrase.

Here each note's **transfer frame** is read: a verb of renting, letting, leasing, lending or
borrowing whose subject is the person the note is about (nothing but a pronoun, an auxiliary or an
adverb before it in its clause), and the direction it gives the thing:

* ``out`` — the person gives it: "lends", "loans", "rents/lets/leases/sublets … to <someone>",
  "rents out", Spanish "presta … (a …)", "pone/tiene en alquiler";
* ``in`` — the person receives it: "borrows", "rents/leases/sublets/hires … from <someone>", Spanish
  "pide/toma prestado", "vive/está de alquiler";
* ``unclear`` — Spanish *alquilar* / *arrendar* with a person it is rented to **or** from ("le
  alquila una habitación a Marta" says either): Spanish does not tell.

:func:`transfer_clash` compares two frames: ``out`` against ``in`` is ``direction_swap``; ``unclear``
against either is ``direction_unclear`` (the merge is doubted: a reviewer reads it); anything else
— no frame on one side, two frames of different directions in one note, the same direction — is
None. A veto only ever stops a merge. Regular expressions over the folded words: no Apertium, a few
microseconds a note, cached. Pure Python, no Django; nothing is logged.
"""

from __future__ import annotations

import re

from memory.equivalence.normalise import fold
from memory.text_caches import text_cache

_TOKEN = re.compile(r"[^\W_][\w'’-]*|[.,;:!?()]")

# -- English ----------------------------------------------------------------------------------------

#: Verbs whose direction is their meaning.
_EN_OUT = frozenset("lend lends lent lending loan loans loaned loaning".split())
_EN_IN = frozenset("borrow borrows borrowed borrowing".split())
#: Verbs whose direction the preposition after the object gives ("to" out, "from" in, "out" out).
_EN_EITHER = frozenset("rent rents rented renting lease leases leased leasing sublet sublets subletting sublease "
                       "subleases subleased subleasing let lets letting".split())
#: Hiring is also employing ("hires a nanny to look after…"): only "from" and "out" give it a direction.
_EN_HIRE = frozenset("hire hires hired hiring".split())
#: "let" is also "allow" ("lets the kids go to the park"): only with a thing let out as its object.
_LET = frozenset("let lets letting".split())
_LET_OBJECTS = frozenset("flat flats room rooms house houses apartment apartments garage garages studio attic "
                         "basement property properties cottage office space spot place bedroom bedrooms "
                         "annexe annex".split())
#: Words that may open a noun phrase after "to" / "from": determiners, possessives, numerals.
_EN_NP = frozenset("a an the his her their my our your its this that these those another one two three "
                   "some several".split())
#: "close to", "next to": a place, not a recipient.
_EN_NOT_RECIPIENT = frozenset("close next near due according thanks compared opposite similar addition "
                              "up back way walk go going went come comes".split())
#: "from June", "from home", "two streets from the station": a time or a place, not a source.
_EN_NOT_SOURCE_AFTER = frozenset("january february march april may june july august september october november "
                                 "december monday tuesday wednesday thursday friday saturday sunday next this "
                                 "last now then today tomorrow home work abroad scratch time start beginning end "
                                 "summer winter spring autumn".split())
_EN_NOT_SOURCE_BEFORE = frozenset("away blocks block streets street minutes minute miles mile km metres meters "
                                  "walk far close drive ride doors door".split())
#: The plain form: a noun at a clause's start ("Rent goes out on the 1st", "Loan paid off").
_EN_PLAIN = frozenset("rent lease sublet sublease let lend loan borrow hire".split())
#: Before a participle, a passive: the person is given the thing ("was lent a car").
_EN_PASSIVE = frozenset("is are was were been being got gets get".split())
#: What may stand before the verb in its clause while the person stays the subject.
_EN_BEFORE = frozenset("she he they i we is are was were be been being has have had will would can could should "
                       "may might must does do did still currently now also usually often sometimes occasionally "
                       "already always regularly normally recently just only even then never not n't "
                       "'s 're 've 'd 'll going to plans planning intends wants hopes".split())

# -- Spanish ----------------------------------------------------------------------------------------

_ES_RENT = re.compile(r"^(?:sub|re)?(?:alquil|arriend|arrend)(?:a|an|o|aba|aban|ara|aran|ará|arán|ando|ar|arle|"
                      r"arles|arla|arlo|arlas|arlos|amos|aria|arian|e|en)$")
_ES_PARTICIPLE = re.compile(r"^(?:sub|re)?(?:alquil|arrend)ad[oa]s?$")
_ES_LEND = re.compile(r"^prest(?:a|o|aba|ara|ará|ando|ar|arle|arles|arla|arlo|aria|e)$")
_ES_HAVE = frozenset("ha han habia habian he hemos tiene tienen tenia tenian".split())
_ES_LENT = frozenset("prestado prestada prestados prestadas".split())
#: "presta atención", "presta servicio": to pay, to provide; nothing changes hands.
_ES_NOT_LENT = frozenset("atencion servicio servicios juramento declaracion apoyo ayuda oidos".split())
_ES_BORROW = re.compile(r"\b(?:pide|piden|pidio|pidieron|pedir|pedido|pidiendo|toma|toman|tomo|tomaron|tomar|"
                        r"tomado|tomando) prestad[oa]s?\b")
_ES_OUT_NOUN = re.compile(r"\b(?:pone|puso|tiene|tenia|ha puesto) (?:\w+ ){0,3}en alquiler\b")
_ES_IN_NOUN = re.compile(r"\b(?:vive|vivia|esta|estan|estaba) de alquiler\b")
_ES_NP = frozenset("el la los las un una unos unas su sus mi mis tu tus este esta estos estas ese esa otro "
                   "otra".split())
_ES_BEFORE = frozenset("le les se lo la los las ella el ellos ellas ya ahora actualmente todavia aun tambien "
                       "siempre normalmente suele suelen va van iba a quiere quieren piensa planea pretende "
                       "esta estan sigue siguen no nunca".split())

_CLAUSE_END = frozenset(". , ; : ! ? ( ) and but or who which that where when while because y pero o que quien "
                        "donde cuando mientras porque aunque".split())


def clauses(text: str) -> list[list[tuple[str, str]]]:
    """The note's clauses, each a list of (folded word, word as written)."""
    out: list[list[tuple[str, str]]] = [[]]
    for raw in _TOKEN.findall(text.replace("’", "'")):
        word = fold(raw)
        if word in _CLAUSE_END:
            if out[-1]:
                out.append([])
            continue
        out[-1].append((word, raw))
    return [c for c in out if c]


def _subject_is_the_person(before: list[tuple[str, str]], allowed: frozenset[str]) -> bool:
    return all(w in allowed for w, _ in before)


def _np_follows(clause: list[tuple[str, str]], k: int, starts: frozenset[str]) -> bool:
    """A noun phrase opens at ``k``: a determiner, a possessive, a numeral, a name (capitalised), or
    a bare plural ("to students": an infinitive's verb never ends so)."""
    if k >= len(clause):
        return False
    word, raw = clause[k]
    return word in starts or raw[:1].isupper() or (len(word) > 3 and word.endswith("s") and not word.endswith("ss"))


def _english(clause: list[tuple[str, str]], i: int) -> str | None:
    """The direction the English verb at ``i`` gives its object (module docstring), or None."""
    verb = clause[i][0]
    if verb in _EN_OUT:
        return "out"
    if verb in _EN_IN:
        return "in"
    rest = clause[i + 1:]
    found: set[str] = set()
    for k, (word, _) in enumerate(rest):
        before = rest[k - 1][0] if k else verb
        if word == "out" and k <= 4:
            found.add("out")
        elif word == "to" and before not in _EN_NOT_RECIPIENT and _np_follows(rest, k + 1, _EN_NP) \
                and verb not in _EN_HIRE:
            found.add("out")
            break  # the first end read is the frame's: "to a nurse from the hospital"
        elif word == "to":
            break  # "to" before a verb ("rents a van to move house") ends the frame
        elif word == "from" and before not in _EN_NOT_SOURCE_BEFORE and _np_follows(rest, k + 1, _EN_NP) \
                and (k + 1 >= len(rest) or rest[k + 1][0] not in _EN_NOT_SOURCE_AFTER) \
                and not (k + 1 < len(rest) and rest[k + 1][0].isdigit()):
            found.add("in")
            break
    if verb in _LET and not any(w in _LET_OBJECTS for w, _ in rest):
        return None
    return found.pop() if len(found) == 1 else None


def _spanish(clause: list[tuple[str, str]], i: int) -> str | None:
    """The direction the Spanish verb at ``i`` gives its object, ``unclear`` for *alquilar* with a
    person on the other end; None when nothing says it."""
    word = clause[i][0]
    rest = clause[i + 1:]
    if _ES_LEND.match(word):
        if any(w in _ES_NOT_LENT for w, _ in rest[:3]):
            return None
        if word.endswith(("an", "aban")):
            return None  # "le prestan": others lend to the person (the subject is not the person)
        return "out"
    clitic = i > 0 and clause[i - 1][0] in ("le", "les") or word.endswith(("le", "les"))
    to_someone = any(w in ("a", "al") and (w == "al" or _np_follows(rest, k + 1, _ES_NP))
                     and not (k + 1 < len(rest) and rest[k + 1][0].isdigit())
                     for k, (w, _) in enumerate(rest))
    return "unclear" if clitic or to_someone else None


#: Letters every verb read here begins with: most notes have none, and are answered without a parse.
_STEMS = re.compile(r"rent|leas|let|lend|lent|loan|borrow|hir|alquil|arrend|arriend|prest")


@text_cache(maxsize=8192)
def direction(text: str) -> str | None:
    """The direction of the note's transfer frame (``out``, ``in``, ``unclear``), or None when it has
    none or several that disagree."""
    if not _STEMS.search(fold(text)):
        return None
    parts = clauses(text)
    folded = f" {' '.join(w for c in parts for w, _ in c)} "
    found: set[str] = set()
    if _ES_BORROW.search(folded):
        found.add("in")
    if _ES_IN_NOUN.search(folded):
        found.add("in")
    if _ES_OUT_NOUN.search(folded):
        found.add("out")
    for clause in parts:
        for i, (word, _) in enumerate(clause):
            if word in _EN_OUT or word in _EN_IN or word in _EN_EITHER or word in _EN_HIRE:
                if (i == 0 and word in _EN_PLAIN) or (i and clause[i - 1][0] in _EN_PASSIVE
                                                      and word.endswith(("ed", "lent", "let"))):
                    continue  # a noun ("Rent is due…"), or a passive ("was lent a car")
                if _subject_is_the_person(clause[:i], _EN_BEFORE):
                    way = _english(clause, i)
                    if way:
                        found.add(way)
            elif word in _ES_LENT and i and clause[i - 1][0] in _ES_HAVE:
                if _subject_is_the_person(clause[:i], _ES_BEFORE | _ES_HAVE):
                    found.add("out")  # "ha prestado" lends ("ha pedido prestado" borrows: read above)
            elif _ES_RENT.match(word) or _ES_LEND.match(word) or (
                    _ES_PARTICIPLE.match(word) and i and clause[i - 1][0] in _ES_HAVE):
                if _subject_is_the_person(clause[:i], _ES_BEFORE | _ES_HAVE):
                    way = _spanish(clause, i)
                    if way:
                        found.add(way)
    if found == {"unclear", "out"} or found == {"unclear", "in"}:
        return found.difference({"unclear"}).pop()  # the note says it elsewhere ("pone en alquiler")
    return found.pop() if len(found) == 1 else None


def transfer_clash(text_a: str, text_b: str) -> str | None:
    """``direction_swap`` when one note gives the thing and the other receives it, ``direction_unclear``
    when one note's Spanish *alquilar* cannot say which against a note that does; else None."""
    da, db = direction(text_a), direction(text_b)
    if da is None or db is None or da == db:
        return None
    if "unclear" in (da, db):
        return "direction_unclear"
    return "direction_swap"
