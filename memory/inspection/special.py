"""Special categories of personal data (GDPR Art. 9, Art. 10) detected from content (issue 15).

Whatever the writing agent declares (category, predicate), a memory whose strings reveal a special
category is never promoted and never reaches another agent. Detection reads the inspection form
of every string (``memory.inspection.normalise.fold``), so spaced-out, leet, zero-width,
fullwidth and homoglyph spellings are read as the plain word.

Two stages, same verdict type:
- ``special_category_in(strings)``: on the write path, the lexicon
  (``memory.inspection.special_lexicon``) on every string, every clause, in the inspection form,
  then a trained character n-gram model (``memory.inspection.special_ngrams``) on the strings the
  lexicon left alone; a fraction of a millisecond for a note. The n-gram model also vetoes a
  lexicon hit on a prose string it is confident is ordinary (a score below the one of all but
  0.15 % of the special notes the lexicon caught, out of author): a special word about a job, a
  place or an object ("contable en el hospital"), not about the person. Doubtful stays special:
  only a confident model drops a hit, never the absence of a word, and never in a note that
  reports the person's own words about themselves (``_SELF_REPORT``). A string with an ordinary-sense
  span (an idiom, a pet's illness, a food disliked for its taste: ``special_forms.ordinary_spans``)
  is read by the lexicon outside the span and by the n-gram stage in its sentences without one;
- ``special_category_by_vector(vector)``: the memory's own passage embedding, right behind the
  write (the embedding backfill); consolidation embeds anything pending before it gathers, so
  nothing is shared before both stages ran. With the embedder the trained model was made for
  (``memory.inspection.special_model``, a logistic regression trained by
  ``evaluation.train_special`` on the development authors) the model decides and its
  per-category companion names the category; with any other embedder the labelled exemplars
  (``memory.inspection.special_exemplars``) decide by similarity margin. A trained-model finding
  near its threshold that the n-gram stage confidently contradicts is none (``_vector_outvoted``), and on a
  note using a special word as a figure of speech or as the work of the person's stated occupation (sp34)
  at any score (``_sense_outvoted``), as is a finding on the remainder outside any ordinary-sense span that
  the n-gram stage contradicts (sp34). The exemplar matrix is embedded once per
  process with the project's embedder (``memory.embedding.get_embedder``).

Doubtful → special (seed: doubtful cases stay private). Findings carry ids only (category, field
path, rule): never the text that matched.
"""

from __future__ import annotations

import functools
import re
import threading
from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np

from memory.embedding import get_embedder
from memory.embedding.exemplars import constant_passages
from memory.inspection.normalise import IDENTIFIER_CACHE_CHARS, fold_text, readings
from memory.inspection.special_access import ACCESS_RULES
from memory.inspection.special_clauses import CLAUSE_RULES, PARTNER, extra_forms
from memory.inspection.special_exemplars import ORDINARY, SPECIAL
from memory.inspection.special_forms import ordinary_spans as _forms_ordinary_spans
from memory.inspection.special_forms import vector_spans as _forms_vector_spans
from memory.inspection.special_implicit import IMPLICIT_RULES, inflection_reading
from memory.inspection.special_lexicon import RULES, SAME_SEX_PARTNER
from memory.inspection.special_model import model_for
from memory.inspection.special_morphology import prefix_reading
from memory.inspection.special_names import RULES as NAMES_RULES
from memory.inspection.special_names import idiom_spans, name_spans, vector_name_spans
from memory.inspection.special_roles import ROLE_RULES, SAME_SEX_NAMES, figure_spans, role_spans
from memory.inspection.special_sense_check import topic_spans
from memory.inspection.special_mentions import mention_spans
from memory.inspection.special_senses import adverb_figure_spans, figure_of_speech_spans, occupation_spans, sense_spans
from memory.inspection.special_ngrams import NgramModel
from memory.inspection.special_ngrams import load as load_ngrams

