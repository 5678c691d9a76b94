"""``governance.selectors.predicates``: the registry as the memory layer reads it (seeded rows)."""

from __future__ import annotations

import pytest

from governance.models import Predicate
from governance.selectors.predicates import (
    predicate_cardinalities,
    predicate_get,
    predicate_is_multi,
    predicate_is_single,
)

pytestmark = pytest.mark.django_db


def test_cardinalities_cover_the_registry_and_agree_with_the_predicates():
    cardinalities = predicate_cardinalities()
    assert set(cardinalities) == set(Predicate.objects.values_list("key", flat=True)) and cardinalities
    assert set(cardinalities.values()) <= {"single", "multi"}
    for key, cardinality in cardinalities.items():
        predicate = predicate_get(key)
        assert predicate_is_multi(predicate) == (cardinality == "multi")
        assert predicate_is_single(predicate) == (cardinality == "single")


def test_no_predicate_is_not_multi():
    assert predicate_get("no.such.predicate") is None
    assert predicate_is_multi(None) is False
