"""Seed the predicate registry with the continuity predicates (none of them high-impact)."""

from django.db import migrations

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


def seed(apps, schema_editor):  # noqa: ANN001 - migration signature
    Predicate = apps.get_model("governance", "Predicate")
    for key, label, category, cardinality, ttl in PREDICATES:
        Predicate.objects.update_or_create(
            key=key,
            defaults={"label": label, "category": category, "cardinality": cardinality,
                      "shareable": True, "high_impact": False, "ttl_days": ttl},
        )


def unseed(apps, schema_editor):  # noqa: ANN001
    apps.get_model("governance", "Predicate").objects.filter(key__in=[p[0] for p in PREDICATES]).delete()


class Migration(migrations.Migration):
    dependencies = [("governance", "0003_predicate_trustconflict_reviewitem")]
    operations = [migrations.RunPython(seed, unseed)]
