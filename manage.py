#!/usr/bin/env python
"""Django's command-line utility for Quorum."""
import os
import sys


def main() -> None:
    if sys.argv[1:2] == ["mcp"]:
        # The MCP server is a pure REST client: settings that need no database and start nothing.
        os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings.mcp"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.dev")
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