#: The lexicon's rules, then the classes of ``special_clauses`` (stop 38), ``special_roles`` (sp25),
#: ``special_names`` (sp30), ``special_access`` (sp35) and ``special_implicit`` (sp36);
#: the same-sex partner's patterns likewise.
_RULES = RULES + CLAUSE_RULES + ROLE_RULES + NAMES_RULES + ACCESS_RULES + IMPLICIT_RULES
#: The hits (``label:rule``) of the rules that carry the person's own tie in the pattern
#: (``special_lexicon.Rule.own_tie``: sp30's named things, sp35's and sp36's classes, the lexicon's own-tie
#: clauses): the n-gram stage's veto does not drop them, as the work frames do not clear them.
_OWN_TIE_HITS = frozenset(f"{rule.label}:{rule.name}" for rule in _RULES if rule.own_tie)
_PARTNER = (*SAME_SEX_PARTNER, *PARTNER, *SAME_SEX_NAMES)


def ordinary_spans(text: str) -> list[tuple[int, int]]:
    """``special_forms.ordinary_spans``, the civic roles and cultural works of
    ``special_roles.role_spans`` (sp25) and another person's matter or an ordinary sense of
    ``special_senses.sense_spans`` (sp27), and a band, a team or a show named and sp30's idioms
    (``special_names.name_spans``, ``idiom_spans``), and sp34's figures of speech
    (``special_senses.figure_of_speech_spans``), and sp37's special words that name a thing, not the
    person (``special_mentions.mention_spans``: a name or a title, a means said to be absent, a style, a
    place of worship as a sight, a client). The lexicon also reads outside ``special_sense_check.topic_spans``
    (sp29; ``lexical_stage``)."""
    return (_forms_ordinary_spans(text) + role_spans(text) + sense_spans(text) + name_spans(text) + idiom_spans(text)
            + figure_of_speech_spans(text) + occupation_spans(text) + mention_spans(text))


def vector_spans(text: str) -> list[tuple[int, int]]:
    """``special_forms.vector_spans``, ``special_roles.figure_spans`` (sp25) and sp30's spans
    (``special_names``: a band, a team or a show named, an idiom, a nationality for papers, a theft
    the person reports). Not sp34's figures of speech and occupations: blanked, what was left of the note
    read as special to the vector stage (14 ordinary notes of the older authors flagged, 5 cleared); a
    vector finding on a note with one of them needs the n-gram stage's assent instead (``_sense_outvoted``)."""
    return _forms_vector_spans(text) + figure_spans(text) + name_spans(text) + idiom_spans(text) + vector_name_spans(text)

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


_HYPHEN_IN_WORD = re.compile(r"(?<=[a-z])-(?=[a-z])")
_SYMBOL_LEET = re.compile(r"\b(?=\w*[@$])[\w@$]{3,}")
_SYMBOL_TABLE = str.maketrans({"@": "a", "$": "s", "0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t"})
#: A two-character token of one letter and one leet digit (``d3``, ``3l``, ``m1``): the shared
#: readings leave tokens this short alone (``5G``, ``B2``), so a leet-spelled note kept its short
#: function words in digits ("t3st1g0 d3 J3h0vá" read "testigo d3 jehova").
_SHORT_LEET = re.compile(r"\b(?:[a-z][013457]|[013457][a-z])\b")
#: A word of three or more characters with letters and leet digits, before the fold reads them.
_LEET_WORD = re.compile(r"\b(?=\w*[a-z])(?=\w*[013457])\w{3,}\b")
_SHORT_LEET_TABLE = str.maketrans({"0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t"})


def _special_readings(text: str) -> list[str]:
    """The shared inspection readings plus those the special-category lexicon alone takes: letters
    split by hyphens joined (``Hunt-ing-ton``, ``anti-d‍ep‍res‍sants``), symbol leet read as
    letters (``d1@b3t3s``), a lexicon word joined to a prefix split off it (``hemo dialisis``:
    ``special_morphology.prefix_reading``, sp33), and, in a note already spelled in leet (a word of three or more
    characters with leet digits), the two-character leet tokens too (``d3``: ``_SHORT_LEET``) — each
    only where it changes something."""
    forms = readings(text)
    for extra in extra_forms(text):  # ``1`` for ``l``, a spaced word after a one-letter word (special_clauses)
        forms += [form for form in readings(extra) if form not in forms]
    forms += [joined for joined in (prefix_reading(form) for form in forms) if joined not in forms]  # "hemo dialisis" (sp33)
    forms += [single for single in (inflection_reading(form) for form in forms) if single not in forms]  # "gais" (sp36)
    leet = any(_SHORT_LEET.search(form) for form in forms) and bool(_LEET_WORD.search(fold_text(text, words=False)))
    for form in list(forms):
        for alternative in (_HYPHEN_IN_WORD.sub("", form) if "-" in form else form,
                            _SYMBOL_LEET.sub(lambda m: m.group(0).translate(_SYMBOL_TABLE), form)
                            if ("@" in form or "$" in form) else form,
                            _SHORT_LEET.sub(lambda m: m.group(0).translate(_SHORT_LEET_TABLE), form)
                            if leet else form):
            if alternative not in forms:
                forms.append(alternative)
    return forms


