"""Thirty-ninth secrets round: ONE definition of what a stated credential value looks like.

Before this round each frame that gives a password's value had its own character class for the
value: the copula frame ("the password is X", ``keywords``) took any run of non-space characters
but quotes and brackets, while the set-to frame ("I changed the password to X", ``said``) took word
characters only and "de contraseña le pusieron X" a third class, so the same value was redacted
after one frame and kept after another ("… to mFHRgdCnk$IOQS"). The frames now share:

* ``VALUE_TOKEN`` — the characters a bare (unquoted) value is made of: anything but white space,
  quotes, angle brackets and a ``;k=``/``&k=`` query parameter that starts another field;
* ``TRAILING_PUNCT`` / ``cut_trailing`` — the sentence punctuation after a value that stays outside
  it (".", ",", ";", ":", closing brackets); "!" and "?" stay inside, as symbols of the value;
* ``shape_score`` — a value shaped like a credential rather than a word: a digit with a letter (or
  four digits), any symbol, or an inner capital;
* ``not_a_credential_shape`` — shapes that are something else's: a link, a path, an e-mail address,
  a version number.

A frame may still ask more of its value (a plain word must close its clause, a weak label needs a
digit); it no longer accepts a different alphabet.
"""

from __future__ import annotations

import re
from typing import Final

VALUE_TOKEN: Final = r"(?:(?![;&][\w\-]+=)[^\s\"'`<>“”«»])+"
TRAILING_PUNCT: Final = ".,;:)]}"
_EMAIL_RE: Final = re.compile(r"[^@\s]+@[^@\s]+\.[A-Za-z]{2,}")
_VERSION_RE: Final = re.compile(r"[vV]?\d+(?:\.\d+)+[a-z]?")


def cut_trailing(value: str) -> str:
    """``value`` without the sentence punctuation that follows it."""
    return value.rstrip(TRAILING_PUNCT)


def shape_score(value: str) -> bool:
    """Does ``value`` look like a credential rather than a word?"""
    has_digit = any(c.isdigit() for c in value)
    has_alpha = any(c.isalpha() for c in value)
    has_symbol = any(not (c.isalnum() or c.isspace()) for c in value)
    inner_upper = any(c.isupper() for c in value[1:]) and any(c.islower() for c in value)
    return (has_digit and (has_alpha or len(value) >= 4)) or has_symbol or inner_upper


def not_a_credential_shape(value: str) -> bool:
    """A link, a path, an e-mail address or a version: shaped, but naming something else."""
    return ("://" in value or value.startswith(("/", "~", "\\", "[REDACTED:"))
            or _EMAIL_RE.fullmatch(value) is not None or _VERSION_RE.fullmatch(value) is not None)


_PLAIN_WORD_RE: Final = re.compile(r"[^\W\d_][^\W_]{5,40}")
_CLOSES_RE: Final = re.compile(r"[ \t]*(?:[.!;,)\n]|$)")
# Lower-case words joined by hyphens, and the next word when it is neither a conjunction nor a stop.
_COMPOUND_RE: Final = re.compile(r"[^\W\d_A-Z]+(?:-[^\W\d_A-Z]+)+")
_MODIFIES_RE: Final = re.compile(r"[ \t]+(?!(?:and|or|but|so|then|y|e|o|u|pero|as[ií]|luego|que|which|that)\b)[^\W\d_]")


def stated_value_end(text: str, start: int, token: str, not_values: frozenset[str], *,
                     plain_ok: bool = True) -> int | None:
    """Where the value a frame states at ``start`` ends (``token`` is its ``VALUE_TOKEN`` match), or
    None when it is no value: a credential shape (``shape_score``, four characters or more, not a
    link, path or address, not made of words in ``not_values`` such as "never-expire"), or a plain
    word of six letters or more that closes its clause (unless ``plain_ok`` is false: a frame whose
    label may be followed by what the secret opens, "de contraseña del portátil del trabajo", takes
    shapes only)."""
    value = cut_trailing(token)
    end = start + len(value)
    if len(value) < 4 or value.lower() in not_values or not_a_credential_shape(value):
        return None
    if not shape_score(value):
        return end if plain_ok and _PLAIN_WORD_RE.fullmatch(value) and _CLOSES_RE.match(text, end) else None
    if _COMPOUND_RE.fullmatch(value):
        if any(p in not_values for p in value.split("-")):
            return None  # "never-expire": a word of the sentence, hyphenated
        if _MODIFIES_RE.match(text, end):
            return None  # "read-only mode", "well-known defaults": a compound modifying the next noun
    return end
