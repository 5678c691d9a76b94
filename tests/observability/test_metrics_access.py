"""Who may read ``/metrics``: allowed addresses, the operator token, a signed-in operator; anyone
else gets the 404 an unknown path gets, whatever the method."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from tests.observability.conftest import METRICS, scrape

pytestmark = pytest.mark.django_db
OUTSIDE = "203.0.113.9"
TOKEN = "m" * 24 + "-metrics-token-2026"


def refused(response) -> None:  # noqa: ANN001
    unknown = Client(REMOTE_ADDR=OUTSIDE).get("/no-such-page")
    assert response.status_code == 404 == unknown.status_code
    assert response["Content-Type"] == unknown["Content-Type"]
    assert b"quorum_" not in response.content


def test_loopback_is_allowed_by_default():
    text, samples = scrape()
    assert "# TYPE quorum_http_request_duration_seconds histogram" in text
    assert samples[("quorum_database_up", frozenset())] == 1


def test_other_addresses_get_the_unknown_path_answer_for_every_method():
    client = Client(REMOTE_ADDR=OUTSIDE)
    for method in ("get", "post", "head", "delete"):
        refused(getattr(client, method)(METRICS))


def test_allowed_networks_are_configurable(settings):
    settings.QUORUM_METRICS_ALLOWED_IPS = ["10.0.0.0/8", "2001:db8::/32"]
    scrape(REMOTE_ADDR="10.20.30.40")
    scrape(REMOTE_ADDR="2001:db8::7")
    scrape(REMOTE_ADDR="::ffff:10.1.2.3")  # an IPv4-mapped address is its IPv4 address
    refused(Client(REMOTE_ADDR="127.0.0.1").get(METRICS))
    refused(Client(REMOTE_ADDR="11.0.0.1").get(METRICS))


def test_forwarded_for_is_ignored_without_trusted_proxies(settings):
    settings.QUORUM_TRUSTED_PROXIES = 0
    refused(Client(REMOTE_ADDR=OUTSIDE).get(METRICS, HTTP_X_FORWARDED_FOR="127.0.0.1"))


def test_forwarded_for_decides_behind_a_declared_proxy(settings):
    settings.QUORUM_TRUSTED_PROXIES = 1
    settings.QUORUM_METRICS_ALLOWED_IPS = ["198.51.100.0/24"]
    # The proxy (REMOTE_ADDR 127.0.0.1) forwards for an allowed client …
    scrape(REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR="198.51.100.4")
    # … and for a refused one: the loopback proxy's own address no longer opens it.
    refused(Client(REMOTE_ADDR="127.0.0.1").get(METRICS, HTTP_X_FORWARDED_FOR=OUTSIDE))


def test_the_operator_token_opens_it_from_anywhere(settings):
    settings.QUORUM_METRICS_TOKEN = TOKEN
    text, _ = scrape(REMOTE_ADDR=OUTSIDE, HTTP_AUTHORIZATION=f"Bearer {TOKEN}")
    assert "quorum_database_up 1.0" in text
    client = Client(REMOTE_ADDR=OUTSIDE)
    for wrong in (f"Bearer {TOKEN[:-1]}", f"Bearer {TOKEN}x", f"Basic {TOKEN}", TOKEN, "Bearer "):
        refused(client.get(METRICS, HTTP_AUTHORIZATION=wrong))


def test_no_token_configured_means_no_token_works(settings):
    settings.QUORUM_METRICS_TOKEN = ""
    refused(Client(REMOTE_ADDR=OUTSIDE).get(METRICS, HTTP_AUTHORIZATION="Bearer "))
    refused(Client(REMOTE_ADDR=OUTSIDE).get(METRICS, HTTP_AUTHORIZATION="Bearer"))


def test_a_signed_in_operator_may_read_it_a_signed_in_person_may_not():
    users = get_user_model().objects
    operator = Client(REMOTE_ADDR=OUTSIDE)
    operator.force_login(users.create_superuser(username="op", password="op-pass-2026"))
    scrape(operator, REMOTE_ADDR=OUTSIDE)
    person = Client(REMOTE_ADDR=OUTSIDE)
    person.force_login(users.create_user(username="ana", password="ana-pass-2026"))
    refused(person.get(METRICS))


def test_allowed_clients_may_only_read():
    response = Client().post(METRICS)
    assert response.status_code == 405
    assert response["Allow"] == "GET, HEAD"


def test_metrics_is_not_in_the_openapi_schema():
    schema = Client().get("/api/schema/", HTTP_ACCEPT="application/json").json()
    assert schema["paths"], "the schema lists the API"
    assert not [path for path in schema["paths"] if "metrics" in path]
