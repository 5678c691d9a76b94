"""Action check (seed 002; SEC-1..5): only verified knowledge may authorise an action.

``allow`` only when one of the given ids is a *current* collective fact the caller may receive
and whose counted support includes a ``verified`` root; anything else → ``escalate`` with a
stable reason. Quorum never takes the action itself, and a human decides every escalation: see
docs/privacy.md ("Automated decisions", Art. 22). Every check is audited (ids and a hash of the
action, never its text).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from django.db import transaction

from agents_registry.models import Agent
from config.actors import Actor
from config.audit import audit
from config.ids import parse_uuid
from governance.policy import policy_current
from memory.models import CollectiveFact, Evidence, Memory
from memory.selectors.collective import subject_gate


@dataclass(frozen=True)
class ActionDecision:
    decision: str  # allow | escalate
    reason: str
    fact_id: str | None = None


@transaction.atomic
def action_check(*, agent: Agent, subject_ref: str, action: str, fact_ids: list[str]) -> ActionDecision:
    result = _evaluate(agent=agent, subject_ref=subject_ref, fact_ids=fact_ids)
    audit(actor=Actor.for_agent(agent), action="action.checked", object_type="agent", object_id=agent.pk,
          data={"decision": result.decision, "reason": result.reason, "fact": result.fact_id,
                "action_sha256": hashlib.sha256(action.encode()).hexdigest(), "ids": len(fact_ids)})
    return result


def _evaluate(*, agent: Agent, subject_ref: str, fact_ids: list[str]) -> ActionDecision:
    if not fact_ids:
        return ActionDecision("escalate", "no_supporting_fact")
    ids = [pk for pk in map(parse_uuid, fact_ids) if pk is not None]
    policy = policy_current()
    gate = subject_gate(subject_ref)
    restrictions, withheld = gate.restrictions, gate.withheld
    if restrictions.blocks_agent(agent.pk):
        return ActionDecision("escalate", "restricted")
    # A fact under a pending erasure answers as if already erased (not_found).
    facts = [f for f in CollectiveFact.objects.filter(pk__in=ids, subject__external_ref=subject_ref)
             if not restrictions.blocks_fact(f.lineage) and not withheld.blocks_fact(f.lineage)]
    for fact in facts:
        if fact.status != CollectiveFact.Status.CURRENT:
            continue
        if not (policy.purpose_receives(agent.purposes) and policy.category_shareable(fact.category)[0]
                and policy.domain_receives(agent.domain, fact.domains)):
            continue
        if Evidence.objects.filter(fact=fact, counted=True, trust=Memory.Trust.VERIFIED).exists():
            return ActionDecision("allow", "verified_fact", str(fact.pk))
    if any(f.status == CollectiveFact.Status.CURRENT for f in facts):
        return ActionDecision("escalate", "not_verified")
    if facts:
        return ActionDecision("escalate", "fact_not_current")
    own = Memory.objects.filter(pk__in=ids, agent=agent).values_list("pk", flat=True)
    if any(not withheld.blocks_memory(agent_id=agent.pk, memory_id=pk) for pk in own):
        return ActionDecision("escalate", "private_memory_only")  # inferred or otherwise: never enough
    return ActionDecision("escalate", "not_found")
