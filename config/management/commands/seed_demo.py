"""``manage.py seed_demo [--json]``: the demo world for ``make run`` (idempotent).

Demo agent keys are kept in ``var/demo-keys.json`` (local, git-ignored) so repeated runs print
working keys without storing any key in the database; a key that no longer authenticates is
rotated. Never run this against production.
"""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandParser
from django.db import transaction

from agents_registry.selectors.agents import agent_get_by_slug
from agents_registry.services.agents import agent_create
from agents_registry.services.credentials import credential_authenticate, credential_rotate
from config import embedded
from config.actors import Actor
from config.demo_world import DEMO_LOGINS, build_demo_world

DEMO_AGENTS = [
    # The planner's CRM connector is an authoritative record feed, so the operator registered the
    # planner as a verified channel: its asserted_by=system records with an origin are verified.
    {"slug": "planner", "role": "planner", "domain": "work", "verified_channel": True,
     "purposes": ["essential.service", "essential.service.operations"]},
    {"slug": "support-desk", "role": "support", "domain": "support",
     "purposes": ["essential.service", "essential.service.operations.support"]},
    {"slug": "health-coach", "role": "coach", "domain": "health", "purposes": ["essential.service"]},
    {"slug": "sales-assistant", "role": "explorer", "domain": "sales", "purposes": ["marketing"]},
]


class Command(BaseCommand):
    help = "Load the demo data set (idempotent). Prints the demo logins and agent keys."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--json", action="store_true", help="print a JSON summary as the last line")

    def handle(self, *args: Any, **options: Any) -> None:
        actor = Actor.system("seed_demo")
        keys_path = embedded.var_dir() / "demo-keys.json"
        saved: dict[str, str] = json.loads(keys_path.read_text()) if keys_path.exists() else {}
        agents_out = []
        with transaction.atomic():
            for spec in DEMO_AGENTS:
                agent = agent_get_by_slug(spec["slug"])
                if agent is None:
                    key = agent_create(actor=actor, **spec).key
                else:
                    key = saved.get(spec["slug"], "")
                    if not key or credential_authenticate(key) is None:
                        key = credential_rotate(actor=actor, agent=agent).key
                saved[spec["slug"]] = key
                agents_out.append({"slug": spec["slug"], "domain": spec["domain"], "key": key})
        build_demo_world()
        keys_path.write_text(json.dumps(saved, indent=2))
        keys_path.chmod(0o600)
        summary = {"agents": agents_out,
                   "logins": [{k: login[k] for k in ("role", "username", "password")} for login in DEMO_LOGINS]}
        if options["json"]:
            self.stdout.write(json.dumps(summary))
            return
        self.stdout.write("Demo data loaded.")
        for login in summary["logins"]:
            self.stdout.write(f"  login {login['role']}: {login['username']} / {login['password']}")
        for agent in agents_out:
            self.stdout.write(f"  agent {agent['slug']}: {agent['key']}")

