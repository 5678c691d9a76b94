"""Text normalisation shared by dedupe, hashing and suppression keys (memory and governance both
use it, so it lives in config: neither app reaches into the other for it)."""

from __future__ import annotations

import hashlib
import re
import unicodedata

_SPACE = re.compile(r"\s+")


def normalize(text: str) -> str:
    """NFKC, case-folded, whitespace collapsed: two writes that differ only in form dedupe."""
    return _SPACE.sub(" ", unicodedata.normalize("NFKC", text).casefold()).strip()


def content_sha256(text: str) -> str:
    return hashlib.sha256(normalize(text).encode("utf-8")).hexdigest()
