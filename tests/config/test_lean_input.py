"""config.api.LeanInput: the hot path's body validation gives exactly the serializer's
``validated_data`` for ordinary bodies, and steps aside (None) for everything the serializer would
reject or treat specially, so every 400 still comes from the serializer."""

from __future__ import annotations

import random

from rest_framework import serializers

from config.api import LeanInput, StrictSerializer
from memory.read_apis import RecallApi

RECALL = RecallApi.InputSerializer
ORDINARY = [
    {"subject": "ana", "query": "informes", "purpose": "essential.service"},
    {"subject": " ana ", "query": "  ", "purpose": "essential.service", "session_id": "s1", "max_items": 5},
    {"subject": "Zoë", "query": "¿qué le gusta? 😀", "purpose": "essential.service", "max_chars": 50,
     "min_trust": "verified"},
    {"subject": "ana", "query": "", "purpose": "p", "min_trust": None, "max_items": 50, "max_chars": 20000},
    {"subject": "a" * 200, "query": "q" * 1000, "purpose": "x" * 100},
]
VALUES = {
    "subject": ["ana", " ana ", "", "   ", "a" * 200, "a" * 201, " " + "a" * 200 + " ", 5, None, True, ["ana"],
                "an\x00a", "an\ud800a", "Zoë"],
    "query": ["informes", "", " ", "q" * 1000, "q" * 1001, 0, None, "x\x00", "\udfff", {"q": 1}],
    "purpose": ["essential.service", "", "p" * 100, "p" * 101, 1.5, None],
    "session_id": ["s1", "", "  ", "s" * 200, "s" * 201, 7, None],
    "max_items": [1, 10, 50, 0, 51, -1, 10.0, 10.5, "10", True, None],
    "max_chars": [50, 1200, 20000, 49, 20001, 1200.0, "1200", False, None],
    "min_trust": ["verified", "inferred", "user_asserted", "ephemeral", "VERIFIED", "", None, 1, "nope"],
}


def serializer_result(serializer_class, body):
    serializer = serializer_class(data=body)
    try:
        valid = serializer.is_valid()
    except Exception as exc:  # StrictSerializer raises UnknownFieldError for unknown fields
        return ("raised", type(exc).__name__)
    return dict(serializer.validated_data) if valid else None


def test_ordinary_bodies_take_the_lean_path_with_the_serializers_exact_result():
    lean = LeanInput(RECALL)
    for body in ORDINARY:
        expected = serializer_result(RECALL, body)
        assert isinstance(expected, dict), body
        assert lean(body) == expected, body
        assert list(lean(body)) == list(expected), "the same keys in the same order"


def test_every_body_the_lean_path_accepts_the_serializer_accepts_identically():
    lean = LeanInput(RECALL)
    rng = random.Random(17)
    names = list(VALUES)
    accepted = declined = 0
    for _ in range(4000):
        # Mostly an ordinary value, sometimes any of the edge values; sometimes the field is left out.
        body = {name: rng.choice(VALUES[name]) if rng.random() < 0.2 else VALUES[name][0]
                for name in names if rng.random() < 0.9}
        if rng.random() < 0.05:
            body["unknown"] = "x"
        expected = serializer_result(RECALL, body)
        got = lean(body)
        if got is None:
            declined += 1
        else:
            accepted += 1
            assert got == expected, body
    # Both branches really ran (the corpus is not all-valid or all-invalid).
    assert accepted > 200 and declined > 2000, (accepted, declined)


def test_each_single_bad_value_is_left_to_the_serializer():
    lean = LeanInput(RECALL)
    base = {"subject": "ana", "query": "informes", "purpose": "essential.service"}
    for name, values in VALUES.items():
        for value in values:
            body = {**base, name: value}
            expected = serializer_result(RECALL, body)
            if not isinstance(expected, dict):
                assert lean(body) is None, body
            else:
                assert lean(body) in (None, expected), body
    for missing in ("subject", "query", "purpose"):
        assert lean({k: v for k, v in base.items() if k != missing}) is None
    assert lean({**base, "extra": 1}) is None
    assert lean([base]) is None


def test_a_serializer_with_anything_else_gets_no_lean_path():
    class WithHook(StrictSerializer):
        subject = serializers.CharField()

        def validate_subject(self, value):
            return value.lower()

    class WithOtherField(StrictSerializer):
        subject = serializers.CharField()
        at = serializers.DateTimeField()

    class WithValidate(StrictSerializer):
        subject = serializers.CharField()

        def validate(self, attrs):
            return attrs

    class Plain(StrictSerializer):
        subject = serializers.CharField()

    # Each body is one its serializer accepts, so only the refusal to build a lean path returns None;
    # the same layout without the extra piece does take the lean path (the check can fail).
    cases = [(WithHook, {"subject": "ANA"}), (WithValidate, {"subject": "ana"}),
             (WithOtherField, {"subject": "ana", "at": "2026-01-01T00:00:00Z"})]
    for cls, body in cases:
        assert isinstance(serializer_result(cls, body), dict), cls.__name__
        assert LeanInput(cls)(body) is None, cls.__name__
    assert LeanInput(Plain)({"subject": " ana "}) == {"subject": "ana"}
