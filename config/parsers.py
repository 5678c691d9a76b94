"""JSON bodies with a nesting limit checked before anything recursive touches them.

``json`` (and every walker of the parsed value) recurses once per nesting level: a body nested a
few thousand levels deep overflows the parser's C stack guard (``RecursionError``), and a few
hundred levels are enough to overflow the recursive code that later walks the value. So the raw
bytes are scanned first — one regular-expression pass that skips string literals and counts
``[``/``{`` against ``]``/``}`` — and a body deeper than ``QUORUM_JSON_MAX_DEPTH`` (32) is refused
with 400 ``nesting_too_deep`` before ``json.loads`` runs. The scan stops at the first level over
the limit, so a hostile body costs one linear pass at most.

Depth counts containers: ``{"value": 1}`` is 1 deep, ``{"value": [[1]]}`` is 3 deep.
"""

from __future__ import annotations

import io
import re
from typing import Any

from django.conf import settings
from rest_framework.parsers import JSONParser

from config.errors import QuorumError

# A JSON string literal (escapes included), or one bracket. Strings are matched so brackets inside
# them are skipped; the unrolled form has no nested quantifier to backtrack on.
_TOKENS = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}]', re.DOTALL)
_OPEN = frozenset(b"[{")


class NestingTooDeep(QuorumError):
    code = "nesting_too_deep"
    default_message = "The JSON body is nested too deeply."


def max_depth() -> int:
    return int(getattr(settings, "QUORUM_JSON_MAX_DEPTH", 32))


def json_depth_exceeds(raw: bytes | str, limit: int) -> bool:
    """True when the JSON text ``raw`` opens more than ``limit`` containers at once.

    Malformed text (an unterminated string) is scanned as if its brackets counted: it can only
    be refused earlier, never let through deeper.
    """
    data = raw.encode("utf-8", "surrogatepass") if isinstance(raw, str) else raw
    depth = 0
    for match in _TOKENS.finditer(data):
        token = match.group()
        if len(token) != 1:
            continue  # a string literal
        if token[0] in _OPEN:
            depth += 1
            if depth > limit:
                return True
        else:
            depth -= 1
    return False


def check_json_depth(raw: bytes | str, limit: int | None = None) -> None:
    """Raise :class:`NestingTooDeep` (400) when ``raw`` is nested deeper than the limit."""
    limit = max_depth() if limit is None else limit
    if json_depth_exceeds(raw, limit):
        raise NestingTooDeep(extra={"max_depth": limit})


class BoundedJSONParser(JSONParser):
    """DRF's JSON parser behind the nesting check (``DEFAULT_PARSER_CLASSES``)."""

    def parse(self, stream: Any, media_type: str | None = None, parser_context: dict[str, Any] | None = None) -> Any:
        raw = stream.read() if stream is not None else b""
        check_json_depth(raw)
        return super().parse(io.BytesIO(raw), media_type, parser_context)
