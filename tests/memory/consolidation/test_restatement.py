"""Step 6's summary rule (memory/consolidation/restatement.py): content decides whether a note
restates served facts; a clause with anything of its own does not."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memory.consolidation.restatement import clauses, restates, vocabulary, words

SERVED = [
    vocabulary("Preferred report length: short", "short", ["Prefiere informes breves", "Pide resúmenes cortos"]),
    vocabulary("Preferred meeting time: morning", "morning", ["Prefiere reuniones por la mañana",
                                                              "Las reuniones mejor a primera hora, temprano"]),
    vocabulary("Preferred language: es", "es", ["Pide comunicarse en castellano"]),
    vocabulary("Current project: Atlas", "Atlas", ["Trabaja en el proyecto Atlas"]),
]


@pytest.mark.parametrize("text", [
    "Resumen semanal: informes cortos, reuniones temprano, castellano, proyecto Atlas. Además: le gusta el té",
    "Weekly summary - short reports; Atlas project",
    "Informes breves.",
    "Trabaja en el proyecto ATLAS y además tiene un perro",  # one clause is enough (conservative)
])
def test_notes_with_a_clause_restating_a_served_fact_are_restatements(text):
    assert restates(text, SERVED)


@pytest.mark.parametrize("text", [
    "Ahora prefiere informes extensos",           # a new value
    "No prefiere informes breves",                # a negation
    "Trabaja en el proyecto Borealis",            # another project
    "Se muda a Sevilla en junio",                 # unrelated
    "Resumen semanal: nada nuevo esta semana",
    "",
])
def test_notes_that_add_something_of_their_own_in_every_clause_are_not(text):
    assert not restates(text, SERVED)


def test_nothing_served_means_nothing_restated():
    assert not restates("Prefiere informes breves", [])
    assert not restates("Prefiere informes breves", [set()])


def test_words_fold_case_accents_plurals_and_drop_function_words_but_keep_negators():
    assert words("Las REUNIONES, por la Mañana") == words("reunión mañana")
    assert "no" in words("no le gusta") and "sin" in words("sin azúcar")
    assert words("[REDACTED:email] informes") == words("informe")
    assert clauses("Informes; reuniones, castellano. Atlas: de la") == [
        words("informe"), words("reunión"), words("castellano"), words("atlas")]  # "de la": no content


RAW_WORDS = sorted(set("Prefiere informes breves Pide resúmenes cortos short report length".split()))  # one fact


@given(st.lists(st.sampled_from(RAW_WORDS), min_size=1, max_size=6),
       st.text(alphabet="qxzjkw", min_size=6, max_size=10))
def test_a_clause_with_a_word_outside_every_vocabulary_never_restates(known, novel):
    assert restates(" ".join(known), SERVED)
    assert not restates(" ".join([*known, novel]), SERVED)
