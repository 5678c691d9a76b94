"""Shared API building blocks: strict input serializers (unknown fields → 400 ``unknown_field``,
JSON values of the wrong type → 400 ``invalid_input``), aware datetimes, validated pagination."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rest_framework import serializers

from config.errors import UnknownFieldError


def _json_type_error(field: serializers.Field, value: Any) -> str | None:
    """Why ``value`` (parsed JSON) is not of the type the schema declares for ``field``, or None.

    DRF coerces (``0`` → ``"0"``, ``false`` → ``0.0``); the OpenAPI schema promises the JSON type,
    so a body must send it."""
    if value is None:
        return None  # allow_null is the field's own business
    if isinstance(field, serializers.JSONField):
        return None
    if isinstance(field, serializers.BooleanField):
        return None if isinstance(value, bool) else "Expected a boolean."
    if isinstance(field, serializers.IntegerField):
        ok = (isinstance(value, int) or (isinstance(value, float) and value.is_integer())) \
            and not isinstance(value, bool)
        return None if ok else "Expected an integer."
    if isinstance(field, serializers.FloatField | serializers.DecimalField):
        return None if isinstance(value, int | float) and not isinstance(value, bool) else "Expected a number."
    if isinstance(field, serializers.CharField | serializers.ChoiceField | serializers.DateTimeField
                  | serializers.DateField | serializers.UUIDField):
        return None if isinstance(value, str) else "Expected a string."
    if isinstance(field, serializers.ListField):
        if not isinstance(value, list):
            return "Expected a list."
        return next((f"Item {i}: {err}" for i, item in enumerate(value)
                     if (err := _json_type_error(field.child, item))), None)
    if isinstance(field, serializers.DictField):
        return None if isinstance(value, dict) else "Expected an object."
    return None


class StrictSerializer(serializers.Serializer):
    """Input serializer that rejects fields it does not declare, instead of silently ignoring them,
    and (for JSON bodies) values whose JSON type is not the declared one."""

    json_types: bool = True

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, Mapping):
            unknown = sorted(set(data) - set(self.fields))
            if unknown:
                unknown = [str(name)[:64] for name in unknown]
                raise UnknownFieldError(
                    f"Unknown field(s): {', '.join(unknown[:10])}.",
                    extra={"fields": unknown[:50], "allowed": sorted(self.fields)},
                )
            if self.json_types:
                wrong = {name: [serializers.ErrorDetail(err, code="invalid_type")]
                         for name, value in data.items()
                         if (err := _json_type_error(self.fields[name], value))}
                if wrong:
                    raise serializers.ValidationError(wrong)
        return super().to_internal_value(data)


class StrictQuerySerializer(StrictSerializer):
    """Query parameters: unknown names rejected; values arrive as strings and are parsed."""

    json_types = False


class AwareDateTimeField(serializers.DateTimeField):
    """An ISO-8601 datetime that must carry its timezone (API.md): naive → 400 ``naive_datetime``.

    DRF would silently read a naive value in the server's zone; a client that forgot the offset
    gets told instead."""

    default_error_messages = {
        "naive_datetime": "Datetimes must carry a timezone (e.g. 2026-01-31T09:00:00Z or +01:00).",
    }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("help_text", "ISO-8601 with a timezone; a naive value → 400 `naive_datetime`")
        super().__init__(*args, **kwargs)

    def enforce_timezone(self, value: Any) -> Any:
        from django.utils import timezone

        if timezone.is_naive(value):
            self.fail("naive_datetime")
        return super().enforce_timezone(value)


MAX_PAGE_LIMIT = 200
MAX_PAGE_OFFSET = 1_000_000_000


class PageQuerySerializer(StrictQuerySerializer):
    """``limit``/``offset`` of a paginated list, validated (DRF's paginator silently ignores bad ones)."""

    limit = serializers.IntegerField(min_value=1, max_value=MAX_PAGE_LIMIT, required=False)
    offset = serializers.IntegerField(min_value=0, max_value=MAX_PAGE_OFFSET, required=False, default=0)
