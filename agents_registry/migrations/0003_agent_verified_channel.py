"""Agent.verified_channel: only an operator-marked system/tool channel may write ``verified`` memories.

Existing agents are not channels: an operator marks the real system/tool feeds (``agent_create
--verified-channel`` for new ones, the admin or ``agent_verified_channel_set`` for existing ones).
Memories already stored keep their tier: the past is not rewritten.
"""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [("agents_registry", "0002_agent_lineage")]

    operations = [
        migrations.AddField(
            model_name="agent", name="verified_channel",
            field=models.BooleanField(
                default=False,
                help_text="an authoritative system or tool channel: only its asserted_by=system|tool writes "
                          "with an origin_ref are verified (set by an operator, never by the agent)"),
        ),
    ]
