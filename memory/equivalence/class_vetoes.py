"""Vetoes for misleading classes the similarity judge still merged (issue 16, stops 39 and 42).

:class:`ClassVetoJudge` has no opinion of its own (:meth:`~ClassVetoJudge.judge` is always None); the
chain asks its :meth:`~ClassVetoJudge.veto` whenever another judge says ``EQUIVALENT`` for two
claim-less free texts, so it costs nothing on pairs that would not merge anyway:

* ``number_mismatch`` — one clock hour in different parts of the day (:mod:`.dayparts`: "at 9 a.m."
  / "a las 9 de la noche");
* ``antonym`` — opposite members of an antonym pair through a Spanish negative prefix, WordNet's
  antonyms read through Apertium's dictionary, or a Spanish locative adverb (:mod:`.polar`: "tidy" /
  "desordenado", "messy" / "ordenado", "top shelf" / "estante de abajo");
* ``role_mismatch`` — one note runs a setting the other takes part in, said with verbs
  (:mod:`.verb_roles`: "Sings bass in the choir" / "Conducts the choir");
* ``role_mismatch`` (round 60's, merged in round 61) — in one language, two people exchanging what is
  said of them across clauses (:mod:`.exchanged_roles`: "X is A; Y is B" / "X is B; Y is A");
* ``direction_unclear`` (round 61) — a Spanish *alquilar* that cannot say whether the thing is rented
  to or from the other person, against a note that says which (:mod:`.transfer`);
* ``role_mismatch`` (round 61, ES↔EN) — the role nouns the two notes give the person, which neither
  the dictionary, spelling nor WordNet makes one (:mod:`.role_nouns`: "editora" / "reviewer").
* ``direction_swap`` (eq72, ES↔EN) — one act (a WordNet verb synset), its ends exchanged between
  two persons on the English note and the Spanish note's translation (:mod:`.converse`).
* ``entity_mismatch`` (eq76) — each note names one currency and no currency can be both, read from
  CLDR (:mod:`.currencies`: "in euros" / "in dollars" / "en libras"; "dollars" / "dólares" / "$" may
  be one and pass).

ES, EN and ES↔EN alike. Pure Python, no Django; reasons are codes of :data:`~.types.REASONS`.
"""

from __future__ import annotations

from memory.equivalence import converse, currencies, dayparts, polar, role_nouns, transfer, verb_roles
from memory.equivalence.analysis import _analyse
from memory.equivalence.exchanged_roles import roles_exchanged
from memory.equivalence.signature import signature
from memory.equivalence.types import Judgment, Statement


class ClassVetoJudge:
    """Vetoes another judge's ``EQUIVALENT`` on the classes of the module docstring."""

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
        if currencies.different_currencies(a.text, b.text):
            return "entity_mismatch"  # "in euros" / "in dollars": CLDR's currencies (.currencies, eq76)
        la, lb = _analyse(a.text).lang, _analyse(b.text).lang
        if la not in ("es", "en") or lb not in ("es", "en"):
            return None
        if polar.opposite_members(a.text, la, b.text, lb):
            return "antonym"
        if verb_roles.role_by_verb(a.text, la, b.text, lb):
            return "role_mismatch"
        if la == lb and roles_exchanged(a.text, b.text, signature(a.text).names | signature(b.text).names):
            return "role_mismatch"  # "X is A; Y is B" / "X is B; Y is A" (.exchanged_roles, eq60's round 60)
        if transfer.transfer_clash(a.text, b.text) == "direction_unclear":
            return "direction_unclear"  # Spanish "le alquila … a X" (to or from) / "Rents … from X" (round 61)
        if la != lb and role_nouns.roles_differ(*((a.text, b.text) if la == "es" else (b.text, a.text))):
            return "role_mismatch"  # "Es editora del número" / "Is a reviewer for the issue" (round 61)
        if la != lb and converse.ends_exchanged(*((a.text, b.text) if la == "es" else (b.text, a.text))):
            return "direction_swap"  # "X la sustituye" / "She fills in for X" (.converse, eq72)
        return None
