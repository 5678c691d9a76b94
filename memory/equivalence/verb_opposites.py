"""Two notes that say opposite verbs of the same thing: WordNet's verb antonymy (issue 16, round 50).

Round 48 (:mod:`.opposites`) reads adjectives at opposite WordNet poles; a flipped *verb* ("Aceptó
la oferta" / "She rejected the offer", "Won the final" / "Perdió la final", "Prices went up" /
"Han bajado los precios") passed every veto, and the embedder places a verb as close to its antonym
as to its synonym, most of all across languages. This check reads each note's lexical verbs with
Apertium's analysers (:mod:`.bilingual`; the analyser gives the lemma of any inflected or clitic form:
"venderlo", "comprárselo", "ha subido"), takes a Spanish one's English translations from Apertium's
dictionary, and asks WordNet's verb database whether a verb of one note is the **antonym** of a verb
of the other (:func:`opposite`).

WordNet's verb antonymy is *lexical*: a pointer from one word of a synset to one word of another
("accept" → "reject", "buy" → "sell", "increase" → "decrease", "go to bed" → "get up"), not from the
whole synset ("take", a synonym of "accept" in one sense, is not the antonym of "reject"). It is read
so here: two verbs are opposite when WordNet links these two words, and never when a sense of the
two shares a synset or a verb group (a word with many senses may be near the other in one of them).

Guards, each a class of wording rather than a word:

* **negated** verbs are left out — a negator earlier in the same clause ("no aceptó", "did not
  accept", "never won", "sin ganar") or a verb that negates its complement ("failed to win",
  "refused to accept", "dejó de ganar", "se negó a aceptar", "avoided losing"): "no aceptó" says what
  "rejected" says, so such a verb proves no flip. A negation said elsewhere in one note only is the
  signature's negation check, which runs first;
* a verb **said on both sides** (one of its English readings, or a word of one of its synsets, is a
  word of the other note too, in any part of speech — the tagger reads a subject-less "Sleeps
  poorly" as a noun: "Leaves at 5 and arrives at 6" / "Arrives at 6, having left at 5"; "wakes" /
  "se despierta", read "awake") is no difference;
* only Apertium's **lexical verbs** (``vblex``) are read: auxiliaries, modals, "be" and "have" are
  the tense and modality checks' matter; an English word Apertium does not know ("disobeys") counts
  when WordNet's own detachment rules and exceptions give a lemma WordNet lists only as a verb;
* a **Spanish pronominal verb** whose meaning is not the plain verb's and which Apertium's
  dictionary lists only in its plain form ("irse" is not "ir", "levantarse" is not "levantar") is
  read through :data:`PRONOMINAL` when a reflexive clitic goes with it ("se fue", "se levanta",
  "acostarse"); "se fue" is read as "irse" even where the tagger says "ser" (which never takes a
  reflexive clitic).

None when Apertium or WordNet's verb database is not installed. Lookups are cached per note (the
analysis) and per verb (its antonyms). Pure Python, no Django; nothing is logged.
"""

from __future__ import annotations

from functools import cache, lru_cache

from memory.equivalence import bilingual, phrasal_poles, predicative, wordnet
from memory.equivalence.bilingual import Word
from memory.equivalence.opposites import _NEGATING, opposed
from memory.text_caches import text_cache

#: Verbs that negate the verb they govern ("failed to win" = "did not win"), by lemma in either language.
_NEGATING_VERBS = frozenset({"fail", "refuse", "stop", "quit", "cease", "avoid", "neglect", "forget",
                             "negar", "evitar", "olvidar", "fallar", "rehusar", "omitir"})
