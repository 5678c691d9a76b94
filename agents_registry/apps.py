from django.apps import AppConfig


class AgentsRegistryConfig(AppConfig):
    """Registered agents, their API keys and API-key authentication. Imports no other Quorum app."""

    name = "agents_registry"
    verbose_name = "Agents"

    def ready(self) -> None:
        # local import: registers the OpenAPI auth extension once the app registry is ready
        from agents_registry import schema  # noqa: F401
