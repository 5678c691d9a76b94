"""Purposes an agent acts for are fideslang data-use keys (``essential.service``, ``marketing``…)."""

from __future__ import annotations

from functools import lru_cache


@lru_cache(maxsize=1)
def data_use_keys() -> frozenset[str]:
    from fideslang.default_taxonomy import DEFAULT_TAXONOMY

    return frozenset(use.fides_key for use in DEFAULT_TAXONOMY.data_use)


def unknown_purposes(purposes: list[str]) -> list[str]:
    known = data_use_keys()
    return [p for p in purposes if p not in known]
