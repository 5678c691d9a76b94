#!/usr/bin/env python
"""Django's command-line utility for Quorum."""
import os
import sys


def main() -> None:
    if sys.argv[1:2] == ["mcp"]:
        # The MCP server is a pure REST client: settings that need no database and start nothing.
        os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings.mcp"
    if sys.argv[1:2] == ["services"]:
        # `services status|down` must not start what they report on or stop (settings would);
        # `services up` starts them itself.
        os.environ["QUORUM_EMBEDDED_AUTOSTART"] = "0"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.dev")
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
