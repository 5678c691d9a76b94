"""Passwords that prose puts in unusual places: before the keyword, or after a spaced-out one.

* "Uses Sunflower!Rain42 as the password for …", "hunter2X is my password", "Gato-8526 es mi
  contraseña", "Mariposa-2290-Lila is the Dropbox password" (thirteenth round: up to two words
  naming the account, a strong value only): the value comes first, so only a credential-shaped
  token (letters and digits, or a symbol or inner capital, 6+ characters) qualifies; after any
  other verb ("He puesto X como contraseña") only a strong one (lower-case letters, digits and a
  symbol or inner capital).
* "Sara uses the same password everywhere: Sunflower*77", "la clave del banco, la de siempre ->
  Faro#2291": a password word, an aside of up to six words that neither describes the password
  (hint, policy, reset…) nor names a container or a user, then a colon, an arrow or a dash and a
  strong credential (lower-case letters, digits and a symbol or an inner capital).
* "what's the wifi pass? / Ana: es Patatas_Bravas_77" (thirteenth round): a question about a password,
  then its answer ("it's"/"es"/"era" and a strong credential), after a speaker's name if any.
* "la contraseña, que le puso su padre, dinosaurioVerde." (fifteenth round): the value in
  apposition after the label and at most one comma aside, no verb: a strong credential or a
  camelCase run of words closing its segment.
* "la contraseña del correo es, ojo, Madrid#Lluvia8 — …" (twenty-fourth round): an interjection or a
  short aside between commas after the copula, then a strong credential.
* "c o n t r a s e ñ a :  Membrillo_19": a keyword spelled with single letters between spaces is
  joined and read by the keyword detector (the inspection fold with ``words=False`` keeps spacing,
  since a passphrase's spacing is part of it).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from memory.scrubbing.keywords import _KEYWORD_RE, _find_keyword_values, _shape_score
from memory.scrubbing.codes import postal_pin
from memory.scrubbing.kinds import _Span
from memory.scrubbing.measures import (
    DESCRIBING_WORDS,
    HEDGE,
    _has_digit,
    a_field_value,
    at_as_a_letter,
    labels_a_public_key,
    opens_a_log_field,
)
from memory.scrubbing.places import CONTAINERS


_PW_NOUN = r"(?:pass(?:word|phrase|code)|pwd|pin|contrase(?:ñ|n)a|clave(?:\s+de\s+acceso)?)"
_OWNER = r"(?:(?:my|his|her|their|our|your|the|its|mi|su|tu|nuestra|la|el)\s+)?(?:(?:new|nueva)\s+)?"
# Nineteenth round: the noun joined by a hyphen to the next word is a compound adjective
# ("X is the password-protected stick", "PIN-based login"), not the password named.
_REVERSE_RE: Final = re.compile(
    r"(?i:\b(?:uses?|using|used|usa|usaba|utiliza|tiene|puso|set)\s+)"
    r"[\"'`]?(?P<v>[^\s\"'`<>]{6,64})[\"'`]?"
    r"(?i:\s+(?:as|como)\s+" + _OWNER + _PW_NOUN + r")\b(?![\-‐]\w)"
    r"|(?P<w>[^\s\"'`<>]{6,64})(?i:\s+(?:is|was|es|era)\s+" + _OWNER + _PW_NOUN + r")\b(?![\-‐]\w)"
    # Thirteenth round: up to two words naming the account between ("X is the Dropbox password"),
    # for a strong value only, the noun closing its phrase ("… password manager/policy" is a tool).
    r"|(?P<y>[^\s\"'`<>]{6,64})(?i:\s+(?:is|was)\s+" + _OWNER + r")(?:[^\W\d_][\w\-]*\s+){1,2}(?i:" + _PW_NOUN + r")\b(?![\-‐]\w)"
    r"(?=[ \t]*(?:$|[\n.,;:!?)\]—–]|(?i:for|of|on|at|in|to|since|until|and|but|now|too)\b))"
    # Any verb before "as/como": "He puesto ZuQ4!mnP7vr0 como contraseña" — strong values only.
    r"|[\"'`]?(?P<x>[^\s\"'`<>]{6,64})[\"'`]?(?i:\s+(?:as|como)\s+" + _OWNER + _PW_NOUN + r")\b(?![\-‐]\w)"
)
# "el PIN del móvil, 2048," / "PIN (4821)": digits set off after a PIN-like word.
_PIN_APPOSITION_RE: Final = re.compile(
    r"(?i:\b(?:pin|puk|nip)\b)(?:\s+(?i:del?|of|for|on)\s+[^\W\d][^\n,:;()]{0,30}?)?"
    # Seventeenth round: one aside between commas before the digits, which then close the clause
    # ("el pin del móvil de la abuela, por si acaso, 1952.").
    r"(?:,[ \t]*[^\W\d][^\n,:;()\d]{0,30}(?=,[ \t]*\d{4,8}[ \t]*(?:$|[.;!)\n])))?"
    r"\s*[,(:]\s*(?P<v>\d{4,8})(?!\d)"
)
# "Login for the portal is jgarcia / Tangerine$Koala8", "Login del router -> admin / Salon!8821": the
# part after the slash is the password. Twenty-sixth round: the slashes of a URL's scheme separator
# ("postgres://host:5432/db", RFC 3986 "scheme://authority") are no user / password separator, so a
# URL after "credentials:" ("conexión sin credenciales: postgres://db.internal:5432/app") is not
# read as a user "postgres:" and a password "/db.internal…"; a URL's password is ``urls``' business.
_USER_SLASH_PASSWORD_RE: Final = re.compile(
    r"(?i:\b(?:login|log-in|credentials|credenciales|acceso|access|user(?:name)?\s*/\s*pass(?:word)?"
    r"|usuario\s*/\s*contrase(?:ñ|n)a))"
    r"(?:\s+(?i:for|of|to|on|at|de|del|para|en|al)\b[^\n:=/]{1,40}?)?"
    r"(?:\s*(?:[:=]|->|→|=>|[—–])|\s+(?i:is|are|es|son))\s+[^\s/]{1,64}\s*/(?!/)\s*(?P<v>[^\s\"'`<>]{4,64}?)[.,;:)]*(?:\s|$)"
)
# A password stated after an aside: "Le cambié la contraseña a la cuenta de X, ahora es pan_Q83x",
# "I changed the password for the shop's account, now it's Tq9!mZ2x".
_AFTER_ASIDE_RE: Final = re.compile(  # read on the lower-cased text
    r"\b(?:contrase(?:ñ|n)a|password|passwd|pwd|clave|pass)\b[^\n.;:]{0,70}?,[ \t]*(?:(?:y|and|pero|but)[ \t]+)?"
    r"(?:(?:ahora|now|todav[ií]a|still|hoy|ya)[ \t]+)?"
    r"(?:es|is|it'?s|it[ \t]+is|sigue[ \t]+siendo|ser[aá]|was|era|qued[oó][ \t]+(?:como|en))[ \t]+(?P<v>[^\s\"'`<>]{8,64})")
# Fifteenth round: the value in apposition — set off by a comma after the password's label, after
# one comma-delimited aside at most, with no verb, closing its segment ("the old master password,
# Gr4nite-Harbour-2019, until IT rotates it", "y la contraseña, que le puso su padre, dinosaurioVerde.").
# Only a strong credential (``_strong_credential``) or a camelCase run of words ("dinosaurioVerde",
# ten characters or more) is taken: after a comma the clause may go on with any word.
_APPOSITION_RE: Final = re.compile(  # read on the lower-cased text
    r"\b(?:contrase(?:ñ|n)a|password|passwd|pwd|clave|pass)\b[^\n.;:,!?]{0,70}?,[ \t]+"
    r"(?:[^\n.;:,!?]{1,60},[ \t]+)?(?P<v>[^\s\"'`<>,]{8,64})(?=[ \t]*(?:[.,;)!?]|$|\n))")
# Twenty-fourth round: an interjection or a short aside set off by commas between the copula and the
# value ("la contraseña del correo es, ojo, X — …", "the password is, mind you, X now"): the copula
# states the value, the aside only comments on it. At most four words with no digit inside the
# commas; only a strong credential (``_strong_credential``) is taken, so the clause may go on after it.
_COPULA_ASIDE_RE: Final = re.compile(  # read on the lower-cased text
    r"\b(?:contrase(?:ñ|n)a|password|passwd|pwd|clave|pass)\b[^\n.;:]{0,70}?[ \t]"
    r"(?:es|is|was|era|ser[aá]|sigue[ \t]+siendo|will[ \t]+be),[ \t]*"
    r"[^\W\d_][^\W\d_'’]*(?:[ \t]+[^\W\d_][^\W\d_'’]*){0,3}[!]?,[ \t]*(?P<v>[^\s\"'`<>]{8,64})")
_CAMEL_RE: Final = re.compile(r"[a-zà-öø-ÿ]{3,}(?:[A-ZÀ-ÖØ-Þ][a-zà-öø-ÿ]+)+")
# Twenty-sixth round: "clave" of a person with the definite article — "la clave del usuario", "de la
# usuaria", "del cliente", "del empleado", "del socio" — is whose key it is (possession: that person's
# password), whereas the compound noun without it, "clave de usuario", names a kind of key (often a
# user id: "Su clave de usuario en el ERP es JGARCIA01"), which ``vocabulary.WEAK_LABEL`` has kept since
# the first round. Only the possessive frame, then a colon or a copula, then a strong credential
# (``_strong_credential``: lower-case letters, digits and a symbol or an inner capital) is taken; a
# number or an upper-case code after it stays.
_PERSON_KEY_RE: Final = re.compile(  # read on the lower-cased text
    r"\bclave[ \t]+(?:del|de[ \t]+la)[ \t]+(?:usuari[oa]|cliente|emplead[oa]|soci[oa])\b[^\n.;:=,]{0,40}?"
    r"(?:[ \t]*[:=][ \t]*|[ \t]+(?:es|era|ser[aá]|sigue[ \t]+siendo)[ \t]+)(?P<v>[^\s\"'`<>]{8,64})")


# Spanish leaves the noun out when the topic is a password: "La del root del servidor viejo sigue
# siendo r00t_Cantabria!" (la [contraseña] del root).
_ELIDED_RE: Final = re.compile(
    r"(?:^|[.!?][ \t]+)(?i:la|a[ \t]+la)[ \t]+(?i:del?)[ \t]+[^\n.;:,]{1,40}?[ \t]+"
    r"(?i:es|era|sigue[ \t]+siendo|qued[oó][ \t]+como)[ \t]+(?P<v>[^\s\"'`<>]{8,64})")
# "El wifi de casa: Naranjo-Azul-88": a Wi-Fi label states its password (not its network name).
_WIFI_RE: Final = re.compile(  # read on the lower-cased text
    r"\b(?:wi-?fi|wlan)\b(?P<label>[^\n:=.;]{0,30}?)[ \t]*[:=][ \t]*(?P<v>[^\s\"'`<>]{10,64})")
_WIFI_NAME_RE: Final = re.compile(r"network|red|ssid|name|nombre|guest|invitad")
# Thirty-eighth round (in sample, k67-003): the network word before the Wi-Fi word ("Red wifi: …",
# "Nombre de la wifi: …", "SSID wifi: …") labels the network's name as well.
_NAMES_THE_NETWORK_RE: Final = re.compile(r"\b(?:red|network|ssid|nombre|name)[ \t]+(?:(?:de|of)[ \t]+(?:la[ \t]+|the[ \t]+)?)?$")
# "My Netflix login is ana.g@example.com with Sardina!42": a user or an address, then the password.
_LOGIN_WITH_RE: Final = re.compile(  # read on the lower-cased text
    r"\b(?:login|log-in|user(?:name)?|usuario|account|cuenta|acceso|access)\b[^\n.;]{0,40}?[ \t]"
    r"[\w.+\-]+@[\w\-]+(?:\.[\w\-]+)+[ \t]+(?:with|con|and|y|pass(?:word)?|contrase(?:ñ|n)a|/)[ \t]+"
    r"(?P<v>[^\s\"'`<>]{8,64})")
# Thirteenth round. A question about a password and its answer in the next turn: "what's the wifi
# pass? / Ana: es Patatas_Bravas_77", "Remember the password I gave you? It's Gm6&Hx1r",
# "¿Cuál era la clave del router?\n—Era Faro#2291", "Lisa's password? Easy: Girasol_1987". The answer
# may open with a speaker's name and a colon, a dash or a slash, and an interjection; it states the
# value with "it's"/"es"/"era", or right after the colon.
_QUESTION_ANSWER_RE: Final = re.compile(  # read on the lower-cased text
    r"\b(?:contrase(?:ñ|n)a|password|passwd|pwd|clave|pass)\b[^\n.!?]{0,60}\?[ \t]*\n?[ \t]*"
    r"(?:[/|—–\-][ \t]*)?(?:[^\W\d_][\w.]{0,20}[ \t]*:[ \t]*)?"
    r"(?:(?:oye|vale|ok|okay|sure|s[ií]|yes|yeah|claro|pues|well|so)[,!]?[ \t]+)?"
    # Thirty-seventh round: a hedge may open the answer, with or without the copula ("creo que es X").
    r"(?:" + HEDGE + r"(?:(?:it'?s|it[ \t]+is|es|is|era|was)[ \t]+)?"
    r"|(?:it'?s|it[ \t]+is|es|is|era|was|sigue[ \t]+siendo)[ \t]+|(?<=:)[ \t]*|(?<=:[ \t]))(?P<v>[^\s\"'`<>]{6,64})")
# "uses the same password everywhere: Sunflower*77": a password word, an aside, a colon/arrow/dash.
_LABEL_ASIDE_RE: Final = re.compile(  # read on the lower-cased text
    r"\b(?:contrase(?:ñ|n)as?|passwords?|passwd|pwd|clave|pass)\b(?P<aside>(?:[ \t]+[^\W\d_][^\s.;:=,\"“”«»()\[\]]*){1,6})"
    r"[ \t]*(?::|->|→|=>|[ \t][—–][ \t])[ \t]*(?P<v>[^\s\"'`<>]{6,64})")
#: Aside words that make the value something else than the password: a user, an address, a file,
#: a public key or its fingerprint; and a verb, after which the colon opens another value
#: ("la clave pública del servidor es SHA256:…").
_OTHER_VALUES: Final[frozenset[str]] = frozenset(
    """user users usuario usuarios username login email e-mail mail correo account cuenta name nombre ticket
    incidencia ref reference referencia number número numero file archivo public pública publica público
    publico publicable publishable huella fingerprint is es son are was era""".split())
_VERSION_RE: Final = re.compile(r"[vV]?\d+(?:\.\d+)+[\w.\-+]*")
# An RFC 4122 UUID: an identifier's format (requests, records, tickets, idempotency keys), never a
# password someone chose; its hyphens are no "symbol" of a strong credential.
_UUID_RE: Final = re.compile(r"\{?[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\}?")


def _strong_credential(value: str) -> bool:
    """Lower-case letters, digits and a symbol or an inner capital; not a version, UUID, URL, address
    or path ("@" only as a letter, see ``measures.at_as_a_letter``)."""
    if "[REDACTED:" in value or "://" in value or value.startswith(("/", "~", "#")):
        return False
    if "@" in value and not at_as_a_letter(value):
        return False  # an e-mail address, a handle, user@host
    if _VERSION_RE.fullmatch(value) or _UUID_RE.fullmatch(value):
        return False
    symbol = any(not c.isalnum() for c in value)
    inner_upper = any(c.isupper() for c in value[1:]) and any(c.islower() for c in value)
    lower_letter = any(c.islower() for c in value)  # "ORD-2024-77", "SN-4821-XK" are codes
    return _has_digit(value) and lower_letter and (symbol or inner_upper)


_ASIDE_HINTS: Final = ("pass", "pwd", "contrase", "clave")
_REVERSE_HINTS: Final = ("pass", "pwd", "pin", "contrase", "clave")
_SPACED_RE: Final = re.compile(r"(?<!\S)(?:[^\W\d_] ){2,}[^\W\d_](?![^\s:=])")
_SHORT_SPACED_KEYWORDS: Final = frozenset({"pin", "puk", "nip", "pwd"})  # three letters: only these


def _find_reverse_passwords(text: str, lower: str) -> Iterator[_Span]:
    """A credential-shaped token stated before the word password (see the module docstring)."""
    if not any(h in lower for h in _REVERSE_HINTS):
        return
    for m in _REVERSE_RE.finditer(text):
        group = next(g for g in ("v", "w", "x", "y") if m.group(g) is not None)
        value = m.group(group)
        if "[REDACTED:" in value or "@" in value or "://" in value or _VERSION_RE.fullmatch(value):
            continue  # "3.2-beta is the new password policy": a version
        if group in ("x", "y") and not _strong_credential(value):
            continue
        if _has_digit(value) and _shape_score(value):
            yield m.start(group), m.end(group), "password"


def _find_set_off_values(text: str, lower: str) -> Iterator[_Span]:
    """A PIN set off by a comma or parenthesis, and ``user / password`` after a login label."""
    if "pin" in lower or "puk" in lower or "nip" in lower:
        for m in _PIN_APPOSITION_RE.finditer(text):
            if postal_pin(lower, m.group("v")):
                continue
            yield m.start("v"), m.end("v"), "password"
    if "/" in text:
        for m in _USER_SLASH_PASSWORD_RE.finditer(text):
            value = m.group("v")
            if "[REDACTED:" not in value and _shape_score(value) and _has_digit(value):
                yield m.start("v"), m.end("v"), "password"


_WORD_AT_RE: Final = re.compile(r"\w+")


def _labelling(matches: Iterator[re.Match[str]], text: str, lower: str) -> Iterator[re.Match[str]]:
    """The ``matches`` (each opening at its password word) whose word labels a value: not a log field's
    value ("method=password, mfa=totp, ip=…") and not a label calling the key public ("la clave
    publicable de Stripe, pk_live_…"), thirty-seventh round."""
    for m in matches:
        word = _WORD_AT_RE.match(lower, m.start())
        if a_field_value(text, m.start()) or (word is not None and labels_a_public_key(lower, word.end())):
            continue
        yield m


def _find_after_aside(text: str, lower: str) -> Iterator[_Span]:
    """A credential-shaped password after an aside, after Spanish's elided "la del …", after a
    Wi-Fi label, or in the answer to a question about a password."""
    if "," in text and any(h in lower for h in _ASIDE_HINTS):
        yield from _strong_values(_labelling(_AFTER_ASIDE_RE.finditer(lower), text, lower), text)
    if "," in text and any(h in lower for h in _ASIDE_HINTS):
        for m in _labelling(_APPOSITION_RE.finditer(lower), text, lower):
            value = text[m.start("v"):m.end("v")].rstrip(".,;:)]}")
            if opens_a_log_field(value):
                continue
            if _strong_credential(value) or (len(value) >= 10 and _CAMEL_RE.fullmatch(value)):
                yield m.start("v"), m.start("v") + len(value), "password"
    if "," in text and any(h in lower for h in _ASIDE_HINTS):
        yield from _strong_values(_labelling(_COPULA_ASIDE_RE.finditer(lower), text, lower), text)
    if " del" in lower or " de " in lower:
        yield from _strong_values(_ELIDED_RE.finditer(text), text)
    if "clave de" in lower:
        yield from _strong_values(_PERSON_KEY_RE.finditer(lower), text)
    if "@" in text:
        yield from _strong_values(_LOGIN_WITH_RE.finditer(lower), text)
    if ":" in text or ">" in text or "→" in text or "—" in text or "–" in text:
        yield from _strong_values((m for m in _labelling(_LABEL_ASIDE_RE.finditer(lower), text, lower)
                                   if _plain_aside(m.group("aside"))), text)
    if "?" in text and any(h in lower for h in _ASIDE_HINTS):
        yield from _strong_values(_labelling(_QUESTION_ANSWER_RE.finditer(lower), text, lower), text)
    if "wifi" in lower or "wi-fi" in lower or "wlan" in lower:
        yield from _strong_values((m for m in _WIFI_RE.finditer(lower) if not _WIFI_NAME_RE.search(m.group("label"))
                                                 and not _NAMES_THE_NETWORK_RE.search(lower, max(0, m.start() - 16),
                                                                                       m.start())),
                                  text)


def _plain_aside(aside: str) -> bool:
    """An aside that neither describes the password nor names a container, a user or a file."""
    return not any(w in DESCRIBING_WORDS or w in CONTAINERS or w in _OTHER_VALUES for w in aside.split())


def _strong_values(matches: Iterator[re.Match[str]], text: str) -> Iterator[_Span]:
    """The ``v`` groups of ``matches`` (on ``text`` or its same-length lower-cased twin) that are
    credential-shaped in the writer's case."""
    for m in matches:
        start = m.start("v")
        value = text[start:m.end("v")].rstrip(".,;:)]}")
        if _strong_credential(value) and not opens_a_log_field(value):  # "ip=10.8.0.14": another field
            yield start, start + len(value), "password"


# Fourteenth round: what someone types to get in, with no password word at all ("Para entrar en el
# portátil hay que poner X y luego…", "To unlock her tablet you type X"): a purpose of getting in
# (entrar, acceder, desbloquear, iniciar sesión; log in, sign in, unlock, get into), a verb of
# typing (poner, teclear, escribir, meter, introducir; type, enter, key in) within the clause, then a
# credential-shaped token (a lower-case letter and a digit, 6+ characters; not a version, UUID,
# URL, address or path) — the frame of a login instruction.
_TYPED_TO_ENTER_RE: Final = re.compile(  # read on the lower-cased text
    r"\b(?:para|to)[ \t]+(?:entrar|acceder|desbloquear|iniciar[ \t]+sesi[oó]n|loguear(?:te|se)?|log[ \t]*in(?:to)?"
    r"|sign[ \t]+in(?:to)?|unlock|get[ \t]+in(?:to)?|access)\b[^\n.;:!?]{0,60}?"
    r"\b(?:poner|pon|pones|teclear|teclea|tecleas|escribir|escribe|escribes|meter|mete|metes|introducir|introduce"
    r"|introduces|type|types|typed|enter|enters|key[ \t]+in|punch[ \t]+in)[ \t]+"
    r"(?P<v>[^\s\"'`<>«»“”()]{6,64})")
_TYPED_HINTS: Final = ("entrar", "acceder", "desbloquear", "sesi", "loguear", "log", "sign in", "unlock", "get in",
                       "access")


def _typed_credential(value: str) -> bool:
    if "[REDACTED:" in value or "@" in value or "://" in value or value.startswith(("/", "~", "#", "\\")):
        return False
    if _VERSION_RE.fullmatch(value) or _UUID_RE.fullmatch(value) or "." in value:
        return False
    return _has_digit(value) and any(c.islower() for c in value) and sum(c.isalpha() for c in value) >= 3


def _find_typed_to_enter(text: str, lower: str) -> Iterator[_Span]:
    """A credential typed to get in, with no password word (see above)."""
    if not any(h in lower for h in _TYPED_HINTS):
        return
    for m in _TYPED_TO_ENTER_RE.finditer(lower):
        value = text[m.start("v"):m.end("v")].rstrip(".,;:)]}!?")
        if _typed_credential(value):
            yield m.start("v"), m.start("v") + len(value), "password"


def _find_spaced_keywords(text: str, lower: str) -> Iterator[_Span]:
    """Values after a keyword spelled out letter by letter ("p a s s w o r d: X")."""
    if " " not in text:
        return
    for run in _SPACED_RE.finditer(text):
        joined = run.group().replace(" ", "")
        if len(joined) == 3 and joined.lower() not in _SHORT_SPACED_KEYWORDS:
            continue
        if _KEYWORD_RE.match(joined + ": x") is None:
            continue
        # Read the joined keyword followed by the rest of the text; shift spans back.
        tail = text[run.end():]
        synthetic = joined + tail
        shift = run.end() - len(joined)
        for start, end, kind in _find_keyword_values(synthetic, synthetic.lower()):
            if start >= len(joined):
                yield start + shift, end + shift, kind
