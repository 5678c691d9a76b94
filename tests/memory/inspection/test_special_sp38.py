"""sp38 (issue 15, stop 48): "this rule carries the person's own tie" is one attribute of a rule
(``special_lexicon.Rule.own_tie``), read by both checks that decide whether a special word is about
the person — the work and object frames before a match (``special_forms.in_frame``) and the n-gram
stage's veto (``special.special_category_in``) — instead of a subclass in one place and a name prefix
in the other. Sentences written for these tests, not taken from a corpus."""

from __future__ import annotations

import re

import numpy as np
import pytest

from memory.inspection import special
from memory.inspection.normalise import readings
from memory.inspection.special import CATEGORY_KEYS, lexical_rule, special_category_in
from memory.inspection.special_access import ACCESS_RULES
from memory.inspection.special_forms import in_frame
from memory.inspection.special_lexicon import Rule
from memory.inspection.special_ngrams import BUCKETS, CATEGORY_BUCKETS, NgramModel


def _vetoing_model() -> NgramModel:
    """A real n-gram model that scores every string -3.0 (bias only): it flags nothing and vetoes
    every lexicon hit it is allowed to (veto below -1.0)."""
    categories = np.zeros((len(CATEGORY_KEYS), CATEGORY_BUCKETS), dtype=np.float32)
    return NgramModel(np.zeros(BUCKETS, dtype=np.float32), -3.0, 5.0, categories,
                      np.zeros(len(CATEGORY_KEYS), dtype=np.float32), tuple(CATEGORY_KEYS), -1.0)


def test_every_rule_says_whether_it_carries_its_own_tie() -> None:
    """One attribute on every rule of the lexical stage, and one answer per rule id (a hit is reported
    by id, so two rules sharing an id must agree)."""
    by_hit: dict[str, set[bool]] = {}
    for rule in special._RULES:
        assert isinstance(rule.own_tie, bool), rule.name
        by_hit.setdefault(f"{rule.label}:{rule.name}", set()).add(rule.own_tie)
    assert all(len(answers) == 1 for answers in by_hit.values())
    assert special._OWN_TIE_HITS == {hit for hit, answers in by_hit.items() if answers == {True}}
    # the classes that were exempted by name before, and the lexicon's own-tie clauses (``_OwnRule``)
    assert all(hit in special._OWN_TIE_HITS for hit in by_hit if hit.split(":", 1)[1].startswith(("names.", "access.", "implicit.")))
    assert "genetic:lexicon.genetic.clause.own_result" in special._OWN_TIE_HITS
    assert "health:lexicon.health" not in special._OWN_TIE_HITS


#: A court-imposed course (stop 47's miss, in other words): the course word stands in ``_FRAME``'s
#: reach before the match, as a course *about* a topic would.
COURT_COURSE = "Este trimestre hace el curso de control de la ira que le impuso el juez, los martes."


def test_a_frame_before_the_match_does_not_clear_a_rule_with_its_own_tie() -> None:
    rule = next(r for r in ACCESS_RULES if r.name == "access.criminal.court_obligation")
    reading = readings(COURT_COURSE)[0]
    match = rule.pattern.search(reading)
    assert match is not None and in_frame(reading, match.start())  # the frame is there …
    assert rule.fires(reading)  # … and does not clear the rule
    assert lexical_rule(COURT_COURSE) == "criminal:access.criminal.court_obligation"
    assert special_category_in([("content", COURT_COURSE)]) is not None


def test_the_same_rule_without_its_own_tie_is_cleared_by_the_frame() -> None:
    """The attribute is what the frame check reads: the same pattern, not marked, is cleared."""
    rule = next(r for r in ACCESS_RULES if r.name == "access.criminal.court_obligation")
    plain = Rule(rule.label, rule.name, rule.pattern, unless=rule.unless)
    assert not plain.own_tie and not plain.fires(readings(COURT_COURSE)[0])


def test_a_frame_still_clears_a_plain_lexicon_word() -> None:
    assert lexical_rule("Trabaja de contable en el hospital comarcal desde marzo.") is None