def lexical_rule(text: str) -> str | None:
    """The lexicon rule that fires on one string's inspection form(s), as ``label:rule``, or None
    (the hand-written stage alone, as ``evaluation.detector_cv`` measures it)."""
    return lexical_stage(text)[0]


def lexical_stage(text: str) -> tuple[str | None, str]:
    """``(lexical_rule, what the n-gram stage reads of the string)``.

    Ordinary-sense spans (``special_forms.ordinary_spans``: an idiom, a figurative use, a food
    avoided for its taste, a pet's illness and treatment, a job or a civic duty on the side of the
    law, a quoted title) can only clear, never add: a rule counts only when it fires on the string
    both as written and with the spans blanked, so a special clause beside an idiom is still found.
    A string without such a span is read once, as before, and the n-gram stage reads it whole; in
    one with a span the n-gram stage reads the sentences without one (``_sentences_outside``).
    ``special_sense_check.topic_spans`` (sp29: a record document, a manner, a term, a topic of study,
    media or work) are the lexicon's alone — the n-gram stage still reads their sentences — and are
    looked for only once a rule fires on the reading (the write path's cost)."""
    ngram_text: str | None = None
    for reading in _special_readings(text):
        spans = ordinary_spans(reading)
        if spans and ngram_text is None:
            ngram_text = _sentences_outside(reading, spans)
        blanked: str | None = None  # with sp29's spans too, the lexicon's alone; read once a rule fires
        for rule in _RULES:
            if rule.fires(reading):
                if blanked is None:
                    spans += topic_spans(reading)
                    blanked = _blank(reading, spans) if spans else reading
                if not spans or rule.fires(blanked):
                    return f"{rule.label}:{rule.name}", text if ngram_text is None else ngram_text
        if any(pattern.search(reading) for pattern in _PARTNER):
            if blanked is None:
                spans += topic_spans(reading)
                blanked = _blank(reading, spans) if spans else reading
            if any(pattern.search(reading) and pattern.search(blanked) for pattern in _PARTNER):
                return "sex_life_orientation:lexicon.sex_life_orientation.partner", text if ngram_text is None else ngram_text
    return None, text if ngram_text is None else ngram_text


#: A sentence: up to and including its closing punctuation (``. ! ? ; :``) or line break.
_SENTENCE = re.compile(r"[^.!?;:\n]+[.!?;:\n]*")


def _sentences_outside(reading: str, spans: list[tuple[int, int]]) -> str:
    """The sentences of ``reading`` that no span touches, joined (whitespace collapsed): what the
    n-gram stage reads of a string with an ordinary-sense span. Whole sentences, not the text around
    the span: scored alone, the remainder of a sentence the span was cut from (a clause of a few
    plain words after an idiom) looked special to the stage (stop 31), while an
    idiom written as a sentence of its own before or after a note leaves the note's sentences
    whole (the review's 100 spent notes only the n-gram stage caught, hidden by an appended "Thank
    God it's Friday.", are caught again). An idiom joined to a clause by a comma still takes that
    sentence from this stage (the vector stage reads what lies outside the span itself)."""
    kept = [m.group(0) for m in _SENTENCE.finditer(reading)
            if not any(start < m.end() and end > m.start() for start, end in spans)]
    return " ".join(" ".join(kept).split())


def ordinary_sense(text: str) -> bool:
    """Whether ``text`` (a memory's content) has an ordinary-sense span (``special_forms.ordinary_spans``)."""
    return any(ordinary_spans(reading) for reading in _special_readings(text))


