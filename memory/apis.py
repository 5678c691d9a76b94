"""Agent endpoints of the private layer: record, list, get, search. Agents never delete."""

from __future__ import annotations

import threading
from functools import cached_property
from typing import Any

from drf_spectacular.utils import extend_schema_serializer, inline_serializer
from rest_framework import serializers, status
from rest_framework.pagination import LimitOffsetPagination
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from agents_registry.permissions import IsAgent
from config.actors import Actor
from config.api import MAX_PAGE_LIMIT, AwareDateTimeField, PageQuerySerializer, StrictSerializer
from config.schema import AGENT, api_operation, paginated
from memory.decay import effective_confidence
from memory.filters import MemoryFilter
from memory.models import Memory
from memory.selectors.claims import claims_of
from memory.selectors.memories import memory_get_for_agent, memory_list_for_agent
from memory.services.memories import MAX_CONTENT_CHARS, memory_record
from memory.services.search import MAX_QUERY_CHARS, memory_search

MAX_SEARCH_LIMIT = 50


@extend_schema_serializer(component_name="Memory")
class MemoryOutputSerializer(serializers.Serializer):
    id = serializers.UUIDField()
    subject = serializers.CharField(source="subject.external_ref")
    kind = serializers.CharField()
    key = serializers.CharField()
    predicate = serializers.CharField(source="predicate.key", default=None, allow_null=True)
    content = serializers.CharField()
    value = serializers.JSONField(allow_null=True)
    reasoning = serializers.CharField()
    category = serializers.CharField()
    trust = serializers.CharField()
    asserted_by = serializers.CharField()
    session_id = serializers.CharField()
    origin_ref = serializers.CharField()
    derived_from = serializers.CharField()
    observed_at = serializers.DateTimeField()
    valid_from = serializers.DateTimeField(allow_null=True)
    valid_to = serializers.DateTimeField(allow_null=True)
    recorded_at = serializers.DateTimeField()
    expires_at = serializers.DateTimeField(allow_null=True)
    last_confirmed_at = serializers.DateTimeField()
    importance = serializers.FloatField()
    confidence = serializers.SerializerMethodField()
    status = serializers.CharField()
    quarantined = serializers.BooleanField()
    special_category = serializers.CharField(
        source="special_category_key", allow_null=True,
        help_text="fideslang key of the special category (GDPR Art. 9/10) the content revealed, whatever was "
                  "declared, or null. Such a memory stays private to its writer: never promoted or shared.")
    redactions = serializers.IntegerField(source="redaction_count")
    supersedes = serializers.UUIDField(source="supersedes_id", allow_null=True)
    embedded = serializers.SerializerMethodField()

    def get_confidence(self, memory: Memory) -> float:
        now = self.context["now"]
        return round(effective_confidence(kind=memory.kind, base=memory.base_confidence,
                                          last_accessed_at=memory.last_accessed_at, now=now), 4)

    def get_embedded(self, memory: Memory) -> bool:
        return not memory.embedding_pending


@extend_schema_serializer(component_name="MemoryDetail")
class MemoryDetailSerializer(MemoryOutputSerializer):
    """A memory with the claims resolved from it (``POST memories``, ``GET memories/{id}``)."""

    claims = serializers.SerializerMethodField(
        help_text="The (predicate, canonical value, category) claims the memory makes: `explicit` (its predicate and "
                  "value), `inferred` (read from one sentence of the content by the local default; `sentence` and "
                  "`span` say where) — resolved with the embedding, so a fresh write shows only the explicit one.")

    def get_claims(self, memory: Memory) -> list[dict[str, Any]]:
        known = self.context.get("claims")  # the write view knows a fresh memory's claims
        if known is not None:
            return known
        return claims_of(memory_ids=[memory.pk]).get(memory.pk, [])


_DATETIME = serializers.DateTimeField()  # its to_representation only: ISO 8601 in the current time zone


def _datetime(value: Any) -> str | None:
    return None if value is None else _DATETIME.to_representation(value)


def _text(value: Any) -> str | None:
    return None if value is None else str(value)


