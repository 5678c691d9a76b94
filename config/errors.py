"""Stable error codes for the HTTP API: one exception handler for every endpoint.

Every error body is ``{"code": "<stable_snake_case>", "message": "...", "extra": {...}}``. Services
raise :class:`QuorumError` subclasses (per-app modules declare them); DRF's own exceptions are
mapped here. Messages never contain personal text or secrets.
"""

from __future__ import annotations

import logging
import sys
import traceback
from typing import Any, ClassVar

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import RequestDataTooBig
from django.db import DataError
from django.http import Http404, HttpResponse, JsonResponse
from rest_framework import exceptions as drf
from rest_framework.response import Response

from config.db import is_unavailable, note_outage

logger = logging.getLogger(__name__)


class QuorumError(Exception):
    """Base of all domain errors; carries an HTTP status, a stable code and safe extra data."""

    status_code: ClassVar[int] = 400
    code: ClassVar[str] = "bad_request"
    default_message: ClassVar[str] = "The request could not be processed."

    def __init__(self, message: str | None = None, *, extra: dict[str, Any] | None = None,
                 headers: dict[str, str] | None = None) -> None:
        self.message = message or self.default_message
        self.extra = extra or {}
        self.headers = headers or {}
        super().__init__(self.message)


class NotFoundError(QuorumError):
    """Missing and forbidden look the same: never reveal that another principal's object exists."""

    status_code = 404
    code = "not_found"
    default_message = "Not found."


class UnknownFieldError(QuorumError):
    code = "unknown_field"
    default_message = "The request contains fields this endpoint does not accept."


class ServiceUnavailable(QuorumError):
    """The database cannot be reached right now (down, or no pooled connection in time)."""

    status_code = 503
    code = "unavailable"
    default_message = "The service is temporarily unavailable; retry shortly."


def retry_after_seconds() -> int:
    from django.conf import settings

    return int(getattr(settings, "QUORUM_UNAVAILABLE_RETRY_AFTER", 5))


def unavailable(exc: BaseException | None = None) -> ServiceUnavailable:
    """The 503 for a database outage or pool exhaustion, logged by error type only."""
    note_outage()
    if exc is not None:
        logger.warning("database unavailable: %s", type(exc.__cause__ or exc).__name__)
    seconds = retry_after_seconds()
    return ServiceUnavailable(extra={"retry_after": seconds}, headers={"Retry-After": str(seconds)})


# Validation codes that are part of the contract and are promoted to the top-level ``code``.
PROMOTED_VALIDATION_CODES: set[str] = {"unknown_field", "naive_datetime"}


def _flatten_codes(codes: Any) -> list[str]:
    if isinstance(codes, str):
        return [codes]
    if isinstance(codes, dict):
        return [c for value in codes.values() for c in _flatten_codes(value)]
    if isinstance(codes, list | tuple):
        return [c for value in codes for c in _flatten_codes(value)]
    return []


def error_body(code: str, message: str, extra: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"code": code, "message": message, "extra": extra or {}}


_DRF_CODES: dict[type[drf.APIException], str] = {
    drf.NotAuthenticated: "not_authenticated",
    drf.AuthenticationFailed: "invalid_credentials",
    drf.PermissionDenied: "permission_denied",
    drf.NotFound: "not_found",
    drf.MethodNotAllowed: "method_not_allowed",
    drf.NotAcceptable: "not_acceptable",
    drf.UnsupportedMediaType: "unsupported_media_type",
    drf.ParseError: "malformed_request",
    drf.Throttled: "throttled",
}


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """DRF exception handler producing the contract's error body for every handled error."""
    # Imported here: rest_framework.views loads the authentication classes, which import this module.
    from rest_framework.views import set_rollback

    if is_unavailable(exc):
        exc = unavailable(exc)
    if isinstance(exc, QuorumError):
        set_rollback()
        return Response(error_body(exc.code, exc.message, exc.extra), status=exc.status_code,
                        headers=exc.headers)
    if isinstance(exc, RequestDataTooBig):
        set_rollback()
        return Response(error_body("payload_too_large", "The request body is too large."), status=413)
    if isinstance(exc, DataError):
        # The database refused a value the validators let through (NUL byte, out-of-range number…):
        # bad input, not a server fault. Logged (type only) so a real bug still gets noticed.
        set_rollback()
        logger.warning("database rejected request data: %s", type(exc.__cause__ or exc).__name__)
        return Response(error_body("invalid_input", "A value in the request cannot be stored or searched."),
                        status=400)
    if isinstance(exc, Http404):
        exc = drf.NotFound()
    elif isinstance(exc, DjangoPermissionDenied):
        exc = drf.PermissionDenied()
    if not isinstance(exc, drf.APIException):
        return None  # a genuine bug: let Django log it and answer 500

    set_rollback()
    headers: dict[str, str] = {}
    if getattr(exc, "auth_header", None):
        headers["WWW-Authenticate"] = exc.auth_header  # type: ignore[attr-defined]
    if getattr(exc, "wait", None):
        headers["Retry-After"] = str(int(exc.wait))  # type: ignore[attr-defined]

    if isinstance(exc, drf.ValidationError):
        codes = _flatten_codes(exc.get_codes())
        promoted = next((c for c in codes if c in PROMOTED_VALIDATION_CODES), None)
        code = promoted or "invalid_input"
        message = "The request body is invalid." if promoted is None else _first_message(exc.detail)
        return Response(error_body(code, message, {"fields": exc.detail}), status=400, headers=headers)

    code = next((c for klass, c in _DRF_CODES.items() if isinstance(exc, klass)), None)
    if isinstance(exc, drf.AuthenticationFailed) and isinstance(exc.get_codes(), str) and exc.get_codes() != "authentication_failed":
        code = exc.get_codes()
    code = code or str(exc.default_code)
    message = str(exc.detail) if isinstance(exc.detail, str) else str(exc.default_detail)
    return Response(error_body(code, message), status=exc.status_code, headers=headers)


