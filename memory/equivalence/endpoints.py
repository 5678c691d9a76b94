"""Ordered from–to endpoints said across ES↔EN, reversed (issue 16, round 59).

A Spanish note and an English one that name the same two ends of a movement or a conversion in
opposite order ("Translates novels from English into French" / "Traduce novelas del francés al
inglés"; money moved from one account to another / "de la cuenta corriente a la de ahorro"; a
drive from Oporto to Valencia / "de Valencia a Oporto") share every content word, so the
embedder places them as close as a translation. The same-language direction check
(:func:`~.compare._direction_swap`) compares endpoint keys of one language; the translated-reading
veto (:mod:`.translation`) needs both machine-translated readings to fire, and a rough translation
loses the frame on one of them. Three such pairs merged at their untouched readings (p64, p72, p76).

This module reads each note's ordered endpoints with a small frame grammar over Apertium's analysis
(:func:`.bilingual.analyse`: lemmas, parts of speech, the dictionary's translations):

* English: ``from|out of X to|into|onto|towards|until Y``, or ``to … Y from|out of X``;
* Spanish: ``de|desde X a|hasta|hacia|en Y`` (the ``de`` nearest the second marker, so a possessive
  "de su abuela" before "del catalán al castellano" is not an endpoint), or ``a|hasta|hacia … Y desde X``
  (only ``desde`` after: "a casa de su madre" is a possessive, not an origin);

where each endpoint is a noun phrase — determiners, then one to four nouns, names, adjectives
(language names and nationality adjectives among them), numbers or words the analyser does not
know, with an ``of``/``de`` complement — and nothing else: a verb or a pronoun after a marker ("from
home to avoid traffic", "de fumar a…") leaves no frame. A word both ends of one note name ("account"
in "from the business account to the personal account") is dropped from both; an article before an
elided noun ("a la de ahorro") stands for it.

Round 65: an end whose noun is elided ("to her personal one", "a la personal", "a la de ahorro")
names the other end's noun, which is then dropped from that end too ("from the joint account to her
personal one": *joint* / *personal*); a Spanish word's translation spelled like an English word or
containing it is that word for common nouns and adjectives too ("conjunto" → "conjoint" / "joint");
an end said with a possessive ("su cuenta", "a la suya", "to her own", "de su propia cuenta") is the
owner's, a mark that only another such end matches (dropped from both ends when both have it);
"out of … into" is an English frame; and each note is read through
:func:`.bilingual.analyse_names`, so a word written with a capital mid-sentence that the tagger
reads as a verb is a name by its written form ("de Quito a Lima": not *quitar*, "remove").

:func:`reversed_endpoints` says True when a Spanish frame and an English frame name the same two
ends crosswise — the Spanish origin is, through the dictionary (a translation either way, of the word as tagged or of its lemma read
alone: the tagger reads "corriente" in "la cuenta corriente" as an adjective, "common") or by
spelling (names, cognates: "Lisboa"/"Lisbon"), the English destination and the Spanish destination
the English origin, while neither origin matches the other origin nor destination the other
destination — and neither note also states the other's order (a round trip). Anything not clearly
parsed abstains (False); None when Apertium is not installed. A veto only. Pure Python, no Django;
nothing is logged.
"""

from __future__ import annotations

from dataclasses import dataclass

from memory.equivalence import bilingual, wordnet
from memory.equivalence.bilingual import Word

#: The markers of each language: an origin, a destination, and the origin a destination may precede.
_FROM = {"en": frozenset({"from", "out of"}), "es": frozenset({"de", "desde"})}
_TO = {"en": frozenset({"to", "into", "onto", "towards", "toward", "until", "till"}),
       "es": frozenset({"a", "hasta", "hacia", "en"})}
_FROM_AFTER = {"en": frozenset({"from", "out of"}), "es": frozenset({"desde"})}
#: A noun's complement inside an endpoint: "the Bank of Spain", "la cuenta de ahorro".
_OF = {"en": "of", "es": "de"}
_ELIDED = frozenset({"el", "la", "los", "las"})  # an article before an elided noun: "a la de ahorro"
_ONE = frozenset({"one", "ones"})  # "her personal one": an English elided noun
_OWN = frozenset({"own", "propio"})
#: An end said with a possessive ("su cuenta", "her own", "la suya"): the owner's, matched only by
#: another such end (a word both ends say is dropped from both, as any other)
_OWNED = Word("·own", "own", ())
_CONTENT = frozenset({"n", "np", "adj", "num", ""})  # "": a word the analyser does not know (a name)
_MAX_CONTENT = 4
#: A verb form that modifies a noun as an adjective does: an English gerund or participle before it
#: ("the checking account", "the frozen lake"), a Spanish participle after it ("la cuenta congelada")
_MODIFIER_FORMS = frozenset({"ger", "pp"})
#: A word a noun compound's WordNet synonym adds to an end ("checking account": *current*, *chequing*);
#: not a noun of the end's own, so never its head
_SYNONYM = "syn"
_MAX_GAP = 8  # words between a destination and the origin said after it ("to Lisbon every June from…")


