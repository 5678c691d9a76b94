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


def _loaded(found: dict) -> dict:
    return {pk: ({f.attname: (type(v := getattr(p, f.attname)), v) for f in Predicate._meta.concrete_fields},
                 p._state.adding, p._state.db) for pk, p in found.items()}


def test_predicates_by_id_are_in_bulks_with_one_fixed_statement():
    """perf52b: a fixed statement (the ids as one array parameter) instead of ``in_bulk``'s IN list;
    the same instances (every field, JSON decoded, marked loaded) for any ids, strings and missing
    ones included; a bad id raises as ``in_bulk`` did."""
    import random

    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from governance.selectors.predicates import predicates_by_id

    every = list(Predicate.objects.values_list("pk", flat=True))
    assert len(every) >= 5
    rng = random.Random(52)
    for n in (1, 2, 4, len(every)):
        asked = rng.sample(every, n) + [max(every) + 1000]
        for form in (asked, [str(pk) for pk in asked], iter(asked)):
            with CaptureQueriesContext(connection) as sent:
                got = predicates_by_id(form)
            assert _loaded(got) == _loaded(Predicate.objects.in_bulk(set(asked)))
            assert len(sent) == 1 and "ANY" in sent[0]["sql"]
    assert predicates_by_id([]) == {} and predicates_by_id([None]) == Predicate.objects.in_bulk({None})
    for bad in ("x", 1.5j):
        with pytest.raises(Exception) as ours:
            predicates_by_id([bad])
        with pytest.raises(Exception) as theirs:
            Predicate.objects.in_bulk({bad})
        assert (type(ours.value), str(ours.value)) == (type(theirs.value), str(theirs.value))
