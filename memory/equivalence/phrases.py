"""Noun phrases read through Apertium's tags: one against several, all of a kind against a kind of
it, a rank against a count (issue 16, round 43).

The embedder places "Tiene un gato en casa" and "Tiene gatos en casa" at 0.99: the article and the
plural ending are the only difference, and no closed list of the signature (:mod:`.signature`) sees
them. Apertium's taggers (:mod:`.bilingual`) do: each word comes with its lemma, its part of speech,
its number and its determiner's kind ("uno<det><ind><sg>", "gato<n><m><pl>"). This module reads
each common noun of a note as a :class:`Phrase` — its head, number, determiner and *governor* (the
verb or preposition that takes it) — and compares the phrases of two notes that fill the same slot:

* **one against several** (:func:`one_against_several`): the same noun, said once in the singular
  with the indefinite article or "one" ("un gato", "a rental flat", "one client") and once in the
  plural, bare or with an indefinite plural ("gatos", "rental flats", "unos clientes"), as the
  object of a verb of having, keeping, caring for, renting or employing (:data:`_HOLDING`) or after
  the comitative "with" / "con" — what a person has, owns, looks after or is with. One cat is not
  cats. Measured first without the slot (stop 32: 8 equivalents lost for 1 misleading pair; round
  43: 6 for 4): a setting ("in a meeting" / "in meetings"), a kind after a verb of liking ("Prefers
  a window seat" / "window seats") and a habit ("Takes a nap" / "Takes naps") are the same fact.
* **all of a kind against a kind of it** (:func:`kind_narrowed`): one note quantifies a noun
  universally ("all", "any", "every", "no", "todo", "cualquier", "ningún", "cada", "any kind of",
  "of any kind", "de ningún tipo", "nada de"), the other names, in the same slot (after the same verb or preposition), without such
  a quantifier, a narrower thing: the same noun with a modifier the first lacks ("any meat" / "la
  carne roja") or a noun WordNet places a kind below it within three steps (:func:`.wordnet.kind_of`:
  "all tree nuts" / "walnuts", "any meat" / "chicken"). All meat is not red meat. Round 65: a
  complement after the noun restricts it too ("notificaciones del trabajo", "notifications from
  work", "el libro de la serie", "the book in the series"), as does an ordinal ("el primer libro");
  "at all" / "en absoluto" after a noun and "nada de" before it quantify it; and a restriction both
  notes say ("del trabajo" / "from work") is none — only one the general side does not say counts. Measured first as a bare "all" on one side (round 29: 17
  equivalents lost for 2); the noun and the slot keep equivalents ("every other week" is no
  universal, and a noun inside a name, "Apple Pay", is no kind).
* **a rank against a count** (:func:`rank_against_count`): :mod:`.values` reads an ordinal as its
  number ("tercera planta" is "planta tres"); but an ordinal on one side against the same number
  counting a plural noun on the other ("Finished second" / "Has finished two tournaments") is a
  place against a quantity. A number after its noun ("planta 3", "Q3") is a label, not a count,
  and stays the same value.

A note of one language is compared within it (the same lemma); across ES↔EN through the dictionary
(one side's lemma among the other's translations). Without Apertium every check answers False (the
chain behaves as before). Pure Python, no Django; nothing is logged.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from memory.equivalence import bilingual, values, wordnet
from memory.equivalence.normalise import fold
from memory.equivalence.analysis import _analyse
from memory.text_caches import text_cache

#: Verbs whose object is a count of things or people the person has: having, keeping, caring for,
#: renting, employing (Apertium's lemmas, ES and EN; one group is one slot, whichever verb is said).
#: A verb outside them takes habits and kinds as readily as counts ("Takes a nap after lunch" /
#: "Takes naps after lunch", "Prefers a window seat"), so it is left out.
_HOLDING: dict[str, frozenset[str]] = {
    "have": frozenset({"have", "own", "keep", "tener", "poseer"}),
    "care": frozenset({"look after", "take care", "care for", "raise", "foster", "adopt", "cuidar", "criar",
                       "acoger", "adoptar"}),
    "rent": frozenset({"rent", "rent out", "let", "lease", "alquilar", "arrendar"}),
    "employ": frozenset({"employ", "hire", "emplear", "contratar"}),
}
#: What may stand between a verb and its object: the Spanish personal "a" and "cuidar de", English
#: particles ("rents out", "cares for")
_PARTICLES = frozenset({"a", "de", "out", "after", "for"})
#: The comitative preposition: who or what a person is with ("Cena con un cliente" / "with clients").
_WITH = frozenset({"with", "con"})
#: The indefinite singular: the article or the numeral one.
_ONE = frozenset({"a", "an", "uno", "one", "un", "una"})
_VERBS = frozenset({"vblex", "vbhaver", "vbmod"})
#: Determiners that quantify over every member of a kind (Apertium's lemmas; "todo" is a predeterminer)
_UNIVERSAL = frozenset({"all", "any", "every", "each", "no", "todo", "cualquier", "cualquiera", "ninguno", "nada",
                        "cada"})
#: "notifications at all", "notificaciones en absoluto": a universal said after the noun (one analysed unit)
_AT_ALL = frozenset({"at all", "en absoluto"})
#: The prepositions of a complement that restricts a noun to a source, kind or whole ("del trabajo",
#: "from work", "de la serie", "in the series")
_COMPLEMENT = {"es": frozenset({"de"}), "en": frozenset({"from", "of", "in"})}
#: "any kind of X", "ningún tipo de X": the quantifier is over X
_KIND_NOUNS = frozenset({"kind", "type", "sort", "tipo", "clase"})
#: "every other week", "cada dos semanas" alternate: no universal
_ALTERNATE = frozenset({"other", "otro"})


# Words without which a check cannot fire, looked for in the folded text before Apertium is asked
# (most pairs have none: the analysis, about 3 ms a new note, is then skipped)
_SAYS_ONE = re.compile(r"\b(?:a|an|one|un|una|uno)\b")
_SAYS_ALL = re.compile(r"\b(?:all|any|every|each|no|todo|toda|todos|todas|cualquier|cualquiera|ningun|ninguna|"
                       r"ninguno|cada|nada)\b")
_SAYS_RANK = re.compile(r"\b(?:" + "|".join(values._ORDINALS) + r"|tercer|\d+\.?(?:st|nd|rd|th|o|a))\b")


def _says(pattern: re.Pattern[str], text: str) -> bool:
    return bool(pattern.search(fold(text).replace("º", "o").replace("ª", "a")))


@dataclass(frozen=True)
class Phrase:
    """A common noun of a note with what Apertium says around it."""

    head: str  # the noun's lemma
    translations: tuple[str, ...]  # the bilingual dictionary's lemmas for it
    number: str  # "sg", "pl" or "" (both, or unknown)
    one: bool  # the indefinite article or "one" before it, in the singular
    bare_plural: bool  # plural with no determiner, or an indefinite plural one ("unos", "several")
    governor: bilingual.Word | None  # the verb or preposition before the phrase, None at the start
    verb: bilingual.Word | None  # the governor, or the verb before its particle ("Cuida a un nieto", "Rents out")
    universal: bool = False  # quantified over all of its kind ("all", "ningún tipo de", "nada de")
    modifiers: tuple[bilingual.Word, ...] = ()  # adjectives and modifying nouns ("red", "rental", "rojo")
    english: frozenset[str] = frozenset()  # English lemmas to ask WordNet about ("tree nut", "nut")
    in_name: bool = False  # part of a proper name ("Apple Pay")
    count: float | None = None  # the cardinal before it ("dos torneos": 2), not an ordinal


def language(text: str) -> str | None:
    """"es" or "en": the chain's reading of the note, else the one Apertium knows more words of."""
    lang = _analyse(text).lang
    if lang in ("es", "en"):
        return lang
    if not bilingual.available():
        return None
    unknown = {}
    for candidate in ("es", "en"):
        words = bilingual.analyse(candidate, text)
        if words is None:
            return None
        unknown[candidate] = sum(1 for w in words if not w.pos)
    if unknown["es"] == unknown["en"]:
        return None
    return min(unknown, key=lambda k: unknown[k])


