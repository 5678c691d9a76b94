"""FilterSets of memory's list endpoints (django-filter)."""

from __future__ import annotations

import django_filters

from memory.models import Memory


class MemoryFilter(django_filters.FilterSet):
    """``GET memories``: narrow the caller's memories about one subject by kind, key or status."""

    kind = django_filters.ChoiceFilter(choices=Memory.Kind.choices)
    key = django_filters.CharFilter()
    status = django_filters.ChoiceFilter(choices=Memory.Status.choices)

    class Meta:
        model = Memory
        fields = ["kind", "key", "status"]