def outside_ordinary(text: str, *, as_written: bool = False) -> str:
    """``text`` itself, or, where it uses a special word in an ordinary sense, its inspection form
    with those spans blanked (whitespace collapsed). The learned stages cannot tell senses apart
    ("married to his job", a pet's insulin), but stepping aside for the whole string let an
    appended idiom hide a euphemism only they catch (stop 31's review: all 242 such spent notes
    hidden by "Thank God it's Friday");
    the vector stage reads the embedding of what lies outside the spans (``vector_to_read``). The
    spans here are ``special_forms.vector_spans``: the ordinary-sense spans and the verb of a name
    a person goes by, which only the vector stage misread.

    ``as_written``: blank the spans in the writer's own text wherever the inspection reading keeps
    its offsets (same length: case, accents and look-alikes fold one character for one), else in the
    reading — what the vector stage embeds. The vector model was trained on passages as written; the
    folded reading (lower case, "7am" read as "tam") is not what it learned from and scored ordinary
    remainders as special (stop 43: over the 455 spent notes with such spans that the write path does
    not flag, 37 → 28 ordinary notes flagged, the one special note kept). The n-gram stage, which
    folds its input anyway, reads the folded form."""
    for reading in _special_readings(text):
        spans = vector_spans(reading)
        if spans:
            source = text if as_written and len(reading) == len(text) else reading
            return " ".join(_blank(source, spans).split())
    return text


def vector_to_read(vector: np.ndarray, content: str = "") -> np.ndarray | None:
    """The embedding the vector stage reads for a memory whose passage embedding is ``vector`` and
    whose text is ``content``: ``vector`` itself, or, where that text has an ordinary-sense span, the
    embedding of what lies outside it (``outside_ordinary(…, as_written=True)``), or None when too little is left to
    read (shorter than ``_NGRAM_MIN_CHARS``, as the n-gram stage skips such strings)."""
    rest = outside_ordinary(content, as_written=True) if content else content
    if rest is content:  # no ordinary-sense span (the text itself is returned)
        return np.asarray(vector, dtype=np.float32)
    if len(rest) < _NGRAM_MIN_CHARS:
        return None
    return np.asarray(get_embedder().embed_passages([rest])[0], dtype=np.float32)


#: A vector-stage finding whose score is within this much of the model's threshold stands only where
#: the n-gram stage is not confident the text is ordinary (its score above ``_NGRAM_DISSENT``).
#: Chosen leave-a-group-of-authors-out over the 33 spent authors (six groups, both learned stages
#: refitted per group; docs/privacy.md, "Twenty-third special round"): 14 ordinary notes the vector
#: stage alone flagged are cleared, 2 special notes lost (a euphemism and a hidden clause with no
#: lexicon word); with the shipped models, 16 cleared and none lost.
_VECTOR_BAND = 0.5
_NGRAM_DISSENT = -0.5


def vector_stage(vector: np.ndarray, content: str = "") -> SpecialFinding | None:
    """The vector stage as the backfill, the re-inspection and the evaluation run it: the model on
    what ``vector_to_read`` says to read of a memory whose passage embedding is ``vector``; a finding
    near the model's threshold that the n-gram stage confidently contradicts is none
    (``_vector_outvoted``), and so is a finding on a remainder of which the n-gram stage reads nothing
    (``_fragment_alone``)."""
    read = vector_to_read(vector, content)
    if read is None:
        return None
    finding = special_category_by_vector(read)
    if finding is not None and content:
        rest = outside_ordinary(content)
        # a remainder read (the note has an ordinary-sense span): outvoted at any score (sp34)
        if _vector_outvoted(read, rest, any_score=rest != content) or _sense_outvoted(content) \
                or (rest != content and _fragment_alone(content)):
            return None
    return finding


def _fragment_alone(content: str) -> bool:
    """Whether the n-gram stage, reading ``content`` as the write path does (the sentences without an
    ordinary-sense span, ``lexical_stage``), reads too little of it to judge: every sentence holds a span.
    The vector stage then reads only the fragment left around the spans (``vector_to_read``), with no
    other stage to agree or dissent, and its finding is dropped (sp38). ``_sense_outvoted`` did so for
    sp34's figures and occupations; over the 75 spent authors, of the notes the write path leaves alone
    whose vector read is such a fragment, the vector stage flagged 27 ordinary notes (21 authors) and no
    special note (docs/privacy.md, "Stop 48, sp38"). Read only once the vector stage has a finding."""
    return load_ngrams() is not None and len(lexical_stage(content)[1]) < _NGRAM_MIN_CHARS