@dataclass(frozen=True)
class Frame:
    """One note's ordered ends: the content words of its origin and of its destination."""

    origin: tuple[Word, ...]
    destination: tuple[Word, ...]


def _endpoint(words: tuple[Word, ...], start: int, lang: str, *,
              until: int | None = None) -> tuple[tuple[Word, ...], bool]:
    """The noun phrase's content words from ``start``: up to ``until`` (it must fill the gap exactly),
    else as far as it runs; () when anything but a noun phrase is there. With it, whether the
    phrase's noun is elided ("a la de ahorro", "a la personal", "her personal one"): it is then the
    other end's noun."""
    end = len(words) if until is None else until
    content: list[Word] = []
    elided = owned = False
    i = start
    while i < end:
        w = words[i]
        if not content and w.pos == "prn" and "pos" in w.tags:
            owned = elided = True  # "a la suya", "to hers": the owner's, the noun left out
            i += 1
            break
        if (not content and w.pos == "det" and "pos" in w.tags) or (w.pos == "adj" and w.lemma in _OWN):
            owned = True  # "su cuenta", "her own account", "su propia cuenta"
            i += 1
            continue
        if w.pos == "prn" and w.lemma in _ELIDED and i + 1 < end and words[i + 1].lemma == _OF[lang]:
            w = Word(w.lemma, "det", w.translations)  # the tagger reads "la de ahorro"'s article as a pronoun
            elided = True
        # "of"/"de" opens a complement after a noun ("la cuenta de ahorro") or an elided one after an
        # article ("a la de ahorro": the savings one)
        if w.pos == "det" or (w.lemma == _OF[lang] and w.pos == "pr" and i + 1 < end
                              and (content or (i > start and words[i - 1].pos in ("det", "prn")))):
            if content and w.pos == "det" and until is None:
                break  # "to the office the next day": a second phrase begins
            i += 1
            continue
        if lang == "en" and w.lemma in _ONE and content and content[-1].pos in ("adj", "n"):
            elided = True  # "to her personal one": the noun is the other end's
            i += 1
            continue
        if w.pos == "vblex" and _MODIFIER_FORMS & set(w.tags) and (
                (lang == "en" and i + 1 < end and words[i + 1].pos == "n")
                or (lang == "es" and "pp" in w.tags and content and content[-1].pos == "n")):
            w = Word(w.lemma, "adj", w.translations, w.tags, w.surface)  # a modifier, not the clause's verb
        if w.pos not in _CONTENT or not w.lemma or len(content) == _MAX_CONTENT:
            break
        content.append(w)
        i += 1
    if until is not None and i != until:
        return (), False
    if lang == "es" and content and i > start and words[start].lemma in _ELIDED \
            and all(w.pos == "adj" for w in content):
        elided = True  # "a la personal": an article and an adjective, the noun left out
    if owned and not any(w.pos in ("n", "np", "") for w in content):
        elided = True  # "to her own", "to her personal one": whose, the noun left out
    return tuple(content) + ((_OWNED,) if owned else ()), elided


def frames(lang: str, words: tuple[Word, ...]) -> list[Frame]:
    """The ordered (origin, destination) frames of one analysed note (module docstring)."""
    out: list[Frame] = []
    for j, w in enumerate(words):
        if w.pos != "pr" or w.lemma not in _TO[lang]:
            continue
        # forward: the origin marker nearest before the destination marker, a noun phrase between
        i = next((k for k in range(j - 1, max(j - _MAX_CONTENT - 4, -1), -1)
                  if words[k].pos == "pr" and words[k].lemma in _FROM[lang]), None)
        if i is not None:
            origin, origin_elided = _endpoint(words, i + 1, lang, until=j)
            destination, destination_elided = _endpoint(words, j + 1, lang)
            if lang == "en":
                origin, destination = _with_synonyms(origin), _with_synonyms(destination)
            if origin and destination:
                out.append(_elide(Frame(origin, destination), lang, origin_elided, destination_elided))
                continue
        # backward: "to Lisbon from Madrid", "a Lisboa desde Madrid"
        destination, destination_elided = _endpoint(words, j + 1, lang)
        if not destination:
            continue
        k = j + 1
        while k < len(words) and k <= j + _MAX_GAP and not (
                words[k].pos == "pr" and words[k].lemma in _FROM_AFTER[lang]):
            if words[k].pos in ("sent", "cm", "cnjcoo", "cnjsub"):
                k = len(words)  # another clause: its "from" is no origin of this destination
            k += 1
        if k < len(words) and k <= j + _MAX_GAP:
            origin, origin_elided = _endpoint(words, k + 1, lang)
            if lang == "en":
                origin, destination = _with_synonyms(origin), _with_synonyms(destination)
            if origin:
                out.append(_elide(Frame(origin, destination), lang, origin_elided, destination_elided))
    return [f for f in (_distinct(f) for f in out) if f is not None]


