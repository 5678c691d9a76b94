from django.apps import AppConfig


class AgentsRegistryConfig(AppConfig):
    """Registered agents, their API keys and API-key authentication. Imports no other Quorum app."""

    name = "agents_registry"
    verbose_name = "Agents"

    def ready(self) -> None:
        from agents_registry import schema  # noqa: F401 - registers the OpenAPI auth extension
