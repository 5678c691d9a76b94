r"""Thirty-third round: credentials the writer disguises or hands over in a chat turn, found by the
frame that announces them rather than by their shape (each class in both languages):

* **An announced disguise** ("te la escribo con guiones:", "te la pongo al revés…:", "te la parto en
  dos líneas:", "I'll write it with hyphens:", "spelled backwards:", "split in two lines:"): one rule
  for the frame, whatever the disguise. A disguise word (hyphens, dashes, spaces, dots, reversed,
  two lines/parts) with a verb of writing or handing over, or a password word, in the 80 characters
  before it, then a colon or a line break within 80 characters: the span right after is the
  credential — one token, or for a split the next two or three one-token lines. Thirty-fourth round:
  an encoding is a disguise too ("en base64", "in hex", "base64-encoded", "rot13"; "te lo mando en
  base64 para que no salga en claro: Q2Fj…"), "lo" hands it over as "la" does, and a key, token,
  secret or credential word announces as a password word does ("API key came through in two lines
  because the chat wrapped it:"). The joined value
  must look like a credential (six characters or more once its separators are dropped, a letter, and
  a digit, a symbol or mixed case), so "te la escribo con guiones: sí" stays.
  Thirty-seventh round: a reversal may head the sentence with no verb or password word before it
  ("Al revés para que no lo vean en la pantalla: 8102_…", "Backwards, so nobody reads it off the
  screen: …"): the token after the colon must then read as a password turned round — eight characters
  or more, opening with a digit or a symbol and closing with three letters (a word, then digits or a
  symbol, reversed), and ``prose._strong_credential`` of its reverse.
* **A chat answer to a question about a password** ("—¿Y la del NAS?⏎—Es XJJTM&WGu* con
  mayúsculas", "- and the router's password?⏎- It's Kx9#mLp2"): a line opening with a dash or with
  "es"/"it's" right after a question line that names a password, a PIN, a wifi, or elides it
  ("la del …", "the one for …"), and a strong token (letters with a digit or a symbol, six or more).
* **A device's login said as its use** ("para entrar en el portátil de la oficina usa X", "to log
  into the laptop, use X") and **a device that takes a value for a user** ("the NAS takes 'X' for
  the admin user", "el router acepta 'X' para el usuario admin"): the value must be a strong
  credential (``prose._strong_credential``: a digit, lower-case letters and a symbol or an inner
  capital), so "usa el portátil nuevo" or "takes 5 minutes for the admin user" stay.
* **A one-time-password seed in hex or base32** ("la seed TOTP en hex: 69c2…", "TOTP secret (base32)
  is JBSWY3DP…"): a seed/secret word next to TOTP/OTP/2FA/MFA, then within 80 characters of the
  same sentence a colon, "=", "es" or "is", then 16–128 hex digits or 16+ base32 characters.
* **A password label with a parenthetical aside before its colon** ("Contraseña del disco cifrado
  (BitLocker no, VeraCrypt): el gato de Lola duerme en la escalera 7"): a label at a line's start,
  a qualifier of at most 50 characters, one parenthesis of at most 60, a colon, then a passphrase of
  four to twelve words closing its line, no comma or semicolon in it, holding a digit or a capital
  after its first word; not after a policy or its rules ("Password policy (see the wiki): minimum
  12 characters, renewed every 90 days").

Every window is bounded (80/60/50 characters, lazy runs that cannot cross a line or a sentence), so
no pattern can backtrack over a long text.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from memory.scrubbing.kinds import _Span
from memory.scrubbing.measures import HEDGE
from memory.scrubbing.prose import _strong_credential

_PASSWORD_WORD: Final = r"(?:contrase[ñn]as?|claves?|pass(?:word|words|phrase)?|pwd|pin|passcode)"
_DISGUISE_RE: Final = re.compile(
    r"(?i:\b(?P<d>con[ \t]+(?:guiones|espacios|puntos|rayas)|separad[oa]s?[ \t]+(?:por|con)[ \t]+\w+"
    r"|(?:al|del)[ \t]+rev[eé]s|invertid[oa]|en[ \t]+dos[ \t]+(?:l[ií]neas|partes|trozos|mitades)"
    r"|with[ \t]+(?:the[ \t]+)?(?:hyphens|dashes|spaces|dots)|backwards?|in[ \t]+reverse|reversed"
    r"|(?:in|into|over|across|on)[ \t]+two[ \t]+(?:lines|parts|pieces|halves)"
    r"|(?:en|in|as)[ \t]+(?:base[ \t]?64|b64|hex|rot13)|(?:base64|b64)[ \-]encoded|codificad[oa][ \t]+en[ \t]+base[ \t]?64)\b)")
_ANNOUNCE_RE: Final = re.compile(
    r"(?i:\b(?:(?:te|se|os|la|lo)[ \t]+(?:la[ \t]+|lo[ \t]+)?(?:escribo|pongo|parto|paso|mando|dejo|doy|separo|divido|copio)"
    r"|(?:write|type|spell|put|split|give|send|break|paste|copy)[ \t]+it|spelled|spelt|written|typed|split"
    r"|(?:api[ \t]+)?key|token|secret|credencial|credential|llave"
    r"|" + _PASSWORD_WORD + r")\b)")
_LINES: Final = ("líneas", "lineas", "lines", "partes", "trozos", "mitades", "parts", "pieces", "halves")
_AFTER_RE: Final = re.compile(r"[^.\n:]{0,80}?(?::[ \t]*\n?|\n)[ \t]*")
_TOKEN_RE: Final = re.compile(r"[^\s]{4,80}")
_SPACED_RUN_RE: Final = re.compile(r"(?:\S[ ]){3,39}\S(?!\S)")
_LINE_RUN_RE: Final = re.compile(r"(?P<v>[^\s]{2,40}(?:[ \t]*\n[ \t]*[^\s(]{2,40}){1,2})(?![^\n])")
_SEPARATORS: Final = frozenset("-. \n·_")
#: Thirty-seventh round: a reversal that opens its sentence or line (after a dash or a bullet at most).
_HEADING_RE: Final = re.compile(r"[ \t]*(?:[—–\-*•][ \t]*)?")
_REVERSAL_RE: Final = re.compile(r"(?i:(?:al|del)[ \t]+rev[eé]s|invertid[oa]|backwards?|in[ \t]+reverse|reversed)")
#: What may follow a heading reversal before its colon: nothing, or a purpose or a remark.
_PURPOSE_RE: Final = re.compile(
    r"(?i:[ \t]*(?::|,|[—–(]|(?:para|por|so|to|in[ \t]+case|just|que|and|y)\b))")
#: A password's usual shape (a word, then digits or a symbol) turned round: it opens with a digit or a
#: symbol and closes with three letters or more.
_TURNED_RE: Final = re.compile(r"[^\w\s]*\d*[^\w\s]*[\d\W_]\S*[^\W\d_]{3}")


def _credential_like(value: str) -> bool:
    joined = "".join(c for c in value if c not in _SEPARATORS)
    if len(joined) < 6 or not any(c.isalpha() for c in joined) or "[REDACTED:" in value:
        return False
    if "://" in value or ("@" in value and "." in value):
        return False
    digit = any(c.isdigit() for c in joined)
    symbol = any(not c.isalnum() for c in value.replace("\n", ""))
    mixed = any(c.isupper() for c in joined) and any(c.islower() for c in joined)
    return digit or symbol or mixed


def _find_announced_disguises(text: str, lower: str) -> Iterator[_Span]:
    """The span right after an announced disguise (the module docstring)."""
    for d in _DISGUISE_RE.finditer(text):
        before = text[max(0, d.start() - 80):d.start()]
        cut = max(before.rfind(". "), before.rfind("\n"))
        heading = _HEADING_RE.fullmatch(before, cut + 1) is not None and _REVERSAL_RE.fullmatch(d.group("d")) is not None
        if not heading and _ANNOUNCE_RE.search(before, cut + 1) is None:
            continue
        after = _AFTER_RE.match(text, d.end())
        if after is None:
            continue
        pos = after.end()
        if heading:
            # Thirty-seventh round: a reversal heading the sentence, no verb or password word
            # before it ("Al revés para que no lo vean: 8102_…"): only a purpose or a remark may
            # stand before the colon ("Backwards compatible: …" is an adjective), and the token must
            # read as a credential once turned round.
            if _PURPOSE_RE.match(text, d.end(), pos) is None:
                continue
            m = _TOKEN_RE.match(text, pos)
            value = m.group().rstrip(",.;:!?)\"'»”") if m else ""
            if len(value) >= 8 and _TURNED_RE.fullmatch(value) and _strong_credential(value[::-1]):
                yield pos, pos + len(value), "password"
            continue
        lines = d.group("d").lower().split()[-1] in _LINES
        if lines:
            m = _LINE_RUN_RE.match(text, pos)
            if m is not None and _credential_like(m.group("v")):
                yield m.start("v"), m.end("v"), "password"
            continue
        m = _SPACED_RUN_RE.match(text, pos) if "espacio" in d.group("d").lower() or "space" in d.group("d").lower() else None
        if m is None:
            m = _TOKEN_RE.match(text, pos)
        if m is None:
            continue
        value = m.group().rstrip(",.;:!?)\"'»”")
        if _credential_like(value):
            yield m.start(), m.start() + len(value), "password"


# Thirty-seventh round: a hedge may open the answer, the copula then optional ("—Creo que X, pero…",
# "- I think it's X").
_QUESTION_RE: Final = re.compile(
    r"(?i:[^\n?]{0,120}\?[ \t]*\n[ \t]*(?:[—–\-][ \t]*)?(?:pues[ \t]+|well[ \t]+)?"
    r"(?:" + HEDGE + r"(?:(?:es|era|it['’]s|it[ \t]+is|it[ \t]+was)[ \t]+)?|(?:es|era|it['’]s|it[ \t]+is|it[ \t]+was)[ \t]+)"
    r"(?:la[ \t]+|el[ \t]+)?[\"'“‘«]?(?P<v>[^\s\"'”’»]{6,60}))")
_QUESTION_TOPIC_RE: Final = re.compile(
    r"(?i:" + _PASSWORD_WORD + r"|wi-?fi|\b(?:la|el)[ \t]+del?\b|\bthe[ \t]+one[ \t]+for\b|['’]s\b)")


def _strong_token(value: str) -> bool:
    letters = any(c.isalpha() for c in value)
    other = any(c.isdigit() or not c.isalnum() for c in value)
    return letters and other and _credential_like(value) and not value.endswith((".", ","))


def _find_chat_answers(text: str, lower: str) -> Iterator[_Span]:
    """A dash/"es"/"it's" answer line to a question line about a password (the module docstring)."""
    if "?" not in text or "\n" not in text:
        return
    for m in _QUESTION_RE.finditer(text):
        question = text[m.start():m.start("v")].split("\n", 1)[0]
        if _QUESTION_TOPIC_RE.search(question) is None:
            continue
        value = m.group("v").rstrip(",.;:!?")
        if _strong_token(value):
            yield m.start("v"), m.start("v") + len(value), "password"


_VALUE: Final = r"[\"'“‘«]?(?P<v>[^\s\"'”’»]{6,60}?)[\"'”’»]?(?=[\s,.;:!?)]|$)"
_DEVICE_USE_RE: Final = re.compile(
    r"(?i:\b(?:para[ \t]+(?:entrar|acceder|loguearte|logearte|iniciar[ \t]+sesi[oó]n|desbloquear|arrancar)"
    r"(?:[ \t]+(?:en|a|al))?[^.:\n]{0,60}?[ \t,]+(?:usa|utiliza|pon|mete|escribe|teclea)"
    r"|to[ \t]+(?:log[ \t]*in(?:to)?|get[ \t]+into|sign[ \t]+in(?:to)?|unlock|access|boot)[^.:\n]{0,60}?[ \t,]+"
    r"(?:use|type|enter|put[ \t]+in))[ \t]+" + _VALUE + ")")
_DEVICE_TAKES_RE: Final = re.compile(
    r"(?i:\b(?:takes|accepts|wants|expects|acepta|pide|lleva|quiere|admite)[ \t]+" + _VALUE
    + r"[ \t]+(?:for|as|para|como)[ \t]+(?:the[ \t]+|el[ \t]+|la[ \t]+)?(?:\w+[ \t]+)?"
    r"(?:user|usuario|account|cuenta|login|password|contrase[ñn]a|clave|admin|root)\b)")


# Thirty-seventh round, in sample (k63-234): a login told as done with the value ("logged into the tax
# portal with X after the reset", "entré en el banco con X", "inicié sesión con X"): a verb of logging
# in, the rest of its clause, "with"/"con" and a strong credential ("signed in with Google" stays).
_LOGGED_WITH_RE: Final = re.compile(
    r"(?i:\b(?:(?:logged|signed|log|sign)[ \t]*(?:in|on)(?:to)?\b[^.\n:;]{0,60}?[ \t]with"
    r"|(?:entr[eé]|acced[ií]|inici[eé][ \t]+sesi[oó]n|me[ \t]+logu?e[eé])\b[^.\n:;]{0,60}?[ \t]con)[ \t]+"
    r"[\"'“‘«]?(?P<v>[^\s\"'”’»]{6,60}))")


_SIGN_IN_METHOD_RE: Final = re.compile(
    r"(?i:google|microsoft|apple|github|gitlab|facebook|okta|azure|sso|saml|oauth|oidc|passkey|yubikey|fido|face|touch"
    r"|ldap|kerberos|ssh|cert|mfa|2fa|totp|otp)")


def _find_device_logins(text: str, lower: str) -> Iterator[_Span]:
    """A strong credential a device's login is said to use or take (the module docstring)."""
    for pattern in (_DEVICE_USE_RE, _DEVICE_TAKES_RE, _LOGGED_WITH_RE):
        for m in pattern.finditer(text):
            value = m.group("v")
            if pattern is _LOGGED_WITH_RE:
                if _SIGN_IN_METHOD_RE.match(value):
                    continue  # "signed in with Google-SSO2", "con YubiKey-5C": how, not with what secret
                value = value.rstrip(".,;:)")
                if _strong_credential(value):
                    yield m.start("v"), m.start("v") + len(value), "password"
                continue
            if _strong_credential(value):
                yield m.start("v"), m.end("v"), "password"


