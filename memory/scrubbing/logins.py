"""Forty-second secrets round: credentials handed over in a login's own words (docs/privacy.md).

Each finder is a class of phrasing, not a sentence; each value is one token that closes its clause.

* **The login told with its password** — "sign in as <user> with the password X", "log in to … as …
  using password X", "entra como <user> con la contraseña X", "inicia sesión como … con la clave X":
  the frame names the account and the password word, so the token after the word is the value
  whatever its shape (a plain word too), unless it says where or what the value is ("with the
  password you set", "con la contraseña de siempre", "with the password below").
* **Typed at a login or lock screen** — "just type X", "escribe X", "teclea X" with no password word
  before it, in a text about logging in or a lock screen ("log into", "login", "lock screen",
  "pantalla de bloqueo", "it's weak"): a single token that closes its clause, neither a function
  word, a pronoun nor a shell command ("just type yes", "escribe tu nombre" stay).
* **"Mine's" after an access code** — "my phone passcode is different, mine's N", "tu PIN no lo sé,
  el mío es N", "el código del móvil … es el N": four to eight digits after a possessive copula
  (or "es el") when an access-code word comes earlier in the same sentence (not a postal or zip code).
* **A keypad code closing a line** — digits glued to "#" after a colon or a dash at the end of a line
  that names a door, gate, keypad or lock ("door keypad at the lab, …: 660314#"): no verb needed.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from memory.scrubbing.codes import _ACCESS_OBJECTS
from memory.scrubbing.kinds import _Span
from memory.scrubbing.said import _PLAIN_NOT_A_VALUE
from memory.scrubbing.value_shape import VALUE_TOKEN, cut_trailing, not_a_credential_shape

_PW: Final = r"(?:password|passwd|passcode|pass|pwd|pw|contrase(?:ñ|n)a|clave|pin)"
_SIGN_IN_RE: Final = re.compile(
    r"\b(?:(?:sign|log)(?:ged|ging|s)?[ \t-]*(?:in(?:to)?|on(?:to)?)(?:[ \t]+(?:to[ \t]+)?[^\n,.;:!?]{1,40}?)?"
    r"|(?:entra|entrad|entre|entrar|accede|acceder|conéctate|conectate|logu[eé]ate|inicia[ \t]+sesi[oó]n"
    r"|iniciar[ \t]+sesi[oó]n)(?:[ \t]+(?:en|a|al)[ \t]+[^\n,.;:!?]{1,40}?)?)"
    r"[ \t]+(?:as|como)[ \t]+\S{1,64}[ \t]+(?:with|using|con|usando)[ \t]+(?:(?:the|a|la|el)[ \t]+)?"
    + _PW + r"[ \t]*:?[ \t]+(?P<v>" + VALUE_TOKEN + r")")
#: Words that say where or what the value is, not the value.
_NOT_A_VALUE: Final = frozenset(
    """the a an of in on at to for from by with and or but is are was it its this that my your his her our their
    you yours we they he she i me him them which what who whose below above attached provided given usual
    same new old temporary temp default shown listed sent written saved stored here there
    el la los las un una de del en con por para y o u que es su sus mi mis tu tus al lo se no le les te nos
    siempre habitual anterior provisional temporal nueva nuevo vieja viejo antigua antiguo misma mismo
    adjunta adjunto enviada enviado abajo arriba aquí aqui allí alli cual cuál
    authentication auth login prompt field hash policy manager expired only yours mine
    autenticación autenticacion campo política politica gestor caducada caducado solo sólo tuya suya mía""".split())
_COMMANDS: Final = frozenset(
    """yes no y n ok enter exit quit help sudo ls cd logout reboot shutdown clear si sí vale make python python3 bash
    git npm node docker ssh whoami top htop vim nano less cat man date ping passwd su cmd powershell""".split())
_LOGIN_CONTEXT_RE: Final = re.compile(
    r"(?<![a-z])(?:log(?:ging|ged|s)?[ \t-]*(?:in|into|on)|login|logon|sign(?:ing)?[ \t-]*in|lock[ \t-]*screen"
    r"|login[ \t]+screen|unlock\w*|pantalla[ \t]+de[ \t]+(?:bloqueo|inicio|login)|inici(?:ar|o|a)[ \t]+(?:de[ \t]+)?sesi[oó]n"
    r"|desbloque\w*|it['’]s[ \t]+(?:weak|insecure)|es[ \t]+(?:d[eé]bil|flojita|floja|insegura))(?![a-z])")
_TYPE_RE: Final = re.compile(
    r"(?<![^\W\d_])(?:(?:just|simply|only|solo|sólo|simplemente)[ \t]+)?(?P<verb>type|teclea|tecleas|escribe|escribes"
    r"|escriba|mete|metes|pon|pones)[ \t]+(?P<v>" + VALUE_TOKEN + r")")
_CLAUSE_END_RE: Final = re.compile(
    r"[ \t]*(?:$|[,.;:!?)\n—–]|(?:and|y|then|luego|pero|but)(?![^\W\d_])"
    # Where it is typed ("… at the lock screen", "en la pantalla de bloqueo") closes it too.
    r"|(?:at|on|in|into|en)[ \t]+(?:(?:the|la|el)[ \t]+)?(?:lock|login|sign|prompt|screen|pantalla|password|contrase|field"
    r"|campo|box|casilla))")
#: A word that names an access code on its own, and one ("code", "código", "clave") that needs what it
#: opens in the same sentence ("el código del móvil", not "the code review").
_ACCESS_CODE_RE: Final = re.compile(
    r"(?<![a-z])(?:(?P<own>passcode|pin|contrase(?:ñ|n)a|password|combinaci[oó]n|combination|unlock|desbloqueo)"
    r"|c[oó]digo|code|clave)(?![a-z])")
_NOT_ACCESS_RE: Final = re.compile(
    r"(?<![a-z])(?:postal|zip|post|area|country|pa[ií]s|promo\w*|descuento|discount|coupon|cup[oó]n|fuente|source"
    r"|qr|barras|bar|swift|iban|cliente|customer|order|pedido)(?![a-z])")
_MINE_RE: Final = re.compile(
    r"(?<![a-z])(?:mine(?:['’]s|[ \t]+is|[ \t]+was)|my[ \t]+one(?:['’]s|[ \t]+is)|el[ \t]+m[ií]o[ \t]+es|la[ \t]+m[ií]a[ \t]+es"
    r"|el[ \t]+m[ií]o[ \t]*:|la[ \t]+m[ií]a[ \t]*:|es[ \t]+el)[ \t]+(?P<v>\d{4,8})(?![\w.,/:\-]\d|[\w%€$])")
#: A question does not end the sentence: "Your phone unlock code? mine's …" answers it.
_SENTENCE_START_RE: Final = re.compile(r"[.!](?:\s)|\n")
_HASH_LINE_RE: Final = re.compile(r"[:\-–][ \t]*(?P<v>\d{4,8})#[ \t]*(?:\n|$)")
_WORD_RE: Final = re.compile(r"[^\W\d_][\w'’\-]*")


def _value_closes(text: str, lower: str, start: int, token: str, *, commands: bool) -> int | None:
    value = cut_trailing(token)
    end = start + len(value)
    low = value.lower()
    if (len(value) < 4 or low in _NOT_A_VALUE or low in _PLAIN_NOT_A_VALUE or (commands and low in _COMMANDS)
            or not_a_credential_shape(value)):
        return None
    return end if _CLAUSE_END_RE.match(lower, end) else None


def _find_sign_in_with(text: str, lower: str) -> Iterator[_Span]:
    if " as " not in lower and " como " not in lower:
        return
    for m in _SIGN_IN_RE.finditer(lower):
        end = _value_closes(text, lower, m.start("v"), text[m.start("v"):m.end("v")], commands=False)
        if end is not None:
            yield m.start("v"), end, "password"


def _find_typed_at_login(text: str, lower: str) -> Iterator[_Span]:
    if not any(h in lower for h in ("type", "teclea", "escrib", "mete", "pon")):
        return
    if _LOGIN_CONTEXT_RE.search(lower) is None:
        return
    for m in _TYPE_RE.finditer(lower):
        end = _value_closes(text, lower, m.start("v"), text[m.start("v"):m.end("v")], commands=True)
        if end is not None:
            yield m.start("v"), end, "password"


def _sentence_before(lower: str, start: int) -> str:
    floor = max(0, start - 160)
    last = floor
    for m in _SENTENCE_START_RE.finditer(lower, floor, start):
        last = m.end()
    return lower[last:start]


def _find_mine_is(text: str, lower: str) -> Iterator[_Span]:
    if not any(h in lower for h in ("mine", "m\u00edo", "mio", "m\u00eda", "mia", "es el")):
        return
    for m in _MINE_RE.finditer(lower):
        before = _sentence_before(lower, m.start())
        code = _ACCESS_CODE_RE.search(before)
        if code is None or _NOT_ACCESS_RE.search(before) is not None:
            continue
        if code.group("own") is None and not _names_access_object(before):
            continue
        if m.group().startswith("es") and len(before[code.end():].split()) > 6:
            continue  # "es el N" only close to its code word
        yield m.start("v"), m.end("v"), "password"


def _names_access_object(lower: str) -> bool:
    return any(w in _ACCESS_OBJECTS or w.rstrip("s") in _ACCESS_OBJECTS for w in _WORD_RE.findall(lower))


def _find_hash_line(text: str, lower: str) -> Iterator[_Span]:
    if "#" not in text:
        return
    for m in _HASH_LINE_RE.finditer(lower):
        line_start = lower.rfind("\n", 0, m.start()) + 1
        if _names_access_object(lower[max(line_start, m.start() - 200):m.start()]):
            yield m.start("v"), m.end("v"), "password"


FINDERS: Final = (_find_sign_in_with, _find_typed_at_login, _find_mine_is, _find_hash_line)
