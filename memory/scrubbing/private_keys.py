"""Private keys: whole PEM / OpenSSH / PGP / PuTTY blocks, BEGIN to END (or a truncated body's end)."""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterator
from typing import Final

from detect_secrets.plugins.private_key import PrivateKeyDetector

from memory.scrubbing.kinds import _Span


_PEM_BEGIN_RE: Final = re.compile(
    r"-{4,5} ?BEGIN (?P<label>[A-Z0-9 ]{0,40}?)PRIVATE KEY(?: BLOCK)? ?-{4,5}"
)
_PEM_END_RE: Final = re.compile(
    r"-{4,5} ?END (?P<label>[A-Z0-9 ]{0,40}?)PRIVATE KEY(?: BLOCK)? ?-{4,5}"
)
# Body of a block whose END marker is missing (truncated paste): header lines
# ("Proc-Type: ...") and base64 runs, possibly with literal "\n" escapes.  It
# stops at the first ordinary word so trailing prose survives.
_PEM_BODY_RE: Final = re.compile(
    r"(?:(?:\\n|\s)*(?:[A-Za-z-]+: [^\n]*|[A-Za-z0-9+/=]{16,}))*"
)
# Fifteenth round: a PEM body is base64 (RFC 7468); a block with no base64 run between its markers
# (empty, or a remark such as "[redacted in the wiki]") holds no key.
_BASE64_RUN_RE: Final = re.compile(r"[A-Za-z0-9+/=]{16,}")
_PEM_MAX_BODY: Final = 65_536  # far above a 16k-bit RSA key; bounds the work
_PUTTY_RE: Final = re.compile(
    r"PuTTY-User-Key-File-\d+:.{0,65536}?(?:Private-MAC:\s*[0-9a-fA-F]+|\Z)", re.DOTALL
)


def _find_private_keys(text: str, lower: str) -> Iterator[_Span]:
    """Whole PEM / OpenSSH / PGP / PuTTY private key blocks, BEGIN to END.

    END markers are located once and paired by binary search, so many
    unterminated BEGIN lines cost O(n log n) instead of O(n^2).
    """
    # Cheap gate: every detect-secrets PrivateKeyDetector marker contains
    # "PRIVATE KEY" except PuTTY's, which is checked with its own regex.
    if "PRIVATE KEY" in text:
        ends = [(m.start(), m.end(), m.group("label")) for m in _PEM_END_RE.finditer(text)]
        end_starts = [e[0] for e in ends]
        covered = 0
        for m in _PEM_BEGIN_RE.finditer(text):
            if m.start() < covered:
                continue
            stop = None
            i = bisect_right(end_starts, m.end() - 1)
            while i < len(ends) and ends[i][0] - m.end() <= _PEM_MAX_BODY:
                if ends[i][2] == m.group("label"):
                    stop = ends[i][1]
                    break
                i += 1
            if stop is None:
                body = _PEM_BODY_RE.match(text, m.end())
                stop = body.end() if body is not None else m.end()
            elif _BASE64_RUN_RE.search(text, m.end(), ends[i][0]) is None:
                covered = stop
                continue  # "[redacted in the wiki]" or nothing between the markers: no key material
            covered = stop
            yield m.start(), stop, "private_key"
    if PrivateKeyDetector.denylist[-1].search(text):
        for m in _PUTTY_RE.finditer(text):
            yield m.start(), m.end(), "private_key"
