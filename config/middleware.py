"""API paths answer the error envelope, never HTML; a database outage is 503, never 500.

``ApiErrorMiddleware`` (first in ``MIDDLEWARE``):

* any 4xx/5xx under ``/api/`` that is not already JSON — Django's own 404 for an unknown path
  (its technical 404 page when ``DEBUG`` is on), a 405 from a plain view, a 400 from a refused
  host — is replaced by ``{"code","message","extra"}`` with the status's stable code;
* an exception a view did not handle becomes JSON 500 ``server_error`` under ``/api/`` (logged by
  type, route and frames, without its message), whatever ``DEBUG`` says, so no API response ever
  carries a traceback or Django's debug page;
* a database that cannot be reached (PostgreSQL down, no pooled connection within
  ``QUORUM_DB_POOL_TIMEOUT``) becomes 503 ``unavailable`` with ``Retry-After`` on every path.

``RequestObservationMiddleware`` (outside it, so it sees the final status): each request's
latency into ``quorum_http_request_duration_seconds`` by URL name, method and status
(``config.metrics``), and a request id (``X-Request-ID``) plus the URL name for the JSON log lines
written meanwhile (``config.logs``).
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable

from django.core.exceptions import BadRequest, PermissionDenied, SuspiciousOperation
from django.http import Http404, HttpRequest, HttpResponse
from django.http.multipartparser import MultiPartParserError

from config.db import is_unavailable, reset_outage
from config.errors import is_api, log_unhandled, status_json, unavailable_response
from config.logs import REQUEST_CONTEXT, UNMATCHED, operation_name
from config.metrics import request_observe

# Exceptions Django itself turns into a 4xx (its handler400/403/404); ``__call__`` makes those JSON.
CLIENT_ERRORS = (Http404, PermissionDenied, SuspiciousOperation, BadRequest, MultiPartParserError)


class ApiErrorMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        reset_outage()
        response = self.get_response(request)
        if (is_api(request) and response.status_code >= 400
                and not response.get("Content-Type", "").startswith("application/json")):
            headers = {name: response[name] for name in ("Allow", "Retry-After") if response.has_header(name)}
            return status_json(response.status_code, headers=headers)
        return response

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if is_unavailable(exception):
            return unavailable_response(request, exception)
        if is_api(request) and not isinstance(exception, CLIENT_ERRORS):
            log_unhandled(request, exception)
            return status_json(500)
        return None


class RequestObservationMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        started = time.perf_counter()
        # Our own id, never one a client sent (it would land in the logs unchecked).
        context = {"request_id": uuid.uuid4().hex, "operation": UNMATCHED}
        request.quorum_request_id = context["request_id"]  # type: ignore[attr-defined]
        token = REQUEST_CONTEXT.set(context)
        try:
            response = self.get_response(request)
        finally:
            REQUEST_CONTEXT.reset(token)
        operation = operation_name(request)
        request_observe(operation=operation, method=request.method or "", status=response.status_code,
                        seconds=time.perf_counter() - started)
        response["X-Request-ID"] = context["request_id"]
        return response

    def process_view(self, request: HttpRequest, view_func: Callable[..., HttpResponse],
                     view_args: tuple[object, ...], view_kwargs: dict[str, object]) -> None:
        context = REQUEST_CONTEXT.get()
        if context is not None:
            context["operation"] = operation_name(request)
