"""Tokens written one character at a time with a separator ("A.K.I.A.Q.7.Z.P…", "g-h-p-_-…",
"s k _ l i v e _ …"): the run is joined and read by the vendor rules and the high-entropy fallback;
when they find the joined token (most of it), the whole run is redacted.

A spelled-out word ("m e z q u i t a", "V.I.H") joins into letters that no vendor rule and no
entropy test takes, so ordinary text is untouched.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from memory.scrubbing.entropy import _find_high_entropy
from memory.scrubbing.kinds import _Span
from memory.scrubbing.vendor_tokens import find_vendor_tokens

# Sixteen or more single characters, each pair separated by the same one separator.
_SEPARATED_RE: Final = re.compile(r"(?<![\w.\-·])[A-Za-z0-9_]([.\-· ])[A-Za-z0-9_](?:\1[A-Za-z0-9_]){14,}(?![\w])")


def _find_separated_tokens(text: str, lower: str) -> Iterator[_Span]:
    if len(text) < 31:
        return
    for m in _SEPARATED_RE.finditer(text):
        joined = m.group(0).replace(m.group(1), "")
        found = list(find_vendor_tokens(joined, joined.lower()))
        kind = found[0][2] if found else None
        if not found:
            found = list(_find_high_entropy(joined, joined.lower()))
            kind = "high_entropy" if found else None
        if kind is not None and sum(e - s for s, e, _ in found) * 5 >= len(joined) * 4:
            yield m.start(), m.end(), kind


SEPARATED_FINDERS: Final = (_find_separated_tokens,)
