"""Shared API building blocks: strict input serializers (unknown fields → 400 ``unknown_field``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rest_framework import serializers

from config.errors import UnknownFieldError


class StrictSerializer(serializers.Serializer):
    """Input serializer that rejects fields it does not declare, instead of silently ignoring them."""

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, Mapping):
            unknown = sorted(set(data) - set(self.fields))
            if unknown:
                unknown = [str(name)[:64] for name in unknown]
                raise UnknownFieldError(
                    f"Unknown field(s): {', '.join(unknown[:10])}.",
                    extra={"fields": unknown[:50], "allowed": sorted(self.fields)},
                )
        return super().to_internal_value(data)


class AwareDateTimeField(serializers.DateTimeField):
    """An ISO-8601 datetime that must carry its timezone (API.md): naive → 400 ``naive_datetime``.

    DRF would silently read a naive value in the server's zone; a client that forgot the offset
    gets told instead."""

    default_error_messages = {
        "naive_datetime": "Datetimes must carry a timezone (e.g. 2026-01-31T09:00:00Z or +01:00).",
    }

    def enforce_timezone(self, value: Any) -> Any:
        from django.utils import timezone

        if timezone.is_naive(value):
            self.fail("naive_datetime")
        return super().enforce_timezone(value)


MAX_PAGE_LIMIT = 200
MAX_PAGE_OFFSET = 1_000_000_000


class PageQuerySerializer(StrictSerializer):
    """``limit``/``offset`` of a paginated list, validated (DRF's paginator silently ignores bad ones)."""

    limit = serializers.IntegerField(min_value=1, max_value=MAX_PAGE_LIMIT, required=False)
    offset = serializers.IntegerField(min_value=0, max_value=MAX_PAGE_OFFSET, required=False, default=0)
