"""``copy_insert`` sends a plain JSON value as orjson's text: the same jsonb as Django's route (perf53a)."""

from __future__ import annotations

import enum
import json
import uuid
from collections import OrderedDict
from datetime import UTC, datetime

import pytest
from django.db import connection
from hypothesis import given, settings
from hypothesis import strategies as st

from config.db import _json_text, copy_insert
from governance.models import ReviewItem

pytestmark = pytest.mark.django_db

# Plain JSON the fast route takes: escapes, control characters, non-ASCII beyond the BMP, keys in
# any order, nesting, the largest and smallest 64-bit integers, booleans and nulls inside.
PLAIN = [
    {},
    [],
    {"a": str(uuid.uuid4()), "b": str(uuid.uuid4())},
    {"memories": [str(uuid.uuid4()) for _ in range(5)], "category": "health"},
    {"z": 1, "a": -2, "m": [True, False, None], "n": {"deep": {"deeper": ["x", 0]}}},
    {"quote\"back\\slash": "tab\tnewline\nreturn\r\x01\x1f\x7f", "é": "ü 漢字 😀"},
    {"big": 2**63 - 1, "small": -(2**63), "zero": 0},
    [1, "two", [3, [4, {"five": None}]]],
    {"fact": str(uuid.uuid4()), "revises": None},
]

def _nested(depth: int) -> dict:
    value: object = "x"
    for _ in range(depth):
        value = [value]
    return {"deep": value}


# Values the fast route leaves to json.dumps (Django's Jsonb): each one is written as before.
NOT_PLAIN = [
    {"score": 0.1},                       # floats: json.dumps's digits
    {"x": 1e16},
    {"pair": ("a", "b")},                 # tuples
    {1: "int key"},                       # non-string keys (json.dumps turns them into strings)
    {"huge": 2**64},                      # orjson refuses integers beyond 64 bits
    OrderedDict(a=1),                     # subclasses
    _nested(40),                           # nesting beyond _JSON_DEPTH
]


class _Colour(enum.Enum):
    RED = "red"


def _store(values: list) -> list[tuple[str, str]]:
    """Each value written as a review item's ``refs`` by ``copy_insert`` and by ``bulk_create``
    (Django's own preparation), read back as PostgreSQL's jsonb text: (copied, created) pairs."""
    subject = uuid.uuid4()
    copied = [ReviewItem(kind="promotion", subject_id=subject, refs=v, reason=f"c{i}") for i, v in enumerate(values)]
    created = [ReviewItem(kind="promotion", subject_id=subject, refs=v, reason=f"b{i}") for i, v in enumerate(values)]
    copy_insert(ReviewItem, copied)
    ReviewItem.objects.bulk_create(created)
    with connection.cursor() as cursor:
        cursor.execute("SELECT reason, refs::text FROM governance_reviewitem WHERE subject_id = %s", [subject])
        stored = dict(cursor.fetchall())
    return [(stored[f"c{i}"], stored[f"b{i}"]) for i in range(len(values))]


def test_plain_values_take_orjson_and_store_the_same_jsonb():
    for value in PLAIN:
        text = _json_text(value)
        assert text is not None, value
        assert json.loads(text) == value
    for copied, created in _store(PLAIN):
        assert copied == created


def test_other_values_are_left_to_the_field_and_store_the_same_jsonb():
    for value in NOT_PLAIN:
        assert _json_text(value) is None, value
    for copied, created in _store(NOT_PLAIN):
        assert copied == created


def test_values_json_dumps_refuses_still_raise():
    """orjson writes these; json.dumps (Django's route) refuses them: copy_insert still refuses."""
    for value in ({"id": uuid.uuid4()}, {"at": datetime(2026, 1, 1, tzinfo=UTC)}, {"c": _Colour.RED},
                  {"bad": "\ud800"}):
        assert _json_text(value) is None
    with pytest.raises(TypeError):
        copy_insert(ReviewItem, [ReviewItem(kind="promotion", subject_id=uuid.uuid4(), refs={"id": uuid.uuid4()},
                                            reason="r")])


def test_a_value_that_contains_itself_is_not_walked_forever():
    loop: dict = {}
    loop["self"] = loop
    assert _json_text(loop) is None


def test_none_is_sql_null_not_json_null():
    assert _json_text(None) is None
    item = ReviewItem(kind="promotion", subject_id=uuid.uuid4(), refs=None, reason="r")
    with pytest.raises(Exception):  # noqa: B017 - refs is NOT NULL: SQL NULL is refused, as bulk_create refuses it
        copy_insert(ReviewItem, [item])


_json = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-(2**63), max_value=2**63 - 1) | st.text(),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(), children, max_size=4),
    max_leaves=12)


@settings(max_examples=150, deadline=None)
@given(value=st.dictionaries(st.text(), _json, max_size=4))
def test_any_plain_value_stores_the_same_jsonb(value):
    """Hypothesis: arbitrary plain JSON (any text, including NUL, which jsonb refuses either way)."""
    if "\\u0000" in json.dumps(value):
        assert _json_text(value) is not None
        return
    assert _json_text(value) is not None
    [(copied, created)] = _store([value])
    assert copied == created
