"""A small async client of Quorum's REST API (``/api/v1/``) for the MCP server.

Every failure becomes a :class:`QuorumApiError` carrying the API's stable ``code``, ``message``
and ``extra``; the transport's own failures get codes of their own (``quorum_unreachable``,
``unexpected_response``). Nothing here logs the key or any request/response body.
"""

from __future__ import annotations

from typing import Any

import httpx2

from config.http import safe_url

DEFAULT_TIMEOUT_SECONDS = 15.0


class QuorumApiError(Exception):
    """An API error body ``{"code", "message", "extra"}`` (or a transport failure shaped like one)."""

    def __init__(self, code: str, message: str, extra: dict[str, Any] | None = None, *,
                 status: int | None = None) -> None:
        self.code = code
        self.message = message
        self.extra = extra or {}
        self.status = status
        super().__init__(f"{code}: {message}")

    def as_body(self) -> dict[str, Any]:
        body: dict[str, Any] = {"code": self.code, "message": self.message, "extra": self.extra}
        if self.status is not None:
            body["status"] = self.status
        return body


class QuorumClient:
    """Calls the API as one agent. ``base_url`` is the server root, e.g. ``http://127.0.0.1:8000``."""

    def __init__(self, *, base_url: str, api_key: str, timeout: float = DEFAULT_TIMEOUT_SECONDS,
                 transport: httpx2.AsyncBaseTransport | None = None) -> None:
        self.base_url = base_url.rstrip("/")
        self._api_key = api_key
        self.timeout = timeout
        self._transport = transport  # tests plug a mock transport in here
        # Loading the CA store costs ~40 ms of CPU: once here, not in every call's fresh client.
        # (A client per call stays: no pooled connection or cookie is shared between HTTP callers.)
        self._ssl_context = httpx2.create_ssl_context()

    def __repr__(self) -> str:  # never the key
        return f"QuorumClient(base_url={safe_url(self.base_url)!r})"

    async def get(self, path: str, *, params: dict[str, Any] | None = None, api_key: str | None = None) -> Any:
        return await self._request("GET", path, params=params, api_key=api_key)

    async def post(self, path: str, *, body: dict[str, Any], api_key: str | None = None) -> Any:
        return await self._request("POST", path, body=body, api_key=api_key)

    async def _request(self, method: str, path: str, *, params: dict[str, Any] | None = None,
                       body: dict[str, Any] | None = None, api_key: str | None = None) -> Any:
        headers = {"Accept": "application/json", "User-Agent": "quorum-mcp"}
        key = api_key or self._api_key
        if key:
            headers["Authorization"] = f"Bearer {key}"
        clean_params = {k: v for k, v in (params or {}).items() if v is not None}
        try:
            async with httpx2.AsyncClient(base_url=self.base_url, timeout=self.timeout, headers=headers,
                                          follow_redirects=False, transport=self._transport,
                                          verify=self._ssl_context) as http:
                response = await http.request(method, f"/api/v1/{path.lstrip('/')}", params=clean_params or None,
                                              json=body)
        except httpx2.TimeoutException as exc:
            raise QuorumApiError("quorum_unreachable",
                                 f"Quorum did not answer within {self.timeout:g} s; try again later.",
                                 {"url": safe_url(self.base_url), "reason": type(exc).__name__}) from None
        except httpx2.HTTPError as exc:
            raise QuorumApiError("quorum_unreachable",
                                 "Quorum cannot be reached; check QUORUM_URL and that the server is running.",
                                 {"url": safe_url(self.base_url), "reason": type(exc).__name__}) from None
        return _parse(response)


def _parse(response: httpx2.Response) -> Any:
    try:
        data = response.json()
    except ValueError:  # JSONDecodeError and UnicodeDecodeError are ValueErrors
        data = None
    if 200 <= response.status_code < 300:
        if data is None:
            raise QuorumApiError("unexpected_response", "Quorum answered with a body that is not JSON.",
                                 status=response.status_code)
        return data
    if isinstance(data, dict) and isinstance(data.get("code"), str):
        extra = data.get("extra") if isinstance(data.get("extra"), dict) else {}
        if response.headers.get("Retry-After"):
            extra = {**extra, "retry_after": response.headers["Retry-After"]}
        raise QuorumApiError(data["code"], str(data.get("message") or ""), extra, status=response.status_code)
    raise QuorumApiError("unexpected_response",
                         f"Quorum answered HTTP {response.status_code} without an error body.",
                         status=response.status_code)