def _sense_outvoted(content: str) -> bool:
    """Whether ``content`` uses a special word in a sense sp34 reads — a figure of speech or the work of
    the person's stated occupation (``special_senses.figure_of_speech_spans``, ``occupation_spans``) —
    and the n-gram stage, reading the note as the write path does (the sentences without an
    ordinary-sense span, ``lexical_stage``), reads too little or scores it at or below
    ``_NGRAM_DISSENT``: the vector stage, which reads the note whole, is then outvoted at any score.
    The write path already found nothing in such a note (the vector stage runs behind it), so only a
    finding of the vector stage alone is dropped."""
    ngrams = load_ngrams()
    if ngrams is None or not any(figure_of_speech_spans(reading) or occupation_spans(reading) or adverb_figure_spans(reading)
                                 for reading in _special_readings(content)):
        return False
    read = lexical_stage(content)[1]
    return len(read) < _NGRAM_MIN_CHARS or ngrams.score(read) <= _NGRAM_DISSENT


def _vector_outvoted(read: np.ndarray, text: str, *, any_score: bool = False) -> bool:
    """Whether the trained vector model's score on ``read`` is within ``_VECTOR_BAND`` of its
    threshold and the n-gram stage scores ``text`` (what the vector was made from) at or below
    ``_NGRAM_DISSENT``: a learned stage alone at its margin, against the other learned stage. Not
    with the exemplar fallback (no calibrated score) or without the n-gram model. ``any_score`` (sp34):
    ``read`` is the remainder of a note outside its ordinary-sense spans, and the n-gram stage's dissent
    outvotes it whatever its score — over the 67 spent authors 10 ordinary notes cleared, no special
    note lost (docs/privacy.md, "Stop 46, sp34")."""
    model = model_for(get_embedder().name, read.shape[0])
    ngrams = load_ngrams()
    if model is None or ngrams is None or (not any_score and model.score(read) > model.threshold + _VECTOR_BAND):
        return False
    return ngrams.score(text) <= _NGRAM_DISSENT


def _blank(text: str, spans: list[tuple[int, int]]) -> str:
    """``text`` with every span replaced by spaces (offsets kept)."""
    chars = list(text)
    for start, end in spans:
        chars[start:end] = " " * (end - start)
    return "".join(chars)


def _own_tie_hit(text: str) -> str | None:
    """The first rule that carries the person's own tie (``Rule.own_tie``) and fires on ``text`` as
    ``lexical_stage`` reads it (ordinary-sense spans blanked), as ``label:rule``, or None. Read only where
    the n-gram stage vetoes an earlier lexicon hit: these rules need the person's tie (a name with a word
    of membership, a practice with its act, a court's order on the person) and the veto's reading of a
    job or a place does not apply to them. Until sp38 only sp30's rules (``special_names``) were read
    here, so an earlier plain word that the veto dropped hid an own-tie rule of sp35, sp36 or the
    lexicon's clauses that fired later in the same note."""
    for reading in _special_readings(text):
        spans = ordinary_spans(reading) + topic_spans(reading)
        blanked = _blank(reading, spans) if spans else reading
        for rule in _RULES:
            if rule.own_tie and rule.fires(reading) and rule.fires(blanked):
                return f"{rule.label}:{rule.name}"
    return None


#: Strings shorter than this are not read by the n-gram stage (an id, a key, a category name).
_NGRAM_MIN_CHARS = 12
#: Fields the n-gram stage never reads: registry keys, taxonomy keys and identifiers are not prose
#: (the model was trained on notes, and it read "communication.style" as ethnicity); the lexicon,
#: which folds dotted and spaced spellings, still reads them.
_NGRAM_SKIP_FIELDS = frozenset({"key", "predicate", "category", "origin_ref", "session_id"})


@functools.lru_cache(maxsize=4096)
def _identifier_rule(text: str) -> str | None:
    """``lexical_rule`` of an identifier string, remembered (a pure function of the text)."""
    return lexical_rule(text)


