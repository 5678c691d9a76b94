"""OpenAPI-driven fuzzing: no endpoint answers 5xx to arbitrary input (DESIGN §8)."""

from __future__ import annotations

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rest_framework.test import APIClient

from tests.conftest import auth

pytestmark = pytest.mark.django_db

NASTY = ["\x00", "a\x00b", "😀" * 3, "'; DROP TABLE memory_memory; --", "x" * 5000, "-1", "1e309", "null",
         "0000-00-00T00:00:00", "../../etc/passwd", "%00", "\ud7ff", "@workspace", "@admins", " "]
json_scalars = (st.none() | st.booleans() | st.integers(-10**20, 10**20) | st.floats(allow_nan=False)
                | st.text(max_size=60) | st.sampled_from(NASTY))
json_values = st.recursive(json_scalars, lambda inner: st.lists(inner, max_size=4)
                           | st.dictionaries(st.text(max_size=12), inner, max_size=4), max_leaves=12)


def _operations(client) -> list[tuple[str, str, list[str]]]:
    schema = yaml.safe_load(client.get("/api/schema/").content)
    ops = []
    for path, methods in schema["paths"].items():
        if not path.startswith("/api/v1/"):
            continue
        for method, spec in methods.items():
            props: list[str] = []
            body = spec.get("requestBody", {}).get("content", {}).get("application/json", {}).get("schema", {})
            ref = body.get("$ref", "")
            if ref:
                component = schema["components"]["schemas"][ref.rsplit("/", 1)[-1]]
                props = list(component.get("properties", {}))
            params = [p["name"] for p in spec.get("parameters", []) if p.get("in") == "query"]
            ops.append((method.upper(), path, props or params))
    return ops


@pytest.fixture
def agent_client(make_agent):
    _, key = make_agent("fuzzer")
    return auth(APIClient(), key)


def test_schema_lists_the_agent_operations(agent_client):
    ops = {(m, p): fields for m, p, fields in _operations(agent_client)}
    for expected in [("POST", "/api/v1/memories"), ("POST", "/api/v1/recall"), ("GET", "/api/v1/briefing"),
                     ("POST", "/api/v1/actions/check"), ("GET", "/api/v1/collective/facts")]:
        assert expected in ops
    # The fuzzer draws each operation's own field names (each body is its own component).
    assert {"kind", "content", "session_id"} <= set(ops[("POST", "/api/v1/memories")])
    assert "purpose" in ops[("POST", "/api/v1/recall")]
    assert "fact_ids" not in ops[("POST", "/api/v1/recall")]
    assert {"subject", "limit", "offset"} <= set(ops[("GET", "/api/v1/memories")])


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_random_bodies_and_params_never_cause_a_5xx(agent_client, data):
    for method, path, fields in _operations(agent_client):
        url = path.replace("{session_id}", data.draw(st.text(min_size=1, max_size=20).filter(
            lambda s: "/" not in s and "?" not in s and "#" not in s and s.strip() not in ("", ".", ".."))))
        url = url.replace("{memory_id}", data.draw(st.text(min_size=1, max_size=40).filter(
            lambda s: "/" not in s and "?" not in s and "#" not in s and s.strip() not in ("", ".", ".."))))
        known = st.fixed_dictionaries({}, optional={f: json_values for f in fields})
        payload = data.draw(known | st.dictionaries(st.text(max_size=10), json_values, max_size=4) | json_values)
        if method == "GET":
            params = payload if isinstance(payload, dict) else {}
            params = {str(k): str(v)[:200] for k, v in params.items()}
            response = agent_client.get(url, params)
        else:
            response = agent_client.generic(method, url, data=__import__("json").dumps(payload),
                                            content_type="application/json")
        assert response.status_code < 500, (method, path, response.status_code)


@pytest.mark.parametrize(("method", "path", "payload"), [
    ("GET", "/api/v1/memories", {"subject": "a\x00b"}),
    ("GET", "/api/v1/collective/facts", {"subject": "a\x00b"}),
    ("GET", "/api/v1/briefing", {"subject": "a\x00b"}),
    ("POST", "/api/v1/recall", {"subject": "a\x00b", "query": "q", "purpose": "essential.service"}),
    ("POST", "/api/v1/memories/search", {"subject": "a", "query": "q\x00"}),
    ("POST", "/api/v1/memories", {"subject": "a", "kind": "fact", "content": "x", "session_id": "s",
                                  "value": {"k\x00": "v\x00"}}),
])
def test_nul_bytes_are_a_400(agent_client, method, path, payload):
    if method == "GET":
        response = agent_client.get(path, payload)
    else:
        response = agent_client.post(path, payload, format="json")
    assert response.status_code == 400, response.content
