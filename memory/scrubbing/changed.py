"""Forty-fourth secrets round: a credential's new value, said as what a change ended up as.

A note about changing a credential often gives the new value as the change's result, not after the
credential's name: "el portal del banco me obligó a cambiarla; quedó como …", "had to reset it, it
ended up as …", "now it's …", "ahora es …". The credential is the note's subject, named nearby (before
or after: "… cambiarla (la contraseña)"), often by a pronoun only where the value is given, so no
frame of "the password is X" reads it.

Read here: a **change's result marker** ("quedó como/en", "ha quedado como", "la dejé como", "acabó
siendo", "ahora es", "ended up as/being", "is now", "it's now", "now it's", "now reads") and the first
token after it (its quotes outside), when

* the token reads as a credential (``prose._strong_credential``: letters with a digit and a symbol or
  an inner capital; not a version, an address, a path or a UUID), and
* a credential is named (a cue of the token scorer's, ``token_scorer.CUE_RE``, not said *about* a
  credential: "password policy", "pista de la contraseña") within 250 characters before the marker or
  100 after the token, or the change's object is a pronoun within 120 characters before the marker
  ("el portal del banco pidió cambiarla otra vez; quedó como …", "made me reset it, now it's …"): what
  a login portal makes one change and a strong value ends up as is the password.

Forty-fifth round: "le puse" (and "le pusimos", "le he puesto"…) is a marker too when what it gave the value
to is an account or a device named just before it ("a la cuenta de la tele le puse «…»", "al router le
pusimos …"), with no credential word at all: the dative names what the value opens. "Al perro le puse …"
names a pet.

A number alone is the PIN finders' (``codes``: "cambié el PIN a 5512"); a name, a version ("is now
v2.4.1"), a branch or a path ("feature/login-2"), a plain word ("quedó como Casa") and a value with no
credential named near stay, and so does a name changed ("cambié el nombre de la red wifi; quedó como
Casa_5G": a network's name, not its key).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from memory.scrubbing.kinds import _Span
from memory.scrubbing.prose import _strong_credential
from memory.scrubbing.token_scorer import credential_cues
from memory.scrubbing.value_shape import TRAILING_PUNCT

_KIND: Final = "password"
#: What a change ended up as, then the value (an optional opening quote before it).
_RESULT_RE: Final = re.compile(
    r"(?<![a-z])(?:(?:qued[oó]|ha[ \t]+quedado|queda|quedar[aá]|acab[oó][ \t]+siendo|(?:la|lo)[ \t]+dej[eé])[ \t]+(?:como|en)"
    r"|ahora[ \t]+(?:es|queda)|ended[ \t]+up[ \t]+(?:as|being)|(?:is|it['’]s)[ \t]+now|now[ \t]+(?:it['’]s|it[ \t]+is|reads)"
    r"|became|(?P<given>(?:le|les)[ \t]+(?:puse|pusimos|pusiste|puso|pusieron|he[ \t]+puesto|hemos[ \t]+puesto)))"
    r"[ \t]*:?[ \t]+[\"'`“‘«]?(?P<v>[^\s\"'`”’»]{6,64})")
#: Forty-fifth round: what "le puse" gave a value to, an account or a device before it ("a la cuenta de la tele
#: de mamá le puse «…»", "al router le pusimos …"): the dative names what the value opens.
_GIVEN_TO_RE: Final = re.compile(
    r"(?<![a-z])(?:a|al)[ \t]+(?:(?:la|el|mi|tu|su|nuestra|nuestro)[ \t]+)?(?:cuenta|perfil|usuario|router|wi-?fi|m[oó]vil"
    r"|port[aá]til|tablet|ordenador|correo|buz[oó]n|app|aplicaci[oó]n)(?![a-z])[^.;\n]{0,80}$")
#: A change whose object is a pronoun ("pidió cambiarla", "la cambié", "made me change it", "reset it"):
#: the note's subject, named elsewhere or not at all, is what was changed.
_CHANGED_IT_RE: Final = re.compile(
    r"(?<![a-z])(?:(?:cambiar|resetear|renovar|actualizar|rotar|poner)(?:la|lo)|(?:la|lo)[ \t]+(?:he[ \t]+)?(?:cambi|reset|renov|rot)\w*"
    r"|(?:change|changed|changing|reset|resetting|rotate|rotated|update|updated|renew|renewed)[ \t]+it)(?![a-z])")
#: A name changed is no secret changed ("cambié el nombre de la red wifi; quedó como …", "renamed the SSID").
_NAME_CHANGED_RE: Final = re.compile(r"(?<![a-z])(?:nombre|name|renam\w*|renombr\w*|ssid|alias|t[ií]tulo|title)(?![a-z])")
_WINDOW_BEFORE: Final = 250
_WINDOW_AFTER: Final = 100


def _credential_near(lower: str, start: int, end: int) -> bool:
    if _NAME_CHANGED_RE.search(lower, max(0, start - 120), start) is not None:
        return False
    if _CHANGED_IT_RE.search(lower, max(0, start - 120), start) is not None:
        return True
    segment = lower[max(0, start - _WINDOW_BEFORE):end + _WINDOW_AFTER]
    return bool(credential_cues(segment))


def _find_changed_to(text: str, lower: str) -> Iterator[_Span]:
    """The value a change of a credential ended up as (the module docstring)."""
    for m in _RESULT_RE.finditer(lower):
        start = m.start("v")
        value = text[start:m.end("v")].rstrip(TRAILING_PUNCT)
        given_to = m.group("given") is not None and _GIVEN_TO_RE.search(lower, max(0, m.start() - 120), m.start()) is not None
        if "/" not in value and _strong_credential(value) and (given_to or _credential_near(lower, m.start(), start + len(value))):
            yield start, start + len(value), _KIND


FINDERS: Final = (_find_changed_to,)
