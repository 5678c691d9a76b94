"""``manage.py mcp``: the MCP server is a pure client of the REST API.

No database, no broker, no embedded services: importing these settings starts nothing, so the
MCP process works when pointed at a remote Quorum (``QUORUM_URL``). ``manage.py`` selects this
module for the ``mcp`` command whatever ``DJANGO_SETTINGS_MODULE`` says.
"""

import os

SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY") or "mcp-client-process-signs-nothing"
DEBUG = False
INSTALLED_APPS = ["quorum_mcp"]
DATABASES: dict[str, dict[str, object]] = {}
USE_TZ = True
TIME_ZONE = "UTC"

# stdout is the MCP stdio channel: log to stderr only, and never request URLs or bodies.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s %(message)s"}},
    "handlers": {"stderr": {"class": "logging.StreamHandler", "formatter": "plain", "stream": "ext://sys.stderr"}},
    "root": {"handlers": ["stderr"], "level": os.environ.get("QUORUM_LOG_LEVEL", "INFO")},
    "loggers": {
        # httpx (quorum_client) logs every request line at INFO, and URLs carry subject references
        "httpx": {"level": "WARNING"},
        "httpcore": {"level": "WARNING"},
        "httpx2": {"level": "WARNING"},
        "httpcore2": {"level": "WARNING"},
        "mcp": {"level": "WARNING"},
        "uvicorn.access": {"level": "WARNING"},
    },
}
