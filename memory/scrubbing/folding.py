"""What the detectors read besides the writer's text: the inspection fold, with the writer's case.

``memory.inspection.normalise.fold(text, words=False)`` undoes the disguises a secret can wear
(fullwidth ``ｇｈｐ_…``, zero-width characters inside ``pass\u200bword``, Cyrillic ``раssword``,
a combining accent in ``contrasen\u0303a``) but also case-folds, and several detectors need case
(``AKIA…``, the high-entropy shape test). So each folded ASCII letter takes back the case of the
writer's character it came from; the offsets still map every view character to the writer's
text, so a finding is redacted where it really is (``Folded.span``).
"""

from __future__ import annotations

from dataclasses import dataclass

from memory.inspection.normalise import Folded, fold


@dataclass(frozen=True)
class View:
    """The detector's view of a text (``text``), its lower-cased twin of the same length (``lower``)
    and the map back to the writer's characters (``folded``)."""

    text: str
    lower: str
    folded: Folded

    def source_span(self, start: int, end: int) -> tuple[int, int]:
        """The writer's span covering view characters ``[start, end)``."""
        return self.folded.span(start, end)


def folded_view(text: str) -> View | None:
    """The case-keeping inspection view of ``text``, or ``None`` when it reads the same as ``text``.

    ASCII text is its own view (folding ASCII only lower-cases it), which keeps the common write
    cheap: the fold runs only on text with at least one non-ASCII character.
    """
    if text.isascii():
        return None
    folded = fold(text, words=False)
    lower = folded.text
    offsets = folded.offsets
    chars = [
        c.upper() if c.isascii() and text[offsets[i]].isupper() else c for i, c in enumerate(lower)
    ]
    view = "".join(chars)
    if view == text:
        return None
    return View(view, lower, folded)
