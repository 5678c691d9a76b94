"""Round 53: two members of one category put for each other (issue 16).

The misleading merges left after stop 38 name, on each side, a different member of one category
that no check read as different: the opposite-pole lists and WordNet's antonym links
(:mod:`.poles`, :mod:`.opposites`) do not reach "sweet" / "salado" (WordNet links *sweet* and
*salty* only as fresh against salt water, a sense its guards rightly refuse), the noun dictionary
(:mod:`.bilingual`) does not know the Spanish word in "Plays tennis…" / "Juega al pádel…", and the
one-word near copy of :mod:`.similarity` reads no phrase substituted in "Is the project's main
investor" / "Is the project's lead developer". Each check below reads a class, through Apertium's
analysis and WordNet, and is a veto: it stops a merge, never proves one.

* :func:`sibling_adjectives` (ES↔EN, ``antonym``): an adjective of each note (the Spanish one
  through its dictionary translations, :func:`.opposites._adjectives`), neither negated nor said on
  the other side, whose WordNet nouns (an adjective's derivation and attribute links: *sweet* →
  *sweetness*, *salty* → *saltiness*) are **co-hyponyms**, two values under one hypernym (*taste
  property*): sweet / salty, cheap / expensive, Italian / Portuguese. Across languages only: within
  one language the near copy already reads a substituted adjective, and there the check would
  cost equivalents ("near" / "outside").
* :func:`unknown_member` (ES↔EN, ``entity_mismatch``): a Spanish word the analyser does not know,
  lower case in a noun's place (after an article or a preposition: "al pádel"), against an English
  common noun the Spanish note does not translate that WordNet files under a **closed category
  whose members exclude each other** (:data:`CATEGORY_LEMMAS`: games and sports, musical instruments,
  languages). The unknown word is another member, unless it spells the English noun or its Spanish
  translation alike, or clips it ("vóley" / "volleyball": a shared first :data:`CLIP` letters).
  Categories of things said many ways (documents, places, illnesses) are left out: there an unknown
  Spanish word is more often a synonym the dictionary lacks ("carné" / "licence").
* :func:`role_heads` (one language, ``role_mismatch``): the two notes are one frame, the same words
  before and after (articles left out), with one short phrase (at most :data:`SPAN` words) put for
  another, and the phrases are headed (English: the last noun, or the last before "of"; Spanish: the
  first) by two **person nouns** (WordNet: under *person*) that share no synset and
  neither is a near hypernym of the other: "the project's main investor" / "the project's lead
  developer", "el dueño de" / "camarero en". A paraphrase of a role through a synonym shares a
  synset or a near hypernym ("lawyer" / "attorney"), or one Spanish translation ("head" / "boss":
  *jefe*), and is left alone; one WordNet and the dictionary keep apart ("boss" / "manager",
  "developer" / "engineer") is read as two roles — the measured price.

Each note's analysis is Apertium's, cached per note (:mod:`.bilingual`), and the WordNet lookups
per word (``lru_cache``); what is left per pair is a walk over a few words. None when Apertium or
WordNet is not installed. Pure Python, no Django; nothing is logged.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache, lru_cache

from memory.equivalence import bilingual, opposites, wordnet
from memory.equivalence.bilingual import Word
from memory.equivalence.memo import per_text
from memory.equivalence.normalise import fold

#: WordNet lemmas (their first noun sense) of the categories whose members exclude each other: a
#: game or sport, an instrument, a language.
CATEGORY_LEMMAS = ("game", "sport", "musical_instrument", "language")
#: Hypernym steps searched above a noun for a category ("tennis" is a court game, a kind of sport).
CATEGORY_DEPTH = 10
#: A noun's first senses read for its category (its rare senses would file "bridge" under games).
CATEGORY_SENSES = 2
#: First letters an unknown Spanish word shares with an English noun it clips or borrows ("vóley").
CLIP = 3
#: Longest phrase (in words) one note puts for another in :func:`role_heads`.
SPAN = 3
#: Hypernym steps searched above a noun's first sense for *person*.
PERSON_DEPTH = 12
_SLOT = frozenset({"det", "pr"})
_PUNCTUATION = frozenset({"sent", "cm", "lpar", "rpar"})
#: Articles, left out of the frame ("as an outside contractor" / "as a permanent employee").
_ARTICLES = frozenset({"a", "an", "the", "el", "uno"})


def _ready() -> bool:
    return bilingual.available() and wordnet.available()


# -- adjectives: two values of one attribute ---------------------------------------------------------


@lru_cache(maxsize=16384)
def _nouns_of(adjective: str) -> frozenset[int]:
    """The WordNet nouns an adjective's senses link to (derivation ``+``, attribute ``=``)."""
    _, data = wordnet._maps("adj")
    out: set[int] = set()
    for sense in wordnet.synsets(adjective, "adj"):
        _, pointers = wordnet._synset(data, sense)
        out |= {t for symbol, t, pos in pointers if symbol in (b"+", b"=") and pos == b"n"}
    return frozenset(out)


