"""Thirty-fifth secrets round: three finders, each for a family of wordings (docs/privacy.md, "The
thirty-fifth secrets round", gives what each fires on over every spent author).

* **A speaker's answer to a question asking for a credential**: a chat line ``Name: …?`` whose
  question names a password, passphrase, PIN, code or key (and asks: what/which/cuál/qué/me
  pasas/send/remind), then the next line opened by *another* speaker's ``Name:`` — the rest of that
  line is the answer when it is a credential (``prose._strong_credential``), or three to eight
  words with a digit or none of them a prose word ("harbor tulip gravity saxophone 42"). Round 33
  read only a dash-led answer line or one opened by "es"/"it's".
  Round 41 folds the fortieth round's reading of a chat turn (``token_scorer.find_answer_turns``, a
  second finder for the same class) into this one, ``find_chat_answers``: one pass over the pairs of
  lines whose first ends with "?", and three readings of the answer line — the named speakers' reading
  above; the turn's first token when the question names a credential cue (``token_scorer.CUE_RE``)
  and the token has a credential's shape (round 40: "¿me pasas la del wifi?" / "Luis:
  almendra-tostada-52"); and, new in round 41, the token right after a **hand-over phrase** ("aquí
  va:", "aquí tienes", "toma", "te lo paso", "here you go", "here it is", "there you go", after an
  optional "ok"/"sure"/"vale") when the question asks for a token, a key, a secret or a cue's
  credential: a value with no known prefix, eight characters or more, a letter and a credential's
  shape (``value_shape.shape_score``). The same hand-over reading also takes an answer written on the
  question's own line after a dash ("¿Me pasas el token de la API? — sí, aquí va: …, caduca hoy").
  Folding the two finders changed no output over the 22,745 spent strings (docs/privacy.md, the
  forty-first round).
  Round 44 adds a fourth reading, ``_numeric_answer``: a bare number is no credential by its shape, so
  under a question that names a PIN or a code of what it opens (``codes``' labels and access objects:
  "¿me recuerdas el PIN de la alarma?", "what's the gate code?") the answer turn's first token, after
  an optional lead-in, is the PIN when it is four to eight digits that no unit, date or amount follows
  ("Luis: 9052, y no lo apuntes"; a quoted reply's "> 3358, same as last summer"). A question on when or how many ("¿cuándo caduca el PIN?", "how many
  digits?") and a postal code's question are no request for one.
* **A code given by its length**: "five digits, 63907", "4 dígitos: 2291", "seis cifras — 118230": a
  count of digits (a numeral or a number word, ES and EN), a comma, colon or dash, then exactly
  that many digits. The count must agree with the digits, so "8 digits, 2 of them …" stays.
* **A user and password pair after a login word**: login/log-in/credentials/credenciales/acceso/
  account/cuenta/usuario y contraseña, then within 60 characters of the same sentence ``user / pass``
  (a slash with a blank on each side; no blank in either part) and the second a credential
  (``prose._strong_credential``): "the admin login … is still admin / Qx7!marrow.blue". A path
  ("feature/login-2fa") or a date ("12/05") has no blanks round its slash; "Token de acceso del ERP: X"
  is the keyword finder's (a colon is no pair).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from memory.scrubbing import codes
from memory.scrubbing.kinds import _Span
from memory.scrubbing.measures import HEDGE
from memory.scrubbing.not_credentials import truncated_display
from memory.scrubbing.prose import _strong_credential
from memory.scrubbing.token_scorer import CUE_RE, TURN_PREFIX_RE, credential_cues
from memory.scrubbing.value_shape import TRAILING_PUNCT, not_a_credential_shape, shape_score
from memory.scrubbing.vocabulary import NAMED

_SPEAKER: Final = r"[A-ZÁÉÍÓÚÑ][\w.\-]{0,20}(?:[ \t][A-ZÁÉÍÓÚÑ][\w.\-]{0,20})?"
#: A line's prefix before its speaker: a bracketed stamp ("[10:42]") or, since round 36, a bare time
#: ("10:42", "10:42:07 -", "9:05 pm").
_STAMP: Final = r"(?:\[[^\]\n]{1,20}\][ \t]*|\d{1,2}:\d{2}(?::\d{2})?(?:[ \t]*[ap]\.?m\.?)?[ \t]+(?:[-–|][ \t]+)?)?"
_CHAT_RE: Final = re.compile(
    r"(?m:^[ \t]*" + _STAMP + r"(?P<q>" + _SPEAKER + r"):[ \t]*(?P<question>[^\n]{3,160}\?)[ \t]*\n"
    r"[ \t]*" + _STAMP + r"(?P<a>" + _SPEAKER + r"):[ \t]*(?P<v>[^\n]{4,120}?)[ \t]*$)")
#: Round 36: an answer that opens with a lead-in ("it's", "es", "here:", "toma") and goes on after
#: its value with a remark ("it's Jjip5M.y7h, don't paste it in #general"): the first token after
#: the lead-in is the value when it is a credential.
#: Round 37: a hedge is a lead-in too ("I think it's …", "creo que …").
_LEAD_IN_RE: Final = re.compile(
    r"(?i:(?:(?:it['’]?s|it[ \t]+is|that['’]?s|es|era|is|here(?:['’]s)?|aqu[ií](?:[ \t]+(?:va|tienes))?|toma|ah[ií][ \t]+va"
    r"|sure|claro|yes|yep|s[ií]|ok)[,:]?[ \t]+|" + HEDGE + r")*(?P<v>[^\s,;]+))")
_ASKS_RE: Final = re.compile(
    r"(?i:\b" + NAMED + r"s?\b)")
_PROSE_WORDS: Final = frozenset(
    "the a an is it it's its this that on in at of for to and or but not no yes i you we he she they my your our "
    "el la los las es un una en de del que y o pero no sí si yo tú lo le se mi tu su está esta este ese esa "
    "check ask look try sorry idk dunno mira pregunta espera creo sé".split())
_COUNT_WORDS: Final = {
    "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
    "tres": 3, "cuatro": 4, "cinco": 5, "seis": 6, "siete": 7, "ocho": 8, "nueve": 9, "diez": 10}
_BY_LENGTH_RE: Final = re.compile(
    r"(?i:\b(?P<n>\d{1,2}|three|four|five|six|seven|eight|nine|ten|tres|cuatro|cinco|seis|siete|ocho|nueve|diez)"
    r"[ \t\-]*(?:digits?|d[ií]gitos|cifras|n[uú]meros|numbers)[ \t]*(?:[,:]|[—–]|[ \t]-)[ \t]*(?P<v>\d{3,12})(?![\d\w]))")
_LENGTH_WORD_RE: Final = re.compile(r"d[ií]git|cifra|n[uú]mero|number")
_LOGIN_PAIR_RE: Final = re.compile(
    r"(?i:\b(?:log[ \-]?ins?|sign[ \-]?in|credentials?|credenciales|acceso|account|cuenta"
    r"|usuario[ \t]+y[ \t]+contrase[ñn]a|user(?:name)?[ \t]+and[ \t]+password"
    # Thirty-eighth round: a verb of getting in or of using, or a password word, opens the pair too
    # ("para entrar al router se usa admin / …", "to get into the NAS use root / …", "se entra con").
    r"|entra(?:r|s|n|mos)?|entro|acced(?:er|e|es|o|emos)|get(?:s|ting)?[ \t]+(?:into|in)|log(?:s|ged)?[ \t]+(?:into|on)"
    r"|se[ \t]+usa|us(?:e|es|a|an|amos)|takes|toma|contrase[ñn]a|clave|password|passwd)\b[^.\n!?]{0,60}?[ \t(]"
    r"(?P<u>[\w.@\-]{2,40})[ \t]+/[ \t]+(?P<v>[^\s,;)]{6,64}))")


#: Round 40 (moved here from ``token_scorer`` in round 41): a chat turn's prefix — an optional
#: [time] and a speaker's name with a colon — and the turn's first token with what may follow it.
_SPEAKER_RE: Final = TURN_PREFIX_RE
_TURN_VALUE_RE: Final = re.compile(
    r"(?P<value>\S{6,40})(?:[ \t]*(?:$|[,;(—–-][^\n]{0,60}$|[ \t][^\W\d_]+(?:[ \t][^\W\d_]+){0,3}$))", re.M)
_TAIL: Final = TRAILING_PUNCT + "\"'`“”‘’«»>"
#: Round 41: a phrase that hands something over ("aquí va:", "aquí tienes", "toma", "here you go",
#: "here it is", "there you go", "te lo paso"), after an optional "ok"/"vale"/"sure"/"claro", then
#: the value. Said in a reply to a request for a credential, the value is that credential.
_HANDOVER_RE: Final = re.compile(
    r"(?i:[ \t]*(?:(?:ok(?:ay)?|okey|vale|sure|claro|s[ií]|yes|yep|perfecto|listo|done|hecho|por[ \t]+supuesto"
    r"|of[ \t]+course)[ \t]*[,.!]?[ \t]*)?"
    r"(?:aqu[ií][ \t]+(?:va|van|lo[ \t]+tienes|la[ \t]+tienes|tienes|est[aá]|lo[ \t]+tienes)|ah[ií][ \t]+va|ah[ií][ \t]+lo[ \t]+tienes"
    r"|toma|te[ \t]+(?:lo|la)[ \t]+(?:paso|mando|dejo|copio)|here(?:['’]s[ \t]+it|[ \t]+it[ \t]+is|[ \t]+you[ \t]+go|[ \t]+you[ \t]+are)?"
    r"|there[ \t]+you[ \t]+go)"
    r"[ \t]*[:,.!—–-]?[ \t]*[\"'`“‘«(]?(?P<v>[^\s,;\"'`”’»)]+))")
#: Round 41: a question and its answer on one line, set off by a dash or an arrow after the "?"
#: ("¿Me pasas el token del CRM? — ok, aquí va: …").
_SAME_LINE_ANSWER_RE: Final = re.compile(r"(?m:^(?P<question>[^\n?]{3,160}\?)[ \t]*(?:[—–]|-{1,2}|->|→)[ \t]*)")
#: The credentials a hand-over answers besides the scorer's cues: a token, a key, a secret (not a
#: "code", which may be a booking's or a parcel's).
_REQUEST_RE: Final = re.compile(r"(?<![a-z])(?:tokens?|keys?|llaves?|secret(?:o|os|s)?)(?![a-z])")


#: Round 44: a question on when, how long or how many asks for no PIN, and the digits that answer it
#: are a date or a count.
_NOT_ASKING_RE: Final = re.compile(
    r"(?<![a-z])(?:when|how[ \t]+(?:many|long|much|often)|what[ \t]+(?:year|day|date|time)|cu[aá]ndo|cu[aá]nt[oa]s?"
    r"|qu[eé][ \t]+(?:a[ñn]o|d[ií]a|fecha|hora))(?![a-z])")
_DIGITS_RE: Final = re.compile(r"\d{4,8}[#*]?")
#: A quoted reply's marks before a turn with no speaker ("> 3358, same as last summer").
_QUOTE_MARKS_RE: Final = re.compile(r"[ \t]*(?:>[ \t]*)*")


def _asks_for_a_pin(low_question: str) -> bool:
    """Does a question line name a PIN, or a code of what it opens (round 44)?"""
    return _NOT_ASKING_RE.search(low_question) is None and codes.names_a_pin(low_question)


def _numeric_answer(text: str, line: str, line_start: int) -> Iterator[_Span]:
    """Round 44: four to eight digits opening the answer turn under a question naming a PIN."""
    speaker = _SPEAKER_RE.match(line)
    offset = speaker.end() if speaker is not None and ":" in speaker.group() else _QUOTE_MARKS_RE.match(line).end()
    lead = _LEAD_IN_RE.match(line, offset)
    if lead is None:
        return
    value = _DIGITS_RE.match(line, lead.start("v"))
    if value is None or codes.unit_follows(line, value.end()):
        return
    yield line_start + value.start(), line_start + value.end(), "password"


def _asks_for_a_credential(low_question: str) -> bool:
    """Does a question line name a credential (a token or key word, or a cue of the scorer not said
    about one: "la política de contraseñas" asks for no value)?"""
    return _REQUEST_RE.search(low_question) is not None or bool(credential_cues(low_question))


def _passphrase_like(value: str) -> bool:
    words = value.split()
    if not 3 <= len(words) <= 8:
        return False
    lowered = [w.lower().strip(".,;:!?") for w in words]
    if any(w.isdigit() for w in lowered) and all(w.isalnum() for w in lowered):
        return not any(w in _PROSE_WORDS for w in lowered)
    return all(w.isalpha() and w.islower() for w in words) and not any(w in _PROSE_WORDS for w in lowered)


def _named_reply(text: str, m: re.Match[str]) -> Iterator[_Span]:
    """Round 35/36: the answer on another named speaker's line (the module docstring)."""
    if m.group("q") == m.group("a") or _ASKS_RE.search(m.group("question")) is None:
        return
    value = m.group("v").rstrip(".,;!")
    if "[REDACTED:" in value:
        return
    if (" " not in value and _strong_credential(value)) or _passphrase_like(value):
        yield m.start("v"), m.start("v") + len(value), "password"
        return
    lead = _LEAD_IN_RE.match(text, m.start("v"), m.end("v"))
    token = lead.group("v").rstrip(".,;:!?)") if lead else ""
    if token and "=" not in token and _strong_credential(token):  # "apikey=…" is the keyword finder's
        yield lead.start("v"), lead.start("v") + len(token), "password"