def memory_created_body(memory: Memory, *, now: Any, claims: list[dict[str, Any]]) -> dict[str, Any]:
    """``MemoryDetailSerializer(memory).data`` for the write response, without building a serializer
    (DRF deep-copies ~30 field objects per instance: ~0.5 ms of a write). Same keys, order and
    values; ``tests/memory/test_write_response.py`` compares the two on every kind of write."""
    predicate = memory.predicate
    return {
        "id": str(memory.pk), "subject": _text(memory.subject.external_ref), "kind": _text(memory.kind),
        "key": _text(memory.key), "predicate": None if predicate is None else _text(predicate.key),
        "content": _text(memory.content), "value": memory.value, "reasoning": _text(memory.reasoning),
        "category": _text(memory.category), "trust": _text(memory.trust), "asserted_by": _text(memory.asserted_by),
        "session_id": _text(memory.session_id), "origin_ref": _text(memory.origin_ref),
        "derived_from": _text(memory.derived_from), "observed_at": _datetime(memory.observed_at),
        "valid_from": _datetime(memory.valid_from), "valid_to": _datetime(memory.valid_to),
        "recorded_at": _datetime(memory.recorded_at), "expires_at": _datetime(memory.expires_at),
        "last_confirmed_at": _datetime(memory.last_confirmed_at),
        "importance": None if memory.importance is None else float(memory.importance),
        "confidence": round(effective_confidence(kind=memory.kind, base=memory.base_confidence,
                                                 last_accessed_at=memory.last_accessed_at, now=now), 4),
        "status": _text(memory.status), "quarantined": bool(memory.quarantined),
        "special_category": _text(memory.special_category_key),
        "redactions": None if memory.redaction_count is None else int(memory.redaction_count),
        "supersedes": _text(memory.supersedes_id), "embedded": not memory.embedding_pending,
        "claims": claims,
    }


def _context() -> dict[str, object]:
    from django.utils import timezone

    return {"now": timezone.now()}


class FieldsOncePerThread:
    """A serializer whose declared fields are copied and bound once per thread, not per instance.

    DRF deep-copies every declared field for each serializer instance (~1 ms of a write for the
    create input's 18 fields, under load). Once bound, the copies hold no per-request state but
    their ``parent``, so each thread keeps its bound copy and points it at its current instance.
    Only for input serializers used one instance at a time per thread (a view's ``post``)."""

    _thread_fields: threading.local

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._thread_fields = threading.local()

    @cached_property
    def fields(self) -> Any:
        bound = getattr(self._thread_fields, "fields", None)
        if bound is None:
            bound = self._thread_fields.fields = serializers.Serializer.fields.func(self)  # type: ignore[attr-defined]
            return bound
        bound.serializer = self
        for field in bound.values():
            field.parent = self
        return bound


class MemoryListCreateApi(APIView):
    """``POST memories`` records a private memory; ``GET memories?subject=`` lists the caller's own."""

    permission_classes = [IsAgent]

    @extend_schema_serializer(component_name="MemoryCreate")
    class InputSerializer(FieldsOncePerThread, StrictSerializer):
        subject = serializers.CharField(max_length=200)
        kind = serializers.ChoiceField(choices=Memory.Kind.choices)
        content = serializers.CharField(trim_whitespace=False)
        key = serializers.CharField(max_length=200, required=False, allow_blank=True, default="")
        predicate = serializers.CharField(max_length=100, required=False, allow_blank=True, default="")
        value = serializers.JSONField(required=False, allow_null=True, default=None)
        reasoning = serializers.CharField(max_length=MAX_CONTENT_CHARS, required=False, allow_blank=True,
                                          default="")
        category = serializers.CharField(max_length=200, required=False, allow_blank=True, default="")
        trust = serializers.ChoiceField(choices=Memory.Trust.choices, required=False)
        asserted_by = serializers.ChoiceField(choices=Memory.AssertedBy.choices, required=False)
        session_id = serializers.CharField(max_length=200)
        origin_ref = serializers.CharField(max_length=200, required=False, allow_blank=True, default="")
        derived_from = serializers.CharField(max_length=64, required=False, allow_blank=True, default="")
        observed_at = AwareDateTimeField(required=False)
        valid_from = AwareDateTimeField(required=False, allow_null=True)
        valid_to = AwareDateTimeField(required=False, allow_null=True)
        importance = serializers.FloatField(required=False, min_value=0.0, max_value=1.0)

        def validate_content(self, value: str) -> str:
            if len(value) > MAX_CONTENT_CHARS:
                raise serializers.ValidationError(
                    f"content has {len(value)} characters; the limit is {MAX_CONTENT_CHARS}.",
                    code="content_too_long")
            if not value.strip():
                raise serializers.ValidationError("content must not be blank.", code="blank")
            return value

        def validate_value(self, value: object) -> object:
            import json

            if value is not None and len(json.dumps(value)) > MAX_CONTENT_CHARS:
                raise serializers.ValidationError("value is too large.", code="value_too_large")
            return value

        def validate(self, attrs: dict) -> dict:
            if attrs.get("valid_from") and attrs.get("valid_to") and attrs["valid_to"] < attrs["valid_from"]:
                raise serializers.ValidationError({"valid_to": "must not precede valid_from"})
            return attrs

    @extend_schema_serializer(component_name="MemoryCreated")
    class ResponseSchema(MemoryDetailSerializer):
        """Documentation only: the memory plus what this write did."""

        deduplicated = serializers.BooleanField()
        conflict = serializers.IntegerField(allow_null=True, help_text="TrustConflict id")

    @api_operation("memories_create", audience=AGENT, request=InputSerializer,
                   responses={201: ResponseSchema, 200: ResponseSchema},
                   errors={400: ["content_too_long", "reasoning_required", "key_required", "unknown_predicate",
                                 "invalid_category", "trust_not_allowed", "invalid_subject",
                                 "secret_in_identifier"],
                           409: ["erased"]})
    def post(self, request: Request) -> Response:
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = dict(serializer.validated_data)
        result = memory_record(actor=Actor.for_agent(request.user), agent=request.user,
                               subject_ref=data.pop("subject"), **data)
        memory = result.memory
        if result.created and memory.predicate_id is None:
            # A fresh memory without a predicate makes no explicit claim and its inferred ones come
            # with the embedding (API: "a fresh write shows only the explicit one"): no query.
            claims: list[dict[str, Any]] = []
        else:
            claims = claims_of(memory_ids=[memory.pk]).get(memory.pk, [])
        body = memory_created_body(memory, now=_context()["now"], claims=claims)
        body.update({"deduplicated": result.deduplicated, "conflict": result.conflict_id,
                     "redactions": result.redactions})
        return Response(body, status=status.HTTP_201_CREATED if result.created else status.HTTP_200_OK)

    class QuerySerializer(PageQuerySerializer):
        subject = serializers.CharField(max_length=200)
        kind = serializers.ChoiceField(choices=Memory.Kind.choices, required=False)
        key = serializers.CharField(max_length=200, required=False)
        status = serializers.ChoiceField(choices=Memory.Status.choices, required=False)

    @api_operation("memories_list", audience=AGENT, query=QuerySerializer,
                   responses=paginated("PaginatedMemoryList", MemoryOutputSerializer(many=True)))
    def get(self, request: Request) -> Response:
        query = self.QuerySerializer(data=request.query_params.dict())
        query.is_valid(raise_exception=True)
        subject = query.validated_data["subject"]
        filterset = MemoryFilter(request.query_params, queryset=memory_list_for_agent(agent=request.user,
                                                                                     subject_ref=subject))
        if not filterset.is_valid():
            raise serializers.ValidationError(filterset.errors)
        paginator = LimitOffsetPagination()
        paginator.max_limit = MAX_PAGE_LIMIT
        page = paginator.paginate_queryset(filterset.qs, request, view=self)
        return paginator.get_paginated_response(MemoryOutputSerializer(page, many=True, context=_context()).data)