def coordinate(x: str, y: str) -> bool:
    """Two English adjectives whose WordNet nouns are co-hyponyms (siblings under one hypernym) and
    share none: two values of one attribute ("sweet" / "salty")."""
    if x == y:
        return False
    nx, ny = _nouns_of(x), _nouns_of(y)
    if not nx or not ny or nx & ny:
        return False
    above_x = {h for n in nx for h in wordnet.hypernyms(n)}
    return any(h in above_x for n in ny for h in wordnet.hypernyms(n))


def sibling_adjectives(text_a: str, lang_a: str, text_b: str, lang_b: str) -> bool | None:
    """ES↔EN: an adjective of each note, neither negated nor said on the other side, at two values of
    one attribute (:func:`coordinate`). None when unknowable; False within one language."""
    if {lang_a, lang_b} != {"es", "en"}:
        return False
    if not _ready():
        return None
    a, b = opposites._adjectives(lang_a, text_a), opposites._adjectives(lang_b, text_b)
    if a is None or b is None:
        return None
    said_a = {e for english, _ in a for e in english}
    said_b = {e for english, _ in b for e in english}
    return opposites.opposed(a, said_a, b, said_b, said=opposites._said, opposite=coordinate)


# -- an unknown Spanish word for a member of a closed category --------------------------------------


@cache
def _categories() -> frozenset[int]:
    return frozenset(s[0] for s in (wordnet.synsets(lemma) for lemma in CATEGORY_LEMMAS) if s)


@lru_cache(maxsize=16384)
def in_category(noun: str) -> bool:
    """WordNet files one of ``noun``'s first senses under a game, a sport, an instrument or a language."""
    categories = _categories()
    return any(s in categories or categories & wordnet._above(s, CATEGORY_DEPTH)
               for s in wordnet.synsets(noun)[:CATEGORY_SENSES])


def _unknown_in_slot(words: tuple[Word, ...], text: str) -> list[str]:
    """The words no analyser knows, lower case as written, right after an article or a preposition."""
    out = []
    for k, w in enumerate(words):
        if k and not w.pos and w.lemma.isalpha() and words[k - 1].pos in _SLOT \
                and re.search(rf"(?<!\w){re.escape(w.lemma)}(?!\w)", text):  # as written: lower case, not a name
            out.append(fold(w.lemma))
    return out


def _alike(unknown: str, word: str) -> bool:
    word = fold(word)
    return bilingual._same_spelling(unknown, word) or unknown[:CLIP] == word[:CLIP]


def unknown_member(spanish: str, english: str) -> bool | None:
    """A Spanish word the analyser does not know, in a noun's place, against an English noun of a
    closed category the Spanish note does not translate, neither spelled like the other (module
    docstring). None when unknowable."""
    if not _ready():
        return None
    es, en = bilingual.analyse("es", spanish), bilingual.analyse("en", english)
    if es is None or en is None:
        return None
    unknown = _unknown_in_slot(es, spanish)
    if not unknown:
        return False
    members = [w for w in en if w.pos == "n" and w.lemma in bilingual.unmatched_nouns(en, es, "en")
               and in_category(w.lemma)]
    english_words = {w.lemma for w in en if w.lemma}
    return any(not any(_alike(u, x) for x in (m.lemma, *m.translations, *english_words))
               for m in members for u in unknown)


# -- two roles heading one slot -----------------------------------------------------------------------