#: Spanish verbs that negate their complement only through "de" ("dejó de ganar": stopped winning).
_NEGATING_WITH_DE = frozenset({"dejar", "parar", "olvidar"})
#: What ends a clause: a negator before it does not reach a verb after it.
_CLAUSE_END = frozenset({"sent", "cm", "cnjcoo", "cnjsub", "rel", "lpar", "rpar"})
#: Parts of speech that open a noun phrase: a preposition's object, never after a particle (.phrasal_poles).
_PHRASE_OPENERS = frozenset({"det", "predet", "n", "np", "num", "prn", "adj"})
#: Spanish pronominal verbs whose reflexive sense is not the plain verb's and which Apertium's
#: dictionary lists only in the plain form (its bilingual dictionary has no ``<pron>`` entry for them):
#: the English verb WordNet links as an antonym. Only these; any other reflexive keeps its translations.
PRONOMINAL = {"ir": ("leave",), "levantar": ("get up",), "acostar": ("go to bed",), "dormir": ("fall asleep",),
              "despertar": ("wake up",), "acordar": ("remember",), "quedar": ("stay",)}
#: How many of a verb's most frequent WordNet senses (WordNet lists them by frequency) are read at the
#: synset level, beside the lexical links: on the spent sets 1, 2 and 3 cost no equivalent and fire on
#: 246, 260 and 263 misleading pairs (191 with the lexical links only); a rarer sense of a common verb
#: ("take" as "accept") is where a synonym's antonym stops being the verb's own.
SENSES = 2
#: WordNet's verb pointers read here: antonym, verb group.
_ANTONYM, _GROUP = b"!", b"$"


@cache
def available() -> bool:
    """Apertium and WordNet's verb database are installed (read once per process)."""
    d = wordnet._directory()
    return bilingual.available() and wordnet.available() and all(
        (d / f"{kind}.verb").exists() for kind in ("index", "data"))


def _key(word: str) -> str:
    return word.strip().lower().replace(" ", "_")


@lru_cache(maxsize=32768)
def _verb_synset(offset: int) -> tuple[tuple[str, ...], tuple[tuple[int, int, int], ...], tuple[int, ...]]:
    """The verb synset at ``offset``: its words, its antonym pointers as (source word number, target
    synset, target word number; WordNet's ``source/target`` field, 1-based, 0 for the whole synset)
    and its verb-group neighbours."""
    _, data = wordnet._maps("verb")
    with wordnet._LOCK:
        line, _ = wordnet._line_at(data, offset)
    fields = line.split(b"|", 1)[0].split()
    count = int(fields[3], 16)
    words = tuple(fields[4 + 2 * i].decode("ascii", "replace").lower() for i in range(count))
    i = 4 + 2 * count
    antonyms, groups = [], []
    for _ in range(int(fields[i])):
        symbol, target, pos, st = fields[i + 1:i + 5]
        i += 4
        if pos != b"v":
            continue
        if symbol == _ANTONYM:
            antonyms.append((int(st[:2], 16), int(target), int(st[2:], 16)))
        elif symbol == _GROUP:
            groups.append(int(target))
    return words, tuple(antonyms), tuple(groups)


@lru_cache(maxsize=16384)
def _verb(verb: str) -> tuple[frozenset[str], frozenset[int], frozenset[int]]:
    """The words WordNet links to ``verb`` as antonyms (lexically: from this word of a sense to one
    word of another), the synsets opposite its first :data:`SENSES` senses (whole synsets: "go up",
    first sense a synonym of "rise", is opposite "go down", a synonym of "fall"), and ``verb``'s
    senses with their verb groups."""
    key = _key(verb)
    senses = wordnet.synsets(key, "verb")
    opposite: set[str] = set()
    opposite_senses: set[int] = set()
    near: set[int] = set(senses)
    for rank, s in enumerate(senses):
        words, antonyms, groups = _verb_synset(s)
        near.update(groups)
        for source, target, target_word in antonyms:
            if rank < SENSES:
                opposite_senses.add(target)
            if source and words[source - 1] != key:
                continue
            target_words = _verb_synset(target)[0]
            opposite.update(target_words if not target_word else (target_words[target_word - 1],))
    return frozenset(opposite), frozenset(opposite_senses), frozenset(near)


