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
                 description: str = "", lineage: str = "", verified_channel: bool = False) -> AgentWithKey:
    """Register an agent and issue its first API key (returned once).

    ``lineage`` (default: the agent's own slug) names the evidence source it belongs to: agents of
    one lineage count as one independent source in consolidation. ``verified_channel`` marks an
    authoritative system or tool feed, the only kind of agent whose writes can be ``verified``."""
    if Agent.objects.filter(slug=slug).exists():
        raise AgentAlreadyExists(extra={"slug": slug})
    agent = Agent(slug=slug, role=role, domain=domain, purposes=sorted(set(purposes)),
                  description=description, lineage=lineage or slug, verified_channel=verified_channel)
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
          data={"domain": agent.domain, "role": agent.role, "purposes": agent.purposes, "lineage": agent.lineage,
                "verified_channel": agent.verified_channel})
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


@transaction.atomic
def agent_verified_channel_set(*, actor: Actor, agent: Agent, verified_channel: bool) -> Agent:
    """Mark (or unmark) an agent as an authoritative system or tool channel.

    Only a channel's ``asserted_by=system|tool`` writes with an ``origin_ref`` are ``verified``; an
    ordinary agent that declares them gets ``inferred`` (and an explicit ``trust=verified`` is refused).
    From the next write on; memories already stored keep their tier (the past is not rewritten)."""
    agent = Agent.objects.select_for_update().get(pk=agent.pk)
    if agent.verified_channel == verified_channel:
        return agent
    agent.verified_channel = verified_channel
    agent.save(update_fields=["verified_channel", "updated_at"])
    audit(actor=actor, action="agent.verified_channel_changed", object_type="agent", object_id=agent.pk,
          data={"verified_channel": verified_channel})
    return agent
