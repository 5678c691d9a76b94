"""Forty-third secrets round: values the text marks as one secret without a password word beside them
(docs/privacy.md). Four finders, each a class of wording:

* **spaced out, said to be one value** — six or more single characters, each set off by the same
  separator (one space, or one hyphen between letters and digits), in a sentence that says the pieces are
  one value written apart ("sin espacios", "without spaces", "letter by letter:", "te la escribo
  separada", "todo junto"); joined, the characters must make a credential's shape (a letter and a
  digit, a symbol or mixed case), so a spaced-out word or a list of digits stays;
* **a lock followed by its code** — a padlock, combination lock, bike lock or safe ("candado",
  "cerradura", "caja fuerte", "lockbox"), or a locker or gate with no number of its own ("taquilla",
  "locker", "verja", "gate"), then an arrow, colon or dash and three to eight digits (four or more after
  a locker or a gate) closing their clause: the code said with no code word. A number the label names
  as the object's own ("taquilla número →", "Locker 12"), a time or a size after the lock (a timeout) and
  a number followed by a unit stay;
* **a token laced with zero-width characters** — a token with three or more zero-width or word-joiner
  characters inside it, one between most of its visible characters, in a text naming a credential: the
  lacing is the disguise, so the token is a secret when what is left has a letter and a digit or mixed
  case (the fold removes the controls; what is left is a short word no other finder reads);
* **a phrase an encrypted thing opens with** — a disk, volume, keychain or vault (``phrases.HOLDERS``)
  named before "se abre con", "opens with", "se desbloquea con" and a run of three to eight plain
  lower-case words with no function word, closing its clause ("…se abre con molino rojo quiet thunder —
  …"); a typing step with a colon after that holder ("para desbloquear el disco … hay que escribir: …")
  and a sentence-long phrase to the end of the line, function words allowed; and "para el <holder>
  cifrado:" then four or more plain words with no function word to the end of the line.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from memory.scrubbing.kinds import _Span
from memory.scrubbing.phrases import (
    _DOCUMENT_HOLDERS,
    _FUNCTION_WORDS,
    _POLICY,
    _UNLOCK_METHODS,
    HOLDERS,
    points_elsewhere,
)
from memory.scrubbing.vocabulary import IN_LOWER_RE

_KIND: Final = "password"

# --- spaced out, said to be one value ---------------------------------------------------------------
#: A piece is any character but a dash or a bracket, which set the run off from the sentence ("… 9 — así").
_SPACED_RE: Final = re.compile(r"(?<!\S)(?P<v>[^\s—–\-()](?: [^\s—–\-()](?!\S)){5,47})")
_HYPHENED_RE: Final = re.compile(r"(?<![\w\-])(?P<v>[A-Za-z0-9](?:-[A-Za-z0-9]){5,47})(?![\w\-])")
_ONE_VALUE_CUE_RE: Final = re.compile(
    r"(?<![a-z])(?:sin[ \t]+(?:los[ \t]+)?espacios|sin[ \t]+guiones|without[ \t]+(?:the[ \t]+)?(?:spaces|dashes|hyphens)"
    r"|no[ \t]+spaces|letter[ \t]+by[ \t]+letter|letra[ \t]+(?:a|por)[ \t]+letra|char(?:acter)?[ \t]+by[ \t]+char(?:acter)?"
    r"|car[aá]cter[ \t]+a[ \t]+car[aá]cter|one[ \t]+by[ \t]+one|una[ \t]+a[ \t]+una|separad[ao]s?|spaced[ \t]+out"
    r"|todo[ \t]+junto|todo[ \t]+seguido|all[ \t]+together|one[ \t]+word|una[ \t]+sola[ \t]+palabra|deletread[ao]"
    r"|spel(?:led|t)[ \t]+out|join(?:ed)?[ \t]+up)(?![a-z])")
_SENTENCE_END_RE: Final = re.compile(r"[.!?](?:\s|$)|\n")


def _sentence_of(lower: str, start: int, end: int) -> str:
    """The sentence holding ``lower[start:end]`` (80 characters either side at most)."""
    head = lower[max(0, start - 120):start]
    cut = [m.end() for m in _SENTENCE_END_RE.finditer(head)]
    tail = lower[end:end + 80]
    stop = _SENTENCE_END_RE.search(tail)
    return head[cut[-1] if cut else 0:] + " " + tail[:stop.start() if stop else len(tail)]


def _credential_shape(value: str) -> bool:
    letter = any(c.isalpha() for c in value)
    digit = any(c.isdigit() for c in value)
    symbol = any(not c.isalnum() for c in value)
    mixed = any(c.isupper() for c in value) and any(c.islower() for c in value)
    return letter and (digit or symbol or mixed)


def _find_spaced_one_value(text: str, lower: str) -> Iterator[_Span]:
    """Single characters set apart, in a sentence saying they are one value (the module docstring)."""
    if _ONE_VALUE_CUE_RE.search(lower) is None:
        return
    for pattern, sep in ((_SPACED_RE, " "), (_HYPHENED_RE, "-")):
        for m in pattern.finditer(text):
            joined = m.group("v").replace(sep, "")
            if not _credential_shape(joined):
                continue
            if _ONE_VALUE_CUE_RE.search(_sentence_of(lower, m.start("v"), m.end("v"))) is None:
                continue
            yield m.start("v"), m.end("v"), _KIND


# --- a lock followed by its code ------------------------------------------------------------------
_LOCKS: Final = (r"candado|candados|padlock|padlocks|combination[ \t]+lock|bike[ \t]+lock|u-lock|cerradura"
                 r"|caja[ \t]+fuerte|safe|lockbox|keybox|key[ \t]+safe|cofre")
_HOLDS_A_NUMBER: Final = r"taquilla|locker|casillero|verja|cancela|gate|port[oó]n|trastero"
_LOCK_CODE_RE: Final = re.compile(
    r"(?<![a-z\-])(?:(?P<lock>" + _LOCKS + r")|(?P<holder>" + _HOLDS_A_NUMBER + r"))(?![a-z])"
    r"(?P<between>[^\n.;!?:→>—–\-]{0,50}?)[ \t]*(?:→|->|=>|:|—|–|-)[ \t]*(?P<v>\d{3,8})"
    r"(?=[ \t]*(?:$|[\n.;,!?)(]|[ \t][(—–\-][ \t]?|[ \t]+(?:y|and|o|or|pero|but)\b))")
#: Words between the lock and the digits that make the number something else: a measure, the lock's own
#: number, a price, a model.
_NOT_A_CODE_RE: Final = re.compile(
    r"(?<![a-z])(?:timeout|time|tiempo|ms|seconds?|segundos?|minutes?|minutos?|size|tama[ñn]o|count|n[uú]mero|number"
    r"|n[ºo°]|no|num|id|model|modelo|precio|price|cost|coste|serial|serie|ref|referencia|mode|modo|harbor|word"
    r"|words|box[ \t]+number|\d+)(?![a-z])")


_LOCK_HINTS: Final = ("candado", "padlock", "lock", "cerradura", "fuerte", "safe", "keybox", "cofre", "taquilla",
                      "casillero", "verja", "cancela", "gate", "port", "trastero")


def _find_lock_codes(text: str, lower: str) -> Iterator[_Span]:
    """A lock, then an arrow, colon or dash and its digits (the module docstring)."""
    if not any(h in lower for h in _LOCK_HINTS):
        return
    for m in _LOCK_CODE_RE.finditer(lower):
        between = m.group("between")
        if _NOT_A_CODE_RE.search(between) is not None or len(between.split()) > 7:
            continue
        if m.group("holder") is not None and len(m.group("v")) < 4:
            continue  # "Taquilla → 214": a locker's own number as likely as a code
        yield m.start("v"), m.end("v"), _KIND


# --- a token laced with zero-width characters --------------------------------------------------------
_LACING: Final = "\u200b\u200c\u200d\u2060\ufeff\u00ad\u180e"
_LACED_RE: Final = re.compile(r"(?<!\S)[^\s" + _LACING + r"]*(?:[" + _LACING + r"][^\s" + _LACING + r"]+){3,}[" + _LACING + r"]?")
_TRAILING: Final = ".,;:!?)]}\"'”’»"


def _find_laced_tokens(text: str, lower: str) -> Iterator[_Span]:
    """A token with zero-width characters between its letters, in a credential's text (the module docstring)."""
    if not any(c in text for c in _LACING) or IN_LOWER_RE.search(lower) is None:
        return
    for m in _LACED_RE.finditer(text):
        token = m.group()
        visible = "".join(c for c in token if c not in _LACING).rstrip(_TRAILING)
        controls = sum(c in _LACING for c in token)
        if len(visible) < 6 or controls * 2 < len(visible) - 1:
            continue
        if not (any(c.isdigit() for c in visible) and any(c.isalpha() for c in visible)
                or any(c.isupper() for c in visible[1:]) and any(c.islower() for c in visible)):
            continue
        end = m.end()
        while end > m.start() and text[end - 1] in _TRAILING + _LACING:
            end -= 1
        yield m.start(), end, _KIND


