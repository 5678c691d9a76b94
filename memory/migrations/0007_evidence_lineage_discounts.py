"""CollectiveFact.support_lineages and the lineage-aware echo discounts (issue 16).

Before this migration every agent was its own lineage, so a version's lineage count is its agent
count; the next consolidation run of the subject recomputes it from the agents' lineages."""

from django.db import migrations, models
from django.db.models import F


def lineages_are_agents(apps, schema_editor):  # noqa: ANN001, ARG001 - migration signature
    apps.get_model("memory", "CollectiveFact").objects.update(support_lineages=F("support_agents"))


class Migration(migrations.Migration):

    dependencies = [
        ('memory', '0006_special_category_db_default'),
        ('agents_registry', '0002_agent_lineage'),
    ]

    operations = [
        migrations.AddField(
            model_name='collectivefact',
            name='support_lineages',
            field=models.PositiveIntegerField(default=0, help_text='distinct agent lineages (step 3)'),
        ),
        migrations.AlterField(
            model_name='evidence',
            name='discount_reason',
            field=models.CharField(blank=True, choices=[('same_agent', 'Same agent'), ('same_session', 'Same session'), ('same_root', 'Same root (already counted)'), ('echo_read_log', 'Echo: served the fact in this session before recording'), ('echo_timing', 'Echo: recorded after the fact was readable, no new root'), ('echo_served', 'Echo: its lineage was served the fact before, no verified root'), ('echo_summary', 'Echo: restates facts its lineage was served (a summary)'), ('agent_asserted', 'Asserted by the agent itself'), ('derived_from', 'Restates a collective fact'), ('lower_tier', 'Lower trust tier'), ('restricted', 'Restricted')], max_length=32),
        ),
        migrations.RunPython(lineages_are_agents, migrations.RunPython.noop),
    ]
