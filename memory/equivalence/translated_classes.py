"""Class checks on one translated reading of an ES↔EN pair (issue 16, round 58).

:mod:`.translation` turns the Spanish note into English and the English note into Spanish and asks
the same-language veto about each language's pair; it counts only when **both** readings veto on one
of its axes, because a rough translation invents a negation, a tense or a number on one reading of
many equivalents. That veto leaves out the class checks that read two notes of one language through
WordNet and Apertium's analysis (they run from :func:`~.similarity._across_languages` on the pair as
written, where a Spanish word reaches WordNet only through its one or two dictionary translations),
so an opposition the dictionary misses ("permisiva" / "strict", "ganando peso" / "losing weight",
"Dirige el coro" / "Sings in the choir") passed when one of the two readings garbled the other
word ("It is winning weight").

Here those class checks read each translated reading on its own, and **one reading is enough** for
the classes a translation's wording does not invent:

* ``antonym`` — opposite WordNet adjectives (:mod:`.opposites`), opposite WordNet verbs
  (:mod:`.verb_opposites`), opposite members of an antonym pair (:mod:`.polar`), or an antonym pole
  of :mod:`.poles` other than the part of the day (:data:`LOOSE_POLES`: Apertium renders "evening"
  as *tarde* and *tarde* as "afternoon", so the daytime pole flips on equivalents);
* ``role_mismatch`` — two person nouns heading one slot of one frame (:func:`.siblings.role_heads`)
  on the Spanish reading (the English note in Spanish: each role noun is then read through the
  dictionary's English translations; on the English reading a literal rendering — "financial
  director" — meets the English author's idiom — "CFO" — which WordNet does not relate), or one note
  running a setting the other takes part in, said with verbs (:mod:`.verb_roles`), on either reading.

Measured over the spent sources (docs/consolidation.md, round 58): on the ES↔EN pairs the chain
merges, these fire on no equivalent; the axes left out (negation, tense, number, modality, scope,
entity, date, direction on one reading) fire on merged equivalents, up to 95 on one reading (tense). None when Apertium or
WordNet is not installed. Pure Python, no Django; nothing is logged.
"""

from __future__ import annotations

from memory.equivalence import opposites, polar, siblings, translation, verb_opposites, verb_roles
from memory.equivalence.poles import opposed
from memory.equivalence.signature import signature

#: Pole axes a translation flips on equivalents: one reading alone does not count on them.
LOOSE_POLES = frozenset({"daytime"})


def _poles(text: str) -> frozenset[str]:
    return frozenset(p for p in signature(text).poles if p[:-1] not in LOOSE_POLES)


def _reading_class(lang: str, note: str, reading: str) -> str | None:
    """The class on which ``note`` and ``reading`` (the other note translated into ``lang``) differ."""
    if (opposites.opposite_adjectives(note, lang, reading, lang) or verb_opposites.opposite_verbs(note, lang, reading, lang)
            or polar.opposite_members(note, lang, reading, lang) or opposed(_poles(note), _poles(reading))):
        return "antonym"  # "Her new manager is strict" / "Her new manager is permissive" (from "permisiva")
    if (lang == "es" and siblings.role_heads(lang, note, reading)) or verb_roles.role_by_verb(note, lang, reading, lang):
        return "role_mismatch"  # "Dirige el coro de la iglesia" / "Canta en el coro de iglesia"
    return None


def one_reading_class(spanish: str, english: str) -> str | None:
    """``antonym`` or ``role_mismatch`` when either translated reading of the pair differs on that
    class (module docstring); None when neither does or Apertium abstains."""
    as_english, as_spanish = translation.translate("es", spanish), translation.translate("en", english)
    if as_english is None or as_spanish is None:
        return None
    return _reading_class("en", english, as_english) or _reading_class("es", spanish, as_spanish)
