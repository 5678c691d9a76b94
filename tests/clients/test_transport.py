"""How quorum_client turns configuration and HTTP answers into requests, models or errors.

No server: httpx's MockTransport answers (ported from the MCP server's former private client's
tests). Retries against a real socket are in test_retries.py; the live API in test_live.py.
"""

from __future__ import annotations

import asyncio
import subprocess
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import httpx
import pytest
from quorum_client import (
    AsyncQuorum,
    AuthenticationError,
    ConfigurationError,
    Conflict,
    Erased,
    InvalidInput,
    LockedOut,
    NotFound,
    PermissionDenied,
    Quorum,
    QuorumError,
    RateLimited,
    ServerError,
    TransportError,
    Unavailable,
    UnexpectedResponse,
)

KEY = "qk_0123456789ab_configuredsecret"
ROOT = Path(__file__).resolve().parent.parent.parent


def client_for(handler: Any, **kwargs: Any) -> Quorum:
    return Quorum("http://quorum.test/", KEY, transport=httpx.MockTransport(handler), **kwargs)


def test_a_success_is_a_typed_model_and_sends_the_key_and_only_the_given_fields():
    seen: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return httpx.Response(200, json={"since": "2026-11-30T00:00:00Z", "items": [], "added_later": 1})

    answer = client_for(handler).briefing(subject="ana", limit=5,
                                         since=datetime(2026, 11, 30, 1, tzinfo=timezone(timedelta(hours=1))))
    assert answer.items == [] and answer.since == datetime(2026, 11, 30, tzinfo=timezone.utc)
    assert answer.added_later == 1  # a field the server added later never breaks the client
    (request,) = seen
    assert request.url.path == "/api/v1/briefing"
    assert dict(request.url.params) == {"subject": "ana", "limit": "5", "since": "2026-11-30T01:00:00+01:00"}
    assert request.headers["authorization"] == f"Bearer {KEY}"
    assert request.headers["user-agent"].startswith("quorum-client/")


def test_post_bodies_leave_out_none_and_path_ids_are_escaped():
    seen: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return httpx.Response(201, json={"decision_id": "d1", "candidates": [], "expired": 0})

    client_for(handler).end_session(session_id="run 7/ä", subject="ana", done="d", went_wrong="w", improve="i")
    assert seen[0].url.raw_path == b"/api/v1/sessions/run%207%2F%C3%A4/end"
    assert seen[0].read() == b'{"subject":"ana","done":"d","went_wrong":"w","improve":"i"}'


def test_configuration_comes_from_arguments_or_the_environment_and_is_checked_without_network(monkeypatch):
    def never(request: httpx.Request) -> httpx.Response:
        raise AssertionError("no request at construction")

    monkeypatch.setenv("QUORUM_URL", "http://env.test:8000/api/v1/")
    monkeypatch.setenv("QUORUM_API_KEY", "qk_env_key")
    from_env = Quorum(transport=httpx.MockTransport(never))
    assert from_env.base_url == "http://env.test:8000"
    monkeypatch.delenv("QUORUM_API_KEY")
    with pytest.raises(ConfigurationError, match="QUORUM_API_KEY"):
        Quorum()
    with pytest.raises(ConfigurationError, match="QUORUM_API_KEY"):
        AsyncQuorum(api_key="  ")
    monkeypatch.delenv("QUORUM_URL")
    with pytest.raises(ConfigurationError, match="QUORUM_URL") as caught:
        Quorum(api_key=KEY)
    assert caught.value.code == "configuration_error" and caught.value.status is None
    for bad in ("ftp://quorum.test", "quorum.test:8000", "http://user:hunter2@quorum.test", "http://q.test/?a=1"):
        with pytest.raises(ConfigurationError) as refused:
            Quorum(bad, KEY)
        assert "hunter2" not in str(refused.value.as_body())


def test_the_key_never_appears_in_a_repr_or_an_error():
    def refuse(request: httpx.Request) -> httpx.Response:
        raise httpx.ConnectError("refused", request=request)

    client = client_for(refuse)
    assert KEY not in repr(client) and repr(client) == "Quorum(base_url='http://quorum.test')"
    with pytest.raises(TransportError) as caught:
        client.me()
    assert KEY not in repr(caught.value) and KEY not in str(caught.value.as_body())
    assert caught.value.__cause__ is None and caught.value.__suppress_context__


