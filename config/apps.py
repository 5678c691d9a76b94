from django.apps import AppConfig
from django.db.backends.signals import connection_created

from config.pg_timestamps import connection_prepare


class ConfigConfig(AppConfig):
    """Project-level commands (services, healthz); owns no models."""

    name = "config"
    verbose_name = "Quorum project"

    def ready(self) -> None:
        # Any change to an agent or a credential invalidates the agent-key cache (every process).
        # local import: it imports models, which load only once the app registry is ready
        from agents_registry.authentication import connect_signals

        connect_signals()
        # Every new database connection reads timestamptz through psycopg's C parse (perf49).
        connection_created.connect(connection_prepare, dispatch_uid="config.pg_timestamps")
