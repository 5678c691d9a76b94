"""QuorumClient: how HTTP answers become data or QuorumApiError (no server, a mock transport)."""

from __future__ import annotations

import asyncio
import socket
from typing import Any

import httpx2
import pytest

from quorum_mcp.client import QuorumApiError, QuorumClient

KEY = "qk_0123456789ab_configuredsecret"


def client_for(handler: Any) -> QuorumClient:
    return QuorumClient(base_url="http://quorum.test/", api_key=KEY, transport=httpx2.MockTransport(handler))


def run(coro: Any) -> Any:
    return asyncio.run(coro)


def test_a_success_returns_the_json_body_and_sends_the_configured_key():
    seen: list[httpx2.Request] = []

    def handler(request: httpx2.Request) -> httpx2.Response:
        seen.append(request)
        return httpx2.Response(200, json={"since": "2026-11-30T00:00:00Z", "items": []})

    data = run(client_for(handler).get("briefing", params={"subject": "ana", "since": None, "limit": 5}))
    assert data == {"since": "2026-11-30T00:00:00Z", "items": []}
    (request,) = seen
    assert request.url.path == "/api/v1/briefing"
    assert dict(request.url.params) == {"subject": "ana", "limit": "5"}  # None values are not sent
    assert request.headers["authorization"] == f"Bearer {KEY}"


def test_a_callers_own_key_wins_and_no_key_sends_no_header():
    headers: list[str | None] = []

    def handler(request: httpx2.Request) -> httpx2.Response:
        headers.append(request.headers.get("authorization"))
        return httpx2.Response(201, json={"id": "m1"})

    run(client_for(handler).post("memories", body={"subject": "ana"}, api_key="qk_caller_key"))
    keyless = QuorumClient(base_url="http://quorum.test", api_key="", transport=httpx2.MockTransport(handler))
    run(keyless.post("memories", body={}))
    assert headers == ["Bearer qk_caller_key", None]


def test_an_api_error_keeps_code_message_extra_and_status():
    def handler(request: httpx2.Request) -> httpx2.Response:
        return httpx2.Response(422, json={"code": "reflection_too_shallow", "message": "Needs substance.",
                                          "extra": {"fields": ["went_wrong"]}})

    with pytest.raises(QuorumApiError) as caught:
        run(client_for(handler).post("sessions/s1/end", body={}))
    assert caught.value.as_body() == {"code": "reflection_too_shallow", "message": "Needs substance.",
                                      "extra": {"fields": ["went_wrong"]}, "status": 422}


def test_a_lockout_carries_retry_after():
    def handler(request: httpx2.Request) -> httpx2.Response:
        return httpx2.Response(429, headers={"Retry-After": "42"},
                               json={"code": "locked_out", "message": "Too many failed attempts.", "extra": {}})

    with pytest.raises(QuorumApiError) as caught:
        run(client_for(handler).get("predicates"))
    assert (caught.value.code, caught.value.extra) == ("locked_out", {"retry_after": "42"})


@pytest.mark.parametrize("status", [200, 502])
def test_a_body_that_is_not_json_is_an_unexpected_response(status):
    def handler(request: httpx2.Request) -> httpx2.Response:
        return httpx2.Response(status, text="<html>Bad Gateway</html>")

    with pytest.raises(QuorumApiError) as caught:
        run(client_for(handler).get("predicates"))
    assert (caught.value.code, caught.value.status) == ("unexpected_response", status)


def test_connection_failures_and_timeouts_are_quorum_unreachable():
    def refuse(request: httpx2.Request) -> httpx2.Response:
        raise httpx2.ConnectError("refused", request=request)

    def stall(request: httpx2.Request) -> httpx2.Response:
        raise httpx2.ReadTimeout("slow", request=request)

    for handler in (refuse, stall):
        with pytest.raises(QuorumApiError) as caught:
            run(client_for(handler).get("predicates"))
        assert caught.value.code == "quorum_unreachable"
        assert KEY not in str(caught.value.as_body())


def test_the_ca_store_is_loaded_once_per_client_not_once_per_call(monkeypatch):
    import httpcore2

    loads: list[int] = []
    real = httpcore2.default_ssl_context
    monkeypatch.setattr(httpcore2, "default_ssl_context", lambda **kw: loads.append(1) or real(**kw))
    with socket.socket() as sock:  # a port nothing listens on
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    client = QuorumClient(base_url=f"http://127.0.0.1:{port}", api_key=KEY)
    for _ in range(3):
        with pytest.raises(QuorumApiError):
            run(client.get("predicates"))
    assert len(loads) == 1


def test_the_key_never_appears_in_the_clients_repr():
    assert KEY not in repr(client_for(lambda request: httpx2.Response(200, json={})))


def test_credentials_in_the_url_never_reach_a_repr_or_an_error_body():
    def refuse(request: httpx2.Request) -> httpx2.Response:
        raise httpx2.ConnectError("refused", request=request)

    client = QuorumClient(base_url="https://proxy:hunter2@quorum.test", api_key=KEY,
                          transport=httpx2.MockTransport(refuse))
    with pytest.raises(QuorumApiError) as caught:
        run(client.get("predicates"))
    assert caught.value.extra["url"] == "https://quorum.test"
    assert "hunter2" not in repr(client)
