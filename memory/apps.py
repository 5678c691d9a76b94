from django.apps import AppConfig


class MemoryConfig(AppConfig):
    """Private memory per (agent × subject) and the collective layer built from it."""

    name = "memory"
    verbose_name = "Memory"