def _number(word: bilingual.Word) -> str:
    return "pl" if "pl" in word.tags else "sg" if "sg" in word.tags else ""


@text_cache(maxsize=8192)
def phrases(lang: str, text: str) -> tuple[Phrase, ...]:
    """The common nouns of ``text`` (a note in ``lang``) as :class:`Phrase` s; () without Apertium.

    An English noun followed by another noun modifies it ("rental flat": the head is *flat*);
    adjectives and such modifiers between a determiner and its noun are skipped on the way back."""
    if not bilingual.available():
        return ()
    words = _words(lang, text)
    out = []
    for i, word in enumerate(words):
        if word.pos != "n" or (lang == "en" and i + 1 < len(words) and words[i + 1].pos == "n"):
            continue
        j = i - 1
        while j >= 0 and words[j].pos in (("adj", "n") if lang == "en" else ("adj",)):
            j -= 1
        modifiers = list(words[j + 1:i])
        determiners = []
        while j >= 0 and words[j].pos in ("det", "predet", "num"):
            determiners.append(words[j])
            j -= 1
        number = _number(word)
        one = number == "sg" and any(d.lemma in _ONE and (d.pos == "num" or "ind" in d.tags) for d in determiners)
        bare = number == "pl" and all(d.pos == "det" and "ind" in d.tags for d in determiners)
        quantifiers = list(determiners)
        if j >= 1 and words[j].lemma in ("of", "de") and words[j - 1].lemma in _KIND_NOUNS:
            j -= 2  # "any kind of meat": the kind noun's determiners quantify the noun
            while j >= 0 and words[j].pos in ("det", "predet"):
                quantifiers.append(words[j])
                j -= 1
        elif j >= 1 and words[j].lemma == "de" and words[j - 1].lemma == "nada":
            quantifiers.append(words[j - 1])  # "nada de alcohol"
            j -= 2
        after = words[i + 1:i + 4]  # "meat of any kind", "carne de ningún tipo": the quantifier follows
        if len(after) == 3 and after[0].lemma in ("of", "de") and after[1].pos in ("det", "predet") \
                and after[2].lemma in _KIND_NOUNS:
            quantifiers.append(after[1])
        universal = (any(q.lemma in _UNIVERSAL or q.pos == "predet" for q in quantifiers)
                     and not any(q.lemma in _ALTERNATE for q in quantifiers)) \
            or (i + 1 < len(words) and words[i + 1].lemma in _AT_ALL)  # "notifications at all"
        k = i + 1
        if lang == "es":  # a Spanish noun's modifiers follow it: "carne roja", "carne de cerdo"
            while k < len(words) and words[k].pos == "adj":
                modifiers.append(words[k])
                k += 1
        english = {word.lemma} if lang == "en" else set(word.translations)
        if lang == "en" and modifiers and modifiers[-1].pos == "n":
            english.add(f"{modifiers[-1].lemma} {word.lemma}")  # "tree nut", "red meat" as WordNet may list them
        elif lang == "en" and len(modifiers) == 1:
            english.add(f"{modifiers[0].lemma} {word.lemma}")
        complement = _complement_noun(words, k, lang)
        if complement is not None:
            modifiers.append(complement)  # "notificaciones del trabajo", "notifications from work"
        modifiers.extend(d for d in determiners if "ord" in d.tags)  # "el primer libro": one of them
        in_name = any(w.pos == "np" for w in words[max(0, i - 2):i])
        counts = [_value(d) for d in determiners if d.pos == "num" and "ord" not in d.tags]
        governor = _governor(words, j)
        verb = words[j - 1] if governor is not None and governor.lemma in _PARTICLES \
            and j >= 1 and words[j - 1].pos in _VERBS else governor
        out.append(Phrase(word.lemma, word.translations, number, one, bare, governor, verb, universal,
                          tuple(modifiers), frozenset(english), in_name, next((c for c in counts if c), None)))
    return tuple(out)


