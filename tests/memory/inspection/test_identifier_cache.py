"""The write path keeps the detectors' verdict on identifier strings per process (issue 17): the
same verdict as reading them again, and content is never kept."""

from __future__ import annotations

import pytest

from memory.inspection import special
from memory.scrubbing import fields as secret_fields

IDENTIFIERS = ["s-2026-12-02", "diagnosis", "user.health_and_medical", "tiene diabetes", "d1@b3t3s",
               "sindicato", "crm:ticket-88", "x" * 201]


@pytest.mark.parametrize("text", IDENTIFIERS)
@pytest.mark.parametrize("field", ["key", "predicate", "category", "origin_ref", "session_id"])
def test_an_identifier_gets_the_same_verdict_cached_or_not(field, text):
    special._identifier_rule.cache_clear()
    expected = special.lexical_rule(text)
    for _ in range(2):  # the first call fills the cache, the second reads it
        finding = special.special_category_in([(field, text)])
        assert (finding.rule if finding else None) == (expected.split(":", 1)[1] if expected else None)


def test_content_is_never_kept():
    special._identifier_rule.cache_clear()
    special.special_category_in([("content", "Tiene diabetes y usa una bomba de insulina")])
    special.special_category_in([("reasoning", "porque lo dijo"), ("value.*", "sindicato")])
    assert special._identifier_rule.cache_info().currsize == 0
    special.special_category_in([("session_id", "s1")])
    assert special._identifier_rule.cache_info().currsize == 1


@pytest.mark.parametrize("text", ["ana-garcia", "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8", "sk-live-abc",
                                  "AKIA" + "IOSFODNN7EXAMPLE", "y" * 250])
def test_an_identifier_secret_verdict_is_the_same_cached_or_not(text):
    secret_fields._identifier_secret_cached.cache_clear()
    expected = secret_fields._identifier_secret(text)
    assert secret_fields.identifier_secret(text) is expected
    assert secret_fields.identifier_secret(text) is expected
    assert secret_fields._identifier_secret_cached.cache_info().currsize == (1 if len(text) <= 200 else 0)