def _turn_opening(line: str, line_start: int, low_prev: str) -> Iterator[_Span]:
    """Round 40: the first token of a turn under a question naming a credential (the module docstring)."""
    if not CUE_RE.search(low_prev):
        return
    speaker = _SPEAKER_RE.match(line)
    offset = speaker.end() if speaker is not None and ":" in speaker.group() else len(line) - len(line.lstrip())
    m = _TURN_VALUE_RE.match(line, offset)
    if m is None:
        return
    value = m.group("value").rstrip(_TAIL)
    if (len(value) >= 6 and shape_score(value) and not not_a_credential_shape(value)
            and not truncated_display(value, 0, len(value)) and not value.endswith("?")):
        yield line_start + offset, line_start + offset + len(value), "password"


def _handed_over(text: str, answer_start: int, answer_end: int) -> Iterator[_Span]:
    """Round 41: the token right after a hand-over phrase ("aquí va:", "here you go —") that opens
    the answer (the module docstring)."""
    m = _HANDOVER_RE.match(text, answer_start, answer_end)
    if m is None:
        return
    value = m.group("v").rstrip(_TAIL)
    if (len(value) >= 8 and "[REDACTED:" not in value and shape_score(value) and any(c.isalpha() for c in value)
            and not not_a_credential_shape(value) and not truncated_display(value, 0, len(value))):
        yield m.start("v"), m.start("v") + len(value), "password"


