"""Text normalisation shared by dedupe and hashing."""

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
