"""Reference data every install starts with: the predicate registry and policy v1.

Used by the data migrations (with historical models) and by the test suite after a
transactional test flushes the tables.
"""

from __future__ import annotations

from typing import Any

from governance.policy import DEFAULT_RULES, DEFAULT_VERSION

PREDICATES = [
    # key, label, fideslang category, cardinality, ttl_days
    ("identity.preferred_name", "Preferred name", "user.name", "single", None),
    ("communication.language", "Preferred language", "user.demographic.language", "single", None),
    ("communication.style", "Communication style", "user.behavior", "single", 365),
    ("preference.report_length", "Preferred report length", "user.behavior", "single", 365),
    ("preference.meeting_time", "Preferred meeting time", "user.behavior", "single", 180),
    ("project.current", "Current project", "user.workplace", "single", 90),
    ("project.mentioned", "Project mentioned", "user.workplace", "multi", 180),
    ("constraint.availability", "Availability constraint", "user.behavior", "multi", 60),
    ("constraint.operational", "Operational constraint", "user.workplace", "multi", 90),
]

# The closed value sets of the seeded predicates (the values the bundled exemplars of
# memory.claims.exemplars can infer); the others take open values (a name, a project).
VALUE_SETS = {
    "communication.language": ["es", "en", "fr", "de", "pt"],
    "communication.style": ["formal", "informal"],
    "preference.report_length": ["short", "long"],
    "preference.meeting_time": ["morning", "afternoon"],
}

# A change to these is decided by a reviewer, not by recency (DESIGN §4 step 5): how a person is
# addressed is not something two agents should silently rewrite.
HIGH_IMPACT = {"identity.preferred_name"}


def seed_predicates(predicate_model: Any) -> None:
    # Migration 0004 runs this with a historical model that has no value sets yet (0012 adds them).
    has_values = any(f.name == "values" for f in predicate_model._meta.get_fields())
    for key, label, category, cardinality, ttl in PREDICATES:
        defaults = {"label": label, "category": category, "cardinality": cardinality,
                    "shareable": True, "high_impact": key in HIGH_IMPACT, "ttl_days": ttl}
        if has_values:
            defaults["values"] = VALUE_SETS.get(key, [])
        predicate_model.objects.get_or_create(key=key, defaults=defaults)


def seed_value_sets(predicate_model: Any) -> None:
    """Give the seeded predicates their value sets where an install has none yet (migration 0012)."""
    for key, values in VALUE_SETS.items():
        predicate_model.objects.filter(key=key, values=[]).update(values=values)


def seed_policy(policy_model: Any) -> None:
    if not policy_model.objects.filter(version=DEFAULT_VERSION).exists():
        policy_model.objects.create(version=DEFAULT_VERSION, rules=DEFAULT_RULES,
                                    active=not policy_model.objects.filter(active=True).exists())


def seed_reference_data() -> None:
    # local import: migrations import this module with historical models; the live ones load only here
    from governance.models import Policy, Predicate

    seed_predicates(Predicate)
    seed_policy(Policy)
