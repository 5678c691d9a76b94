"""``manage.py agent_rotate --slug S [--json]``: a new key (shown once); the old ones are revoked."""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from agents_registry.selectors.agents import agent_get_by_slug
from agents_registry.services.credentials import credential_rotate
from config.actors import Actor


class Command(BaseCommand):
    help = "Rotate an agent's API key: issue a new one and revoke the previous ones."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--slug", required=True)
        parser.add_argument("--json", action="store_true")

    def handle(self, *args: Any, **options: Any) -> None:
        agent = agent_get_by_slug(options["slug"])
        if agent is None:
            raise CommandError(f"not_found: no agent with slug {options['slug']!r}")
        issued = credential_rotate(actor=Actor.system("cli"), agent=agent)
        if options["json"]:
            self.stdout.write(json.dumps({"slug": agent.slug, "key": issued.key}))
        else:
            self.stdout.write("New API key (shown once, store it now):")
            self.stdout.write(issued.key)
