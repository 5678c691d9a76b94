"""Policy versions: publish a new active one, audited (read by ``governance.policy.policy_current``).

Versions are data and kept forever (each Decision records the one in force), so a change of rules is
a new version, never an edit of a stored one.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from config.actors import Actor
from config.audit import audit
from governance import policy as policy_module
from governance.models import Policy

#: The Policy version field's length (governance migration 0005).
_VERSION_MAX = 32


@transaction.atomic
def policy_publish(*, actor: Actor, version: str, rules: dict[str, Any], policy_model: Any = Policy) -> Any:
    """Store ``rules`` as ``version`` and make it the active policy (the previous one stays, inactive).

    ``policy_model``: the live model, or a migration's historical one (governance migration 0014).
    The audit row holds the two version names and the names of the rules that changed — no values
    but the candidate floor's, which are numbers."""
    previous = policy_model.objects.select_for_update().filter(active=True).first()
    policy_model.objects.filter(active=True).update(active=False)
    row = policy_model(version=version, rules=rules, active=True)
    row.full_clean(validate_constraints=False)
    row.save()
    before = dict(previous.rules) if previous is not None else {}
    changed = sorted(k for k in set(before) | set(rules) if before.get(k) != rules.get(k))
    data: dict[str, Any] = {"version": version, "previous": previous.version if previous is not None else None,
                            "changed": changed}
    if "candidate_similarity" in changed:
        data["candidate_similarity"] = [before.get("candidate_similarity"), rules.get("candidate_similarity")]
    audit(actor=actor, action="policy.published", object_type="policy", object_id=row.pk, data=data)
    policy_module.policy_cache_clear()  # this process reads the new version at once (others within 5 s)
    return row


def policy_candidate_floor_update(*, actor: Actor, policy_model: Any = Policy) -> Any | None:
    """Publish the active policy again with the new candidate floor
    (:data:`~governance.policy.CANDIDATE_SIMILARITY`) when it still carries the old default
    (:data:`~governance.policy.PREVIOUS_CANDIDATE_SIMILARITY`, stored or — a policy without the key —
    inherited); an operator's own floor is kept. Returns the new version, or None when nothing changed.

    The new version is ``DEFAULT_VERSION`` when its rules are exactly the shipped defaults (an install
    still on ``v1``), so one version name means one set of rules across installs; otherwise the active
    version's name with a ``+floor`` suffix (first free name)."""
    active = policy_model.objects.filter(active=True).first()
    if active is None:
        return None
    floor = active.rules.get("candidate_similarity", policy_module.PREVIOUS_CANDIDATE_SIMILARITY)
    if floor != policy_module.PREVIOUS_CANDIDATE_SIMILARITY:
        return None
    rules = {**active.rules, "candidate_similarity": policy_module.CANDIDATE_SIMILARITY}
    taken = set(policy_model.objects.values_list("version", flat=True))
    if rules == policy_module.DEFAULT_RULES and policy_module.DEFAULT_VERSION not in taken:
        version = policy_module.DEFAULT_VERSION
    else:
        stem = f"{active.version[:_VERSION_MAX - 9]}+floor"
        version = next(name for name in (stem if n == 1 else f"{stem}{n}" for n in range(1, 1000))
                       if name not in taken)
    return policy_publish(actor=actor, version=version, rules=rules, policy_model=policy_model)