def _complement_noun(words: tuple[bilingual.Word, ...], k: int, lang: str) -> bilingual.Word | None:
    """The noun of a complement right after a head, which restricts it to one source, kind or
    whole: Spanish "de" (an article or a possessive allowed between: "de cerdo", "del trabajo", "de
    la serie"), English "from", "of", "in" ("notifications from work", "every book in the series");
    None when none follows."""
    if k >= len(words) or words[k].pos != "pr" or words[k].lemma not in _COMPLEMENT[lang]:
        return None
    k += 1
    if k < len(words) and words[k].pos == "det":
        k += 1  # one article or possessive
    if k < len(words) and (words[k].pos == "n" or (lang == "en" and words[k].pos == "vblex"
                                                    and "inf" in words[k].tags)):
        return words[k]  # an English bare form after "from" is a noun the tagger read as a verb ("from work")
    return None


def _value(word: bilingual.Word) -> float | None:
    """The number a numeral or an ordinal writes ("dos", "2", "second", "tercer", "3rd"), or None."""
    lemma = fold(word.lemma)
    if lemma in values._ORDINALS:
        return float(values._ORDINALS[lemma])
    read = values.numbers(lemma)
    return next(iter(read[0])) if len(read) == 1 and len(read[0]) == 1 else None


def _ordinals(words: tuple[bilingual.Word, ...]) -> set[float]:
    return {v for w in words if "ord" in w.tags and (v := _value(w)) is not None}


