"""``manage.py agent_create --slug S --role R --domain D --purposes a,b [--lineage L] [--verified-channel]
[--json]``: prints the key once. Agents sharing a lineage (default: the agent's own slug) count as one
independent source; only a ``--verified-channel`` agent (a system or tool feed) can write ``verified``."""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from agents_registry.services.agents import agent_create
from config.actors import Actor
from config.errors import QuorumError


class Command(BaseCommand):
    help = "Register an agent and print its API key (shown once; only its hash is stored)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--slug", required=True)
        parser.add_argument("--role", required=True)
        parser.add_argument("--domain", required=True)
        parser.add_argument("--purposes", default="", help="comma-separated fideslang data uses")
        parser.add_argument("--description", default="")
        parser.add_argument("--lineage", default="",
                            help="evidence source (operator, model pipeline, feed); default: the slug")
        parser.add_argument("--verified-channel", action="store_true",
                            help="an authoritative system/tool feed: its asserted_by=system|tool writes "
                                 "with an origin_ref are verified (ordinary agents' are inferred)")
        parser.add_argument("--json", action="store_true", help='print {"slug", "key"} as the last line')

    def handle(self, *args: Any, **options: Any) -> None:
        purposes = [p.strip() for p in options["purposes"].split(",") if p.strip()]
        try:
            created = agent_create(actor=Actor.system("cli"), slug=options["slug"], role=options["role"],
                                   domain=options["domain"], purposes=purposes,
                                   description=options["description"], lineage=options["lineage"],
                                   verified_channel=options["verified_channel"])
        except QuorumError as exc:
            raise CommandError(f"{exc.code}: {exc.message} {exc.extra or ''}".strip()) from None
        if options["json"]:
            self.stdout.write(json.dumps({"slug": created.agent.slug, "key": created.key}))
            return
        self.stdout.write(f"Agent {created.agent.slug} created ({created.agent.role}, domain {created.agent.domain}, "
                          f"lineage {created.agent.lineage}"
                          f"{', verified channel' if created.agent.verified_channel else ''}).")
        self.stdout.write("API key (shown once, store it now):")
        self.stdout.write(created.key)
