"""Agent.lineage: the evidence source an agent belongs to; existing agents are their own lineage."""

from django.db import migrations, models
from django.db.models import F


def lineage_is_slug(apps, schema_editor):  # noqa: ANN001, ARG001 - migration signature
    apps.get_model("agents_registry", "Agent").objects.filter(lineage="").update(lineage=F("slug"))


class Migration(migrations.Migration):

    dependencies = [("agents_registry", "0001_initial")]

    operations = [
        migrations.AddField(
            model_name="agent", name="lineage",
            field=models.SlugField(blank=True, default="", max_length=64,
                                   help_text="evidence source: agents of one lineage count as one (default: the slug)"),
            preserve_default=False,
        ),
        migrations.RunPython(lineage_is_slug, migrations.RunPython.noop),
    ]
