"""``manage.py services up|down|status|reset``: the embedded PostgreSQL and Valkey.

A no-op for a service whose URL (DATABASE_URL / REDIS_URL) points elsewhere. ``manage.py`` turns
the settings' autostart off for this command (``QUORUM_EMBEDDED_AUTOSTART=0``), so ``status``,
``down`` and ``reset`` never start a service first; ``up`` starts them.
"""

from __future__ import annotations

import json
import os
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from config import embedded


class Command(BaseCommand):
    help = "Manage the embedded PostgreSQL (pgvector) and Valkey servers."
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("action", choices=["up", "down", "status", "reset"])
        parser.add_argument("--json", action="store_true")

    def handle(self, *args: Any, **options: Any) -> None:
        action = options["action"]
        pg_embedded = not os.environ.get("DATABASE_URL")
        valkey_embedded = not os.environ.get("REDIS_URL")
        if action == "up":
            if pg_embedded:
                endpoint = embedded.postgres_up()
                self.stdout.write(f"postgres: running (socket {endpoint.host}, port {endpoint.port})")
            else:
                self.stdout.write("postgres: external (DATABASE_URL), nothing to start")
            if valkey_embedded:
                self.stdout.write(f"valkey:   running ({embedded.valkey_up()})")
            else:
                self.stdout.write("valkey:   external (REDIS_URL), nothing to start")
        elif action == "down":
            # Close Django's own connection first so the fast shutdown does not wait on it.
            from django.db import connections

            connections.close_all()
            if pg_embedded:
                self.stdout.write("postgres: " + ("stopped" if embedded.postgres_down() else "was not running"))
            if valkey_embedded:
                self.stdout.write("valkey:   " + ("stopped" if embedded.valkey_down() else "was not running"))
        elif action == "reset":
            from django.db import connections

            connections.close_all()
            embedded.wipe()
            self.stdout.write("embedded services stopped and their data deleted")
        else:
            report = embedded.status()
            if options["json"]:
                self.stdout.write(json.dumps(report))
                return
            for name, info in report.items():
                where = "embedded" if info["embedded"] else "external"
                state = "running" if info["running"] else "stopped"
                self.stdout.write(f"{name:9} {where:9} {state:8} {info['url'] or ''}")
