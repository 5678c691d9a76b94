"""eq74 (stop 50): negation, tense and modality read as same-language paraphrases write them.

Each reading that lets a paraphrase through :func:`memory.equivalence.signature.mismatch` sits beside a
misleading pair on the same mechanism that must still be vetoed:

1. Negation (:data:`~memory.equivalence.signature._IDIOMS`, ``_NEGATIVE``): "work out of" is "work
   from"; a negated comparative or verb of exceeding is a bound ("no más de", "no later than", "que no
   pasen de"); "never misses" attends; the person nouns of "teetotal", "carece de"/"lacks", the Spanish
   dislike verbs are lexical negatives; an "off" that is the particle of a WordNet phrasal verb ("pay
   off") is no negative; "sin rodeos"/"sin excepción" are a manner and "always".
2. Modality: a negated habit says "never" said or not; an intention against the plain future of one act.
3. Tense: relative clauses cut like dating ones; "next to"/"próxima a" beside; "going to the gym" is
   motion; "ir a" + infinitive of a habit is no future; "has red-green…" is no perfect; a possessive
   subject before an English past; "a partir de las diez" a time of day; "left-handed" no past; an
   intention said with a noun is a wish; the start of a state both say holds now; a birth both speak of.

The sentences are written for these tests, not taken from any evaluation file."""

from __future__ import annotations

import pytest

from memory.equivalence import Label, Statement, default_chain
from memory.equivalence.signature import mismatch, signature


@pytest.fixture(autouse=True)
def _installed(apertium_installed: None) -> None:
    """Apertium and WordNet must be there (conftest's fixture fails, never skips)."""


def _axis(a: str, b: str) -> str | None:
    return mismatch(signature(a), signature(b), a, b)


@pytest.mark.parametrize(("a", "b"), [
    ("Works out of the Oslo office", "Is based at the Oslo office"),
    ("Wants slides of no more than ten pages", "Wants slides of ten pages maximum"),
    ("Quiere actas que no pasen de dos páginas", "Quiere actas de dos páginas como máximo"),
    ("Wants the draft no later than Monday", "Wants the draft by Monday"),
    ("Never misses a Saturday market", "Attends every Saturday market"),
    ("Is a lifelong teetotaller", "Does not drink alcohol"),
    ("Carece de seguro médico", "No tiene seguro médico"),
    ("Le desagrada el ruido", "No le gusta el ruido"),
    ("Plans to pay off the mortgage by 2030", "Aims to clear the mortgage by 2030"),
    ("Escribe los correos sin rodeos", "Escribe los correos de forma directa"),
])
def test_negation_paraphrase_agrees(a: str, b: str) -> None:
    assert _axis(a, b) is None


@pytest.mark.parametrize(("a", "b"), [
    ("Works out of the Oslo office", "Is out of the office"),  # absence stays a negative
    ("Wants slides of more than ten pages", "Wants slides of no more than ten pages"),
    ("Misses every Saturday market", "Never misses a Saturday market"),
    ("Is a teetotaller", "Drinks alcohol"),
    ("Tiene seguro médico", "Carece de seguro médico"),
    ("Le gusta el ruido", "Le desagrada el ruido"),
    ("Takes Fridays off", "Works on Fridays"),  # "off" of leave is still a negative
])
def test_negation_flip_still_vetoed(a: str, b: str) -> None:
    assert _axis(a, b) in ("negation_mismatch", "scope_mismatch")  # "more than" / "maximum": a bound changed


def test_a_bound_against_its_opposite_still_vetoed() -> None:
    """"no later than" reads as "by" and "later than" as "after": no axis of the signature tells them
    apart, the chain still does not merge them."""
    verdict = default_chain().judge(Statement("Wants the draft later than Monday"),
                                    Statement("Wants the draft no later than Monday"), similarity=0.93)
    assert verdict.label is not Label.EQUIVALENT


def test_never_against_a_negated_habit() -> None:
    assert _axis("Nunca come pescado", "No come pescado") is None
    assert _axis("Never eats fish", "Eats fish") == "negation_mismatch"
    assert _axis("Rarely eats fish", "Never eats fish") == "modality_mismatch"


def test_intention_against_the_plain_future() -> None:
    assert _axis("Tiene previsto cambiar la caldera en abril", "Va a cambiar la caldera en abril") is None
    assert _axis("Plans to sell the van next month", "Will sell the van next month") is None
    # a want is not a plan: still a modality mismatch, and so is an intention against the present
    assert _axis("Quiere cambiar la caldera en abril", "Va a cambiar la caldera en abril") == "modality_mismatch"
    assert _axis("Plans to sell the van", "Sells vans") is not None


@pytest.mark.parametrize(("a", "b"), [
    ("Restaura el reloj que era de su padre", "Está restaurando el reloj antiguo de su padre"),
    ("Vive en Vigo, cerca del puerto", "Su piso está en Vigo, próximo al puerto"),
    ("Their desk is next to the printer", "Sits beside the printer"),
    ("Enjoys going to the pool on Sundays", "Enjoys a swim at the pool on Sundays"),
    ("Los jueves recoge a su sobrino del colegio", "Cada jueves va a buscar a su sobrino al colegio"),
    ("Has red-green colour blindness", "Is colour-blind to red and green"),
    ("Is left-handed", "Writes with the left hand"),
    ("Atiende llamadas a partir de las diez", "Atiende llamadas desde las diez"),
    ("Su intención es opositar en 2027", "Quiere opositar en 2027"),
    ("Moved to Graz in 2021 and still lives there", "Has lived in Graz since 2021"),
    ("Se mudó a Lugo en 2021 y sigue allí", "Vive en Lugo desde 2021"),
    ("Nació en Cuenca", "Su ciudad natal es Cuenca"),
    ("Was born on 9 May", "Her birthday is on 9 May"),
])
def test_tense_paraphrase_agrees(a: str, b: str) -> None:
    assert _axis(a, b) is None


@pytest.mark.parametrize(("a", "b"), [
    ("Restauró el reloj de su padre", "Está restaurando el reloj de su padre"),  # the main verb's past
    ("Va a buscar trabajo en Lugo", "Busca trabajo en Lugo"),  # one occasion: the future
    ("Mañana a las cinco va a recoger a su sobrino", "Recoge a su sobrino a las cinco"),
    ("Her grandmother raised her", "Her grandmother looks after her"),
    ("Moved to Graz in 2021", "Has lived in Graz since 2021"),  # nothing says it still holds
    ("Lived in Graz in 2021", "Has lived in Graz since 2021"),
    ("Nació en Cuenca", "Vive en Cuenca"),  # a birth the other note does not speak of
    ("Will move to Graz next year", "Se muda a Graz"),
    ("Adoptará un perro el año que viene", "Tiene un perro"),  # "que viene" is no relative clause
])
def test_tense_flip_still_vetoed(a: str, b: str) -> None:
    assert _axis(a, b) == "tense_mismatch"