# --- a phrase an encrypted thing opens with ---------------------------------------------------------
_WORDS: Final = r"[^\W\d_]+(?:[ \t]+[^\W\d_]+){2,13}"
_OPENS_WITH_RE: Final = re.compile(
    r"(?<![a-z])(?:(?:se|la|lo)[ \t]+)?(?:abre|abren|desbloquea|desbloquean|descifra|descifran|opens|unlocks|decrypts)"
    r"[ \t]+(?:con|with)[ \t]+(?P<run>" + _WORDS + r")")
_TYPE_COLON_RE: Final = re.compile(
    r"(?<![a-z])(?:hay[ \t]+que|tienes[ \t]+que|tiene[ \t]+que|debes|you[ \t]+(?:have|need)[ \t]+to|you[ \t]+must)"
    r"[ \t]+(?:escribir|teclear|poner|introducir|meter|type|enter)[ \t]*:[ \t]*(?P<run>" + _WORDS + r")[ \t]*\.?[ \t]*(?=\n|$)")
_FOR_ENCRYPTED_RE: Final = re.compile(
    r"(?<![a-z])(?:para|for)[ \t]+(?:(?:el|la|mi|tu|su|the|my|your)[ \t]+)?(?P<holder>[^\W\d_]+)[ \t]+"
    r"(?:cifrad[oa]s?|encriptad[oa]s?|encrypted)[ \t]*:[ \t]*(?P<run>" + _WORDS + r")[ \t]*\.?[ \t]*(?=\n|$)")
