"""Seed the predicate registry with the continuity predicates (none of them high-impact)."""

from django.db import migrations


def seed(apps, schema_editor):  # noqa: ANN001 - migration signature
    from governance.seed import seed_predicates

    seed_predicates(apps.get_model("governance", "Predicate"))


def unseed(apps, schema_editor):  # noqa: ANN001
    from governance.seed import PREDICATES

    apps.get_model("governance", "Predicate").objects.filter(key__in=[p[0] for p in PREDICATES]).delete()


class Migration(migrations.Migration):
    dependencies = [("governance", "0003_predicate_trustconflict_reviewitem")]
    operations = [migrations.RunPython(seed, unseed)]
