"""Fortieth secrets round: values no finder should redact, whichever took them (docs/privacy.md).

Each is a class of value that is shaped like a credential but says it is something else:

* ``truncated_display`` — a shortened display of a secret: an ellipsis, mask dots or "(hidden)"
  inside it ("sk_live_…(oculta)…", "ab12••••"); what is left names the secret, it is not it;
* ``date_value`` — part of a date (``12/[03/2024]``): a whole date may be a password, a piece is none;
* ``field_name_value`` — a value made only of the words field names are made of (``auth_token``,
  ``api-key``, ``session.id``): the name of an entry, a header or a column, not its content;
* ``jwt_header_segment`` — a lone base64url segment that decodes to a JOSE header
  (``{"alg": "HS256", "typ": "JWT"}``): every token of that algorithm starts with the same one.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
from typing import Final

_TRUNCATED_RE: Final = re.compile(
    r"…|•|\.\.\.|\((?:oculta|oculto|hidden|truncated|cortad[ao]|recortad[ao])\)", re.I)
# Day, month and year: slashes, or a four-digit year (``40-17-83`` is a combination, not a date).
_DATE_RE: Final = re.compile(
    r"(?<![\w/.\-])(?:\d{1,2}/\d{1,2}/(?:\d{4}|\d{2})|\d{1,2}[.\-]\d{1,2}[.\-]\d{4}|\d{4}-\d{2}-\d{2})(?![\w/\-])")
_FIELD_WORDS: Final = frozenset(
    "auth token tokens api key keys secret secrets password passwd pass pwd access refresh session id ids client "
    "bearer jwt user username name local storage localstorage cookie header csrf xsrf value entry field "
    "clave contrasena usuario nombre app private public oauth sid".split())
_FIELD_SPLIT_RE: Final = re.compile(r"[_\-.]")
_JOSE_KEYS: Final = frozenset({"alg", "typ", "kid", "cty", "x5t", "x5t#S256", "crit", "zip", "enc"})


def truncated_display(text: str, start: int, end: int) -> bool:
    """Is ``text[start:end]`` a shortened display of a secret?"""
    return _TRUNCATED_RE.search(text, start, end) is not None


def date_value(text: str, start: int, end: int) -> bool:
    """Does ``text[start:end]`` cut a date short ("12/[03/2024]")? A whole date may be a password
    ("password: 2024-03-01"); a piece of one is no value at all."""
    lo = max(0, start - 10)
    return any(m.start() <= start and end <= m.end() and (m.start(), m.end()) != (start, end)
               for m in _DATE_RE.finditer(text, lo, min(len(text), end + 10)))


def field_name_value(text: str, start: int, end: int) -> bool:
    """Is ``text[start:end]`` made only of field-name words joined by ``_``, ``-`` or ``.``?"""
    value = text[start:end]
    if not value.islower() and not value.isupper():
        return False
    parts = _FIELD_SPLIT_RE.split(value.lower())
    return len(parts) >= 2 and all(p in _FIELD_WORDS for p in parts)


def jwt_header_segment(text: str, start: int, end: int) -> bool:
    """Is ``text[start:end]`` one base64url segment that decodes to a JOSE header only?"""
    value = text[start:end]
    if not value.startswith("eyJ") or "." in value or len(value) > 200:
        return False
    try:
        decoded = base64.urlsafe_b64decode(value + "=" * (-len(value) % 4)).decode("utf-8")
        header = json.loads(decoded)
    except (binascii.Error, ValueError):
        return False
    return isinstance(header, dict) and bool(header) and set(header) <= _JOSE_KEYS


def not_a_credential(text: str, start: int, end: int) -> bool:
    """Any of the classes above."""
    return (truncated_display(text, start, end) or date_value(text, start, end)
            or field_name_value(text, start, end) or jwt_header_segment(text, start, end))