@lru_cache(maxsize=65536)
def opposite(x: str, y: str) -> bool:
    """``x`` and ``y`` (English verbs, "go to bed" or "go_to_bed") are antonyms in WordNet, and no
    sense of the two shares a synset or a verb group (module docstring)."""
    x, y = _key(x), _key(y)
    if x == y or not available():
        return False
    ox, sx, nx = _verb(x)
    oy, sy, ny = _verb(y)
    first_x, first_y = set(wordnet.synsets(x, "verb")[:SENSES]), set(wordnet.synsets(y, "verb")[:SENSES])
    if not (y in ox or x in oy or sx & first_y or sy & first_x or phrasal_poles.opposite(x, y)):
        return False
    return not nx & ny


@lru_cache(maxsize=65536)
def manner_opposite(x: str, y: str) -> bool:
    """One verb is a manner of doing the opposite of the other (eq80): a sense among the first
    :data:`SENSES` of one is directly under a synset opposite the other's first senses ("drop", to
    fall vertically, is a way to *descend*, opposite "go up"), and no sense of the two shares a
    synset or a verb group. Read across languages only (:func:`opposite_verbs`), where a dictionary's
    translation ("subir" → "go up") meets the author's more specific verb."""
    x, y = _key(x), _key(y)
    if x == y or not available():
        return False
    _, sx, nx = _verb(x)
    _, sy, ny = _verb(y)
    if nx & ny:
        return False
    above_y = {h for s in wordnet.synsets(y, "verb")[:SENSES] for h in wordnet.hypernyms(s, "verb")}
    above_x = {h for s in wordnet.synsets(x, "verb")[:SENSES] for h in wordnet.hypernyms(s, "verb")}
    return bool(sx & above_y or sy & above_x)


def _is_verb(word: str) -> bool:
    return bool(wordnet.synsets(_key(word), "verb"))


def _reflexive(words: tuple[Word, ...], i: int) -> bool:
    """A reflexive clitic goes with Spanish verb ``i``: right before it ("se fue", "nos levantamos") or
    attached after it ("acostarse", "levantándose")."""
    before = i > 0 and words[i - 1].pos == "prn" and "ref" in words[i - 1].tags and "enc" not in words[i - 1].tags
    after = i + 1 < len(words) and words[i + 1].pos == "prn" and "ref" in words[i + 1].tags \
        and "enc" in words[i + 1].tags
    return before or after


@cache
def _irregular() -> dict[str, str]:
    """WordNet's ``verb.exc``: an irregular form and its lemma ("forgot" → "forget")."""
    path = wordnet._directory() / "verb.exc"
    if not path.exists():
        return {}
    with open(path, encoding="ascii", errors="replace") as fh:
        return {f[0]: f[1] for f in (line.split() for line in fh) if len(f) >= 2}


@lru_cache(maxsize=8192)
def _unknown_verb(word: str) -> frozenset[str]:
    """The lemma of an English word Apertium does not know ("disobeys"), read with WordNet's own
    detachment rules and exceptions, when WordNet lists it only as a verb (never a noun or adjective)."""
    forms = {word, *((word[:-len(end)] + new) for end, new in wordnet.VERB_ENDINGS if word.endswith(end)),
             *((_irregular()[word],) if word in _irregular() else ())}
    return frozenset(f for f in forms if f and _is_verb(f) and not wordnet.synsets(f)
                     and not wordnet.is_adjective(f))


def _english(words: tuple[Word, ...], i: int, lang: str) -> frozenset[str]:
    """The English verbs word ``i`` says (its lemma, or its dictionary translations), or none."""
    w = words[i]
    if lang == "en":
        if not w.pos and w.lemma.isalpha():
            return _unknown_verb(w.lemma)
        if predicative.finite_verb(words, i):
            return frozenset({w.lemma})  # "when the market falls", tagged a plural noun (eq77)
        return frozenset({w.lemma}) if w.pos == "vblex" and _is_verb(w.lemma) else frozenset()
    if w.pos == "vbser" and i and _reflexive(words, i) and "ifi" in w.tags:
        return frozenset(PRONOMINAL["ir"])  # "se fue": "ser" never takes a reflexive clitic, so "irse"
    if w.pos != "vblex":
        return frozenset()
    if w.lemma in PRONOMINAL and _reflexive(words, i):
        return frozenset(PRONOMINAL[w.lemma])
    return frozenset(t for t in w.translations if _is_verb(t))


