from django.apps import AppConfig


class ConfigConfig(AppConfig):
    """Project-level commands (services, healthz); owns no models."""

    name = "config"
    verbose_name = "Quorum project"
