"""Thirty-fifth secrets round: three finders, each for a family of wordings (docs/privacy.md, "The
thirty-fifth secrets round", gives what each fires on over every spent author).

* **A speaker's answer to a question asking for a credential**: a chat line ``Name: …?`` whose
  question names a password, passphrase, PIN, code or key (and asks: what/which/cuál/qué/me
  pasas/send/remind), then the next line opened by *another* speaker's ``Name:`` — the rest of that
  line is the answer when it is a credential (``prose._strong_credential``), or three to eight
  words with a digit or none of them a prose word ("harbor tulip gravity saxophone 42"). Round 33
  read only a dash-led answer line or one opened by "es"/"it's".
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

from memory.scrubbing.kinds import _Span
from memory.scrubbing.measures import HEDGE
from memory.scrubbing.prose import _strong_credential

_CREDENTIAL_WORD: Final = (r"(?:contrase[ñn]a|clave|pass(?:word|phrase|code|wd)?|pwd|pw|pin|c[oó]digo|code|frase|phrase"
                           r"|key|llave|secret|secreto|token)")
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
    r"(?i:\b" + _CREDENTIAL_WORD + r"s?\b)")
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


def _passphrase_like(value: str) -> bool:
    words = value.split()
    if not 3 <= len(words) <= 8:
        return False
    lowered = [w.lower().strip(".,;:!?") for w in words]
    if any(w.isdigit() for w in lowered) and all(w.isalnum() for w in lowered):
        return not any(w in _PROSE_WORDS for w in lowered)
    return all(w.isalpha() and w.islower() for w in words) and not any(w in _PROSE_WORDS for w in lowered)


def _find_chat_replies(text: str, lower: str) -> Iterator[_Span]:
    """A credential on the next speaker's line after a question asking for one (the module docstring)."""
    if "?" not in text or "\n" not in text or ":" not in text:
        return
    for m in _CHAT_RE.finditer(text):
        if m.group("q") == m.group("a") or _ASKS_RE.search(m.group("question")) is None:
            continue
        value = m.group("v").rstrip(".,;!")
        if "[REDACTED:" in value:
            continue
        if (" " not in value and _strong_credential(value)) or _passphrase_like(value):
            yield m.start("v"), m.start("v") + len(value), "password"
            continue
        lead = _LEAD_IN_RE.match(text, m.start("v"), m.end("v"))
        token = lead.group("v").rstrip(".,;:!?)") if lead else ""
        if token and "=" not in token and _strong_credential(token):  # "apikey=…" is the keyword finder's
            yield lead.start("v"), lead.start("v") + len(token), "password"


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


FINDERS: Final = (_find_chat_replies, _find_codes_by_length, _find_login_pairs)
