"""Round 66: antonyms across ES↔EN through "as"/"como" and WordNet's definitions, two sides of one
activity, and a counted rate against a universal.

1. :mod:`memory.equivalence.opposites` — an adjective after "as"/"como" says what the thing is
   ("describes her landlord as lazy"), not a time of life ("desde pequeño"); :func:`memory.equivalence
   .wordnet.defined_apart` — two adjectives whose definitions share a noun and say directly opposite
   adjectives of it ("outlying": far from a center; "central": near one), where no cluster joins them.
2. :mod:`memory.equivalence.activity_roles` — the agent of an activity on one side (drives, hosts,
   judges, chairs, interviews) and only its counterpart on the other (passenger, guest, contestant,
   member, candidate).
3. :func:`memory.equivalence.timescope.rate_against_universal` — "every Friday" against "one Friday a
   month" or "some Fridays".

The sentences are written for these tests, not taken from any evaluation file."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memory.equivalence import Judgment, Label, Statement, default_chain
from memory.equivalence import wordnet
from memory.equivalence.activity_roles import opposite_sides
from memory.equivalence.opposites import opposite_adjectives
from memory.equivalence.timescope import rate_against_universal


@pytest.fixture(autouse=True)
def _installed(apertium_installed: None) -> None:
    """Apertium and WordNet must be there (conftest's fixture fails, never skips)."""


def _judge(a: str, b: str, similarity: float = 0.92) -> Judgment:
    return default_chain().judge(Statement(a), Statement(b), similarity=similarity)


# -- 1. antonyms -------------------------------------------------------------------------------------

OPPOSITE_AS = [
    ("Sees his colleague as rude", "en", "Ve a su compañero como educado", "es"),
    ("Describes the hotel as cheap", "en", "Describes the hotel as expensive", "en"),
]
SAME_AS = [
    ("Describes her landlord as lazy", "en", "Describe a su casero como vago", "es"),
    ("Works as long as needed", "en", "Works as short a day as possible", "en"),  # "as long as": no property
]


@pytest.mark.parametrize(("a", "la", "b", "lb"), OPPOSITE_AS)
def test_an_adjective_after_as_or_como_is_a_property(a: str, la: str, b: str, lb: str) -> None:
    assert opposite_adjectives(a, la, b, lb) is True


@pytest.mark.parametrize(("a", "la", "b", "lb"), SAME_AS)
def test_the_same_property_or_an_idiom_after_as_is_no_flip(a: str, la: str, b: str, lb: str) -> None:
    assert opposite_adjectives(a, la, b, lb) is False


def test_definitions_place_outlying_against_central() -> None:
    assert wordnet.defined_apart("central", "outlying") is True
    assert wordnet.opposite("centrical", "outlying") is True
    # one cluster or a shared sense is never opposite, whatever the definitions say
    assert wordnet.opposite("near", "close") is False
    assert wordnet.opposite("big", "large") is False


def test_the_chain_does_not_merge_a_flat_in_the_centre_and_one_on_the_outskirts() -> None:
    verdict = _judge("Alquila una oficina en una zona céntrica.", "Rents an office in an outlying area.")
    assert verdict.label is Label.CONTRADICTS and verdict.reason == "vetoed_antonym"


def test_the_chain_does_not_merge_generous_and_stingy_said_with_como() -> None:
    verdict = _judge("Describes her father as generous", "Describe a su padre como tacaño")
    assert verdict.label is Label.CONTRADICTS and verdict.reason == "vetoed_antonym"


# -- 2. two sides of one activity ----------------------------------------------------------------------

SIDES = [
    ("Drives on the weekly trip to the coast", "En el viaje semanal a la costa va de copiloto"),
    ("Conduce en el viaje a la boda", "Is a passenger on the trip to the wedding"),
    ("Is the host of the monthly book club dinner", "Es una invitada en la cena mensual del club de lectura"),
    ("Es jurado en el concurso de paella", "Is a contestant in the paella contest"),
    ("Chairs the neighbourhood association", "Is an ordinary member of the neighbourhood association"),
    ("Is interviewing applicants for the nurse job", "Es candidata al puesto de enfermera"),
]
SAME_SIDE = [
    ("Drives on the weekly trip to the coast", "Conduce en el viaje semanal a la costa"),
    ("Does the driving on the trip", "Is the designated driver on the trip"),
    ("Hosts her guests every Friday", "Es la anfitriona de sus invitados cada viernes"),  # both sides said
    ("Is a passenger on the trip", "Va de copiloto en el viaje"),
]


@pytest.mark.parametrize(("a", "b"), SIDES)
def test_agent_and_counterpart_of_one_activity(a: str, b: str) -> None:
    assert opposite_sides(a, b) is True
    assert _judge(a, b).label is not Label.EQUIVALENT


@pytest.mark.parametrize(("a", "b"), SAME_SIDE)
def test_the_same_side_or_both_sides_said_is_no_mismatch(a: str, b: str) -> None:
    assert opposite_sides(a, b) is False


# -- 3. a counted rate against a universal ------------------------------------------------------------

FEWER = [
    ("Visita a su abuela todos los viernes.", "Visita a su abuela un viernes al mes."),
    ("Visits her grandmother every Friday.", "Visita a su abuela dos viernes al mes."),
    ("Cada viernes visita a su abuela.", "Visits her grandmother on some Fridays."),
    ("Swims every morning", "Swims three mornings a week"),
    ("Always cooks on Sundays", "Cocina algún domingo"),
    ("Reviews the accounts weekly", "Reviews the accounts once a month"),
]
NOT_FEWER = [
    ("Visita a su abuela todos los viernes.", "Visits her grandmother every Friday."),
    ("Visits her grandmother every Friday.", "Visits her grandmother once a week, on Fridays."),
    ("Visits her grandmother every Friday.", "Visits her grandmother four Fridays a month."),
    ("No visita a su abuela todos los viernes.", "Visita a su abuela un viernes al mes."),  # not every one
    ("Swims every morning", "Swims seven mornings a week"),
    ("Siempre llega tarde al trabajo", "Llega tarde algunas tardes"),  # "tarde" is late, not afternoons
]


@pytest.mark.parametrize(("a", "b"), FEWER)
def test_a_count_below_every_one_is_a_narrower_scope(a: str, b: str) -> None:
    assert rate_against_universal(a, b) is True
    assert rate_against_universal(b, a) is True
    assert _judge(a, b).label is not Label.EQUIVALENT


@pytest.mark.parametrize(("a", "b"), NOT_FEWER)
def test_every_one_said_twice_or_as_a_full_count_is_no_mismatch(a: str, b: str) -> None:
    assert rate_against_universal(a, b) is False


@given(count=st.integers(min_value=1, max_value=9),
       unit=st.sampled_from([("morning", 1), ("Friday", 7), ("week", 7)]),
       period=st.sampled_from([("week", 7), ("month", 28), ("year", 364)]))
def test_a_rate_is_fewer_exactly_when_it_leaves_occasions_out(count: int, unit: tuple[str, int],
                                                               period: tuple[str, int]) -> None:
    (unit_word, unit_days), (period_word, period_days) = unit, period
    universal = f"Runs every {unit_word}"
    counted = f"Runs {count} {unit_word}s a {period_word}"
    assert rate_against_universal(universal, counted) is (count * unit_days < period_days)