#: The person's own words reported (``dice ella misma``, ``según él mismo``, ``in her own words``,
#: ``as he puts it``, ``se define como``): a figure of speech in such a note is what the person says
#: about themselves, not about a game or a job, so the n-gram stage's veto does not drop a lexicon
#: hit there (it read "'juega en el otro equipo', dice ella misma" as a note about football).
_SELF_REPORT = re.compile(
    r"\b(?:(?:dice|dijo|cuenta|conto|reconoce|admite|segun|como\s+dice)\s+(?:el|ella)\s+mism[oa]"
    r"|en\s+sus\s+(?:propias\s+)?palabras|(?:in\s+)?(?:his|her|their)\s+(?:own\s+)?words"
    r"|as\s+(?:she|he|they)\s+(?:puts?|says?|calls?)\s+it|(?:she|he|they)\s+(?:calls?|describes?)\s+(?:herself|himself|themselves)"
    r"|se\s+(?:define|describe|considera)\s+(?:a\s+si\s+mism[oa]\s+)?como)\b")


def _self_report(text: str) -> bool:
    """Whether ``text`` reports the person's own words about themselves (``_SELF_REPORT``), in any
    inspection reading; read only when the n-gram stage would veto a lexicon hit."""
    return any(_SELF_REPORT.search(reading) for reading in _special_readings(text))


#: Where one clause of a note ends and the next begins: punctuation, or a subordinating connective
#: (``que``, ``which``, ``who``, ``porque``, ``because``, ``cuando``, ``when``, ``donde``…). Not ``y``
#: or ``and``: they join nouns as often as clauses ("misales y biblias"), and a list of a client's
#: goods read item by item looked special. A hidden clause is an ordinary special note after one.
_CLAUSE_BREAK = re.compile(
    r"[;,:.!?()\n]+|\s(?=(?:que|which|who|porque|because|cuando|when|aunque|although|donde|where)\s)")
#: A clause shorter than this (in words) is not judged alone: too little for the n-gram model.
_CLAUSE_MIN_WORDS = 4


def _hit_in_clause(text: str, model: NgramModel) -> str | None:
    """The lexicon rule that fires in a clause of ``text`` the n-gram model does not veto, or None.

    The veto reads the whole note: a special fact tucked into a subordinate clause of an ordinary
    note ("wants weekly exports, and asks not to be booked before ten because of the rehab after
    the stroke") scores as ordinary because the rest of the note is. Read alone, the clause that
    carries the special word is a plain special note, and the veto's confidence is asked of it:
    a hit stands when some clause after the first both fires the rule and is not confidently
    ordinary. The first clause is left to the whole note's veto: there the special word opens the
    note and is what it is about (a client, a product: "sells insulin pumps, covers clinics …"),
    which only the rest of the note tells. Only run when the whole note was vetoed (a small share
    of notes); on the spent sets it costs no author a false positive once handling sick-leave
    paperwork is a work object (``special_lexicon._WORK_NOUN``)."""
    clauses = [c for c in (" ".join(part.split()) for part in _CLAUSE_BREAK.split(text)) if c]
    merged: list[str] = []
    for clause in clauses:  # a short fragment joins the clause before it (a name, "y revisar stock")
        if merged and len(clause.split()) < _CLAUSE_MIN_WORDS:
            merged[-1] = f"{merged[-1]} {clause}"
        else:
            merged.append(clause)
    if len(merged) < 2:
        return None
    for clause in merged[1:]:
        hit = lexical_stage(clause)[0]
        if hit is not None and not model.vetoes(clause):
            return hit
    return None


#: A relative clause of belonging ("la asociación … a la que pertenece", "the group she is a member
#: of", "que es socia"): the person's own tie to a group named by a special word, which the n-gram
#: stage, trained on whole notes, reads as a note about an organisation.
_BELONGS = re.compile(
    r"\b(?:a\s+la\s+que|al\s+que|a\s+las\s+que|a\s+los\s+que|de\s+la\s+que|del\s+que|que|which|that|she|he|they)\s+"
    r"(?:\w+\s+)?(?:pertenec\w*|pertenezc\w*|es\s+soci[oa]|es\s+miembro|forma\s+parte|belongs?|belonged|is\s+a\s+member)\b")


