"""Vetoes for three misleading classes the similarity judge still merged (issue 16, stop 39).

:class:`ClassVetoJudge` has no opinion of its own (:meth:`~ClassVetoJudge.judge` is always None); the
chain asks its :meth:`~ClassVetoJudge.veto` whenever another judge says ``EQUIVALENT`` for two
claim-less free texts, so it costs nothing on pairs that would not merge anyway:

* ``number_mismatch`` — one clock hour in different parts of the day (:mod:`.dayparts`: "at 9 a.m."
  / "a las 9 de la noche");
* ``antonym`` — opposite members of an antonym pair through a Spanish negative prefix, WordNet's
  antonyms read through Apertium's dictionary, or a Spanish locative adverb (:mod:`.polar`: "tidy" /
  "desordenado", "messy" / "ordenado", "top shelf" / "estante de abajo");
* ``role_mismatch`` — one note runs a setting the other takes part in, said with verbs
  (:mod:`.verb_roles`: "Sings bass in the choir" / "Conducts the choir").

ES, EN and ES↔EN alike. Pure Python, no Django; reasons are codes of :data:`~.types.REASONS`.
"""

from __future__ import annotations

from memory.equivalence import dayparts, polar, verb_roles
from memory.equivalence.analysis import _analyse
from memory.equivalence.types import Judgment, Statement


class ClassVetoJudge:
    """Vetoes another judge's ``EQUIVALENT`` on the three classes of the module docstring."""

    name = "class_veto"
    version = "class-veto-1"

    def judge(self, a: Statement, b: Statement, *, similarity: float | None) -> Judgment | None:
        return None  # a veto only: it never proves or refutes a pair on its own

    def veto(self, a: Statement, b: Statement) -> str | None:
        """Why two claim-less free texts may not merge, or None."""
        if a.predicate or b.predicate or a.text == b.text:
            return None
        if dayparts.other_part_of_day(a.text, b.text):
            return "number_mismatch"
        la, lb = _analyse(a.text).lang, _analyse(b.text).lang
        if la not in ("es", "en") or lb not in ("es", "en"):
            return None
        if polar.opposite_members(a.text, la, b.text, lb):
            return "antonym"
        if verb_roles.role_by_verb(a.text, la, b.text, lb):
            return "role_mismatch"
        return None
