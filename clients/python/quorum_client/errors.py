"""Every failure is a :class:`QuorumError` carrying the API's stable ``code``.

The API answers errors as ``{"code", "message", "extra"}`` with a 4xx/5xx status; the client raises
the subclass of the code's family (table in docs/client.md). Transport failures and answers that are
not the API's get codes of their own (``quorum_unreachable``, ``unexpected_response``), and a client
that cannot be built raises ``configuration_error`` — before any network call.

Messages come from the server (never personal text, by contract) or from this module; no error
carries the API key, a request body or a response body.
"""

from __future__ import annotations

from typing import Any


class QuorumError(Exception):
    """Base of every error this client raises.

    ``code`` is the API's stable snake_case code, ``message`` a human-readable sentence, ``extra``
    the API's structured detail (field names, limits, ``retry_after``), ``status`` the HTTP status
    (``None`` when no answer came, or the client refused before sending)."""

    default_code = "error"

    def __init__(self, message: str = "", *, code: str | None = None, extra: dict[str, Any] | None = None,
                 status: int | None = None) -> None:
        self.code = code or self.default_code
        self.message = message
        self.extra = dict(extra or {})
        self.status = status
        super().__init__(f"{self.code}: {message}" if message else self.code)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(code={self.code!r}, status={self.status!r}, message={self.message!r})"

    def as_body(self) -> dict[str, Any]:
        """The API's error envelope (plus ``status`` when there was one)."""
        body: dict[str, Any] = {"code": self.code, "message": self.message, "extra": self.extra}
        if self.status is not None:
            body["status"] = self.status
        return body


class ConfigurationError(QuorumError):
    """No base URL or no API key (argument or ``QUORUM_URL`` / ``QUORUM_API_KEY``), or a bad URL."""

    default_code = "configuration_error"


class InvalidInput(QuorumError):
    """400/413/415/422: the request was refused as it is (``unknown_field``, ``invalid_input``,
    ``content_too_long``, ``naive_datetime``, ``secret_in_identifier``, ``reflection_too_shallow``…).
    Fix the request; retrying it unchanged gives the same answer."""

    default_code = "invalid_input"


class AuthenticationError(QuorumError):
    """401: ``not_authenticated`` (no key) or ``invalid_credentials`` (wrong or revoked key)."""

    default_code = "invalid_credentials"


class PermissionDenied(QuorumError):
    """403: ``permission_denied``, ``purpose_not_granted`` (the agent does not act for that purpose)."""

    default_code = "permission_denied"


class NotFound(QuorumError):
    """404 ``not_found``: missing, or another agent's (the API does not tell them apart)."""

    default_code = "not_found"


class Conflict(QuorumError):
    """409 other than ``erased``."""

    default_code = "conflict"


class Erased(Conflict):
    """409 ``erased``: the ``origin_ref`` names a root event erased for this person; nothing was stored."""

    default_code = "erased"


class _RetryAfter(QuorumError):
    """An error whose answer said when to try again (``Retry-After``, in seconds)."""

    def __init__(self, message: str = "", *, retry_after: float | None = None, **kwargs: Any) -> None:
        super().__init__(message, **kwargs)
        self.retry_after = retry_after


class LockedOut(_RetryAfter):
    """429 ``locked_out``: too many failed authentications from this address or against this key
    prefix; every request is refused, even with a correct key, for ``retry_after`` seconds."""

    default_code = "locked_out"


class RateLimited(_RetryAfter):
    """429 with any other code (e.g. ``throttled``)."""

    default_code = "throttled"


class Unavailable(_RetryAfter):
    """503 ``unavailable``: the server cannot reach its database right now; retry after ``retry_after``."""

    default_code = "unavailable"


class ServerError(QuorumError):
    """Any other 5xx (the API contract calls a 5xx a bug)."""

    default_code = "server_error"


class TransportError(QuorumError):
    """No answer: connection refused, DNS failure, TLS failure or timeout (code ``quorum_unreachable``)."""

    default_code = "quorum_unreachable"


class UnexpectedResponse(QuorumError):
    """An answer that is not the API's: not JSON, a redirect, an error without the envelope, or a
    success body that does not have the documented shape (code ``unexpected_response``)."""

    default_code = "unexpected_response"


def error_class(status: int, code: str) -> type[QuorumError]:
    """The class for an API error answer: by code where the code names a family, else by status."""
    if code == "erased":
        return Erased
    if code == "locked_out":
        return LockedOut
    if status == 503:
        return Unavailable
    if status == 429:
        return RateLimited
    by_status: dict[int, type[QuorumError]] = {401: AuthenticationError, 403: PermissionDenied, 404: NotFound,
                                               409: Conflict}
    if status in by_status:
        return by_status[status]
    if status >= 500:
        return ServerError
    if 400 <= status < 500:
        return InvalidInput
    return UnexpectedResponse


def argument_errors(errors: list[dict[str, Any]]) -> tuple[dict[str, list[str]], bool]:
    """Tool-argument validation errors (pydantic's ``ValidationError.errors(include_input=False)``)
    as ``({location: [messages]}, content_too_long)`` — never the rejected input itself. Shared
    by the langchain tools and the MCP server, which both answer with the API's codes."""
    fields: dict[str, list[str]] = {}
    too_long = False
    for item in errors:
        location = ".".join(str(part) for part in item["loc"]) or "arguments"
        fields.setdefault(location, []).append(item["msg"])
        too_long = too_long or (tuple(item["loc"][:1]) == ("content",) and item["type"] == "string_too_long")
    return fields, too_long