_CLAUSE_CLOSE_RE: Final = re.compile(r"[ \t]*(?:$|[.;!?)\n]|,[ \t]|[ \t]?[—–][ \t]|[ \t]-[ \t])")
_UNLOCK_CONTEXT_RE: Final = re.compile(
    r"(?<![a-z])(?:desbloque\w*|descifr\w*|abrir|unlock\w*|decrypt\w*|open|cifrad[oa]s?|encrypted|encriptad[oa]s?)(?![a-z])")


#: A run that starts with a count or a quantifier says how many or which, not a phrase ("se abre con dos
#: llaves", "opens with both managers present", "con cualquier programa").
_QUANTIFIERS: Final[frozenset[str]] = frozenset(
    """both any all every each some several many few no two three four five cualquier cualquiera ambos ambas
    todos todas cada algún algun alguna algunos algunas varios varias muchos muchas pocos dos tres cuatro
    cinco""".split())


def _holder_before(lower: str, start: int, *, documents: bool = True) -> bool:
    """Is a holder (``phrases.HOLDERS``; a file or an archive only when ``documents``: they open with an
    application) named in the sentence before ``start``?"""
    head = lower[max(0, start - 120):start]
    cut = [m.end() for m in _SENTENCE_END_RE.finditer(head)]
    return any(w in HOLDERS and (documents or w not in _DOCUMENT_HOLDERS)
               for w in re.findall(r"[^\W\d_]+", head[cut[-1] if cut else 0:]))


def _plain_run(words: list[str], *, function_words: bool) -> bool:
    if any(w != w.lower() for w in words) or points_elsewhere(words) or words[0] in _QUANTIFIERS:
        return False
    if any(w in _UNLOCK_METHODS or w in _POLICY or w in HOLDERS for w in words):
        return False
    content = [w for w in words if w not in _FUNCTION_WORDS]
    if function_words:
        return words[0] not in {"que", "which", "that", "what", "lo"} and len(content) >= 3
    return len(content) == len(words)


def _find_opened_with(text: str, lower: str) -> Iterator[_Span]:
    """A phrase an encrypted thing opens with (the module docstring)."""
    if " con " in lower or " with " in lower:
        for m in _OPENS_WITH_RE.finditer(lower):
            if not _holder_before(lower, m.start(), documents=False):
                continue
            words = text[m.start("run"):m.end("run")].split()
            # the run ends where its clause does: keep the longest prefix that closes it
            for n in range(len(words), 2, -1):
                end = m.start("run") + len(" ".join(words[:n]))
                if text[m.start("run"):end].split() != words[:n]:
                    break  # more than one space between words: read no further
                if _CLAUSE_CLOSE_RE.match(text, end) is not None and _plain_run(words[:n], function_words=False):
                    if n <= 8:
                        yield m.start("run"), end, _KIND
                    break
    if ":" not in text:
        return
    for m in _TYPE_COLON_RE.finditer(lower):
        head = lower[max(0, m.start() - 120):m.start()]
        if (_holder_before(lower, m.start()) and _UNLOCK_CONTEXT_RE.search(head) is not None
                and _plain_run(text[m.start("run"):m.end("run")].split(), function_words=True)):
            yield m.start("run"), m.end("run"), _KIND
    for m in _FOR_ENCRYPTED_RE.finditer(lower):
        words = text[m.start("run"):m.end("run")].split()
        if m.group("holder") in HOLDERS and len(words) >= 4 and _plain_run(words, function_words=False):
            yield m.start("run"), m.end("run"), _KIND


FINDERS: Final = (_find_spaced_one_value, _find_lock_codes, _find_laced_tokens, _find_opened_with)
