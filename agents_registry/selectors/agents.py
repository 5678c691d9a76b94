"""Reads of the agents registry."""

from __future__ import annotations

from agents_registry.models import Agent


def agent_get_by_slug(slug: str) -> Agent | None:
    return Agent.objects.filter(slug=slug).first()
