from django.apps import AppConfig


class MemoryConfig(AppConfig):
    """Private memory per (agent × subject) and the collective layer built from it."""

    name = "memory"
    verbose_name = "Memory"

    def ready(self) -> None:
        from memory import errors  # noqa: F401 - registers the layer's promoted validation codes
