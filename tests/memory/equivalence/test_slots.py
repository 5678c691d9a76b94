"""Who does what to whom across Spanish and English (issue 16, third round): a person both statements
mention must fill the same slot, roles must agree, converse verbs and cross-language comparisons never
merge, and wanting is not doing. Pure Python: the similarity is given, as consolidation gives it."""

from __future__ import annotations

import pytest

from memory.equivalence import Label, Statement, default_chain
from memory.equivalence.signature import mismatch, signature
from memory.equivalence.slots import case_marked_swap, compares, converse_swap, people, role_mismatch


def _verdict(a: str, b: str, similarity: float = 0.96) -> Label:
    return default_chain().judge(Statement(a), Statement(b), similarity=similarity).label


@pytest.mark.parametrize(("a", "b"), [
    ("Raúl es su mentor.", "Es la mentora de Raúl."),
    ("Dan is her manager.", "Is Dan's manager."),
    ("Sofía is his teacher.", "Es el profesor de Sofía."),
    ("Is the school's headmaster.", "Es el subdirector del colegio."),
    ("Es el tutor de prácticas de Iván.", "Es el becario al que tutoriza Iván."),
    ("Borrowed the neighbour's van.", "Lent his van to the neighbour."),
    ("Corre maratones.", "Corría maratones."),
    ("Vivía en Santiago de Chile.", "Lives in Santiago, Chile."),
    ("Podría mudarse a Quito.", "Is moving to Quito."),
    ("Is learning German.", "Quiere aprender alemán."),
    ("Los lunes trabaja solo.", "Solo trabaja los lunes."),
    ("Gasta más en viajes que en ropa.", "Spends more on clothes than on travel."),
    ("Managed the Lisbon office.", "Dirige la oficina de Lisboa."),
    ("Le gusta que le den instrucciones muy detalladas", "Prefers loose, high-level instructions"),
])
def test_a_swapped_role_modality_or_tense_never_merges(a: str, b: str) -> None:
    for x, y in ((a, b), (b, a)):
        assert _verdict(x, y, 0.99) is not Label.EQUIVALENT


@pytest.mark.parametrize(("a", "b"), [
    ("Prefiere informes breves", "Solicita resúmenes concisos"),
    ("Trabaja en la oficina de Barcelona", "Works at the Barcelona office"),
    ("Usa Notion para tomar notas", "Toma sus apuntes en Notion"),
    ("Diego is now head of Customer Success", "Diego took over as Customer Success lead"),
    ("Tiene pensado irse a vivir a Bilbao el próximo año.", "Quiere mudarse a Bilbao el año que viene."),
    ("Hoping to take up sailing this summer.", "Wants to learn to sail this summer."),
    ("Presupuesto anual a su cargo: 50 mil euros.", "Gestiona un presupuesto de 50.000 € al año."),
    ("Prefers concise reports", "Wants short summaries"),
])
def test_a_paraphrase_with_the_same_slots_is_not_vetoed(a: str, b: str) -> None:
    assert default_chain().judges[2].veto(Statement(a), Statement(b)) is None
    assert _verdict(a, b) is Label.EQUIVALENT


def test_slots_of_a_named_person_and_of_a_role() -> None:
    names = frozenset({"raul"})
    assert people("Raúl es su mentor.", names).slots["raul"] == {"subj"}
    assert people("Es la mentora de Raúl.", names).slots["raul"] == {"gen"}
    assert people("Is the CFO's assistant", frozenset()).roles == {"assistant"}
    assert role_mismatch(people("Raúl es su mentor.", names), people("Es la mentora de Raúl.", names))
    # a name after another preposition is a way of writing, not another role
    assert not role_mismatch(people("Usa Notion", frozenset({"notion"})), people("Apunta en Notion", frozenset({"notion"})))


def test_converse_verbs_and_comparisons() -> None:
    assert converse_swap("Le presta dinero a su hermano", "Borrows money from his brother")
    assert not converse_swap("Lends money to his brother", "Le presta dinero a su hermano")
    assert compares("Prefers tea rather than coffee") and compares("Gasta más en viajes que en ropa")
    assert not compares("Prefiere el té")


def test_wanting_is_not_doing_but_wishes_are_one_class() -> None:
    assert mismatch(signature("Is learning German"), signature("Quiere aprender alemán")) == "modality_mismatch"
    assert mismatch(signature("Quiere cambiar de coche antes del verano"),
                    signature("Antes del verano piensa comprarse otro coche")) is None
    assert mismatch(signature("Corre maratones"), signature("Corría maratones")) == "tense_mismatch"
    assert mismatch(signature("Trabaja en una librería"), signature("Works in a bookshop")) is None


@pytest.mark.parametrize(("a", "b", "swapped"), [
    ("Su gestora le recomendó cambiar de seguro", "Le recomendó a su gestora cambiar de seguro", True),
    ("Her trainer suggested a new plan to her", "Suggested a new plan to her trainer", True),
    # the marker on both sides, or the sentence rebuilt: no swap read
    ("Le recomendó a su gestora cambiar de seguro", "A su gestora le recomendó cambiar de seguro", False),
    ("Es alérgica a los frutos secos", "Los frutos secos le provocan alergia", False),
])
def test_case_marked_swap_reads_who_is_acted_on(a: str, b: str, swapped: bool) -> None:
    assert case_marked_swap(a, b) is swapped
    assert case_marked_swap(b, a) is swapped