#: An office the person holds in the group the note names, referred back to it ("to attend the
#: union branch meeting as its treasurer", "va a la asamblea como su secretaria"): holding office
#: in a group is belonging to it, whatever the n-gram stage makes of the rest of the note.
_HOLDS_OFFICE = re.compile(
    r"\b(?:as|como)\s+(?:its|their|su)\s+(?:\w+\s+)?(?:treasurer|secretary|chair\w*|president|vice[\s-]?\w+|delegate|rep|steward"
    r"|spokes\w*|tesorer[oa]|secretari[oa]|president[ae]|vicepresident[ae]|delegad[oa]|portavoz|vocal)\b")


def _belongs(text: str) -> bool:
    """Whether ``text`` ties the person to a group by a relative clause of belonging (``_BELONGS``)
    or an office held in it (``_HOLDS_OFFICE``), in any inspection reading; read only when the
    n-gram stage would veto a lexicon hit."""
    return any(_BELONGS.search(reading) or _HOLDS_OFFICE.search(reading)
               for reading in _special_readings(text))


#: The person's own state, told by a frame the veto's model may read as a note about a place, a
#: procedure or a client: recovering or convalescing from an operation, an illness or an injury
#: (``se recupera de una operación``, ``recovering from surgery``), a judge's or magistrate's
#: permission or sign-off the person needs (``permiso del juez``, ``the judge's sign-off``), a
#: place of worship with the day of its service as the purpose (``cerca de la sinagoga para el
#: sábado``, ``near a church for the Sunday``). Each is already a frame of the lexicon (a health word,
#: ``special_forms``' court supervision, ``_RELIGION_ACT``'s day of service); the n-gram stage trained
#: on every spent author vetoed sentences of all three written for the rounds' tests.
_OWN_STATE = re.compile(
    r"\b(?:se\s+(?:esta\s+)?recupera(?:ndo)?\s+de|recuperandose\s+de|convalec\w*\s+de|recover(?:s|ing|ed)?\s+from"
    r"|getting\s+over)\s+(?:\w+\s+){0,2}?(?:operacion|cirugia|intervencion|lesion|enfermedad|ictus|infarto|quimio\w*"
    r"|operation|surgery|illness|injury|stroke|heart\s+attack|cancer|chemo\w*)\b"
    r"|\b(?:permiso|autorizacion|visto\s+bueno)\s+(?:del|de\s+la)\s+(?:juez|jueza)\b"
    r"|\b(?:judge|magistrate)'?s\s+(?:permission|sign[\s-]?off|approval|authori[sz]ation|say[\s-]?so)\b"
    r"|\b(?:permission|sign[\s-]?off|approval|authori[sz]ation)\s+(?:from|of)\s+(?:the|a|his|her|their)\s+(?:judge|magistrate)\b"
    r"|\b(?:mezquita|sinagoga|iglesia|capilla|parroquia|templo|gurdwara|mosque|synagogue|church|chapel|parish|temple)\b"
    r"(?:\s+\w+){0,3}?\s+(?:para|for)\s+(?:el|the)\s+(?:sabado|viernes|domingo|shabbat|sabbath|sabat|sunday|saturday|friday)\b")


def _own_state(text: str) -> bool:
    """Whether ``text`` tells the person's own state by a frame of ``_OWN_STATE``, in any inspection
    reading; read only when the n-gram stage would veto a lexicon hit."""
    return any(_OWN_STATE.search(reading) for reading in _special_readings(text))


