"""Which of a table's phrases a padded text contains, looked up by the text's own words (issue 16).

The signature's readings (:mod:`.modality`, :mod:`.poles`, the day names of :mod:`.signature`) ask,
for every note, whether each phrase of a few thousand is a substring of the note's padded, folded
text (" word word "): one ``in`` test per phrase and note. A phrase probe opens with a space, so it
can only occur where the text has that phrase's first word as a whole word: in ``padded``, the
characters between that space and the next one are the probe's first word, i.e. an element of
``padded.split(" ")``. :class:`PhraseIndex` files each probe under its first word and tests only the
probes whose first word the text has — the same answer as testing them all (a necessary condition
filters, the substring test still decides). A probe that does not open with a space, or whose first
word runs to its end (" abc": any word starting "abc"), has no such word and is always tested.

Pure Python, no Django; texts are never kept.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable


class PhraseIndex:
    """A table of ``name → probes`` indexed by each probe's first whole word."""

    __slots__ = ("_by_word", "_always", "_words")

    def __init__(self, entries: Iterable[tuple[Hashable, Iterable[str]]]) -> None:
        by_word: dict[str, list[tuple[Hashable, str]]] = {}
        always: list[tuple[Hashable, str]] = []
        for name, probes in entries:
            for probe in probes:
                rest = probe[1:]
                if probe.startswith(" ") and " " in rest:
                    by_word.setdefault(rest[:rest.index(" ")], []).append((name, probe))
                else:
                    always.append((name, probe))
        self._by_word = {word: tuple(found) for word, found in by_word.items()}
        self._always = tuple(always)
        self._words = frozenset(self._by_word)

    def count(self, padded: str) -> int:
        """How often the probes occur in ``padded``: exactly ``sum(padded.count(p) for each probe of each
        entry)``, counting only the probes whose first word ``padded`` has (the others cannot occur)."""
        by_word = self._by_word
        return (sum(padded.count(probe) for word in self._words.intersection(padded.split(" "))
                    for _, probe in by_word[word]) + sum(padded.count(probe) for _, probe in self._always))

    def found(self, padded: str) -> frozenset[Hashable]:
        """The names with a probe in ``padded``: exactly ``{name for name, probes in entries if
        any(p in padded for p in probes)}``."""
        names: set[Hashable] = set()
        by_word = self._by_word
        for word in self._words.intersection(padded.split(" ")):
            for name, probe in by_word[word]:
                if name not in names and probe in padded:
                    names.add(name)
        for name, probe in self._always:
            if name not in names and probe in padded:
                names.add(name)
        return frozenset(names)