def test_the_veto_reads_the_attribute_not_the_name(monkeypatch: pytest.MonkeyPatch) -> None:
    """A vetoing n-gram model drops a plain lexicon hit but keeps the hit of a rule marked
    ``own_tie`` — whatever its name says (the lexicon's own-tie clauses are named ``lexicon.…``)."""
    monkeypatch.setattr(special, "load_ngrams", _vetoing_model)
    plain = "Lleva el turno de dialisis del hospital los lunes y los jueves."
    assert lexical_rule(plain) is not None
    assert special_category_in([("content", plain)]) is None
    marked = Rule("health", "lexicon.health.sp38_probe", re.compile(r"\bzorblax\b"), own_tie=True)
    unmarked = Rule("health", "lexicon.health.sp38_probe_plain", re.compile(r"\bzorblax\b"))
    text = "Toma zorblax cada mañana desde el invierno pasado."
    monkeypatch.setattr(special, "_RULES", (marked,))
    monkeypatch.setattr(special, "_OWN_TIE_HITS", frozenset({"health:lexicon.health.sp38_probe"}))
    kept = special_category_in([("content", text)])
    assert kept is not None and kept.rule == "lexicon.health.sp38_probe"
    monkeypatch.setattr(special, "_RULES", (unmarked,))
    assert special_category_in([("content", text)]) is None


def test_a_vetoed_plain_word_does_not_hide_a_later_rule_with_its_own_tie(monkeypatch: pytest.MonkeyPatch) -> None:
    """After the veto drops the first hit (a plain lexicon word), every rule marked ``own_tie`` is read
    again, not only sp30's (``special._own_tie_hit``): here sp35's court obligation, later in the order."""
    monkeypatch.setattr(special, "load_ngrams", _vetoing_model)
    text = "Tiene diabetes desde niño y el juez le impuso un curso de control de la ira este invierno."
    assert lexical_rule(text) == "health:lexicon.health"  # the first rule to fire is a plain word
    finding = special_category_in([("content", text)])
    assert finding is not None and finding.rule == "access.criminal.court_obligation"


# --- this stop's misses and false positives, by class (sp38) ---------------------------------------------

#: The organisation's own gathering beside an ambiguous name of the table (``special_names._EVENTS``).
GATHERINGS = [
    ("Va al congreso de la CIG en Santiago en primavera.", "trade_union"),
    ("The Greens conference is in Brighton; she is taking the train.", "politics"),
    ("Bought a new dress for the Tories gala, it's black tie.", "politics"),
    ("Se pidió el viernes libre por la asamblea de la CIG en Vigo.", "trade_union"),
]
GATHERINGS_NOT = [
    "Presented a paper at a labour conference on gig-economy contracts.",  # no article: a conference on work
    "Congress with the Republicans in control passed the bill.",  # the legislature
    "Covers the Labour conference for the paper every autumn.",  # a journalist's (the professional frame)
    "La conferencia de uso del suelo es el jueves.",
]


@pytest.mark.parametrize(("text", "label"), GATHERINGS)
def test_a_gathering_of_a_party_or_union_named_by_an_ambiguous_name(text: str, label: str) -> None:
    from memory.inspection.special_names import NAME_RULES

    reading = readings(text)[0]
    assert any(rule.label == label and rule.fires(reading) for rule in NAME_RULES)


@pytest.mark.parametrize("text", GATHERINGS_NOT)
def test_a_gathering_word_beside_an_ordinary_word_is_not_a_tie(text: str) -> None:
    assert lexical_rule(text) is None


#: A couple seeking a third partner (``special_names._SEEKS_THIRD``), and a third of something else.
@pytest.mark.parametrize("text", [
    "He and his wife are looking for a unicorn on the apps.",
    "Con su novia quiere encontrar una tercera persona; lo hablan desde enero.",
])
def test_a_couple_seeking_a_third_is_a_relationship_form(text: str) -> None:
    assert lexical_rule(text) == "sex_life_orientation:names.sex_life_orientation.relationship_form"


@pytest.mark.parametrize("text", [
    "Buscan un tercer jugador para el pádel con su pareja.",
    "With her partner she is looking for a third flatmate for the house.",
    "Con su pareja quiere encontrar un tercer socio para la empresa.",
])
def test_a_third_player_or_flatmate_is_not(text: str) -> None:
    assert lexical_rule(text) is None