def find_chat_answers(text: str, lower: str) -> Iterator[_Span]:
    """A credential given as the answer to a question asking for one, in a chat: one pass over the
    question-and-answer pairs of lines (and, round 41, a question answered on its own line after a
    dash), three readings of the answer (the module docstring)."""
    if "?" not in text:
        return
    if "\n" in text:
        lines, low_lines = text.split("\n"), lower.split("\n")
        line_start = 0
        named_until = 0  # a line a named speaker's answer took is no question of the next line
        for k, line in enumerate(lines):
            if k and lines[k - 1].rstrip().endswith("?"):
                prev_start = line_start - len(lines[k - 1]) - 1
                if prev_start >= named_until:
                    m = _CHAT_RE.match(text, prev_start)
                    if m is not None:
                        named_until = m.end()
                        yield from _named_reply(text, m)
                yield from _turn_opening(line, line_start, low_lines[k - 1])
                if _asks_for_a_pin(low_lines[k - 1]):
                    yield from _numeric_answer(text, line, line_start)
                if _asks_for_a_credential(low_lines[k - 1]):
                    speaker = _SPEAKER_RE.match(line)
                    offset = speaker.end() if speaker is not None and ":" in speaker.group() else 0
                    yield from _handed_over(text, line_start + offset, line_start + len(line))
            line_start += len(line) + 1
    for m in _SAME_LINE_ANSWER_RE.finditer(text):
        if _asks_for_a_credential(lower[m.start():m.end("question")]):
            line_end = text.find("\n", m.end())
            yield from _handed_over(text, m.end(), len(text) if line_end < 0 else line_end)


def _find_codes_by_length(text: str, lower: str) -> Iterator[_Span]:
    """Exactly N digits after "N digits," (the module docstring)."""
    if _LENGTH_WORD_RE.search(lower) is None:
        return
    for m in _BY_LENGTH_RE.finditer(text):
        count = m.group("n").lower()
        n = int(count) if count.isdigit() else _COUNT_WORDS[count]
        if len(m.group("v")) == n:
            yield m.start("v"), m.end("v"), "password"


def _find_login_pairs(text: str, lower: str) -> Iterator[_Span]:
    """The password of a ``user / pass`` pair after a login word (the module docstring)."""
    if " / " not in text and "\t/" not in text and "/\t" not in text:
        return
    for m in _LOGIN_PAIR_RE.finditer(text):
        value = m.group("v").rstrip(".,;:!?'\"")
        if "/" in value or "://" in text[m.start("u"):m.end("v")]:
            continue
        if _strong_credential(value):
            yield m.start("v"), m.start("v") + len(value), "password"


FINDERS: Final = (find_chat_answers, _find_codes_by_length, _find_login_pairs)