def _words(lang: str, text: str) -> tuple[bilingual.Word, ...]:
    """Apertium's words for ``text``. Agents drop the subject ("Reads novels every month"), and
    English's tagger then reads the opening verb as a plural noun: when it reads a noun there and,
    with "She" put before, a verb, that second reading is the note's (without the "She")."""
    words = bilingual.analyse(lang, text) or ()
    if lang == "en" and words and words[0].pos == "n" and text[:1].isupper():
        again = bilingual.analyse("en", f"She {text[0].lower()}{text[1:]}") or ()
        if len(again) > 1 and again[0].pos == "prn" and again[1].pos in _VERBS:
            return again[1:]
    return words


def _governor(words: tuple[bilingual.Word, ...], j: int) -> bilingual.Word | None:
    """The verb or preposition at ``words[j]`` that takes a phrase; an English particle is read with
    its verb ("given up all meat": *give up*). None at the start of the note or of a clause."""
    if j < 0 or words[j].pos in ("sent", "cm"):
        return None
    word = words[j]
    if word.pos == "adv" and j >= 1 and words[j - 1].pos in _VERBS:
        verb = words[j - 1]
        return bilingual.Word(f"{verb.lemma} {word.lemma}", verb.pos, verb.translations, verb.tags)
    return word


def _same(x: str, x_translations: tuple[str, ...], x_lang: str, y: str, y_translations: tuple[str, ...],
          y_lang: str) -> bool:
    """One lemma within a language; across languages one side's lemma among the other's translations."""
    if x_lang == y_lang:
        return x == y
    return y in x_translations or x in y_translations


def _same_slot(x: bilingual.Word | None, y: bilingual.Word | None) -> bool:
    """Both phrases are the object of verbs of one :data:`_HOLDING` group, or both follow "with"/"con"."""
    if x is None or y is None:
        return False
    if x.lemma in _WITH and y.lemma in _WITH:
        return True
    return x.pos in _VERBS and y.pos in _VERBS and any(x.lemma in g and y.lemma in g for g in _HOLDING.values())