_SEED_RE: Final = re.compile(
    r"(?i:\b(?:(?:seed|semilla|secret|secreto)[ \t]+(?:del?[ \t]+|of[ \t]+)?(?:totp|otp|2fa|mfa)"
    r"|(?:totp|otp|2fa|mfa)[ \t]+(?:seed|semilla|secret|secreto))\b[^.\n]{0,80}?(?:[:=]|\b(?:es|is)\b)[ \t]*"
    r"[\"'`]?(?P<v>[0-9a-f]{16,128}|[A-Z2-7]{16,128}=*)(?![\w]))")


def _find_otp_seeds(text: str, lower: str) -> Iterator[_Span]:
    """A TOTP/OTP seed in hex or base32 after its label (the module docstring)."""
    if "otp" not in lower and "2fa" not in lower and "mfa" not in lower:
        return
    for m in _SEED_RE.finditer(text):
        value = m.group("v")
        if any(c.isdigit() for c in value) and any(c.isalpha() for c in value):
            yield m.start("v"), m.end("v"), "secret"


_PAREN_LABEL_RE: Final = re.compile(
    r"(?im:^[ \t]*(?:contrase[ñn]a|clave|frase[ \t]+de[ \t]+paso|passphrase|password|pass)\b[^:(\n.]{0,50}"
    r"\([^()\n]{1,60}\)[ \t]*:[ \t]*(?P<v>[^\W\d_][^\s,;]*(?:[ \t]+[^\s,;]+){3,11})[ \t]*\.?[ \t]*$)")
_POLICY_RE: Final = re.compile(r"(?i:\b(?:policy|pol[ií]tica|rules|reglas|requisitos|requirements|reset)\b)")


def _find_paren_labelled_phrases(text: str, lower: str) -> Iterator[_Span]:
    """A passphrase after a label with a parenthetical aside before its colon (the module docstring)."""
    if "(" not in text:
        return
    for m in _PAREN_LABEL_RE.finditer(text):
        value = m.group("v")
        words = value.split()
        if "[REDACTED:" in value or _POLICY_RE.search(text, m.start(), m.start("v")) is not None:
            continue
        if any(c.isdigit() for c in value) or any(w[:1].isupper() for w in words[1:]):
            yield m.start("v"), m.end("v"), "password"


FINDERS: Final = (_find_announced_disguises, _find_chat_answers, _find_device_logins, _find_otp_seeds,
                  _find_paren_labelled_phrases)
