"""English nouns that are one concept by WordNet (Debian's ``wordnet-base``; decision 0017)."""

from __future__ import annotations

import pytest

from memory.equivalence import wordnet


@pytest.fixture(autouse=True)
def _wordnet_installed() -> None:
    if not wordnet.available():
        pytest.fail("WordNet's database is missing: `apt-get install -y wordnet-base` (.ci/run does)")


def test_a_noun_is_found_by_bisection_whatever_its_place_in_the_index() -> None:
    for noun in ("abacus", "dog", "coffee shop", "zymurgy"):
        assert wordnet.synsets(noun), noun
    assert wordnet.synsets("coffee_shop") == wordnet.synsets("Coffee Shop")
    assert wordnet.synsets("café") == wordnet.synsets("cafe")  # WordNet's lemmas are ASCII
    for missing in ("", "qzxv", "aaaaaaa", "zzzzzzzz", "dog house cat"):
        assert wordnet.synsets(missing) == (), missing


@pytest.mark.parametrize(("x", "y"), [
    ("bike", "cycle"),  # one synset
    ("type", "kind"),  # a hypernym one step up
    ("son", "child"),  # two steps up
    ("room", "bedroom"),
    ("cafe", "coffee shop"),
])
def test_synonyms_and_near_hypernyms_are_one_concept(x: str, y: str) -> None:
    assert wordnet.related(x, y)
    assert wordnet.related(y, x)


@pytest.mark.parametrize(("x", "y"), [
    ("dog", "cat"), ("ibuprofen", "acetaminophen"), ("owner", "cook"), ("appendix", "gallbladder"),
    ("bicycle", "car"), ("treasurer", "secretary"), ("dog", "qzxv"),
])
def test_two_kinds_of_one_thing_are_not(x: str, y: str) -> None:
    assert not wordnet.related(x, y)
