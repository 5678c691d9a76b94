"""Move an install whose active policy still has the old candidate floor (0.80) to the new one.

A new policy version through the governance service (audited), only when the active policy's
``candidate_similarity`` is exactly the old default or absent (inherited); an operator's own floor
is kept. Why the floor moved: ``governance.policy.CANDIDATE_SIMILARITY``. A fresh install seeds the
new defaults directly (0006) and is left as it is.
"""

from django.db import migrations

from config.actors import Actor
from governance.services.policies import policy_candidate_floor_update


def forwards(apps, schema_editor):  # noqa: ANN001, ANN201 - migration signature
    policy_candidate_floor_update(actor=Actor.system("migration"), policy_model=apps.get_model("governance", "Policy"))


class Migration(migrations.Migration):

    dependencies = [("governance", "0013_predicate_registry_growth")]
    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
