from django.apps import AppConfig


class MemoryConfig(AppConfig):
    """Private memory per (agent × subject) and the collective layer built from it."""

    name = "memory"
    verbose_name = "Memory"

    def ready(self) -> None:
        # local import: the app registry is ready only here; importing registers the promoted codes
        from memory import errors  # noqa: F401