def _forms(w: Word) -> tuple[str, ...]:
    """How an English compound's modifier may be written in WordNet: the gerund or participle of a
    verb read as a modifier ("check" → "checking"), a noun's plural as written ("savings")."""
    lemma = w.lemma
    if "ger" in w.tags:
        return (lemma + "ing", lemma[:-1] + "ing", lemma + lemma[-1:] + "ing")
    if "pp" in w.tags:
        return (lemma + "ed", lemma + "d", lemma + lemma[-1:] + "ed")
    if "pl" in w.tags:
        return (lemma, lemma + "s")
    return (lemma,)


def _with_synonyms(end: tuple[Word, ...]) -> tuple[Word, ...]:
    """An English end with the words of its noun compound's WordNet synonyms ("checking account" is
    also a "current account": *current*, *chequing*), so a Spanish end said with the synonym's words
    ("cuenta corriente") matches it. Only a compound WordNet lists; () stays ()."""
    if not end or not wordnet.available():
        return end
    own = {part for w in end for part in w.lemma.split()}
    extra: list[str] = []
    for k, head in enumerate(end):
        if head.pos != "n":
            continue
        compounds = [head.lemma] if " " in head.lemma else []
        if k > 0 and end[k - 1].pos in ("adj", "n"):
            compounds += [f"{form} {head.lemma}" for form in _forms(end[k - 1])]
        for compound in compounds:
            for offset in wordnet.synsets(compound):
                for lemma in wordnet.noun_lemmas(offset):
                    extra += [part for part in lemma.replace("-", " ").split() if part not in own and part not in extra]
    return end + tuple(Word(x, _SYNONYM, ()) for x in extra)


def _elide(frame: Frame, lang: str, origin_elided: bool, destination_elided: bool) -> Frame:
    """An end whose noun is elided names the other end's noun: that noun is dropped from the other
    end as a word both name ("from the joint account to her personal one": *joint* / *personal*).
    The head is an English phrase's last noun, a Spanish phrase's first."""
    if origin_elided == destination_elided:
        return frame
    other = frame.destination if origin_elided else frame.origin
    nouns = [w for w in other if w.pos == "n"]
    if not nouns or len(other) < 2:
        return frame
    head = nouns[-1] if lang == "en" else nouns[0]
    kept = tuple(w for w in other if w is not head)
    return Frame(frame.origin, kept) if origin_elided else Frame(kept, frame.destination)


def _distinct(frame: Frame) -> Frame | None:
    """The frame without the words both its ends name ("account"); None when an end is left empty."""
    shared = {w.lemma for w in frame.origin} & {w.lemma for w in frame.destination}
    origin = tuple(w for w in frame.origin if w.lemma not in shared)
    destination = tuple(w for w in frame.destination if w.lemma not in shared)
    return Frame(origin, destination) if origin and destination else None


def _senses(lang: str, word: Word) -> frozenset[str]:
    """What the dictionary gives for ``word`` as tagged and for its lemma read alone: the tagger's
    reading of "la cuenta corriente" (an adjective, "common") misses the noun's ("current")."""
    alone = bilingual.analyse(lang, word.lemma) or ()
    return frozenset(word.translations) | {t for w in alone if w.pos in _CONTENT and w.pos for t in w.translations}


def _match(spanish: tuple[Word, ...], english: tuple[Word, ...]) -> bool:
    """A word of a Spanish end and a word of an English end are one: a translation either way, or
    the same spelling (a name, a cognate, a number)."""
    for s in spanish:
        for e in english:
            if s.pos == "own" or e.pos == "own":
                if s.pos == e.pos:
                    return True
                continue
            if e.lemma in _senses("es", s) or s.lemma in _senses("en", e):
                return True
            if s.pos in ("np", "num", "") or e.pos in ("np", "num", ""):
                if bilingual._same_spelling(s.lemma, e.lemma) \
                        or any(bilingual._same_spelling(t, e.lemma) for t in s.translations):
                    return True
            elif any(bilingual._same_spelling(t, e.lemma) for t in s.translations):
                return True  # a translation spelled as the English word, or containing it: "conjoint" / "joint"
    return False


def _crossed(es: Frame, en: Frame) -> bool:
    return _match(es.origin, en.destination) and _match(es.destination, en.origin) \
        and not _match(es.origin, en.origin) and not _match(es.destination, en.destination)


def _same_order(es: Frame, en: Frame) -> bool:
    return _match(es.origin, en.origin) and _match(es.destination, en.destination)


def reversed_endpoints(spanish: str, english: str) -> bool | None:
    """The Spanish and the English note name the same two ends in opposite order, and neither also
    states the other's order (module docstring); None when Apertium is not installed."""
    if not bilingual.available():
        return None
    # a capitalised word mid-sentence the tagger misreads is a name ("de Quito a Lima": not *quitar*)
    es_words, en_words = bilingual.analyse_names("es", spanish), bilingual.analyse_names("en", english)
    if es_words is None or en_words is None:
        return None
    es_frames, en_frames = frames("es", es_words), frames("en", en_words)
    if not es_frames or not en_frames:
        return False
    if any(_same_order(x, y) for x in es_frames for y in en_frames):
        return False  # a round trip, or one frame said in both orders: no swap of itself
    return any(_crossed(x, y) for x in es_frames for y in en_frames)
