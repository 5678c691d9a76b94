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
