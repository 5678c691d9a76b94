"""Round 56 (issue 16, helper eq56): three false vetoes on two notes that say one thing about people.

* **different subject**: the subject the rules read was any party noun after the opening function
  words, so "Es la jefa de compras" (what the person *is*) had another subject than "Dirige el
  departamento de compras", "Her older sister" had none against "Su hermana mayor", "Her parents"
  none (the lexicon did not know "parents", "mum"), and "Su madre vive con ella" had another subject
  than "Convive con su madre" (the same two people together, said from either side). The subject is
  now read as a noun phrase (up to two modifiers, the kinship nouns of the person lexicon), a role the
  note opens by saying the person plays (a noun after the copula, a role verb) is one role, and a
  relative who does something "con ella" is the person doing it with the relative.
* **entity, ES↔EN**: Apertium's dictionary translates "pareja" as couple, "partner" as socio,
  "becario" as scholar: the noun check read "Vive con su pareja" / "Lives with his partner" as two
  things named. The person nouns both notes name through the bilingual role, kinship and occupation
  lexicon are one thing — of one sex where both say it.
* **the direction kept**: "Lo demandó su antiguo casero" (the landlord, said after the verb, sued
  him) against "Sued his former landlord" — the inverted Spanish subject is read through the clitic.

The sentences are written for these tests, not taken from any evaluation file."""

from __future__ import annotations

import pytest

from memory.equivalence import Label, Statement, bilingual, default_chain
from memory.equivalence.analysis import _analyse
from memory.equivalence.clitic import clitic_subject_swap
from memory.equivalence.compare import _subjects, _with_each_other
from memory.equivalence.slots import opening_role, person_nouns


def _verdict(a: str, b: str, similarity: float = 0.93):
    return default_chain().judge(Statement(a), Statement(b), similarity=similarity)


def _subject(text: str) -> frozenset[str]:
    return _subjects(_analyse(text))


@pytest.mark.parametrize(("a", "b"), [("Her older sister works in Lyon", "Su hermana mayor trabaja en Lyon"),
                                      ("Her parents live in Oviedo", "Los padres de ella viven en Oviedo"),
                                      ("Has a twin brother in Leeds", "Su hermano gemelo vive en Leeds"),
                                      ("Twin brother lives in Leeds", "Has a twin brother who lives in Leeds")])
def test_one_relative_opening_either_note_is_one_subject(a: str, b: str) -> None:
    assert _subject(a) == _subject(b) == {"FAMILY"}


def test_a_subject_said_by_the_pronoun_and_the_relative_is_the_person() -> None:
    assert _subject("He and his daughter are painting the fence") == frozenset()
    assert _subject("Su hija pinta la valla") == {"FAMILY"}


@pytest.mark.parametrize(("a", "b", "role"), [("Es la jefa de ventas de la zona sur", "Dirige el área de ventas de la zona sur", "boss"),
                                              ("Is the team lead for billing", "Leads the billing team", "boss"),
                                              ("Es la responsable de compras del hotel", "Dirige las compras del hotel", "boss")])
def test_a_role_said_with_a_noun_or_a_verb_is_one_role(a: str, b: str, role: str) -> None:
    assert opening_role(a) == opening_role(b) == role
    assert _verdict(a, b).reason != "different_subject"


def test_a_role_said_of_someone_else_is_not_the_persons() -> None:
    assert opening_role("Tiene a Jorge como jefe directo") is None
    assert _verdict("Es el jefe de Sonia", "Reports to Sonia").label is not Label.EQUIVALENT
    assert _verdict("Tiene a Jorge como jefe directo", "Es la jefa directa de Jorge").label is not Label.EQUIVALENT


@pytest.mark.parametrize(("a", "b"), [("Su abuela vive con ella", "Convive con su abuela"),
                                      ("His grandfather lives with them since May", "They share their flat with his grandfather")])
def test_living_together_said_from_either_side(a: str, b: str) -> None:
    assert _with_each_other(a, b)
    assert _verdict(a, b).reason != "different_subject"


@pytest.mark.parametrize(("a", "b"), [("Su hija habla francés", "Habla francés con su hija"),
                                      ("Her mother lives with her aunt", "Lives with her aunt"),
                                      ("Su sobrino le da clases de piano", "Le da clases de piano a su sobrino")])
def test_someone_else_doing_it_still_does_not_merge(a: str, b: str) -> None:
    assert not _with_each_other(a, b)
    assert _verdict(a, b).label is not Label.EQUIVALENT


def test_person_nouns_carry_their_concept_and_sex() -> None:
    assert [c for c, _ in person_nouns("Sus suegros viven en Vigo")] == ["role:parent_inlaw"]
    assert [c for c, _ in person_nouns("His sister-in-law")] == ["role:sibling_inlaw:f"]
    assert [c for c, _ in person_nouns("Sus hermanos")] == ["role:sibling"]


@pytest.mark.usefixtures("apertium_installed")
@pytest.mark.parametrize(("es", "en"), [("Vive en Cádiz con su pareja", "Lives in Cádiz with her partner"),
                                        ("Sus suegros viven en Vigo", "In-laws live in Vigo"),
                                        ("Es la tutora de los becarios", "Mentors the interns")])
def test_person_nouns_both_name_are_no_substitution(es: str, en: str) -> None:
    assert not bilingual.substituted_nouns(es, en)


@pytest.mark.usefixtures("apertium_installed")
@pytest.mark.parametrize(("es", "en"), [("Es alérgica a los gatos", "Is allergic to dogs"),
                                        ("Vive con su pareja en Cádiz", "Lives with her landlord in Cádiz")])
def test_other_nouns_are_still_substituted(es: str, en: str) -> None:
    assert bilingual.substituted_nouns(es, en)


@pytest.mark.usefixtures("apertium_installed")
def test_a_subject_said_after_the_verb_acts_on_the_person() -> None:
    assert clitic_subject_swap("La denunció su antigua casera", "Reported her former landlady")
    assert not clitic_subject_swap("Lo vendió el año pasado", "Sold it last year")
    assert _verdict("Sued his former landlord", "Lo demandó su antiguo casero").label is not Label.EQUIVALENT