def special_category_in(strings: Iterable[tuple[str, str]]) -> SpecialFinding | None:
    """The first special category revealed by any ``(field, text)``, or None (the write-path
    stage): the lexicon on every string (a hit on a prose string dropped when the n-gram model
    vetoes it), then the character n-gram model
    (``memory.inspection.special_ngrams``) on every prose string (not ``_NGRAM_SKIP_FIELDS``) of at
    least ``_NGRAM_MIN_CHARS``: where a special word is used in its ordinary sense the lexicon
    reads the rest of the string and the n-gram stage reads only the sentences without such a span
    (``lexical_stage``; it read "married to his job", a pet's insulin and a food disliked for its
    taste as special, and the remainder of a sentence cut around a span as special too); the vector
    stage reads what lies outside the span (``vector_to_read``), so an idiom appended to a note
    hides it from neither. A vetoed hit stands when a later clause of the note carries it and is not
    vetoed read alone (``_hit_in_clause``: a hidden clause)."""
    candidates = []
    model = load_ngrams()
    for field, text in strings:
        if not text:
            continue
        prose = len(text) >= _NGRAM_MIN_CHARS and field not in _NGRAM_SKIP_FIELDS
        identifier = field in _NGRAM_SKIP_FIELDS and len(text) <= IDENTIFIER_CACHE_CHARS
        hit, read = (_identifier_rule(text), text) if identifier else lexical_stage(text)
        # a rule that carries the person's own tie in the pattern (``Rule.own_tie``) is not vetoed
        if hit is not None and prose and model is not None and hit not in _OWN_TIE_HITS \
                and model.vetoes(text) and not _self_report(text) and not _belongs(text) and not _own_state(text):
            hit = _hit_in_clause(text, model) or _own_tie_hit(text)
        if hit is not None:
            label, rule = hit.split(":", 1)
            return SpecialFinding(CATEGORY_KEYS[label], field, rule)
        if prose and len(read) >= _NGRAM_MIN_CHARS:
            candidates.append((field, read))
    if model is None:
        return None
    for field, text in candidates:
        if model.special(text):
            label = model.category(text)
            return SpecialFinding(CATEGORY_KEYS[label], field, f"ngram.{label}")
    return None


# --- the vector stage --------------------------------------------------------------------------
#: A note is special when the mean similarity of its ``_K`` nearest special exemplars beats that
#: of its ``_K`` nearest ordinary exemplars by ``MARGIN`` (tuned on the development split only).
_K = 3
MARGIN = 0.02

_matrix_lock = threading.Lock()
_matrix: tuple[np.ndarray, np.ndarray, tuple[str, ...]] | None = None


def _exemplar_matrix() -> tuple[np.ndarray, np.ndarray, tuple[str, ...]]:
    """(special exemplars, ordinary exemplars, label of each special row), embedded once per
    process with the project's embedder (read from the disk cache when another process already
    did: ``memory.embedding.exemplars``)."""
    global _matrix
    with _matrix_lock:
        if _matrix is None:
            labels = tuple(label for label, phrases in SPECIAL.items() for _ in phrases)
            phrases = [p for ps in SPECIAL.values() for p in ps]
            embedder = get_embedder()
            special = np.asarray(constant_passages(embedder, phrases), dtype=np.float32)
            ordinary = np.asarray(constant_passages(embedder, list(ORDINARY)), dtype=np.float32)
            _matrix = (special, ordinary, labels)
        return _matrix


def reset_exemplars() -> None:
    """Forget the exemplar matrix (the embedder changed, e.g. in a test); rebuilt on next use."""
    global _matrix
    with _matrix_lock:
        _matrix = None


def vector_score(vector: np.ndarray) -> tuple[float, str]:
    """(special − ordinary top-k mean similarity, nearest special label) for one normalised vector."""
    special, ordinary, labels = _exemplar_matrix()
    v = np.asarray(vector, dtype=np.float32).reshape(-1)
    s = special @ v
    o = ordinary @ v
    k = min(_K, len(s), len(o))
    top_s = np.sort(s)[-k:].mean()
    top_o = np.sort(o)[-k:].mean()
    return float(top_s - top_o), labels[int(np.argmax(s))]


def special_category_by_vector(vector: np.ndarray | None) -> SpecialFinding | None:
    """The special category a memory's own passage embedding reveals, or None (vector stage): the
    trained model when it fits the configured embedder, else the labelled exemplars' margin.

    ``vector`` is the memory's stored embedding (384-d, L2-normalised); None (not embedded yet)
    or a vector of another width is no finding here: the write path's lexical stage still ran."""
    if vector is None:
        return None
    v = np.asarray(vector, dtype=np.float32).reshape(-1)
    if not np.isfinite(v).all():
        return None
    model = model_for(get_embedder().name, v.shape[0])
    if model is None and v.shape[0] != _exemplar_matrix()[0].shape[1]:
        return None
    if model is not None:
        if model.special(v):
            label = model.category(v)
            return SpecialFinding(CATEGORY_KEYS[label], "content", f"vector.model.{label}")
        return None
    margin, label = vector_score(v)
    if margin > MARGIN:
        return SpecialFinding(CATEGORY_KEYS[label], "content", f"vector.{label}")
    return None
