"""The HTTP layer shared by :class:`~quorum_client.Quorum` and :class:`~quorum_client.AsyncQuorum`:
configuration, the connection pool, answers → models or errors, and when to retry."""

from __future__ import annotations

import email.utils
import math
import os
import time
import urllib.parse
from dataclasses import dataclass, field
from http.cookiejar import CookieJar, DefaultCookiePolicy
from typing import Any

import httpx
from pydantic import BaseModel, ValidationError

from quorum_client._version import __version__
from quorum_client.errors import (
    ConfigurationError,
    QuorumError,
    TransportError,
    UnexpectedResponse,
    Unavailable,
    _RetryAfter,
    error_class,
)

API_PREFIX = "/api/v1/"
DEFAULT_TIMEOUT = 15.0
DEFAULT_MAX_RETRIES = 2
DEFAULT_MAX_RETRY_WAIT = 30.0
USER_AGENT = f"quorum-client/{__version__} python-httpx/{httpx.__version__}"
# Connection errors that happen before any byte of the request is sent: safe to retry a read.
_NOT_SENT = (httpx.ConnectError, httpx.ConnectTimeout, httpx.PoolTimeout)
_CONNECT_BACKOFF = 0.5  # seconds, doubled per attempt


def safe_url(url: str) -> str:
    """Scheme, host and path only: no credentials, no query string (for reprs and errors)."""
    parts = urllib.parse.urlsplit(url)
    return urllib.parse.urlunsplit((parts.scheme, parts.netloc.rpartition("@")[2], parts.path, "", ""))


@dataclass(frozen=True)
class Settings:
    """What one client sends with: the server root, its key and its retry policy."""

    root: str
    api_key: str = field(repr=False)  # never in a repr (tracebacks that show locals included)
    timeout: float = DEFAULT_TIMEOUT
    max_retries: int = DEFAULT_MAX_RETRIES
    max_retry_wait: float = DEFAULT_MAX_RETRY_WAIT
    headers: tuple[tuple[str, str], ...] = field(default=(), repr=False)

    @classmethod
    def resolve(cls, base_url: str | None, api_key: str | None, *, timeout: float, max_retries: int,
                max_retry_wait: float, headers: dict[str, str] | None) -> Settings:
        """Arguments, else ``QUORUM_URL`` / ``QUORUM_API_KEY``; refuses what cannot work (no network)."""
        url = (base_url if base_url is not None else os.environ.get("QUORUM_URL", "")).strip()
        key = (api_key if api_key is not None else os.environ.get("QUORUM_API_KEY", "")).strip()
        if not url:
            raise ConfigurationError("No Quorum URL: pass base_url= (the server root, e.g. http://127.0.0.1:8000) "
                                     "or set QUORUM_URL.")
        parts = urllib.parse.urlsplit(url)
        if parts.scheme not in {"http", "https"} or not parts.hostname:
            raise ConfigurationError("The Quorum URL must be an http(s):// URL such as http://127.0.0.1:8000.",
                                     extra={"url": safe_url(url)})
        if parts.username is not None or parts.password is not None:
            # user:password@ would replace the agent's bearer key with Basic auth on every call.
            raise ConfigurationError("The Quorum URL must not contain credentials (user:password@); the API "
                                     "key is the only credential the client sends.", extra={"url": safe_url(url)})
        if parts.query or parts.fragment:
            raise ConfigurationError("The Quorum URL must not have a query string or fragment.",
                                     extra={"url": safe_url(url)})
        path = parts.path.rstrip("/")
        if path.endswith("/api/v1"):  # the server root is meant; accept the API root too
            path = path[: -len("/api/v1")]
        if not key:
            raise ConfigurationError("No API key: pass api_key= (the agent's qk_… key) or set QUORUM_API_KEY.")
        if timeout <= 0 or max_retries < 0 or max_retry_wait < 0:
            raise ConfigurationError("timeout must be > 0, max_retries and max_retry_wait >= 0.")
        extra_headers = {k: v for k, v in (headers or {}).items() if k.lower() != "authorization"}
        return cls(root=urllib.parse.urlunsplit((parts.scheme, parts.netloc, path, "", "")), api_key=key,
                   timeout=float(timeout), max_retries=int(max_retries), max_retry_wait=float(max_retry_wait),
                   headers=tuple(extra_headers.items()))

    def request_headers(self) -> dict[str, str]:
        return {**dict(self.headers), "Authorization": f"Bearer {self.api_key}"}


def _no_cookies() -> CookieJar:
    # A pool may serve several agents (the MCP server does): no answer may leave state for the next caller.
    # (A CookieJar, not httpx.Cookies: httpx copies a Cookies into a fresh jar with the default policy.)
    return CookieJar(policy=DefaultCookiePolicy(allowed_domains=[]))


_POOL_OPTIONS: dict[str, Any] = {"follow_redirects": False,  # a redirect would carry the bearer key elsewhere
                                 "headers": {"Accept": "application/json", "User-Agent": USER_AGENT},
                                 "timeout": DEFAULT_TIMEOUT, "trust_env": True}


