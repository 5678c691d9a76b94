"""Round 63: adjective antonyms no check held (issue 16, stop 44).

1. WordNet one step further (:func:`memory.equivalence.wordnet.opposite`), from an adjective's most
   frequent sense only: the antonym of a cluster it "also sees" ("exciting" sees "interesting",
   opposite "uninteresting", where "boring" is), and the antonyms of the word that names a
   satellite's head ("luminous" is similar to "bright", a word WordNet also sets opposite "dark");
2. a participle after an adverb read as the compound adjective WordNet lists ("well done" →
   "well-done", strong participles in -n/-ne included);
3. closed pole axes (:mod:`memory.equivalence.poles`): the compass points, work against its plan, a
   person's manner towards others, the early riser and the night owl, an abundant or a light meal.

The same property said in both notes still merges, and a rarer sense of a word flips nothing. The
sentences are written for these tests, not taken from any evaluation file."""

from __future__ import annotations

import pytest

from memory.equivalence import Judgment, Label, Statement, default_chain, opposites, wordnet


@pytest.fixture(autouse=True)
def _installed(apertium_installed: None) -> None:
    """Apertium and WordNet must be there (conftest's fixture fails, never skips)."""


def _judge(a: str, b: str, similarity: float = 0.93) -> Judgment:
    return default_chain().judge(Statement(a), Statement(b), similarity=similarity)


@pytest.mark.parametrize(("x", "y"), [
    ("exciting", "boring"),  # exciting ^ interesting ! uninteresting & boring
    ("boring", "exciting"),
    ("luminous", "dark"),  # luminous & bright; the word "bright" & light ! dark
    ("well-done", "rare"),
])
def test_wordnet_one_step_further(x: str, y: str) -> None:
    assert wordnet.opposite(x, y)


@pytest.mark.parametrize(("x", "y"), [
    ("secondary", "high"),  # only through "secondary" as "low-level", a rare sense
    ("corporate", "new"),  # only through "new" as "other"
    ("near", "outside"),
    ("strict", "soft"),
    ("long", "lengthy"),
    ("light", "bright"),
])
def test_rarer_senses_and_near_words_flip_nothing(x: str, y: str) -> None:
    assert not wordnet.opposite(x, y)


def test_an_adverb_and_a_participle_read_as_one_compound_adjective() -> None:
    readings = opposites._adjectives("en", "Orders the lamb well done")
    assert readings == ((frozenset({"well-done"}), False),)
    assert opposites._adjectives("en", "Has left the company") == opposites._adjectives("en", "Left the company")


@pytest.mark.parametrize(("a", "b"), [
    ("Finds the new course really exciting.", "El curso nuevo le parece muy aburrido."),
    ("Su salón es muy luminoso.", "Their living room is very dark."),
    ("Orders the lamb well done.", "Orders the lamb very rare."),
    ("Their cottage faces south.", "La casita da al norte."),
    ("The bridge works are ahead of schedule.", "Las obras del puente van retrasadas."),
    ("Her new flatmates are very friendly.", "Sus nuevos compañeros de piso son muy antipáticos."),
    ("Es muy madrugador, también en verano.", "He is a real night owl, even in summer."),
    ("Likes a light lunch on workdays.", "Entre semana le gusta una comida abundante."),
])
def test_opposite_properties_never_merge(a: str, b: str) -> None:
    verdict = _judge(a, b)
    assert verdict.label is Label.CONTRADICTS, (verdict.label, verdict.reason)
    assert verdict.reason == "vetoed_antonym"


@pytest.mark.parametrize(("a", "b"), [
    ("Finds the new course really exciting.", "Finds the new course thrilling."),
    ("Su salón es muy luminoso.", "Their living room is very bright."),
    ("Their cottage faces south.", "Su casita da al sur."),
    ("Es muy madrugador, también en verano.", "Is an early riser, even in summer."),
    ("Her new flatmates are very friendly.", "Her new flatmates are really amiable."),
])
def test_the_same_property_is_not_vetoed(a: str, b: str) -> None:
    verdict = _judge(a, b)
    assert verdict.reason != "vetoed_antonym", (verdict.label, verdict.reason)
