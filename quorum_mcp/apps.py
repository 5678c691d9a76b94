from django.apps import AppConfig


class QuorumMcpConfig(AppConfig):
    """Only here so ``manage.py mcp`` is discovered; the app has no models."""

    name = "quorum_mcp"
    verbose_name = "MCP server"
