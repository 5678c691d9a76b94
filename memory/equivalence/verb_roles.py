"""A role said with a verb: one note runs a setting, the other takes part in it (issue 16, stop 39).

"Sings bass in the community choir" / "Conducts the community choir", "Canta en el coro de la
iglesia" / "Dirige el coro", "Plays for the team" / "Coaches the team", "Works at the bakery" /
"Runs the bakery": the two notes name one setting (a choir, a team, a bakery) and put the person in
different roles in it, with verbs rather than with role nouns (those are :mod:`.slots`' and
:mod:`.siblings`' business). The embedder places them close: same setting, same person.

The check reads each note with Apertium's analysers (:mod:`.bilingual`; a Spanish verb through its
English translations) and asks WordNet 3.0's verb hierarchy (Debian's ``wordnet-base``) what kind
of act the verb names: **running** the setting (a sense under "direct, be in charge of", "conduct, manage",
"supervise", "preside", "conduct" an orchestra, "direct" actors, "teach", "chair", "organize", "host")
or **taking part** in it (a sense under "perform", "play" an instrument or a game, "act" a part, "sing",
"dance", "attend", "participate", "work" / "be employed", "volunteer", "study" / "be a student",
"belong" as a member). A verb is read by its most frequent sense that falls in either (WordNet's
sense order), so "run" (move fast… operate) is not taken for running a business unless nothing
earlier says otherwise, and "conducts" is "direct the course of; manage". It fires when

* one note's running verb takes the setting as its direct object ("Conducts the choir", "Dirige el
  coro", "Entrena al equipo" with the personal "a"), and
* the other note's taking-part verb governs the same setting, directly or through a preposition
  ("sings … in the choir", "juega en el equipo", "attends the class"), the same noun or its
  translation, and
* neither note also says the other kind of verb of that setting (both roles said on one side are
  no mismatch), and the whole setting (every noun the running verb governs: "the town band" is not
  "the school band") is named on the other side.

A verb followed by "as"/"como" says its role with a noun ("Serves as the club's organizer"), and a
taking-part verb whose object is an office ("ocupa la presidencia de la asociación", WordNet's kinds
of "office") is running the setting: neither is read as taking part.

A note that opens without a subject ("Conducts the choir") is read as "He conducts…", because
Apertium's tagger otherwise takes the verb for a plural noun. Same language and ES↔EN alike. None
when Apertium or WordNet is not installed. Pure Python, no Django; nothing is logged.
"""

from __future__ import annotations

from functools import cache, lru_cache

from memory.equivalence import bilingual, wordnet
from memory.equivalence.bilingual import Word
from memory.equivalence.normalise import fold
from memory.text_caches import text_cache

#: WordNet 3.0 verb synsets (offset, a lemma it must hold) whose hyponyms name running a setting.
#: ("manage, deal, care, handle" itself is too wide: "touch", "treat", "process" sit under it.)
_RUNNING = ((2439501, "direct"), (2445509, "conduct"), (2443049, "supervise"), (2443609, "preside"),
            (1732939, "conduct"), (1733231, "conduct"), (1710335, "direct"), (829125, "teach"), (813808, "chair"),
            (2432530, "organize"), (710023, "organize"), (1194436, "host"))
#: …and taking part in one.
_TAKING_PART = ((1714226, "perform"), (1725069, "play"), (1072280, "compete"), (1719320, "act"), (1729449, "sing"),
                (1731049, "sing"), (1708694, "dance"), (2612762, "attend"), (2450256, "participate"),
                (1082624, "participate"), (2410873, "work"), (2413498, "work"), (2424984, "volunteer"),
                (607405, "study"), (599992, "study"), (602805, "train"), (2756359, "belong"))
#: How many hypernym steps up a sense may be from an anchor ("captain" → "head" → "direct" → "manage").
_DEPTH = 3
#: How far down WordNet's sense order (most frequent first) a verb's role sense may be: "run" a
#: business is its fourth sense; "lead" (be in charge), a verb of 14 senses, its seventh.
_SENSES, _FEW_SENSES, _FEW = 4, 7, 15
#: Verbs that carry no role of their own (copulas, auxiliaries, "have").
_NO_ROLE = frozenset({"vbser", "vbhaver", "vaux", "vbmod"})
#: Spanish "a" before a person or group as direct object ("Entrena al equipo").
_PERSONAL_A = frozenset({"a"})
#: Prepositions that put a role noun after the verb ("serves as", "trabaja como").
_AS = frozenset({"as", "como"})
_SKIP = frozenset({"det", "adj", "preadv", "adv", "num", "predet", "prn", "cnjcoo"})


@cache
def _verb_maps() -> bool:
    return wordnet.available() and (wordnet._directory() / "data.verb").exists() and \
        (wordnet._directory() / "index.verb").exists()


@lru_cache(maxsize=16384)
def _verb_synset(offset: int) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """The verb synset at ``offset``: its lemmas and its hypernyms (cached: WordNet's file does not
    change while a process runs, and :func:`_kind_of_sense`'s walks up from different senses meet
    at the same hypernyms)."""
    _, data = wordnet._maps("verb")
    with wordnet._LOCK:
        line, _ = wordnet._line_at(data, offset)
    fields = line.split()
    lemmas = tuple(fields[4 + 2 * i].decode().lower() for i in range(int(fields[3], 16)))
    _, pointers = wordnet._synset(data, offset)
    return lemmas, tuple(t for symbol, t, pos in pointers if symbol == b"@" and pos == b"v")


