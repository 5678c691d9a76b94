"""Reading ``/metrics`` the way Prometheus does: the text format, parsed by prometheus-client."""

from __future__ import annotations

from django.test import Client
from prometheus_client.parser import text_string_to_metric_families

METRICS = "/metrics"


def scrape(client: Client | None = None, **extra: str) -> tuple[str, dict[tuple[str, frozenset], float]]:
    """``GET /metrics`` (from 127.0.0.1 unless ``REMOTE_ADDR`` is given): the text and its samples."""
    response = (client or Client()).get(METRICS, **extra)
    assert response.status_code == 200, response.status_code
    assert response["Content-Type"].startswith("text/plain; version=0.0.4"), response["Content-Type"]
    text = response.content.decode()
    samples = {(sample.name, frozenset(sample.labels.items())): sample.value
               for family in text_string_to_metric_families(text) for sample in family.samples}
    return text, samples


def value(samples: dict[tuple[str, frozenset], float], name: str, **labels: str) -> float:
    """One sample's value (0 when absent: a labelled series appears with its first event)."""
    return samples.get((name, frozenset(labels.items())), 0.0)
