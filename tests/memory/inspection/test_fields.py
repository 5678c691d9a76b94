"""Every string of a memory write reaches the inspectors, named without its text."""

from __future__ import annotations

from memory.inspection.fields import memory_strings


def test_every_field_and_every_key_and_value_of_value_at_every_depth() -> None:
    found = list(memory_strings({
        "content": "c", "key": "k", "predicate": "p", "category": "", "reasoning": "r", "origin_ref": "o",
        "session_id": "s", "value": {"password": "hunter2", "nested": [{"deep": "x"}, 3, True]},
    }))
    assert found == [("content", "c"), ("key", "k"), ("predicate", "p"), ("reasoning", "r"), ("origin_ref", "o"),
                     ("session_id", "s"), ("value{}", "password"), ("value.*", "hunter2"), ("value{}", "nested"),
                     ("value.*[0]{}", "deep"), ("value.*[0].*", "x")]


def test_paths_never_carry_a_keys_text() -> None:
    paths = [path for path, _ in memory_strings({"value": {"ghp_secretkeytext": {"Tiene diabetes": "v"}}})]
    assert all("ghp" not in p and "diabetes" not in p for p in paths)
