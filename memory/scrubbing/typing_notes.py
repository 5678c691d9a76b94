"""A password marked as typed text by a note on how to type it, or by "just"/"solo" (issue 15,
sixteenth round).

Two frames, each attested in several authors' rows:

* **A typing note.** People follow a password they give with a note on how it is typed — its case,
  its spaces, its accents, that it goes exactly as written: "… : mañana comemos paella en Valencia
  (todo en minúsculas salvo Valencia)", "… es azul perro nube siete, todo en minúsculas", "…
  passphrase is brass kettle on a windy hill - spaces included", "wifi pass is "banana phone under
  water" exactly like that"; or they put the note in the label ("Contraseña de la wifi, tal cual la
  dijo la abuela: tres perros ladran en la plaza"). A note on typing says that the words it closes
  are characters to type, which no other value in the sentence is. The frame: a password word
  (password, passphrase, contraseña, clave, pass, a Wi-Fi key), a connector (a colon, an arrow,
  "is"/"es"/"was"/"era"), the value, then the note set off by a bracket, a comma or a dash (or a
  space before "exactly"/"tal cual"/"with a capital …"); or the note inside the label, before its
  colon, and the value closing its clause. The value is one credential-shaped token
  (``long_labels._credential_shaped``) or three to ten words that open with no article, pronoun,
  preposition or pointing word and hold no describing or other-value word ("la tiene Pedro en la
  nevera, tal cual" names where it is).
* **"just"/"solo" before the value.** "her laptop password is weak, it's just summer2024kate",
  "the router admin password, in his words "just qwerty-Falcon-9 with a capital F"": after a
  password word in the same sentence, a minimiser (just, only, simply, solo, sólo, simplemente)
  then a credential-shaped token — a lower-case letter and a digit, six characters or more, not a
  version, URL, address or path ("the password is just 8 characters", "only works on v2.3.1" keep).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from memory.scrubbing.kinds import _Span
from memory.scrubbing.keywords import _STOPWORDS, is_vague_description
from memory.scrubbing.long_labels import PASSWORD_WORDS, _NOT_A_START, _OTHER_VALUES, _credential_shaped, spelled_run
from memory.scrubbing.measures import DESCRIBING_WORDS
from memory.scrubbing.shapes import _NOT_A_PHRASE, _POINTING_STEMS

_PW_WORD: Final = (r"\b(?:" + PASSWORD_WORDS + r"|pwd"
                   r"|(?:wi-?fi|wpa[23]?|wlan|network)[ \t]+(?:key|password|pass))\b")
_PW_WORD_RE: Final = re.compile(_PW_WORD)
# Thirty-second round: before a typing note the Wi-Fi itself labels its password ("la wifi de casa
# ahora es "Quetzal-Orilla-19", con guiones y la Q en mayúscula", "wifi for the offsite is the phrase
# … (spaces included)"): a network's name is not given with a note on how to type it. Only in the
# typing-note frame; "la wifi se llama …" or "the wifi is down" carry no note and stay.
_NOTE_LABEL_RE: Final = re.compile(r"\b(?:" + PASSWORD_WORDS + r"|pwd|wi-?fi)\b")
# How a value is typed: its case, its spaces, its accents, that it goes exactly as written.
_NOTE: Final = (
    r"(?:tod[oa][ \t]+)?en[ \t]+min[uú]sculas|(?:tod[oa][ \t]+)?en[ \t]+may[uú]sculas|sin[ \t]+may[uú]sculas"
    r"|sin[ \t]+min[uú]sculas|sin[ \t]+tildes?|sin[ \t]+acentos?|con[ \t]+tildes?|sin[ \t]+espacios"
    r"|con[ \t]+(?:los[ \t]+|esos[ \t]+|dos[ \t]+|el[ \t]+)?espacios?|con[ \t]+las[ \t]+comas|tal[ \t]+cual"
    r"|(?:all[ \t]+)?lower[ \t-]?case|(?:all[ \t]+)?upper[ \t-]?case|all[ \t]+caps|spaces[ \t]+included"
    r"|with[ \t]+(?:the[ \t]+|those[ \t]+)?(?:exact[ \t]+)?spaces|no[ \t]+spaces|with[ \t]+the[ \t]+commas"
    r"|with[ \t]+a[ \t]+capital[ \t]+\w|exactly[ \t]+(?:like[ \t]+that|as[ \t]+(?:written|typed|shown))"
    r"|verbatim|word[ \t]+for[ \t]+word|case[ \t-]sensitive"
    # Thirty-second round: its hyphens, and one letter's case ("con guiones y la Q en mayúscula",
    # "with the hyphens", "the Q in caps").
    r"|con[ \t]+(?:los[ \t]+)?guiones|with[ \t]+(?:the[ \t]+)?(?:hyphens|dashes)"
    r"|(?:la|el)[ \t]+\w[ \t]+(?:en[ \t]+)?may[uú]scula|the[ \t]+\w[ \t]+(?:in[ \t]+caps|capitali[sz]ed|upper[ \t-]?case)")
_NOTE_RE: Final = re.compile(  # read on the lower-cased text
    r"(?:[ \t]*\([ \t]*|[ \t]*,[ \t]*|[ \t]+[—–\-][ \t]*|[ \t]+)(?=(?:" + _NOTE + r")\b)")
_NOTE_WORD_RE: Final = re.compile(r"(?:" + _NOTE + r")\b")
_CONNECTOR_RE: Final = re.compile(  # the last one before the value is taken
    r"[ \t]*(?::|->|→|=>)[ \t]*|[ \t]+(?:is|es|was|era|son|are)(?:[ \t]+(?:now|ahora|still|todav[ií]a))?[ \t]+"
    # Thirty-second round: the copula may name the value's kind ("is the phrase …", "es la frase …").
    r"(?:(?:the|la)[ \t]+(?:phrase|passphrase|frase)[ \t]+)?")
_SENTENCE_END_RE: Final = re.compile(r"[.!?;\n](?=\s|$)|\n")
_BARE_GAP_RE: Final = re.compile(r"[ \t]+(?![ \t])")
_QUOTES: Final = "\"'`“”«»‘’"
_WORD_RE: Final = re.compile(r"[^\W\d_]+")
_TRAIL: Final = ".,;:)]}!?"


def _sentence_start(lower: str, pos: int) -> int:
    """Where the sentence holding ``pos`` starts, looked for in the 400 characters before it (a
    thirty-second round bound: reading from the text's start made a text of many notes quadratic)."""
    start = max(0, pos - _SENTENCE_REACH)
    for m in _SENTENCE_END_RE.finditer(lower, start, pos):
        start = m.end()
    return start


_SENTENCE_REACH: Final = 400


def _value_ok(value: str) -> bool:
    """One credential-shaped token, or three to ten words that could be a passphrase (module docstring)."""
    words = value.split()
    if not words or "@" in value or "://" in value or "[redacted:" in value.lower() or "(" in value or ")" in value:
        return False
    if any(c in value for c in "=:—–,") or " - " in value or _NOTE_WORD_RE.search(value.lower()) is not None:
        return False  # an assignment, a dash or comma aside, another note: more than one value
    if len(words) == 1:
        return _credential_shaped(value)
    if not 3 <= len(words) <= 10:
        return False
    first = words[0].lower()
    if first in _NOT_A_START or first in _NOT_A_PHRASE or first.startswith(_POINTING_STEMS):
        return False
    lowered = [w.lower() for w in _WORD_RE.findall(value)]
    return not any(w in DESCRIBING_WORDS or w in _OTHER_VALUES for w in lowered)


def _bare_value_ok(value: str) -> bool:
    """After a password word with no connector, the value opens with no stopword (an adjective or a
    preposition continues the label: "clave única de acceso", "contraseña nueva del correo") and
    holds at most one ("moose under the maple tree")."""
    words = [w.lower() for w in value.split()]
    return words[0] not in _STOPWORDS and sum(w in _STOPWORDS for w in words) <= 1


# "at" is a describing word of a field name ("created at"); in a label's prose it is a preposition.
_LABEL_DESCRIBING: Final = DESCRIBING_WORDS - {"at"}


def _label_ok(label: str) -> bool:
    """No word of the label describes the password or names another value ("password hint: …")."""
    return not any(w in _LABEL_DESCRIBING or (w in _OTHER_VALUES and w not in ("is", "es", "was", "era", "son", "are"))
                   for w in _WORD_RE.findall(label))


def _strip(text: str, start: int, end: int) -> tuple[int, int]:
    while start < end and (text[start] in _QUOTES or text[start].isspace()):
        start += 1
    while end > start and (text[end - 1] in _QUOTES or text[end - 1] in _TRAIL or text[end - 1].isspace()):
        end -= 1
    return start, end


_NOTE_HINTS: Final = ("min", "may", "tilde", "acento", "espacio", "comas", "tal cual", "case", "caps", "spaces",
                      "commas", "capital", "exactly", "verbatim", "word for word", "guiones", "hyphens", "dashes")


def _find_typing_notes(text: str, lower: str) -> Iterator[_Span]:
    """A password closed by a note on how it is typed, or whose label carries that note."""
    if not any(h in lower for h in _NOTE_HINTS):
        return
    covered = 0
    for note in _NOTE_RE.finditer(lower):
        if note.start() < covered:
            continue  # "(todo en minúsculas": the second word of a note already read
        covered = _NOTE_WORD_RE.match(lower, note.end()).end()  # type: ignore[union-attr]  # the look-ahead matched
        sentence = _sentence_start(lower, note.start())
        label = _PW_WORD_RE.search(lower, sentence, note.start()) or _NOTE_LABEL_RE.search(lower, sentence, note.start())
        if label is not None:
            connectors = list(_CONNECTOR_RE.finditer(lower, label.end(), note.start()))
            if connectors and _label_ok(lower[label.end():connectors[-1].start()]):
                start, end = _strip(text, connectors[-1].end(), note.start())
                if end > start and _value_ok(text[start:end]):
                    yield start, end, "password"
                    continue
            # Twenty-ninth round: no connector, the value right after the password word and a space
            # ("network Cabin-North, passphrase moose under the maple tree (spaces included)", "clave
            # ocho lunas sobre el mar, sin espacios"): the note alone says the words are typed. The
            # label must be the last password word before the note, and the value pass ``_value_ok``.
            elif not connectors and _BARE_GAP_RE.match(lower, label.end()) \
                    and _PW_WORD_RE.search(lower, label.end(), note.start()) is None:
                start, end = _strip(text, label.end(), note.start())
                if end > start and _value_ok(text[start:end]) and _bare_value_ok(text[start:end]):
                    yield start, end, "password"
                    continue
        # The note inside the label: "Contraseña de la wifi, tal cual la dijo la abuela: …".
        colon = lower.find(":", note.end(), note.end() + 80)
        if label is None or colon < 0 or _SENTENCE_END_RE.search(lower, note.end(), colon):
            continue
        rest = _SENTENCE_END_RE.search(lower, colon + 1)
        start, end = _strip(text, colon + 1, rest.start() if rest else len(text))
        if end > start and _value_ok(text[start:end]):
            yield start, end, "password"


_JUST_RE: Final = re.compile(  # read on the lower-cased text
    _PW_WORD + r"[^\n.;!?]{0,80}?\b(?:just|only|simply|solo|sólo|simplemente)[ \t]+[\"'“«‘]?"
    r"(?P<v>[^\s\"'`<>”»’,;()]{6,64})")


def _find_just_values(text: str, lower: str) -> Iterator[_Span]:
    """A credential-shaped token after "just"/"solo" in a password's sentence (module docstring)."""
    if not any(h in lower for h in ("just", "only", "simply", "solo", "sólo", "simplemente")):
        return
    for m in _JUST_RE.finditer(lower):
        start = m.start("v")
        value = text[start:m.end("v")].rstrip(_TRAIL)
        if _credential_shaped(value):
            yield start, start + len(value), "password"


# A password spelled out item by item (``long_labels.spelled_run``: letter names, case and symbol
# words) after a colon, in a sentence that names a password before or after it ("He spelled it out:
# capital K, i, w, i, underscore, three, three, exclamation — that's his bank password"). The run's
# shape is the evidence; the password word may come last.
_SPELLED_HEAD_RE: Final = re.compile(r":[ \t]*")


def _find_spelled_before_label(text: str, lower: str) -> Iterator[_Span]:
    """A spelled-out run after a colon in a sentence that names a password (see above)."""
    if ":" not in text or "," not in text or _PW_WORD_RE.search(lower) is None:
        return
    for colon in _SPELLED_HEAD_RE.finditer(lower):
        run = spelled_run(text[colon.end():colon.end() + 400])
        if run is None:
            continue
        start = colon.end()
        end = start + len(run.group().rstrip(_TRAIL + " "))
        sentence = _sentence_start(lower, start)
        after = _SENTENCE_END_RE.search(lower, end)
        if _PW_WORD_RE.search(lower, sentence, after.start() if after else len(lower)):
            yield start, end, "password"


# "Andrés usa como contraseña maestra "caballo correcto batería grapa"": the reverse frame of
# ``prose`` ("uses X as the password") with the label first — a verb's "como"/"as", the password word
# and the quoted value right after it. Quotes mark the value; a vague description ("la de siempre")
# or a question is kept as elsewhere. Thirtieth round: the label may name what the password opens in
# one prepositional phrase of up to five words before the quote ("usa como frase de paso de su clave
# SSH «…»", "uses as the passphrase for her backup disk '…'", "tiene como contraseña del wifi «…»").
_AS_LABEL_QUOTED_RE: Final = re.compile(  # read on the lower-cased text
    r"\b(?:como|as)[ \t]+(?:(?:su|sus|mi|tu|la|el|the|his|her|their|my|your|a)[ \t]+)?"
    r"(?:contrase(?:ñ|n)a|password|passphrase|clave|frase[ \t]+de[ \t]+(?:paso|contrase(?:ñ|n)a))"
    r"(?:[ \t]+(?:maestra|master|principal|nueva|new))?"
    r"(?:[ \t]+(?:de|del|para|of|for|on|to)(?:[ \t]+[^\s\"“«'‘”»’,.;:]+){1,5}?)?"
    r"[ \t]+[\"“«'‘](?P<v>[^\"”»'’\n]{4,120})[\"”»'’]")


def _find_as_label_quoted(text: str, lower: str) -> Iterator[_Span]:
    """A quoted value right after "como contraseña"/"as password" (see above)."""
    if " como " not in lower and " as " not in lower:
        return
    for m in _AS_LABEL_QUOTED_RE.finditer(lower):
        value = text[m.start("v"):m.end("v")]
        if value.strip() and not is_vague_description(value) and not value.rstrip().endswith("?"):
            yield m.start("v"), m.end("v"), "password"


# Thirty-second round: a password asked for or named, then what the writer chose for it, with the
# object implied ("ssh-keygen asked for a passphrase so I used gravel heron velvet nineteen — …",
# "me pidió una contraseña nueva y puse Cometa-Azul-77", "the form wanted a PIN, she picked …"): in
# the same sentence, within sixty characters of the password word, a subject and a verb of choosing
# or typing (used, chose, picked, went with, typed, entered, put; usé, puse, elegí, escogí, metí,
# escribí) and right after it a value closing its clause that ``_value_ok`` takes — one
# credential-shaped token or three to ten plain words with no article, possessive or describing
# word first ("so I used the same one", "y puse la de siempre", "so I used my usual one" stay), and
# not when the verb has its object already ("she typed it twice", "la puso ayer", "que puso Fede").
_CHOSEN_RE: Final = re.compile(  # read on the lower-cased text
    _PW_WORD + r"[^\n.;!?]{0,60}?\b(?P<verb>(?:i|we|she|he|they)[ \t]+(?:just[ \t]+)?(?:used|chose|picked|typed|entered"
    r"|put(?:[ \t]+in)?|went[ \t]+with)|us[eéó]|pus[eo]|eleg[ií]|eligi[oó]|escog[ií]|escogi[oó]|met[ií]|escrib[ií])"
    r"[ \t]+(?P<v>[^\n,;()—–]{4,120}?)(?=[ \t]+[—–\-][ \t]|[ \t]*[\n,;()—–]|[.:!?]+(?:\s|$)|[ \t]*$)")


#: A chosen value in quotes, whatever remark follows the closing quote ("I used 'quiet harbor …' so we …").
_QUOTED_CHOICE_RE: Final = re.compile(r"[\"'“‘«](?P<q>[^\"'“”‘’«»\n]{4,100})[\"'”’»](?![\w])")


# The verb's object already said: a Spanish clitic or relative before it, an object word after it.
_CLITIC_RE: Final = re.compile(r"\b(?:la|lo|las|los|le|les|se|que)[ \t]+$")
_OBJECT_WORDS: Final = frozenset("it them this that these those one him her me us ones into onto out up down back again twice".split())


def _find_chosen_values(text: str, lower: str) -> Iterator[_Span]:
    """The value the writer chose or typed after a password was asked for (see above)."""
    if not any(h in lower for h in (" used ", " chose ", " picked ", " typed ", " entered ", " put ", " went with ",
                                    "usé", "puse", "elegí", "escogí", "metí", "escribí", " usó", " puso", "eligió")):
        return
    for m in _CHOSEN_RE.finditer(lower):
        if _CLITIC_RE.search(lower, max(0, m.start("verb") - 8), m.start("verb")) \
                or lower[m.start("v"):].split(None, 1)[0] in _OBJECT_WORDS:
            continue  # "la puso ayer", "que puso Fede", "she typed it twice": the verb has its object
        quoted = _QUOTED_CHOICE_RE.match(text, m.start("v"))
        if quoted is not None:  # thirty-eighth round, in sample (k66-289): the choice in quotes, a remark after
            start, end = quoted.span("q")
        else:
            start, end = _strip(text, m.start("v"), m.end("v"))
        if end > start and _value_ok(text[start:end]) and not is_vague_description(text[start:end]):
            yield start, end, "password"


FINDERS: Final = (_find_typing_notes, _find_just_values, _find_spelled_before_label, _find_as_label_quoted,
                  _find_chosen_values)
