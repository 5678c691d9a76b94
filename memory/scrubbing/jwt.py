"""JSON Web Tokens: three ``eyJ`` segments, or two that detect-secrets' validator accepts."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from detect_secrets.plugins.jwt import JwtTokenDetector

from memory.scrubbing.kinds import _Span
from memory.scrubbing.vendor_tokens import _widen


_JWT_RE: Final = re.compile(
    r"eyJ[A-Za-z0-9_\-]{2,}={0,2}\.[A-Za-z0-9_\-]{2,}={0,2}(?:\.[A-Za-z0-9_\-]*={0,2})?"
)


def _find_jwts(text: str, lower: str) -> Iterator[_Span]:
    """Three-segment ``eyJ`` tokens, or two segments that decode as JSON.

    detect-secrets' own regex stops before the signature (its last group is
    lazy), so the shape is matched here and its validator is only used to
    confirm signature-less tokens.
    """
    if "eyJ" not in text:
        return
    for m in _JWT_RE.finditer(text):
        token = m.group(0)
        if token.count(".") < 2 and not JwtTokenDetector.is_formally_valid(token):
            continue
        start, end = _widen(text, *m.span())
        yield start, end, "jwt"
