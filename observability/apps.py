from __future__ import annotations

import ipaddress
from typing import Any

from django.apps import AppConfig
from django.conf import settings
from django.core import checks


class ObservabilityConfig(AppConfig):
    """The Prometheus endpoint (``/metrics``); owns no models."""

    name = "observability"
    verbose_name = "Quorum metrics"

    def ready(self) -> None:
        checks.register(check_allowed_networks, checks.Tags.security)


def check_allowed_networks(app_configs: Any = None, **kwargs: Any) -> list[checks.CheckMessage]:
    """Every ``QUORUM_METRICS_ALLOWED_IPS`` entry must be an address or a CIDR network."""
    errors: list[checks.CheckMessage] = []
    for entry in settings.QUORUM_METRICS_ALLOWED_IPS:
        try:
            ipaddress.ip_network(entry, strict=False)
        except ValueError:
            errors.append(checks.Error(f"QUORUM_METRICS_ALLOWED_IPS entry {entry!r} is not an address or a CIDR",
                                       id="observability.E001"))
    return errors