@cache
def _anchors(which: str) -> frozenset[int]:
    """The anchor synsets present in the installed WordNet (an offset whose synset lacks its lemma is
    another WordNet version: left out rather than misread)."""
    table = _RUNNING if which == "running" else _TAKING_PART
    out = set()
    for offset, lemma in table:
        try:
            if lemma in _verb_synset(offset)[0]:
                out.add(offset)
        except (IndexError, ValueError):
            continue
    return frozenset(out)


@lru_cache(maxsize=16384)
def _kind_of_sense(offset: int) -> str | None:
    running, taking = _anchors("running"), _anchors("taking")
    frontier, seen = {offset}, set()
    for _ in range(_DEPTH + 1):
        if frontier & running:
            return "running"
        if frontier & taking:
            return "taking_part"
        seen |= frontier
        frontier = {h for f in frontier for h in _verb_synset(f)[1]} - seen
    return None


@lru_cache(maxsize=8192)
def verb_kind(english: str) -> str | None:
    """"running", "taking_part" or None for an English verb: the kind of its most frequent sense of
    either kind among its first :data:`_SENSES` senses (:data:`_FEW_SENSES` for a verb of at most
    :data:`_FEW` senses), provided no sense at all is of the other kind. A light verb's far sense
    ("give" a course) says nothing, and a verb that can name both ("run" a shop / a marathon, "work",
    "train", "prepare") names neither."""
    senses = wordnet.synsets(english, "verb")
    kinds = [_kind_of_sense(sense) for sense in senses]
    window = kinds[:_FEW_SENSES if len(senses) <= _FEW else _SENSES]
    first = next((k for k in window if k), None)
    if first is None or any(k and k != first for k in kinds):
        return None
    return first


def _office(word: Word, lang: str) -> bool:
    """``word`` names an office held ("la presidencia", "the captaincy"): WordNet's kinds of office."""
    readings = (word.lemma,) if lang == "en" else word.translations
    return any(wordnet.kind_of("office", r) for r in readings)


def _kind(word: Word, lang: str) -> str | None:
    if lang == "en":
        return verb_kind(word.lemma)
    kinds = {verb_kind(t) for t in word.translations} - {None}
    return kinds.pop() if len(kinds) == 1 else None


def _stems(word: str) -> tuple[str, ...]:
    """``word`` and, for a third-person "-s"/"-es" form, what it may be a form of ("teaches" → "teach")."""
    return (word, word[:-1], word[:-2]) if word.endswith("s") and len(word) > 3 else (word,)


def _words(lang: str, text: str) -> tuple[Word, ...] | None:
    words = bilingual.analyse(lang, text)
    if words is None or lang != "en" or not words:
        return words
    first = words[0]
    if first.pos in ("n", "") and any(wordnet.synsets(stem, "verb") for stem in _stems(first.lemma)):
        return bilingual.analyse("en", "He " + text[:1].lower() + text[1:])  # a note that opens with its verb
    return words


@text_cache(maxsize=8192)
def settings(lang: str, text: str) -> tuple[tuple[Word, str, bool, int], ...] | None:
    """Each noun a role verb of ``text`` governs, as (the noun, the verb's kind, as its direct object,
    the verb's position)."""
    if not (bilingual.available() and _verb_maps()):
        return None
    words = _words(lang, text)
    if words is None:
        return None
    out = []
    verb: str | None = None
    direct, at = True, -1
    for i, w in enumerate(words):
        if w.pos in ("vblex",):
            verb, direct, at = _kind(w, lang), True, i
            continue
        if lang == "en" and not w.pos and (i == 0 or words[i - 1].pos == "prn"):
            # a verb Apertium does not know, where the note's verb stands ("Teaches the class")
            verb, direct, at = next((k for k in map(verb_kind, _stems(w.lemma)) if k), None), True, i
            continue
        if w.pos in _NO_ROLE or w.pos in ("sent", "cnjsub", "rel"):
            verb = None
            continue
        if w.pos == "pr":
            if w.lemma in _AS:
                verb = None  # "Serves as organizer", "Trabaja como director": the role is a noun
            elif not (lang == "es" and w.lemma in _PERSONAL_A):
                direct = False
            continue
        if w.pos == "n" and verb is not None:
            if verb == "taking_part" and direct and _office(w, lang):
                verb = None  # "ocupa la presidencia de…": holding an office is running it
                continue
            out.append((w, verb, direct, at))
            continue
        if w.pos not in _SKIP and w.pos != "n":
            verb = None
    return tuple(out)


def _same(x: Word, lang_x: str, y: Word, lang_y: str) -> bool:
    if lang_x == lang_y:
        return fold(x.lemma) == fold(y.lemma) or bool(set(x.translations) & set(y.translations))
    return fold(x.lemma) in {fold(t) for t in y.translations} or fold(y.lemma) in {fold(t) for t in x.translations}


def role_by_verb(text_a: str, lang_a: str, text_b: str, lang_b: str) -> bool | None:
    """One note runs a setting the other takes part in (module docstring). None when unknowable."""
    a, b = settings(lang_a, text_a), settings(lang_b, text_b)
    if a is None or b is None:
        return None
    for mine, lang_m, other, lang_o in ((a, lang_a, b, lang_b), (b, lang_b, a, lang_a)):
        for noun, kind, direct, at in mine:
            if kind != "running" or not direct:
                continue
            there = [k for n, k, _, _ in other if _same(noun, lang_m, n, lang_o)]
            here = [k for n, k, _, _ in mine if _same(noun, lang_m, n, lang_m)]
            # the whole setting named on the other side ("the town band" is not "the school band")
            phrase = [n for n, _, _, v in mine if v == at]
            named = all(any(_same(n, lang_m, m, lang_o) for m, _, _, _ in other) for n in phrase)
            if named and "taking_part" in there and "running" not in there and "taking_part" not in here:
                return True
    return False
