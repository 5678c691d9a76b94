"""A live Quorum for the client tests: pytest-django's threaded ``live_server`` on the test database,
reached over real HTTP by :mod:`quorum_client` (the in-tree package, see pyproject's ``pythonpath``)."""

from __future__ import annotations

from typing import Any

import pytest


@pytest.fixture
def quorum_url(live_server, settings) -> str:  # noqa: ANN001 - pytest fixtures
    # Recall's collective budget is for production latency, not for a loaded 2-core test machine.
    settings.QUORUM_RECALL_COLLECTIVE_BUDGET_MS = 10_000
    return live_server.url


@pytest.fixture
def agent_key(make_agent) -> str:  # noqa: ANN001
    _, key = make_agent("client-a", domain="work", purposes=["essential.service"])
    return key


@pytest.fixture
def other_key(make_agent) -> str:  # noqa: ANN001
    _, key = make_agent("client-b", domain="work", purposes=["essential.service"])
    return key


def fields_of(model: Any) -> set[str]:
    return set(type(model).model_fields) | set(model.model_extra or {})
