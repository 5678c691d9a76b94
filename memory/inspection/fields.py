"""Every string a memory carries, named by field, for the inspectors (issue 15).

Detectors read all of them, not only ``content``: ``key``, ``predicate``, ``category``,
``reasoning``, ``origin_ref``, ``session_id`` and every key and value of ``value`` at every depth
(paths ``value{}`` for a key, ``value.*`` for a key's value, ``value[i]`` for a list item:
never a key's own text, which can itself be personal or a secret).
Field names are safe to log and trace (they never contain the text); the strings are not.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

#: The top-level string fields of a memory write, in the order detectors report them.
STRING_FIELDS = ("content", "key", "predicate", "category", "reasoning", "origin_ref", "session_id")
#: Fields that identify rather than describe: a secret in one cannot be redacted without breaking
#: identity, so the write is refused instead (``secret_in_identifier``).
IDENTIFIER_FIELDS = ("key", "origin_ref", "session_id")
MAX_DEPTH = 32


def value_strings(value: Any, path: str = "value", depth: int = 0) -> Iterator[tuple[str, str]]:
    """``(path, string)`` for every string in a JSON ``value``: dict keys (path ``<path>{}``),
    dict values (``<path>.*`` — never the key's text in a path), list items (``<path>[i]``).
    Numbers and booleans are not strings: skipped."""
    if depth > MAX_DEPTH:
        return
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, Mapping):
        for key, item in value.items():
            yield f"{path}{{}}", str(key)
            yield from value_strings(item, f"{path}.*", depth + 1)
    elif isinstance(value, (list, tuple)):
        for index, item in enumerate(value):
            yield from value_strings(item, f"{path}[{index}]", depth + 1)


def memory_strings(fields: Mapping[str, Any]) -> Iterator[tuple[str, str]]:
    """``(field, string)`` for every non-empty string of a memory write (``fields`` holds the
    write's arguments by name; missing ones are skipped)."""
    for name in STRING_FIELDS:
        text = fields.get(name)
        if isinstance(text, str) and text:
            yield name, text
    if fields.get("value") is not None:
        for path, text in value_strings(fields["value"]):
            if text:
                yield path, text