def _first_message(detail: Any) -> str:
    if isinstance(detail, dict):
        for value in detail.values():
            return _first_message(value)
    if isinstance(detail, list) and detail:
        return _first_message(detail[0])
    return str(detail)


API_PREFIX = "/api/"
# The code an API path answers for a status Django (not a Quorum view) produced.
STATUS_CODES: dict[int, tuple[str, str]] = {
    400: ("bad_request", "The request could not be processed."),
    403: ("permission_denied", "You do not have permission to perform this action."),
    404: ("not_found", "Not found."),
    405: ("method_not_allowed", "Method not allowed."),
    413: ("payload_too_large", "The request body is too large."),
    500: ("server_error", "Internal error; it has been logged."),
    503: ("unavailable", ServiceUnavailable.default_message),
}


def is_api(request: Any) -> bool:
    return str(getattr(request, "path", "")).startswith(API_PREFIX)


def status_json(status: int, *, extra: dict[str, Any] | None = None,
                headers: dict[str, str] | None = None) -> JsonResponse:
    code, message = STATUS_CODES.get(status, ("server_error" if status >= 500 else "bad_request",
                                              "The request could not be processed."))
    return JsonResponse(error_body(code, message, extra), status=status, headers=headers)


def unavailable_response(request: Any, exc: BaseException | None = None) -> HttpResponse:
    """503 + Retry-After: the JSON envelope on API paths, a short plain page elsewhere."""
    error = unavailable(exc)
    if is_api(request):
        return JsonResponse(error_body(error.code, error.message, error.extra), status=503, headers=error.headers)
    return HttpResponse("Quorum is temporarily unavailable; please retry in a few seconds.\n", status=503,
                        content_type="text/plain; charset=utf-8", headers=error.headers)


def log_unhandled(request: Any, exc: BaseException) -> None:
    """Log an unhandled error without its message (it may quote request values): type, route, frames."""
    match = getattr(request, "resolver_match", None)
    route = getattr(match, "route", None) or "unresolved"
    frames = "".join(traceback.format_tb(exc.__traceback__))
    logger.error("unhandled %s on %s %s\n%s", type(exc).__name__, getattr(request, "method", "?"), route, frames)


def json_400(request: Any, exception: Exception | None = None) -> HttpResponse:
    if is_api(request):
        return status_json(400)
    from django.views.defaults import bad_request

    return bad_request(request, exception)


def json_403(request: Any, exception: Exception | None = None) -> HttpResponse:
    if is_api(request):
        return status_json(403)
    from django.views.defaults import permission_denied

    return permission_denied(request, exception)


def json_404(request: Any, exception: Exception | None = None) -> HttpResponse:
    """``handler404`` for API paths; pages get Django's normal template."""
    if is_api(request):
        return status_json(404)
    from django.views.defaults import page_not_found

    return page_not_found(request, exception)


def json_500(request: Any) -> HttpResponse:
    """``handler500``: a database outage is 503 + Retry-After; anything else a bare 500 (JSON on API paths)."""
    exc = sys.exc_info()[1]
    if is_unavailable(exc):
        return unavailable_response(request, exc)
    if is_api(request):
        return status_json(500)
    from django.views.defaults import server_error

    return server_error(request)