def _both_ways(text_a: str, text_b: str, gate: re.Pattern[str]) -> Iterator[tuple[Phrase, str, Phrase, str]]:
    """Every phrase of one note with every phrase of the other, both ways round, with their
    languages; nothing when neither note says what ``gate`` looks for or a language is unknown."""
    if not (_says(gate, text_a) or _says(gate, text_b)):
        return
    la, lb = language(text_a), language(text_b)
    if la is None or lb is None:
        return
    pa, pb = phrases(la, text_a), phrases(lb, text_b)
    for (xs, x_lang), (ys, y_lang) in (((pa, la), (pb, lb)), ((pb, lb), (pa, la))):
        for x in xs:
            for y in ys:
                yield x, x_lang, y, y_lang


def one_against_several(text_a: str, text_b: str) -> bool:
    """One note says one of a thing ("un gato", "a rental flat"), the other several of the same
    thing ("gatos", "rental flats"), in the same slot (module docstring)."""
    return any(x.one and y.bare_plural and _same(x.head, x.translations, x_lang, y.head, y.translations, y_lang)
               and _same_slot(x.verb, y.verb) for x, x_lang, y, y_lang in _both_ways(text_a, text_b, _SAYS_ONE))


def _narrower(general: Phrase, g_lang: str, specific: Phrase, s_lang: str) -> bool:
    """``specific`` names a part of what ``general`` quantifies: the same noun with a modifier the
    general one does not say (an adjective, a modifying noun, a complement: "del trabajo", "from
    work"; an ordinal: "el primer libro"), or a kind WordNet places below it (a modifying noun on the general side is
    allowed there: "tree nuts" is read as a kind of nut, of which a walnut is one)."""
    if _same(general.head, general.translations, g_lang, specific.head, specific.translations, s_lang):
        # a restriction the general one does not also say ("del trabajo" / "from work" on both is none)
        return any(not any(_same(m.lemma, m.translations, s_lang, g.lemma, g.translations, g_lang)
                           for g in general.modifiers) for m in specific.modifiers)
    if any(m.pos != "n" for m in general.modifiers):
        return False  # "ninguna bebida alcohólica" is no longer all drinks
    return any(wordnet.kind_of(g, s) for g in general.english for s in specific.english)


def _slot_of(x: bilingual.Word | None, x_lang: str, y: bilingual.Word | None, y_lang: str) -> bool:
    """Both phrases follow the same verb or preposition (both opening the note count as one slot)."""
    if x is None or y is None:
        return x is None and y is None
    return _same(x.lemma, x.translations, x_lang, y.lemma, y.translations, y_lang) \
        or any(t in y.lemma.split() for t in x.translations) or any(t in x.lemma.split() for t in y.translations)


def kind_narrowed(text_a: str, text_b: str) -> bool:
    """One note says all of a kind ("any meat", "all tree nuts"), the other, in the same slot, a
    kind of it ("la carne roja", "walnuts") (module docstring)."""
    return any(x.universal and not x.in_name and not y.universal and not y.in_name
               and _slot_of(x.governor, x_lang, y.governor, y_lang) and _narrower(x, x_lang, y, y_lang)
               for x, x_lang, y, y_lang in _both_ways(text_a, text_b, _SAYS_ALL))


def rank_against_count(text_a: str, text_b: str) -> bool:
    """One note ranks ("Finished second"), the other counts the same number of a plural noun
    ("Has finished two tournaments") and ranks nothing so (module docstring)."""
    if not (_says(_SAYS_RANK, text_a) or _says(_SAYS_RANK, text_b)):
        return False
    la, lb = language(text_a), language(text_b)
    if la is None or lb is None:
        return False
    wa, wb = _words(la, text_a), _words(lb, text_b)
    ranks_a, ranks_b = _ordinals(wa), _ordinals(wb)
    counts_a = {p.count for p in phrases(la, text_a) if p.number == "pl" and p.count is not None}
    counts_b = {p.count for p in phrases(lb, text_b) if p.number == "pl" and p.count is not None}
    return bool((ranks_a - ranks_b) & (counts_b - counts_a)) or bool((ranks_b - ranks_a) & (counts_a - counts_b))