@lru_cache(maxsize=16384)
def is_person(noun: str) -> bool:
    """WordNet files ``noun``'s first sense under *person* (a role, a trade, a relative)."""
    return wordnet.sense_under(noun, "person", PERSON_DEPTH)


def _noun(w: Word, lang: str) -> bool:
    """A common noun; in English also a word Apertium does not know that WordNet lists as a noun
    only ("planner")."""
    if w.pos == "n" and w.lemma:
        return True
    return lang == "en" and not w.pos and w.lemma.isalpha() and bool(wordnet.synsets(w.lemma)) \
        and not wordnet.is_adjective(w.lemma)


def _head(span: Sequence[Word], lang: str) -> Word | None:
    """The noun heading a short phrase: English puts it last ("main investor"), or last before "of"
    ("maid of honour"); Spanish first ("dueño del bar")."""
    if lang == "en" and any(w.lemma == "of" for w in span):
        span = span[:next(k for k, w in enumerate(span) if w.lemma == "of")]
    nouns = [w for w in span if _noun(w, lang)]
    if not nouns:
        return None
    return nouns[-1] if lang == "en" else nouns[0]


def _tokens(words: tuple[Word, ...]) -> list[Word]:
    """The words compared for one frame: punctuation and articles left out, a multiword lemma split
    into its words (Apertium reads "as a" as one preposition in one note and two words in another)."""
    out = []
    for w in words:
        if w.pos in _PUNCTUATION:
            continue
        parts = w.lemma.split()
        for part in parts:
            if part in _ARTICLES and (w.pos == "det" or len(parts) > 1):
                continue
            out.append(w if len(parts) == 1 else Word(part, w.pos, w.translations, w.tags))
    return out


@per_text
def frame_words(lang: str, text: str) -> tuple[Word, ...] | None:
    """The words :func:`put_for` compares of one note (:func:`_tokens` of its analysis; once per note
    within a memo scope: the role check and :mod:`.noun_classes` share them). None when unanalysed."""
    words = bilingual.analyse(lang, text)
    return None if words is None else tuple(_tokens(words))


def put_for(lang: str, text_a: str, text_b: str, span: int) -> tuple[tuple[Word, ...], tuple[Word, ...]] | None:
    """Two notes of one language as one frame, the same words before and after (articles and
    punctuation left out), with one phrase of at most ``span`` words put for another: the two
    phrases, or None when nothing is shared before them, more than a phrase is rewritten, or a note
    cannot be analysed."""
    a, b = frame_words(lang, text_a), frame_words(lang, text_b)
    if a is None or b is None:
        return None
    shortest = min(len(a), len(b))
    i = 0
    while i < shortest and a[i].lemma == b[i].lemma:
        i += 1
    j = 0
    while j < shortest - i and a[-1 - j].lemma == b[-1 - j].lemma:
        j += 1
    span_a, span_b = a[i:len(a) - j], b[i:len(b) - j]
    if not i or not span_a or not span_b or len(span_a) > span or len(span_b) > span:
        return None
    return span_a, span_b


def role_heads(lang: str, text_a: str, text_b: str) -> bool | None:
    """Two notes of one language (``lang`` "es" or "en"), one frame with one short phrase put for
    another, the phrases headed by two person nouns WordNet does not relate (module docstring).
    None when unknowable."""
    if lang not in ("es", "en"):
        return False
    if not _ready():
        return None
    spans = put_for(lang, text_a, text_b, SPAN)
    if spans is None:
        return False  # no shared frame before the phrase, or more than a phrase rewritten
    x, y = _head(spans[0], lang), _head(spans[1], lang)
    if x is None or y is None or x.lemma == y.lemma:
        return False
    ex = {x.lemma} if lang == "en" else set(x.translations)
    ey = {y.lemma} if lang == "en" else set(y.translations)
    if not ex or not ey or ex & ey:
        return False
    if lang == "en" and set(x.translations) & set(y.translations):
        return False  # one Spanish word for both: the dictionary reads one role ("head" / "boss": "jefe")
    if not (any(map(is_person, ex)) and any(map(is_person, ey))):
        return False
    return not any(wordnet.related(p, q) for p in ex for q in ey)
