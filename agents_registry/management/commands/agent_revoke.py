"""``manage.py agent_revoke --slug S``: revokes every key of the agent."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from agents_registry.selectors.agents import agent_get_by_slug
from agents_registry.services.credentials import credential_revoke_all
from config.actors import Actor


class Command(BaseCommand):
    help = "Revoke all API keys of an agent."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--slug", required=True)

    def handle(self, *args: Any, **options: Any) -> None:
        agent = agent_get_by_slug(options["slug"])
        if agent is None:
            raise CommandError(f"not_found: no agent with slug {options['slug']!r}")
        count = credential_revoke_all(actor=Actor.system("cli"), agent=agent)
        self.stdout.write(f"Revoked {count} key(s) of {agent.slug}.")