def http_pool(*, transport: httpx.BaseTransport | None = None) -> httpx.Client:
    """A connection pool for :class:`~quorum_client.Quorum` (``http_client=``): no cookies, no redirects."""
    return httpx.Client(transport=transport, cookies=_no_cookies(), **_POOL_OPTIONS)


def async_http_pool(*, transport: httpx.AsyncBaseTransport | None = None) -> httpx.AsyncClient:
    """A connection pool for :class:`~quorum_client.AsyncQuorum` (``http_client=``), e.g. one per
    process shared by clients with different keys."""
    return httpx.AsyncClient(transport=transport, cookies=_no_cookies(), **_POOL_OPTIONS)


# ---------------------------------------------------------------------------------------------- answers

def retry_after_seconds(response: httpx.Response) -> float | None:
    """``Retry-After`` as seconds (delta-seconds or an HTTP date), or None when absent or unreadable."""
    value = response.headers.get("Retry-After", "").strip()
    if not value:
        return None
    try:
        seconds = float(value)
    except ValueError:
        try:
            when = email.utils.parsedate_to_datetime(value)
        except (TypeError, ValueError, IndexError):
            return None
        if when.tzinfo is None:
            return None
        seconds = when.timestamp() - time.time()
    if math.isnan(seconds) or math.isinf(seconds):
        return None
    return max(0.0, seconds)


def error_from(response: httpx.Response) -> QuorumError:
    """The :class:`QuorumError` for a non-2xx answer."""
    status = response.status_code
    try:
        data = response.json()
    except ValueError:  # JSONDecodeError and UnicodeDecodeError are ValueErrors
        data = None
    retry_after = retry_after_seconds(response)
    if isinstance(data, dict) and isinstance(data.get("code"), str):
        code = data["code"]
        extra = data.get("extra") if isinstance(data.get("extra"), dict) else {}
        klass = error_class(status, code)
        kwargs: dict[str, Any] = {"code": code, "extra": extra, "status": status}
        if issubclass(klass, _RetryAfter):
            if retry_after is None and isinstance(extra.get("retry_after"), int | float):
                retry_after = float(extra["retry_after"])
            kwargs["retry_after"] = retry_after
        return klass(str(data.get("message") or ""), **kwargs)
    if status == 503:  # a proxy's outage page: still an outage, still retryable
        return Unavailable("Quorum is unavailable (HTTP 503 without an API error body).", status=status,
                           retry_after=retry_after)
    if 300 <= status < 400:
        return UnexpectedResponse(f"Quorum answered with a redirect (HTTP {status}), which the client does not "
                                  "follow; check the base URL (scheme, host, path).", status=status)
    return UnexpectedResponse(f"Quorum answered HTTP {status} without an API error body.", status=status)


def parse(model: type[BaseModel] | None, response: httpx.Response) -> Any:
    """The 2xx body as ``model`` (or as JSON when ``model`` is None), or :class:`UnexpectedResponse`
    (never quoting the body)."""
    if not 200 <= response.status_code < 300:
        raise error_from(response)
    try:
        data = response.json()
    except ValueError:
        raise UnexpectedResponse("Quorum answered with a body that is not JSON.",
                                 status=response.status_code) from None
    if model is None:
        return data
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        fields = sorted({".".join(str(p) for p in e["loc"]) or "body"
                         for e in exc.errors(include_url=False, include_input=False)})
        raise UnexpectedResponse(f"Quorum's answer does not have the shape of {model.__name__}; the server and "
                                 "this client may be of different versions.", status=response.status_code,
                                 extra={"fields": fields[:20]}) from None


def transport_error(exc: httpx.HTTPError, settings: Settings) -> TransportError:
    url = safe_url(settings.root)
    if isinstance(exc, httpx.TimeoutException):
        return TransportError(f"Quorum did not answer within {settings.timeout:g} s; try again later.",
                              extra={"url": url, "reason": type(exc).__name__})
    return TransportError("Quorum cannot be reached; check the URL (QUORUM_URL) and that the server is running.",
                          extra={"url": url, "reason": type(exc).__name__})


# ---------------------------------------------------------------------------------------------- retries

def response_retry_delay(response: httpx.Response, *, idempotent: bool, attempt: int,
                         settings: Settings) -> float | None:
    """Seconds to wait before retrying after this answer, or None to stop here.

    Only idempotent calls, only 503 and 429 with a ``Retry-After`` no longer than ``max_retry_wait``
    (a longer lockout is raised at once rather than hanging), at most ``max_retries`` times."""
    if not idempotent or attempt >= settings.max_retries or response.status_code not in (429, 503):
        return None
    delay = retry_after_seconds(response)
    if delay is None or delay > settings.max_retry_wait:
        return None
    return delay


def transport_retry_delay(exc: httpx.HTTPError, *, idempotent: bool, attempt: int,
                          settings: Settings) -> float | None:
    """Seconds to wait before retrying after a connection error that sent nothing, or None."""
    if not idempotent or attempt >= settings.max_retries or not isinstance(exc, _NOT_SENT):
        return None
    return min(_CONNECT_BACKOFF * 2 ** attempt, settings.max_retry_wait)