class MemoryDetailApi(APIView):
    """``GET memories/{id}``: one of the caller's memories. There is no DELETE (405)."""

    permission_classes = [IsAgent]

    @api_operation("memories_get", audience=AGENT, responses=MemoryDetailSerializer,
                   errors={404: ["not_found"]})
    def get(self, request: Request, memory_id: str) -> Response:
        memory = memory_get_for_agent(agent=request.user, memory_id=memory_id)
        return Response(MemoryDetailSerializer(memory, context=_context()).data)


class MemorySearchApi(APIView):
    """``POST memories/search``: the caller's own memories about a subject, by similarity × confidence."""

    permission_classes = [IsAgent]

    @extend_schema_serializer(component_name="MemorySearch")
    class InputSerializer(StrictSerializer):
        subject = serializers.CharField(max_length=200)
        query = serializers.CharField(max_length=MAX_QUERY_CHARS)
        limit = serializers.IntegerField(min_value=1, max_value=MAX_SEARCH_LIMIT, required=False, default=10)

    @extend_schema_serializer(component_name="MemorySearchHit")
    class HitSerializer(MemoryOutputSerializer):
        score = serializers.FloatField()
        similarity = serializers.FloatField()
        matched = serializers.CharField()

    @api_operation("memories_search", audience=AGENT, request=InputSerializer,
                   errors={400: ["invalid_subject", "query_too_long"]},
                   responses=inline_serializer("MemorySearchResponse", fields={
                       "results": HitSerializer(many=True), "degraded": serializers.BooleanField()}))
    def post(self, request: Request) -> Response:
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        result = memory_search(agent=request.user, subject_ref=data["subject"], query=data["query"],
                               limit=data["limit"])
        # One serializer pass for all hits (per-item serializers re-copy every field each time).
        rows = MemoryOutputSerializer([h.memory for h in result.hits], many=True, context=_context()).data
        results = []
        for hit, row in zip(result.hits, rows, strict=True):
            item = dict(row)
            item.update({"score": round(hit.score, 4), "similarity": round(hit.similarity, 4),
                         "confidence": round(hit.confidence, 4), "matched": hit.matched})
            results.append(item)
        return Response({"results": results, "degraded": result.degraded})