@pytest.mark.parametrize(("status", "code", "expected"), [
    (400, "unknown_field", InvalidInput), (400, "secret_in_identifier", InvalidInput),
    (400, "naive_datetime", InvalidInput), (413, "payload_too_large", InvalidInput),
    (422, "reflection_too_shallow", InvalidInput), (401, "not_authenticated", AuthenticationError),
    (401, "invalid_credentials", AuthenticationError), (403, "purpose_not_granted", PermissionDenied),
    (404, "not_found", NotFound), (405, "method_not_allowed", InvalidInput), (409, "erased", Erased),
    (409, "already_decided", Conflict), (429, "locked_out", LockedOut), (429, "throttled", RateLimited),
    (503, "unavailable", Unavailable), (500, "server_error", ServerError),
])
def test_each_code_family_has_its_class_and_keeps_code_message_extra_and_status(status, code, expected):
    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(status, json={"code": code, "message": "Said the server.", "extra": {"fields": ["x"]}})

    with pytest.raises(expected) as caught:
        client_for(handler, max_retries=0).predicates()
    assert type(caught.value) is expected and isinstance(caught.value, QuorumError)
    assert caught.value.as_body() == {"code": code, "message": "Said the server.", "extra": {"fields": ["x"]},
                                      "status": status}
    assert str(caught.value) == f"{code}: Said the server."


def test_a_lockout_and_an_outage_carry_retry_after_in_seconds():
    def handler(request: httpx.Request) -> httpx.Response:
        if request.url.path.endswith("me"):
            return httpx.Response(429, headers={"Retry-After": "42"},
                                  json={"code": "locked_out", "message": "Too many failed attempts.", "extra": {}})
        return httpx.Response(503, json={"code": "unavailable", "message": "Later.", "extra": {"retry_after": 5}})

    with pytest.raises(LockedOut) as locked:
        client_for(handler).me()
    assert locked.value.retry_after == 42.0 and locked.value.extra == {}
    with pytest.raises(Unavailable) as down:  # no header: the body's extra.retry_after
        client_for(handler).predicates()
    assert down.value.retry_after == 5.0


@pytest.mark.parametrize("status", [200, 502])
def test_a_body_that_is_not_json_is_an_unexpected_response(status):
    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(status, text="<html>Bad Gateway</html>")

    with pytest.raises(UnexpectedResponse) as caught:
        client_for(handler).predicates()
    assert (caught.value.code, caught.value.status) == ("unexpected_response", status)


def test_a_redirect_is_not_followed_and_a_wrong_shape_names_fields_not_values():
    def handler(request: httpx.Request) -> httpx.Response:
        if request.url.path.endswith("me"):
            return httpx.Response(302, headers={"Location": "http://elsewhere.test/steal"})
        return httpx.Response(200, json={"predicates": [{"key": "k", "label": "secret-label-value"}]})

    with pytest.raises(UnexpectedResponse, match="redirect"):
        client_for(handler).me()
    with pytest.raises(UnexpectedResponse) as shape:
        client_for(handler).predicates()
    assert "predicates.0.category" in shape.value.extra["fields"]
    assert "secret-label-value" not in str(shape.value.as_body())


def test_connection_failures_and_timeouts_are_quorum_unreachable():
    def refuse(request: httpx.Request) -> httpx.Response:
        raise httpx.ConnectError("refused", request=request)

    def stall(request: httpx.Request) -> httpx.Response:
        raise httpx.ReadTimeout("slow", request=request)

    for handler in (refuse, stall):
        with pytest.raises(TransportError) as caught:
            client_for(handler, max_retries=0).predicates()
        assert caught.value.code == "quorum_unreachable" and caught.value.extra["url"] == "http://quorum.test"


def test_the_async_client_maps_errors_the_same_way():
    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(404, json={"code": "not_found", "message": "Not found.", "extra": {}})

    async def run() -> None:
        async with AsyncQuorum("http://quorum.test", KEY, transport=httpx.MockTransport(handler)) as quorum:
            await quorum.memory(id="m1")

    with pytest.raises(NotFound):
        asyncio.run(run())
    with pytest.raises(InvalidInput):  # an empty id would address the list endpoint instead
        asyncio.run(AsyncQuorum("http://quorum.test", KEY).memory(id=" "))


def test_no_cookie_an_answer_sets_is_sent_with_a_later_call():
    cookies: list[str | None] = []

    def handler(request: httpx.Request) -> httpx.Response:
        cookies.append(request.headers.get("cookie"))
        return httpx.Response(200, headers={"Set-Cookie": "sessionid=abc; Path=/"}, json={"predicates": []})

    client = client_for(handler)
    client.predicates()
    client.with_options(api_key="qk_other_key").predicates()
    assert cookies == [None, None]


def test_the_package_imports_with_only_httpx_and_pydantic():
    """No Django, no langchain: ``import quorum_client`` in a clean interpreter loads neither."""
    code = ("import sys, quorum_client; "
            "bad = sorted(m for m in sys.modules if m.split('.')[0] in {'django', 'langchain_core', 'httpx2', "
            "'config', 'memory'}); print(bad)")
    done = subprocess.run([sys.executable, "-I", "-c", f"import sys; sys.path.insert(0, {str(ROOT / 'clients' / 'python')!r}); {code}"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
