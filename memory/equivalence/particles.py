"""English phrasal verbs in "off" are no negative (issue 16, stop 50, eq74; used by :mod:`.signature`).

"off" is one of the signature's lexical negatives ("day off", "is off on Fridays", "off work"); as the
particle of a phrasal verb it is a way of doing ("pay off the loan", "blocks off Friday afternoons").
WordNet lists the phrasal verbs as verb lemmas ("pay_off", "block_off"): an "off" right after a form of
such a verb is dropped before the negatives are counted. Pure Python, no Django.
"""

from __future__ import annotations

import re

from memory.equivalence import wordnet

_VERB_OFF = re.compile(r" ([a-z]+) off ")


def _verb_lemmas(word: str) -> set[str]:
    """The verbs an English word may be a form of (regular endings and WordNet's irregular forms)."""
    found = {word, *wordnet.irregular_lemmas(word)}
    for ending, back in (("s", ""), ("es", ""), ("ed", ""), ("ed", "e"), ("d", ""), ("ing", ""), ("ing", "e")):
        if word.endswith(ending) and len(word) > len(ending) + 1:
            stem = word[: -len(ending)] + back
            found |= {stem, stem[:-1]} if len(stem) > 2 and stem[-1] == stem[-2] else {stem}
    return found


def without_particle_off(padded: str) -> str:
    """``padded`` without an "off" that is the particle of a phrasal verb WordNet lists ("pay off the loan",
    "blocks off Friday afternoons", eq74): a way of doing, not the lexical negative "off" ("day off",
    "is off on Fridays")."""
    if " off " not in padded or not wordnet.available():
        return padded
    return _VERB_OFF.sub(lambda m: f" {m.group(1)} " if any(wordnet.synsets(f"{v}_off", "verb")
                                                           for v in _verb_lemmas(m.group(1))) else m.group(0),
                         padded)
