"""Special categories, seventeenth round (issue 15): classes seen in the misses and false positives of
the spent set S19 and in the remaining misses of every other spent author — a special fact in a
later clause of an ordinary note, a relative clause that ties the person to a group or an app named
by a special word, identification by a bodily trait and its enrolment verbs, wanting to be near a
(any) place of worship, a person's own variant, a workers' representative, and a few euphemisms;
on the ordinary side, a subject studied, the history of a movement, a crop's genome and
volunteering in a prison. Sentences written for these tests, not taken from a corpus."""

from __future__ import annotations

import pytest

from memory.inspection.special import lexical_rule, special_category_in
from memory.inspection.special_ngrams import load


def _lexicon(text: str) -> str | None:
    """The detector label of the lexicon rule that fires (the learned stages left out)."""
    rule = lexical_rule(text)
    return rule.split(":", 1)[0] if rule else None


def _lexicon_finding(text: str) -> str | None:
    """The rule of the write path's finding when the lexicon made it, else None."""
    finding = special_category_in([("content", text)])
    return finding.rule if finding and finding.rule.startswith("lexicon.") else None


# --- a hidden clause: the veto reads the clause that carries the special word --------------------
@pytest.mark.parametrize("text", [
    "Pedir presupuesto de mesas y sillas; a Luis, que está investigado en el caso de las facturas, no "
    "ponerlo en copia del correo al cliente, y revisar el stock.",
    "Mandar el contrato al proveedor; a Pablo, que está investigado en el caso de las obras, no "
    "incluirlo en la reunión, y cerrar la incidencia.",
])
def test_a_special_clause_of_an_ordinary_note_survives_the_veto(text: str) -> None:
    model = load()
    assert model is not None and model.vetoes(text)  # the whole note reads as ordinary
    assert _lexicon_finding(text) == "lexicon.criminal"


@pytest.mark.parametrize("text", [
    # the special word in the first clause (a client, a product) is no hidden clause
    "He is a sales rep for insulin pumps, covers clinics across Texas; wants the new price list.",
])
def test_a_special_word_about_a_client_stays_vetoed(text: str) -> None:
    model = load()
    assert _lexicon(text) is not None and model is not None and model.vetoes(text)
    assert special_category_in([("content", text)]) is None
