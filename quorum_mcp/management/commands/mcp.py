"""``manage.py mcp [--transport stdio|http] [--host H] [--port P]``: Quorum's MCP server.

A pure client of the REST API: ``QUORUM_URL`` (default ``http://127.0.0.1:8000``) and the agent's
own key in ``QUORUM_API_KEY``. Over HTTP a caller's ``Authorization: Bearer <key>`` takes the
place of ``QUORUM_API_KEY``, which is then optional.
"""

from __future__ import annotations

import os
from typing import Any
from urllib.parse import urlparse

from django.core.management.base import BaseCommand, CommandError, CommandParser

DEFAULT_URL = "http://127.0.0.1:8000"
DEFAULT_TIMEOUT_SECONDS = 15.0


class Command(BaseCommand):
    help = "Run Quorum's MCP server (stdio or streamable HTTP), a client of the REST API."
    requires_system_checks: list[str] = []
    requires_migrations_checks = False

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--transport", choices=["stdio", "http"], default="stdio")
        parser.add_argument("--host", default="127.0.0.1", help="HTTP transport: address to bind")
        parser.add_argument("--port", type=int, default=8765, help="HTTP transport: port to bind")
        parser.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT_SECONDS,
                            help="seconds to wait for each API call")

    def handle(self, *args: Any, **options: Any) -> None:
        from quorum_mcp.server import build_server  # local import: the MCP SDK loads only when the command runs
        from quorum_mcp.tools import QuorumTools  # local import: so does the client (httpx, pydantic)

        url = os.environ.get("QUORUM_URL", "").strip() or DEFAULT_URL
        parsed = urlparse(url)
        if parsed.scheme not in {"http", "https"} or not parsed.netloc:
            raise CommandError("QUORUM_URL must be an http(s):// URL such as http://127.0.0.1:8000")
        if parsed.username is not None or parsed.password is not None:
            # user:password@ would replace the agent's bearer key with Basic auth on every call,
            # and the password would travel in error results to the model.
            raise CommandError("QUORUM_URL must not contain credentials (user:password@); the agent key in "
                               "QUORUM_API_KEY is the only credential the MCP server sends.")
        api_key = os.environ.get("QUORUM_API_KEY", "").strip()
        if not api_key and options["transport"] == "stdio":
            raise CommandError("QUORUM_API_KEY is not set: give the MCP server the agent's own key "
                               "(create one with `manage.py agent_create ... --json`).")
        server = build_server(QuorumTools(base_url=url, api_key=api_key or None, timeout=options["timeout"]))
        if options["transport"] == "stdio":
            server.run("stdio")
        else:
            self.stderr.write(f"Quorum MCP server on http://{options['host']}:{options['port']}/mcp → {url}")
            server.run("streamable-http", host=options["host"], port=options["port"])
