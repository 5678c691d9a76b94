"""Store the default sharing policy as version v1 (active)."""

from django.db import migrations


def seed(apps, schema_editor):  # noqa: ANN001
    from governance.seed import seed_policy

    seed_policy(apps.get_model("governance", "Policy"))


class Migration(migrations.Migration):
    dependencies = [("governance", "0005_policy")]
    operations = [migrations.RunPython(seed, migrations.RunPython.noop)]
