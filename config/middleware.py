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
"""

from __future__ import annotations

from collections.abc import Callable

from django.core.exceptions import BadRequest, PermissionDenied, SuspiciousOperation
from django.http import Http404, HttpRequest, HttpResponse
from django.http.multipartparser import MultiPartParserError

from config.db import is_unavailable, reset_outage
from config.errors import is_api, log_unhandled, status_json, unavailable_response

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
