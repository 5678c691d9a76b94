"""Special categories of personal data (GDPR Art. 9, Art. 10) detected from content (issue 15).

Whatever the writing agent declares (category, predicate), a memory whose strings reveal a special
category is never promoted and never reaches another agent. Detection reads the inspection form
of every string (``memory.inspection.normalise.fold``), so spaced-out, leet, zero-width,
fullwidth and homoglyph spellings are read as the plain word.

Two stages, same verdict type:
- ``special_category_in(strings)``: lexical, on the write path (fast; the write response says
  ``special_category`` at once);
- ``special_category_by_vector(vector)``: the memory's own embedding against labelled exemplars,
  right behind the write (the embedding backfill); consolidation embeds anything pending before
  it gathers, so nothing is shared before both stages ran.

Doubtful → special (seed: doubtful cases stay private).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np

from memory.inspection.normalise import fold_text

#: Detector labels → fideslang keys (plus Quorum's two additions, governance.taxonomy).
CATEGORY_KEYS = {
    "health": "user.health_and_medical",
    "genetic": "user.health_and_medical.genetic",
    "biometric": "user.biometric",
    "religion": "user.demographic.religious_belief",
    "politics": "user.demographic.political_opinion",
    "trade_union": "user.demographic.trade_union_membership",
    "sex_life_orientation": "user.demographic.sexual_orientation",
    "race_ethnicity": "user.demographic.race_ethnicity",
    "criminal": "user.criminal_history",
}


@dataclass(frozen=True)
class SpecialFinding:
    """What was found: the fideslang ``category``, the ``field`` it was found in and the detector
    ``rule`` (ids only: safe for traces, audit rows and logs)."""

    category: str
    field: str
    rule: str


# A first lexicon of unambiguous words (the detector's real lexicon and exemplars replace this).
_WORDS = {
    "health": r"diabetes|vih|hiv|cancer|quimio\w*|chemo\w*|dialisis|dialysis|depresion|depression|embarazada|pregnant",
    "religion": r"musulman\w*|muslim|mezquita|mosque|catolic[oa]s?|catholic|judi[oa]s?|jewish",
    "politics": r"psoe|vox|podemos|labour|tory|republican|democrat",
    "trade_union": r"sindicat\w+|trade union|union member",
    "sex_life_orientation": r"gay|lesbian\w*|bisexual\w*",
    "race_ethnicity": r"gitan[oa]s?|ethnicity|etnia",
    "genetic": r"brca\d?|genetic\w*|genetic[oa]s?",
    "biometric": r"huella dactilar|fingerprint scan|iris scan",
    "criminal": r"antecedentes penales|criminal record|convicted|condenad[oa]",
}
_PATTERNS = [(label, re.compile(rf"\b(?:{words})\b")) for label, words in _WORDS.items()]


def special_category_in(strings: Iterable[tuple[str, str]]) -> SpecialFinding | None:
    """The first special category revealed by any ``(field, text)``, or None."""
    for field, text in strings:
        folded = fold_text(text)
        for label, pattern in _PATTERNS:
            if pattern.search(folded):
                return SpecialFinding(CATEGORY_KEYS[label], field, f"lexicon.{label}")
    return None


def special_category_by_vector(vector: np.ndarray | None) -> SpecialFinding | None:
    """The embedding stage (not built yet in this first lexicon: always None)."""
    return None
