"""Values that stand for a secret without being one, whatever finder took them or whatever label
or JSON key they follow: a redaction mark, a template reference, a masked value, a documentation
placeholder. The driver drops a span whose text is one of these; ``fields`` keeps such a value
under a secret-named key.

* **Redaction marks** of loggers and people: ``[FILTERED]`` (Rails, Sentry), ``[REDACTED]``,
  ``<hidden>``, ``(masked)``, ``[SANITIZED]``, ``[oculta]``, ``[FILTRADO]``, URL-encoded
  ``%5BFILTERED%5D``. In brackets any of the words below; bare, only the participles (``filtered``,
  ``redacted``, ``oculta``…): a bare ``private``/``protected`` could be a weak password.
* **Template references**: ``${DB_PASSWORD}``, ``{{ secrets.X }}``, ``<YOUR_API_KEY>``.
* **Masked values**: runs of three or more mask symbols (``*``, ``•``, ``●``, ``▒``, ``█``, ``...``)
  or four or more ``x``/``X``, in groups with separators, optionally after a vendor prefix
  (``sk_live_****``, ``ACxxxx…``), with at most four characters left visible before or after the
  mask (not both) (the "last four" convention: ``****abcd``, ``****-****-****-4242``). A value that shows more,
  or mixes single symbols into its characters (``k*P3*x``), is redacted.
* **AWS documentation placeholders** ending in ``EXAMPLE``/``EXAMPLEKEY`` (gitleaks allows
  ``.+EXAMPLE$`` for the same reason).
"""

from __future__ import annotations

import re
from typing import Final

_MARK_WORDS: Final = (r"redact\w*|filter(?:ed)?|filtrad[oa]s?|hidden|masked|removed|omitted|censored|scrubbed"
                      r"|saniti[sz]ed|elided|oculto|oculta|censurad[oa]|enmascarad[oa]|eliminad[oa]|borrad[oa]")
_BRACKET_WORDS: Final = _MARK_WORDS + r"|protected|private|secret|sensitive|hidden value|not shown|snip"
_STAND_IN_RE: Final = re.compile(
    # A mark in brackets (the closing one may have been trimmed off as punctuation), or bare.
    r"(?:[\[(<{]|%5[bB])\s*(?i:" + _BRACKET_WORDS + r")\s*(?:[\])>}]|%5[dD])?"
    r"|(?i:" + _MARK_WORDS + r")"
    r"|\$\{\{?[^}\s]{1,60}\}?\}|\{\{[^}]{1,60}\}\}|<[A-Za-z_\- ]{1,40}>"
    r"|[A-Za-z0-9/+]{8,}EXAMPLE(?:KEY)?")
_QUOTES: Final = "\"'`“”«»"
# A vendor prefix before a mask: up to three alphanumeric chunks, each closed by "_" or "-".
_PREFIX_RE: Final = re.compile(r"(?:[A-Za-z0-9]{1,12}[_-]){0,3}")
# A mask: three or more mask symbols or four or more x's, in groups ("****-****-****"), with at
# most four characters visible before or after it, not both ("****abcd", "ab12****").
_MASK: Final = r"(?:[*•●▒█■◼∙·⋅]{3,}|\.{3,}|…{2,}|[xX]{4,})"
_MASKED_RE: Final = re.compile(
    r"(?P<a>[A-Za-z0-9]{0,4})[-_ ./:]?" + _MASK + r"(?:[-_ ./:]?" + _MASK + r")*[-_ ./:]?(?P<b>[A-Za-z0-9]{0,4})")
_VISIBLE_MAX: Final = 4

def _masked(value: str) -> bool:
    """A mask, after an optional vendor prefix, with at most four characters left visible."""
    body = value[_PREFIX_RE.match(value).end():]  # type: ignore[union-attr]  # matches the empty string
    m = _MASKED_RE.fullmatch(body) or _MASKED_RE.fullmatch(value)
    return m is not None and not (m.group("a") and m.group("b")) and len(m.group("a") + m.group("b")) <= _VISIBLE_MAX


def is_stand_in(value: str) -> bool:
    """Does ``value`` (a finder's span, or a JSON value under a secret key) stand for a secret
    without being one? See the module docstring."""
    value = value.strip().strip(_QUOTES)
    if not value or len(value) > 300:
        return False
    return _STAND_IN_RE.fullmatch(value) is not None or _masked(value)
