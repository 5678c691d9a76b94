"""Parsing ids from untrusted input without exceptions."""

from __future__ import annotations

import uuid


def parse_uuid(value: object) -> uuid.UUID | None:
    """The UUID in ``value``, or None when it is not one (so callers answer "not found")."""
    try:
        return uuid.UUID(str(value))
    except ValueError:
        return None
