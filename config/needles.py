"""Many substrings searched in one pass (Aho-Corasick, ``pyahocorasick``): the residue scan's matcher.

Building the automaton is linear in the needles' total length and a search is linear in the
haystack whatever the number of needles, so searching 30,000 erased values costs about what
searching one does (docs/decisions/0007-residue-scan-one-pass.md).

Rows are matched a batch at a time: the cells of a batch are joined with NUL, which neither a
PostgreSQL text value nor any needle can contain, so one C-level pass covers the batch and a match
never spans two cells; a hit is mapped back to its (row, column) only when there is one.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

import ahocorasick

_SEPARATOR = "\x00"


class Needles:
    """A set of case-sensitive substrings, searched in ``str`` or UTF-8 ``bytes`` haystacks.

    The automaton holds each value's first ``SIGNATURE`` characters, not the whole value: it is
    built ~3× faster for sentence-long values, and a signature hit is confirmed by comparing the
    whole value at that position (hits are rare: after a clean erasure there are none).
    """

    SIGNATURE = 24
    MAX_CANDIDATES = 8

    def __init__(self, values: Iterable[str]) -> None:
        self._automaton = ahocorasick.Automaton()
        self._by_signature: dict[str, list[str]] = {}
        unique = {v for v in values if v and _SEPARATOR not in v}
        self._group(unique, self.SIGNATURE)
        for signature, full in self._by_signature.items():
            self._automaton.add_word(signature, (len(signature), full))
        self.count = len(unique)
        if self.count:
            self._automaton.make_automaton()

    def _group(self, values: Iterable[str], length: int) -> None:
        """Values by signature; a crowded signature (many values sharing a prefix, e.g. a template
        sentence) is lengthened, so a hit never has more than a few values to confirm."""
        groups: dict[str, list[str]] = {}
        for value in values:
            groups.setdefault(value[:length], []).append(value)
        for signature, group in groups.items():
            if len(group) > self.MAX_CANDIDATES and any(len(v) > length for v in group):
                self._group(group, length * 2)
            else:
                self._by_signature.setdefault(signature, []).extend(group)

    def __bool__(self) -> bool:
        return self.count > 0

    @staticmethod
    def _text(haystack: str | bytes) -> str:
        if isinstance(haystack, bytes):
            # Invalid bytes become lone surrogates one by one and UTF-8 resynchronises at the next
            # lead byte, so every UTF-8 occurrence of a needle is still found.
            return haystack.decode("utf-8", errors="surrogateescape")
        return haystack

    def _hits(self, text: str) -> Iterator[tuple[int, str]]:
        """(start, value) of every occurrence of a value in ``text``."""
        for end, (length, candidates) in self._automaton.iter(text):
            start = end - length + 1
            for value in candidates:
                if text.startswith(value, start):
                    yield start, value

    def found_in(self, haystack: str | bytes) -> bool:
        if not self.count or not haystack:
            return False
        return next(self._hits(self._text(haystack)), None) is not None

    def which_in_rows(self, rows: Sequence[Sequence[Any]]) -> set[str]:
        """The values found in any cell of ``rows`` (str or None), one pass over the batch."""
        if not self.count or not rows:
            return set()
        return {value for _, value in self._hits(_SEPARATOR.join(cell or "" for row in rows for cell in row))}

    def matching_cells(self, rows: Sequence[Sequence[Any]]) -> set[tuple[int, int]]:
        """(row index, column index) of every cell of ``rows`` (str or None) holding a needle."""
        if not self.count or not rows:
            return set()
        cells = [cell or "" for row in rows for cell in row]
        text = _SEPARATOR.join(cells)
        hits = [start for start, _ in self._hits(text)]
        if not hits:
            return set()
        starts, offset = [], 0
        for cell in cells:
            starts.append(offset)
            offset += len(cell) + 1
        width = len(rows[0])
        return {divmod(bisect_right(starts, start) - 1, width) for start in hits}
