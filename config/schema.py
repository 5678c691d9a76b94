"""OpenAPI helpers: the error envelope, each operation's declared errors, security and tags.

Every API view describes its operation with :func:`api_operation` so the live schema
(``/api/schema/``) says what is really served: one uniquely named component per body, every
error status the operation can answer with the ``Error`` envelope, ``Retry-After`` on 429/503,
and only the authentication the operation accepts. ``tests/config/test_schemathesis.py`` checks
the schema against a live server in ``make test``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from drf_spectacular.authentication import SessionScheme
from drf_spectacular.extensions import OpenApiSerializerExtension
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers

from agents_registry.permissions import IsAgent
from config.api import StrictSerializer

AGENT = "agent"
SESSION = "session"
PUBLIC = "public"  # no authentication (a capability token in the query, e.g. the receipt link)


class ErrorSerializer(serializers.Serializer):
    """The error envelope every 4xx/5xx of the API uses."""

    code = serializers.CharField(help_text="stable snake_case code, e.g. `not_found`, `unknown_field`")
    message = serializers.CharField(help_text="human-readable; never personal text")
    extra = serializers.DictField(help_text="safe structured detail (field names, limits, retry_after)")

    class Meta:
        ref_name = "Error"


# The codes each status can carry, for the description of the declared response.
_COMMON: dict[int, list[str]] = {
    401: ["not_authenticated", "invalid_credentials"],
    403: ["permission_denied"],
    429: ["locked_out"],
    503: ["unavailable"],
}
_BODY: dict[int, list[str]] = {
    400: ["malformed_request", "unknown_field", "invalid_input", "nesting_too_deep", "naive_datetime"],
    413: ["payload_too_large"],
    415: ["unsupported_media_type"],
}
_QUERY: dict[int, list[str]] = {400: ["unknown_field", "invalid_input", "naive_datetime"]}
_STATUS_TEXT = {400: "Bad request", 401: "Not authenticated", 403: "Forbidden", 404: "Not found",
                409: "Conflict", 413: "Payload too large", 415: "Unsupported media type",
                422: "Unprocessable", 429: "Locked out", 503: "Unavailable"}

RETRY_AFTER = OpenApiParameter(
    "Retry-After", OpenApiTypes.INT, OpenApiParameter.HEADER, required=True, response=[429, 503],
    description="seconds until the lockout ends (429) or until the service should be retried (503)")


def _merge(target: dict[int, list[str]], extra: Mapping[int, Iterable[str]]) -> None:
    for status, codes in extra.items():
        bucket = target.setdefault(status, [])
        bucket.extend(c for c in codes if c not in bucket)


def error_responses(codes: Mapping[int, Iterable[str]]) -> dict[int, OpenApiResponse]:
    """``{status: OpenApiResponse(Error)}`` with the possible codes in each description."""
    return {status: OpenApiResponse(
        ErrorSerializer, description=f"{_STATUS_TEXT.get(status, 'Error')}: "
                                     + ", ".join(f"`{c}`" for c in codes))
            for status, codes in sorted(codes.items())}


def api_operation(operation_id: str, *, audience: str, summary: str | None = None,
                  request: Any = None, responses: Any, errors: Mapping[int, Iterable[str]] | None = None,
                  query: type[serializers.Serializer] | None = None,
                  parameters: list[OpenApiParameter] | None = None) -> Any:
    """``extend_schema`` for one API operation, with the errors it can answer declared.

    ``audience`` is ``AGENT`` (bearer key) or ``SESSION`` (a signed-in portal user); ``request`` a
    JSON body serializer (adds the body errors: malformed, unknown field, nesting, size, media
    type); ``query`` is the serializer that validates the query string (its fields become the
    documented parameters, with their limits; 400 on violation); ``errors`` adds operation-specific
    statuses and codes (404, 409, 422, …)."""
    codes: dict[int, list[str]] = {}
    _merge(codes, _COMMON if audience != PUBLIC else {503: _COMMON[503]})
    if request is not None:
        _merge(codes, _BODY)
    if query is not None:
        _merge(codes, _QUERY)
    _merge(codes, errors or {})
    if not isinstance(responses, dict):
        responses = {200: responses}
    return extend_schema(
        operation_id=operation_id, summary=summary, tags=[audience], request=request,
        **({"auth": []} if audience == PUBLIC else {}),
        responses={**responses, **error_responses(codes)},
        parameters=[*([query] if query is not None else []), *(parameters or []), RETRY_AFTER])


def paginated(name: str, item: serializers.Serializer) -> Any:
    """The ``LimitOffsetPagination`` envelope around ``item`` (a ``many=True`` serializer)."""
    return inline_serializer(name, fields={
        "count": serializers.IntegerField(),
        "next": serializers.URLField(allow_null=True),
        "previous": serializers.URLField(allow_null=True),
        "results": item,
    })



class StrictSerializerExtension(OpenApiSerializerExtension):
    """Strict input serializers reject undeclared fields (400 ``unknown_field``): say so."""

    target_class = "config.api.StrictSerializer"
    match_subclasses = True

    def map_serializer(self, auto_schema: Any, direction: str) -> dict[str, Any]:
        schema = auto_schema._map_basic_serializer(self.target, direction)
        schema["additionalProperties"] = False
        if schema.get("description") == (StrictSerializer.__doc__ or "").strip().replace("\n    ", "\n"):
            schema.pop("description")
        for name, field in self.target.fields.items():
            prop = schema.get("properties", {}).get(name)
            if (prop is not None and isinstance(field, serializers.CharField) and field.trim_whitespace
                    and not field.allow_blank and "$ref" not in prop):
                prop["pattern"] = r"\S"  # surrounding space is trimmed; blank after trimming → 400
        return schema


def _audience(auto_schema: Any) -> str | None:
    permissions = getattr(auto_schema.view, "permission_classes", [])
    return AGENT if any(issubclass(p, IsAgent) for p in permissions if isinstance(p, type)) else SESSION


class PortalSessionScheme(SessionScheme):
    """The session cookie is listed only on the operations a signed-in portal user may call."""

    priority = 1

    def get_security_requirement(self, auto_schema: Any) -> Any:
        return None if _audience(auto_schema) == AGENT else {self.name: []}
