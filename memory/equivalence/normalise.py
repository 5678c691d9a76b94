"""Normal forms shared by the judges: case/accent folding, the crude shared stem, similarity cleaning."""

from __future__ import annotations

import math
import unicodedata


class _Marks(dict[int, int | None]):
    """``str.translate``'s table dropping combining marks: each code point's answer is
    ``unicodedata.combining`` read once per process (None drops the character, its own code
    keeps it), so a note costs one pass in C instead of a Python test per character."""

    def __missing__(self, code: int) -> int | None:
        kept = None if unicodedata.combining(chr(code)) else code
        self[code] = kept
        return kept


_MARKS = _Marks()


def _strip_accents(text: str) -> str:
    if text.isascii():
        return text  # nothing to decompose (NFKD leaves ASCII as it is) and no combining mark
    decomposed = unicodedata.normalize("NFKD", text)
    if decomposed.isascii():
        return decomposed  # every combining mark is outside ASCII: nothing to drop
    return decomposed.translate(_MARKS)


def fold(text: str) -> str:
    """Case-, accent- and whitespace-insensitive form of a short string."""
    if text.isascii():
        # The same answer without the Unicode passes: NFKC and NFKD leave ASCII as it is, and
        # ASCII's case folding is its lower case (most words of Spanish and English notes).
        return " ".join(text.lower().split())
    return " ".join(_strip_accents(unicodedata.normalize("NFKC", text)).casefold().split())


def _clean_similarity(similarity: float | None) -> float | None:
    if similarity is None or isinstance(similarity, bool):
        return None
    try:
        value = float(similarity)
    except (TypeError, ValueError):
        return None
    return value if math.isfinite(value) else None


def _stem(word: str) -> str:
    """Crude shared stem: drops plural and gender endings (informes/informe, cortas/corto)."""
    if len(word) > 4 and word.endswith("ies"):
        word = word[:-3] + "y"
    elif len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        word = word[:-1]
    if len(word) > 3 and word[-1] in "aeo":
        word = word[:-1]
    return word
