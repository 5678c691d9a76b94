"""Create, change and deactivate agents. Every change is audited in its own transaction."""

from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from agents_registry.errors import AgentAlreadyExists, InvalidAgentData
from agents_registry.models import Agent
from agents_registry.services.credentials import credential_issue
from config.actors import Actor
from config.audit import audit


@dataclass(frozen=True)
class AgentWithKey:
    agent: Agent
    key: str  # shown once, never stored


@transaction.atomic
def agent_create(*, actor: Actor, slug: str, role: str, domain: str, purposes: list[str],
                 description: str = "", lineage: str = "") -> AgentWithKey:
    """Register an agent and issue its first API key (returned once).

    ``lineage`` (default: the agent's own slug) names the evidence source it belongs to: agents of
    one lineage count as one independent source in consolidation."""
    if Agent.objects.filter(slug=slug).exists():
        raise AgentAlreadyExists(extra={"slug": slug})
    agent = Agent(slug=slug, role=role, domain=domain, purposes=sorted(set(purposes)),
                  description=description, lineage=lineage or slug)
    try:
        agent.full_clean()
    except ValidationError as exc:
        raise InvalidAgentData(extra={"fields": exc.message_dict}) from None
    try:
        with transaction.atomic():
            agent.save()
    except IntegrityError:
        raise AgentAlreadyExists(extra={"slug": slug}) from None
    audit(actor=actor, action="agent.created", object_type="agent", object_id=agent.pk,
          data={"domain": agent.domain, "role": agent.role, "purposes": agent.purposes, "lineage": agent.lineage})
    issued = credential_issue(actor=actor, agent=agent, label="initial")
    return AgentWithKey(agent=agent, key=issued.key)


@transaction.atomic
def agent_set_active(*, actor: Actor, agent: Agent, active: bool) -> Agent:
    """Deactivate (or reactivate) an agent; a deactivated agent's keys stop working at once."""
    agent = Agent.objects.select_for_update().get(pk=agent.pk)
    if agent.is_active != active:
        agent.is_active = active
        agent.full_clean()
        agent.save(update_fields=["is_active", "updated_at"])
        audit(actor=actor, action="agent.activated" if active else "agent.deactivated",
              object_type="agent", object_id=agent.pk)
    return agent


@transaction.atomic
def agent_update(*, actor: Actor, agent: Agent, role: str, domain: str, purposes: list[str],
                 description: str = "") -> Agent:
    """Change an agent's role, domain, purposes or description (slug and keys are untouched)."""
    agent = Agent.objects.select_for_update().get(pk=agent.pk)
    agent.role, agent.domain, agent.purposes, agent.description = role, domain, sorted(set(purposes)), description
    try:
        agent.full_clean()
    except ValidationError as exc:
        raise InvalidAgentData(extra={"fields": exc.message_dict}) from None
    agent.save()
    audit(actor=actor, action="agent.updated", object_type="agent", object_id=agent.pk,
          data={"domain": agent.domain, "role": agent.role, "purposes": agent.purposes})
    return agent


@transaction.atomic
def agent_lineage_set(*, actor: Actor, agent: Agent, lineage: str) -> Agent:
    """Move an agent into another lineage (an empty one: back to its own slug).

    From the next consolidation run of a subject on, the agent counts as one source with the rest
    of its lineage and shares what any of them was served; versions already promoted are
    re-weighed by that run (a version whose support falls below the policy closes as unsupported).
    """
    agent = Agent.objects.select_for_update().get(pk=agent.pk)
    previous, agent.lineage = agent.lineage, lineage or agent.slug
    if previous == agent.lineage:
        return agent
    try:
        agent.full_clean()
    except ValidationError as exc:
        raise InvalidAgentData(extra={"fields": exc.message_dict}) from None
    agent.save(update_fields=["lineage", "updated_at"])
    audit(actor=actor, action="agent.lineage_changed", object_type="agent", object_id=agent.pk,
          data={"from": previous, "to": agent.lineage})
    return agent
