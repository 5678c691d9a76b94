"""Forty-fifth secrets round: a value right after a credential noun, with no copula.

"Keeps the password Xq…" and "la contraseña Xq…" give the value the way "the password is Xq…" does,
and so do "set the password to …", "uses the passphrase …", "cambió la clave a …". The keyword
finder's bare frame (no connector) asks its value for a digit, since "the password manager" and "la
clave pública" are nouns after the same word; a value of letters with inner capitals and one symbol,
no digit, passed.

Read here: a noun naming one password (``vocabulary.NOUN``: contraseña, clave, password, passphrase,
passcode, passwd — not "key", "code" or "token", which name many things), white space, an optional
"to"/"a"/"as"/"como", an optional quote, and a token whose **shape is not a word's**
(``not_a_word``): eight characters or more, and three of lower-case letters, an inner capital, a digit
and a symbol inside the token (not at its end, "Gracias!" ends a sentence, nor at its start, "(Osvaldo's
laptop)" opens an aside). Words joined by hyphens or
apostrophes, each capitalised or not ("Jean-Luc", "McDonald's", "Wi-Fi"), are words; a link, a path, an
address and a version are something else's (``value_shape.not_a_credential_shape``), and so is another field
of a log line ("method=password ip=10.0.4.17": the noun is a field's value, the token the next field).

What the noun's sentence says about the value is left to the driver's filters, as for every finder (an
example, a pattern, a policy).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from memory.scrubbing.kinds import _Span
from memory.scrubbing.value_shape import TRAILING_PUNCT, VALUE_TOKEN, not_a_credential_shape
from memory.scrubbing.vocabulary import NOUN

_KIND: Final = "password"
_BARE_RE: Final = re.compile(
    r"(?<![\w/.\-=:])(?i:" + NOUN + r")(?![\w\-])[ \t]+(?:(?i:to|a|as|como)[ \t]+)?[\"'`“‘«]?(?P<v>" + VALUE_TOKEN + r")")
_WORDS_RE: Final = re.compile(r"[^\W\d_]+(?:['’\-][^\W\d_]+)*")
#: Another field of a log or config line ("method=password ip=10.0.4.17"): a name and "=", not a value.
_FIELD_RE: Final = re.compile(r"[A-Za-z_][\w.\-]*=")
_MIN_LENGTH: Final = 8


def not_a_word(value: str) -> bool:
    """Is ``value`` shaped unlike any word: three of lower case, an inner capital, a digit, a symbol inside it?"""
    if (len(value) < _MIN_LENGTH or _WORDS_RE.fullmatch(value) is not None or not_a_credential_shape(value)
            or _FIELD_RE.match(value) is not None):
        return False
    lower = any(c.islower() for c in value)
    inner_upper = any(c.isupper() for c in value[1:])
    digit = any(c.isdigit() for c in value)
    symbol = any(not c.isalnum() for c in value[1:-1])
    return lower + inner_upper + digit + symbol >= 3


def _find_bare_values(text: str, lower: str) -> Iterator[_Span]:
    """A value of no word's shape right after a credential noun (the module docstring)."""
    if "pass" not in lower and "contrase" not in lower and "clave" not in lower:
        return
    for m in _BARE_RE.finditer(text):
        start = m.start("v")
        value = m.group("v").rstrip(TRAILING_PUNCT)
        if not_a_word(value):
            yield start, start + len(value), _KIND


FINDERS: Final = (_find_bare_values,)
