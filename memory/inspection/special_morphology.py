"""A special-category term joined to a prefix (issue 15, sp33): the lexicon's patterns start at a word
boundary, so "hemodiálisis", "prediabético", "neuropsiquiatra", "hypothyroidism" or "quimioterapia"
were read only where the joined form itself was listed. ``prefix_reading`` splits such a prefix off
its word — only where one of the lexicon's words (``special_lexicon``'s terms, not their context)
begins where the prefix ends and runs on for ``_MIN_TERM`` letters or more — and
``memory.inspection.special`` adds that reading to the ones every rule reads. One mechanism for every
category, Spanish and English, instead of listing joined forms.

Which prefixes: measured over the spent authors with ``python -m evaluation.lexicon_morphology`` (the
notes each family would gain and would flag; docs/privacy.md, "Stop 45, sp33"). ``PREFIXES`` are the
medical and quantity combining forms that keep a term's sense; ``LIMITED`` a prefix that keeps it only
for some categories: ``anti`` before a health word names a treatment the person takes
("antidiabéticos", "antiepilépticos"), but before a word of another category it is a stance, a product
or a job ("antiterrorista", "antigitanismo", "antirrobo"). Left out: prefixes that negate or undo
(``des``: "desayuno" is "des" + "ayuno"; ``in``, ``no``, ``non``, ``un``), ``ex`` ("expreso" is a
coffee, not "ex preso"), and the short ones that open ordinary words (``re``, ``co``, ``bi``,
``sub``, ``trans``). Every pattern reads the inspection form (ASCII, lower case, accents removed).
"""

from __future__ import annotations

import functools
import re

from memory.inspection.special_forms import MORE
from memory.inspection.special_lexicon import LEXICON_SOURCES

#: Prefixes that keep the sense of any term joined to them.
PREFIXES: tuple[str, ...] = (
    "hemo", "hema", "pre", "post", "neuro", "hipo", "hypo", "hiper", "hyper", "auto", "peri", "pseudo",
    "semi", "micro", "poli", "poly", "multi", "cardio", "gastro", "psico", "psycho", "fisio", "hidro", "hydro",
    "endo", "onco", "nefro", "neumo", "gineco", "osteo", "inmuno", "immuno", "quimio", "radio",
)
#: Prefixes that keep the sense of a term of the named categories only.
LIMITED: dict[str, tuple[str, ...]] = {"anti": ("health",)}
#: The term after the prefix runs on for at least this many letters: "presida" is no "pre" + "sida".
_MIN_TERM = 5


def _term_heads(labels: tuple[str, ...] | None = None) -> re.Pattern[str]:
    """Every word the lexicon's rules of ``labels`` (all when None) look for, not their context."""
    parts = []
    for label, words, _, contexts in LEXICON_SOURCES:
        if labels is None or label in labels:
            parts += [words, MORE[label], *(trigger for trigger, _ in contexts)]
    return re.compile("(?:" + "|".join("".join(part.split()) for part in parts if part.strip()) + ")")


_HEADS = _term_heads()
_LIMITED_HEADS = {prefix: _term_heads(labels) for prefix, labels in LIMITED.items()}
#: A word long enough to hold a prefix and a term.
_WORD = re.compile(r"\b[a-z]{7,}")


@functools.lru_cache(maxsize=4096)
def _split_word(word: str, prefixes: tuple[str, ...]) -> str:
    """``word`` with the first of ``prefixes`` it opens with split off where a term follows (read on
    the rest of the word alone), else ``word``. Memoised per word (no verdict, no note: a word and its
    reading), as the fold is per string: the same words ("prefers", "presupuesto") open note after
    note, and the lexicon's alternation is long."""
    for prefix in prefixes:
        if not word.startswith(prefix) or len(word) - len(prefix) < _MIN_TERM:
            continue
        term = (_LIMITED_HEADS.get(prefix) or _HEADS).match(word, len(prefix))
        if term and term.end() - len(prefix) >= _MIN_TERM:
            return f"{prefix} {word[len(prefix):]}"
    return word


def prefix_reading(text: str, prefixes: tuple[str, ...] | None = None) -> str:
    """``text`` (an inspection form) with every prefix of ``prefixes`` (default: ``PREFIXES`` and
    ``LIMITED``) that opens a word and is followed by a term split off it ("hemo dialisis", "pre
    diabetico"); ``text`` itself where there is none, so an ordinary note gets no second reading."""
    prefixes = (*PREFIXES, *LIMITED) if prefixes is None else prefixes
    if not prefixes:
        return text
    return _WORD.sub(lambda m: _split_word(m.group(0), prefixes) if m.group(0).startswith(prefixes) else m.group(0), text)