def _negated(words: tuple[Word, ...], i: int) -> bool:
    """A negator, or a verb that negates its complement, stands earlier in word ``i``'s clause."""
    j = i - 1
    while j >= 0 and words[j].pos not in _CLAUSE_END:
        w = words[j]
        if w.lemma in _NEGATING or any(p in _NEGATING for p in w.lemma.split()) \
                or (w.pos == "vblex" and w.lemma in _NEGATING_VERBS):  # "with no plans to move"
            return True
        if w.lemma in _NEGATING_WITH_DE and j + 1 < i and words[j + 1].lemma == "de":
            return True
        j -= 1
    return False


@text_cache(maxsize=8192)
def _verbs(lang: str, text: str) -> tuple[tuple[tuple[frozenset[str], bool], ...], frozenset[str]] | None:
    """Each lexical verb of ``text`` as (its English readings, negated), and every English word the
    note says in any part of speech (a subject-less "Sleeps poorly" is tagged a noun), or None."""
    words = bilingual.analyse(lang, text)
    if words is None:
        return None
    out = []
    said: set[str] = set()
    if lang == "en":  # a particle said after the object: "turns the TV volume down" (.phrasal_poles)
        lemmas = tuple(w.lemma for w in words)
        stops = tuple(w.pos in _CLAUSE_END for w in words)
        for i, w in enumerate(words):
            # a particle closes its phrase; one a noun phrase follows is that phrase's preposition
            # ("is off work on Wednesdays": no "work on")
            if w.pos in ("adv", "pr", "preadv") and not (i + 1 < len(words) and words[i + 1].pos in _PHRASE_OPENERS):
                phrasal = phrasal_poles.split_phrasal(lemmas, stops, i)
                if phrasal:
                    out.append((frozenset({phrasal}), _negated(words, i)))
    for i, w in enumerate(words):
        english = _english(words, i, lang)
        if not english and lang == "es":
            english = predicative.spanish_verb(text, words, i)  # "cuando el precio baja", tagged "bajo" (eq77)
        if english:
            out.append((english, _negated(words, i)))
        said |= english | ({w.lemma} if lang == "en" else set(w.translations))
    return tuple(out), frozenset(said)


def opposite_verbs(text_a: str, lang_a: str, text_b: str, lang_b: str) -> bool | None:
    """A verb of one note (not negated) is the WordNet antonym of a verb of the other (not negated),
    and neither is said on the other side (module docstring). ``lang_*`` "es" or "en"; None when
    unknowable."""
    if not available():
        return None
    read_a, read_b = _verbs(lang_a, text_a), _verbs(lang_b, text_b)
    if read_a is None or read_b is None:
        return None
    (a, said_a), (b, said_b) = read_a, read_b
    if lang_a != lang_b:  # a translated verb against the author's more specific one: .manner_opposite
        return opposed(a, said_a, b, said_b, said=_said, opposite=lambda x, y: opposite(x, y) or manner_opposite(x, y))
    return opposed(a, said_a, b, said_b, said=_said, opposite=opposite)


def _said(readings: frozenset[str], other: frozenset[str]) -> bool:
    """One of ``readings`` is said among ``other`` (the other note's words), or a word that shares a
    verb synset with it is ("wakes" / "se despierta", read "awake")."""
    return bool(readings & other) or any(_synonyms(x, y) for x in readings for y in other)


@lru_cache(maxsize=65536)
def _synonyms(x: str, y: str) -> bool:
    """A sense of ``x`` and a sense of ``y`` are one synset."""
    return bool(set(wordnet.synsets(_key(x), "verb")) & set(wordnet.synsets(_key(y), "verb")))
