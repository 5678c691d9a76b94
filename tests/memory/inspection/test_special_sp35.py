"""sp35 (issue 15): indirect forms that name no special word, read by class (``special_access``) —
a body part as the key, an obligation a court puts on the person, the person's own criminal case, an
office of a union named by its name, an LGBT group the person goes to, money to a party's committee —
while their near misses stay ordinary; and the inspection form drops every Unicode format character
(category Cf), not a hand list. Sentences written for these tests, not taken from a corpus."""

from __future__ import annotations

import sys
import unicodedata

import pytest

from memory.inspection.normalise import fold_text, readings
from memory.inspection.special import lexical_rule
from memory.inspection.special_access import ACCESS_RULES
from memory.inspection.special_ngrams import load as load_ngrams
from tests.memory.inspection.special_helpers import finding_label, lexicon_label

CLASSES = [
    # a body part as what opens, unlocks or identifies
    ("His voice is his password for the bank's phone line.", "biometric", "body_as_key"),
    ("Su cara es su llave en el coworking.", "biometric", "body_as_key"),
    ("Para fichar le basta con enseñar la palma.", "biometric", "body_as_key"),
    ("Su contraseña de carne y hueso es la yema del pulgar, dice entre risas.", "biometric", "body_as_key"),
    ("Her face is her badge at the new coworking, so she never carries one.", "biometric", "body_as_key"),
    # an obligation a court, a judge or a probation service puts on the person
    ("Reminder: court-mandated parenting classes on Thursday nights, don't book anything.", "criminal", "court_obligation"),
    ("Quiere cancelar sus antecedentes antes de opositar.", "criminal", "court_obligation"),
    ("Saving up for the lawyer who will get her old conviction expunged.", "criminal", "court_obligation"),
    # the person's own criminal case
    ("Su causa por estafa se juzga en mayo; no agendar nada esa semana.", "criminal", "own_case"),
    ("His assault trial was moved to June, keep the calendar clear.", "criminal", "own_case"),
    ("Habla a diario con su abogado penalista sobre el recurso.", "criminal", "own_case"),
    ("The prosecutor wants two years, so she's nervous this month.", "criminal", "own_case"),
    # an office, a congress or dues of a union named by its name
    ("Wants to go to the Unite policy conference in July as the branch delegate.", "trade_union", "named_office"),
    ("Complains that his Unite subscription went up again this year.", "trade_union", "named_office"),
    # a group of gay, lesbian, bisexual or trans people the person goes to
    ("Los sábados va con su pareja a la quedada de papás gais del colectivo.", "sex_life_orientation", "lgbt_group"),
    ("Goes to the trans support group at the community centre on Fridays.", "sex_life_orientation", "lgbt_group"),
    ("Joined a bi+ parents' circle that meets online every other week.", "sex_life_orientation", "lgbt_group"),
    # money to a party's committee
    ("Gives to the Democratic National Committee every month.", "politics", "party_committee"),
]


@pytest.mark.parametrize(("text", "label", "name"), CLASSES)
def test_each_class_is_read_by_its_rule_and_the_write_path(text: str, label: str, name: str) -> None:
    assert lexicon_label(text) == label
    assert lexical_rule(text) == f"{label}:access.{label}.{name}"
    assert finding_label(text) is not None and finding_label(text).endswith(
        {"biometric": "biometric", "criminal": "criminal_history", "trade_union": "trade_union_membership",
         "sex_life_orientation": "sexual_orientation", "politics": "political_opinion"}[label])


NEAR_MISSES = [
    "Prefers a PIN to a fingerprint on her phone.",
    "Comparing fingerprint readers for staff clock-in at the plant; send the shortlist.",
    "Sync the defence attorney's court calendar with the firm's shared drive.",
    "Update the prison officer's shift rota for August.",
    "From the finance team, she models the cost of the union's pay claim for the board.",
    "Holds the door with her hand for the delivery guy; no badge needed at reception.",
    "Keeps an eye on the door without a key while the locksmith is on the way.",
    "Lost her card, so reception let her in; she'll get a new badge on Monday.",
    "Face-to-face meetings only, without slides or cards.",
    "Dice que la clave del éxito es la voz del locutor.",
    "Compra el pase del metro sin tarjeta, con el móvil.",
    "Put her finger on the problem in the Q3 report.",
    "Court-ordered audit of the supplier starts next week; prepare the ledgers.",
    "El juzgado ordenó la auditoría de la empresa; preparar la contabilidad.",
    "Is a criminal defence lawyer with a hearing on Thursday.",
    "Her client's fraud trial starts Monday; she needs the binders.",
    "Covers the fraud trial of the former minister for the newspaper.",
    "Reported her stolen bike to the police and needs the case number.",
    "Necesita el certificado de antecedentes penales para el nuevo trabajo.",
    "Negotiates the pay deal with Unite on behalf of the company.",
    "Unite the teams behind one roadmap before the conference.",
    "Paga la cuota de comisiones del equipo comercial cada trimestre.",
    "Designs the website for a gay parents' association as a freelancer.",
    "Relee 'Orgullo y prejuicio' para el club de lectura.",
    "Donated to the food bank's committee in March.",
    "Built the donation page for the party's national committee as a contractor.",
    "Wrote the national committee's minutes for the football federation.",
]


@pytest.mark.parametrize("text", NEAR_MISSES)
def test_near_misses_fire_no_class(text: str) -> None:
    assert not any(rule.fires(form) for form in readings(text) for rule in ACCESS_RULES)


@pytest.mark.parametrize("text", [t for t in NEAR_MISSES if "prison officer" not in t and "union's pay claim" not in t
                                  and "with her hand" not in t])
def test_near_misses_stay_ordinary_on_the_write_path(text: str) -> None:
    """The three left out are flagged by other stages, on main as here (a prison officer is read as
    a prison word, the union's pay claim as union business, the hand-held door by the n-gram stage):
    sp34's false positives, not this class's."""
    assert finding_label(text) is None


def test_every_format_character_is_removed_not_a_hand_list() -> None:
    """Every assigned code point of category Cf (U+2060 WORD JOINER, U+180E, the tag characters …)
    vanishes from the inspection form inside a word."""
    kept = [hex(cp) for cp in range(sys.maxunicode + 1)
            if unicodedata.category(chr(cp)) == "Cf" and fold_text(f"par{chr(cp)}ty") != "party"]
    assert kept == []


def test_a_party_committee_spelled_with_word_joiners_is_read() -> None:
    text = "Donates to the R\u2060e\u2060p\u2060u\u2060b\u2060l\u2060i\u2060c\u2060a\u2060n National Committee."
    assert fold_text(text) == "donates to the republican national committee."
    assert lexicon_label(text) == "politics"


@pytest.mark.parametrize(("text", "category"), [
    ("Pasa el control de la oficina poniendo la palma sobre el lector, sin sacar nunca la tarjeta.", "user.biometric"),
    ("El juez le impuso un curso de educación vial; lo hace los sábados.", "user.criminal_history"),
])
def test_a_class_hit_is_not_dropped_by_the_ngram_veto(text: str, category: str) -> None:
    """The n-gram stage vetoes these notes as ordinary (an office and a card, a driving course); the
    class's hit already carries the person's own part (a palm laid on the reader, a course a judge
    imposed on them), as ``special_names``' hits do."""
    model = load_ngrams()
    assert model is not None and model.vetoes(text)
    assert lexical_rule(text).split(":", 1)[1].startswith("access.")
    assert finding_label(text) == category
