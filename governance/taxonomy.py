"""Data categories and uses: the fideslang default taxonomy plus Quorum's additions.

Quorum adds two Art. 9 special categories that fideslang lacks. ``SPECIAL_CATEGORIES`` lists the
Art. 9/10 categories (and credentials) that are never promoted to the collective layer.
"""

from __future__ import annotations

from functools import lru_cache

EXTRA_CATEGORIES = ("user.demographic.trade_union_membership", "user.demographic.sex_life")

SPECIAL_CATEGORY_ROOTS = (
    "user.health_and_medical",
    "user.biometric",
    "user.demographic.political_opinion",
    "user.demographic.race_ethnicity",
    "user.demographic.religious_belief",
    "user.demographic.sexual_orientation",
    "user.demographic.trade_union_membership",
    "user.demographic.sex_life",
    "user.criminal_history",
    "user.authorization",  # credentials and secrets: never shared
    "system.authentication",
)


@lru_cache(maxsize=1)
def data_category_keys() -> frozenset[str]:
    from fideslang.default_taxonomy import DEFAULT_TAXONOMY

    return frozenset(c.fides_key for c in DEFAULT_TAXONOMY.data_category) | frozenset(EXTRA_CATEGORIES)


def is_known_category(key: str) -> bool:
    return key in data_category_keys()


def is_special_category(key: str) -> bool:
    return any(key == root or key.startswith(root + ".") for root in SPECIAL_CATEGORY_ROOTS)
