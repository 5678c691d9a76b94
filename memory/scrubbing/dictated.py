"""A password handed over piece by piece (seventeenth round): read out character by character, or
written as the concatenation that builds it.

* **Dictated.** How people read a password aloud or over the phone: a comma-separated run of
  spoken characters — a letter (itself, its English or Spanish name, or its NATO/ITU spelling word),
  a digit (itself or its word), a symbol's name ("hash", "at sign", "almohadilla", "guion bajo") —
  each optionally marked for case ("capital W", "lowercase k", "eme mayúscula"). Six such items or
  more, mixing at least two of letters, digits and symbols, or carrying a case mark: a count ("one,
  two, three…"), a list of grades ("A, B, B, C…") or the spelling alphabet recited ("Alpha, Bravo,
  Charlie…") is one class only and stays.
* **Spelled in the spelling alphabet** (twentieth round): the same read-out without commas — six
  or more NATO/ITU spelling words and digit words in a row, separated by spaces or hyphens ("Bravo
  Seven Echo Lima Nine Kilo", "kilo-tango-4-2-papa-x-ray"), with at least two of each. The spelling
  words are rare in prose; a phrase of them alone ("Alpha Bravo Charlie…", a call sign) or a number
  read out ("two four six") is one class and stays.
* **Concatenated.** A password keyword, its copula or colon, then the value written as parts joined
  by ``+`` ("Gaviota + 'Azul' + 1987", "'Cedar' + '_' + '2024'"): the parts are literal pieces
  of the value (single tokens or quoted strings), three or more, or two with one quoted. A recipe in
  words ("her dog's name plus the year") has no ``+`` between tokens and stays.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from memory.scrubbing.kinds import _Span

_DIGIT_WORDS: Final = ("zero oh one two three four five six seven eight nine niner "
                       "cero uno una dos tres cuatro cinco seis siete ocho nueve").split()
_LETTER_NAMES: Final = (
    # English letter names, the NATO/ITU spelling alphabet, Spanish letter names.
    "bee cee dee ef eff gee aitch jay kay el em en pee cue ar ess tee vee double-u ex wye zed zee "
    "alpha alfa bravo charlie delta echo foxtrot golf hotel india juliet juliett kilo lima mike november "
    "oscar papa quebec romeo sierra tango uniform victor whiskey whisky x-ray xray yankee zulu "
    "be ce de efe ge hache jota ka ele eme ene eñe pe cu ere erre ese te uve doble-uve equis ye zeta").split()
_SYMBOL_NAMES: Final = (
    "hash pound hashtag at at-sign dollar percent ampersand asterisk star exclamation bang underscore dash hyphen "
    "dot period plus equals slash backslash tilde caret colon semicolon "
    "almohadilla arroba dólar dolar porcentaje asterisco exclamación exclamacion interrogación interrogacion "
    "guion guión punto más mas igual barra").split()
_SYMBOL_PHRASES: Final = (r"at[ \t]+sign|question[ \t]+mark|exclamation[ \t]+(?:mark|point)|dollar[ \t]+sign"
                          r"|guion[ \t]+bajo|gui[oó]n[ \t]+bajo|barra[ \t]+baja|signo[ \t]+de[ \t]+\w+")
_CASE_BEFORE: Final = r"(?:capital|uppercase|upper-case|upper[ \t]+case|lowercase|lower-case|lower[ \t]+case|small|big|may[uú]scula|min[uú]scula)"
_CASE_AFTER: Final = r"(?:may[uú]scula|min[uú]scula)"


def _alternation(words: list[str]) -> str:
    return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))


_LETTER: Final = r"(?P<l>" + _alternation(_LETTER_NAMES) + r"|[a-zñ])"
_DIGIT: Final = r"(?P<d>" + _alternation(_DIGIT_WORDS) + r"|\d)"
_SYMBOL: Final = r"(?P<s>" + _SYMBOL_PHRASES + r"|" + _alternation(_SYMBOL_NAMES) + r"|[!#$%&*@_\-+=?])"
_ITEM: Final = (r"(?P<cb>" + _CASE_BEFORE + r"[ \t]+)?(?:" + _SYMBOL + r"|" + _DIGIT + r"|" + _LETTER + r")"
                r"(?![\w\-])(?P<ca>[ \t]+" + _CASE_AFTER + r"\b)?")
_ITEM_RE: Final = re.compile(_ITEM)
_ANY_ITEM: Final = re.sub(r"\(\?P<\w+>", "(?:", _ITEM)
_RUN_RE: Final = re.compile(
    r"(?<![\w\-])" + _ANY_ITEM + r"(?:[ \t]*,[ \t]*(?:(?:and|y)[ \t]+)?" + _ANY_ITEM + r"){5,}")
_SEPARATOR_RE: Final = re.compile(r"[ \t]*,[ \t]*(?:(?:and|y)[ \t]+)?")

_NATO: Final = ("alpha alfa bravo charlie delta echo foxtrot golf hotel india juliet juliett kilo lima mike "
                "november oscar papa quebec romeo sierra tango uniform victor whiskey whisky x-ray xray yankee "
                "zulu").split()
# Thirty-second round: the spelling alphabet as Spanish speakers write it — the ITU words in Spanish
# spelling ("eco", "charli", "julieta"/"yuliet", "maik", "noviembre", "óscar", "uniforme", "víctor",
# "güisqui"/"uiski", "equis", "yanqui", "zulú") — and, among them, a Spanish letter's name that is no
# Spanish word ("jota", "hache", "zeta", "erre", "uve", "eñe"): "tango-eco-jota-uno-nueve-cero". The
# run's test is the same (two spelling words or more and two digits or more), so a phrase of them
# alone or a number read out still stays.
_NATO_ES: Final = ("eco charli charly julieta yuliet maik noviembre óscar uniforme víctor güisqui uiski whiski "
                   "equis yanqui zulú").split()
_LETTER_NAMES_ES: Final = "jota hache zeta erre uve eñe".split()
_NATO_WORDS: Final = (*_NATO, *_NATO_ES)
_SPELLED_ITEM: Final = (r"(?:" + _alternation([*_NATO_WORDS, *_LETTER_NAMES_ES]) + r"|" + _alternation(_DIGIT_WORDS)
                        + r"|\d)\b")
_SPELLED_GAP: Final = r"(?:[ \t]*-[ \t]*|[ \t]+)"
_SPELLED_RUN_RE: Final = re.compile(
    r"(?<![\w\-])" + _SPELLED_ITEM + r"(?:" + _SPELLED_GAP + _SPELLED_ITEM + r"){5,}(?![\w\-])")
_SPELLED_WORD_RE: Final = re.compile(_SPELLED_ITEM)
_NATO_SET: Final = frozenset(_NATO_WORDS)
_LETTER_SET: Final = frozenset(_LETTER_NAMES_ES)

_PART: Final = r"(?:'[^'\n]{1,30}'|\"[^\"\n]{1,30}\"|[^\s+'\",;]{1,30})"
_CONCATENATED_RE: Final = re.compile(
    r"\b(?:passwords?|passwd|pass|pwd|pw|contrase(?:ñ|n)a|clave)\b[^\n.:=+]{0,40}?"
    r"(?:[ \t]*[:=]|[ \t]+(?:is|es|was|era|ser[aá]))[ \t]*"
    r"(?P<v>" + _PART + r"(?:[ \t]*\+[ \t]*" + _PART + r")+)")


def _dictated(run: str) -> bool:
    """Six spoken characters or more that mix classes or carry a case mark (see the docstring)."""
    classes: set[str] = set()
    cased = False
    for piece in _SEPARATOR_RE.split(run):
        m = _ITEM_RE.fullmatch(piece)
        if m is None:
            return False
        classes.add(next(g for g in ("l", "d", "s") if m.group(g) is not None))
        cased = cased or m.group("cb") is not None or m.group("ca") is not None
    return len(classes) >= 2 or cased


# Twenty-ninth round: after a label that says the value is spelled or read out ("deletreada:", "dicha en
# voz alta:", "letra a letra", "spelled out:", "read aloud:"), the run may hold ONE item that is a whole
# word standing for its letter or syllable ("uve, i, ene, o, tinto, guion, dos…", "pe mayúscula, a,
# ele, o, ma, siete…"): the label already says the items are characters. The other items must still be
# six spoken characters or more in the sense of ``_dictated``.
_SPELLING_LABEL_RE: Final = re.compile(
    r"\b(?:deletread[oa]s?|deletrea(?:da|do|r)?|dictad[oa]s?|dicha[ \t]+en[ \t]+voz[ \t]+alta|dicho[ \t]+en[ \t]+voz[ \t]+alta"
    r"|letra[ \t]+(?:a|por)[ \t]+letra|spelled[ \t]+out|spelt[ \t]+out|spelled|spelt|read[ \t]+(?:out|aloud)"
    r"|letter[ \t]+by[ \t]+letter)\b[^\n.]{0,40}?:[ \t]*$")
_SPELLING_HINTS: Final = ("deletre", "dictad", "voz alta", "letra", "spelled", "spelt", "read out", "read aloud",
                          "letter by")
_WORD_ITEM: Final = r"[a-zñáéíóú]{2,8}"
_WILD_RUN_RE: Final = re.compile(
    r"(?<![\w\-])(?:" + _ANY_ITEM + r"|" + _WORD_ITEM + r")(?:[ \t]*,[ \t]*(?:(?:and|y)[ \t]+)?(?:" + _ANY_ITEM
    + r"|" + _WORD_ITEM + r")(?![\w\-])){5,}")


def _dictated_with_a_word(run: str) -> bool:
    """``_dictated`` on a run that holds exactly one whole word among its spoken characters."""
    pieces = _SEPARATOR_RE.split(run)
    known = [p for p in pieces if _ITEM_RE.fullmatch(p) is not None]
    return len(pieces) - len(known) == 1 and len(known) >= 6 and _dictated(", ".join(known))


def find_dictated(text: str, lower: str) -> Iterator[_Span]:
    """A password read out character by character (see the module docstring)."""
    if lower.count(",") < 5:
        return
    for m in _RUN_RE.finditer(lower):
        if _dictated(m.group()):
            yield m.start(), m.end(), "password"
    if ":" in lower and any(h in lower for h in _SPELLING_HINTS):
        for m in _WILD_RUN_RE.finditer(lower):
            if _SPELLING_LABEL_RE.search(lower, max(0, m.start() - 60), m.start()) and _dictated_with_a_word(m.group()):
                yield m.start(), m.end(), "password"


def find_spelled(text: str, lower: str) -> Iterator[_Span]:
    """A password spelled in the spelling alphabet without commas (see the module docstring)."""
    if not any(w in lower for w in ("alpha", "alfa", "bravo", "echo", "kilo", "lima", "tango", "zulu", "x-ray",
                                     "xray", "yankee", "foxtrot", "sierra", "romeo", "quebec", "papa", "oscar",
                                     "november", "mike", "juliet", "india", "hotel", "golf", "delta", "charlie",
                                     "uniform", "victor", "whisk", "eco", "charli", "noviembre", "uniforme",
                                     "víctor", "yanqui", "equis")):
        return
    for m in _SPELLED_RUN_RE.finditer(lower):
        words = _SPELLED_WORD_RE.findall(m.group())
        nato = sum(w in _NATO_SET for w in words)
        if nato >= 2 and len(words) - nato - sum(w in _LETTER_SET for w in words) >= 2:
            yield m.start(), m.end(), "password"


def find_concatenated(text: str, lower: str) -> Iterator[_Span]:
    """A password written as the concatenation of its literal parts (see the module docstring)."""
    if "+" not in text:
        return
    for m in _CONCATENATED_RE.finditer(lower):
        parts = [p.strip() for p in m.group("v").split("+")]
        quoted = any(p[:1] in "'\"" for p in parts)
        if len(parts) >= 3 or quoted:
            yield m.start("v"), m.end("v"), "password"


FINDERS: Final = (find_dictated, find_spelled, find_concatenated)