#: A machine started or switched on with a print of the person's finger (``special_lexicon._BIOMETRIC``).
@pytest.mark.parametrize("text", [
    "La moto nueva arranca con la huella del índice, ni llave lleva.",
    "Her car only starts with her thumbprint now.",
])
def test_a_machine_started_with_a_fingerprint(text: str) -> None:
    assert (lexical_rule(text) or "").startswith("biometric:")


def test_starting_with_a_finger_food_is_not() -> None:
    assert lexical_rule("The menu starts with finger sandwiches and tea.") is None


#: A thing held sacred by the person (``special_senses._HELD_SACRED``): an ordinary-sense span, read by
#: both learned stages' outvotes; a rite called sacred still has its own word outside the span.
def test_a_thing_held_sacred_is_a_figure_of_speech() -> None:
    from memory.inspection.special_senses import figure_of_speech_spans

    text = readings("El vermut del sábado es sagrado para ella, siempre en el mismo bar.")[0]
    spans = figure_of_speech_spans(text)
    assert spans and text[spans[0][0]:spans[0][1]].startswith("es sagrado")
    assert special.lexical_stage("El vermut del sábado es sagrado para ella, siempre en el mismo bar.")[1] == ""


def test_a_rite_held_sacred_is_still_read() -> None:
    assert lexical_rule("La misa del domingo es sagrada para ella y no falta nunca.") == "religion:lexicon.religion"


# --- the vector stage on a fragment no other stage reads (``special._fragment_alone``) -------------------

#: Every sentence holds an ordinary-sense span (a civic role): the n-gram stage reads nothing of the note
#: and the vector stage reads only what is left around the span.
CIVIC_ONLY = "Este año le ha tocado por sorteo ser presidente de la comunidad de vecinos y lleva las cuentas."
#: The same with a sentence the n-gram stage does read.
CIVIC_AND_MORE = CIVIC_ONLY + " Quiere cambiar de compañía de la luz antes de junio."


def _neutral_model() -> NgramModel:
    """A real n-gram model that scores every string 0.0: it neither flags (threshold 5.0) nor dissents
    from the vector stage (``_NGRAM_DISSENT`` is -0.5), so only ``_fragment_alone`` can drop a finding."""
    categories = np.zeros((len(CATEGORY_KEYS), CATEGORY_BUCKETS), dtype=np.float32)
    return NgramModel(np.zeros(BUCKETS, dtype=np.float32), 0.0, 5.0, categories,
                      np.zeros(len(CATEGORY_KEYS), dtype=np.float32), tuple(CATEGORY_KEYS), -1.0)


@pytest.fixture
def vector_says_special(monkeypatch: pytest.MonkeyPatch) -> None:
    """The vector model's verdict fixed to a finding (what it said of s73-129's remainder), the n-gram
    stage neutral: what is measured is the rule that combines them."""
    monkeypatch.setattr(special, "load_ngrams", _neutral_model)
    monkeypatch.setattr(special, "special_category_by_vector",
                        lambda vector: special.SpecialFinding(CATEGORY_KEYS["biometric"], "content", "vector.model.biometric"))


@pytest.mark.usefixtures("vector_says_special")
def test_a_vector_finding_on_a_fragment_no_other_stage_reads_is_dropped() -> None:
    assert special.lexical_stage(CIVIC_ONLY) == (None, "")  # the n-gram stage reads nothing of it
    assert special.outside_ordinary(CIVIC_ONLY) != CIVIC_ONLY  # the vector stage reads a remainder
    vector = np.ones(384, dtype=np.float32) / np.sqrt(384)
    assert special.vector_stage(vector, CIVIC_ONLY) is None


@pytest.mark.usefixtures("vector_says_special")
def test_a_vector_finding_stands_where_the_n_gram_stage_reads_a_sentence() -> None:
    vector = np.ones(384, dtype=np.float32) / np.sqrt(384)
    finding = special.vector_stage(vector, CIVIC_AND_MORE)
    assert finding is not None and finding.rule == "vector.model.biometric"


@pytest.mark.usefixtures("vector_says_special")
def test_a_vector_finding_on_a_whole_note_stands() -> None:
    """No ordinary-sense span: the vector stage reads the note itself, and this rule does not apply."""
    vector = np.ones(384, dtype=np.float32) / np.sqrt(384)
    assert special.vector_stage(vector, "Quiere cambiar de compañía de la luz antes de junio.") is not None
