"""Agent read-path endpoints: recall, briefing, session end, action check (API.md)."""

from __future__ import annotations

from datetime import datetime, tzinfo

from django.conf import settings
from django.utils import timezone

from drf_spectacular.utils import extend_schema_serializer, inline_serializer
from rest_framework import ISO_8601, serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.views import APIView

from agents_registry.permissions import IsAgent
from config.api import AwareDateTimeField, LeanInput, StrictQuerySerializer, StrictSerializer
from config.schema import AGENT, api_operation
from memory.models import Memory
from memory.selectors.stats import stats_for_agent
from memory.services.actions import action_check
from memory.services.briefing import briefing
from memory.services.recall import RecallItem, recall
from memory.services.search import MAX_QUERY_CHARS
from memory.services.sessions import session_end

TRUST_CHOICES = Memory.Trust.choices


class RecallApi(APIView):
    """``POST recall``: own private memories + receivable collective facts, bounded and dated."""

    permission_classes = [IsAgent]

    @extend_schema_serializer(component_name="Recall")
    class InputSerializer(StrictSerializer):
        subject = serializers.CharField(max_length=200)
        query = serializers.CharField(max_length=MAX_QUERY_CHARS, allow_blank=True)
        purpose = serializers.CharField(max_length=100)
        session_id = serializers.CharField(max_length=200, required=False, default="")
        max_items = serializers.IntegerField(min_value=1, max_value=50, required=False, default=10)
        max_chars = serializers.IntegerField(min_value=50, max_value=20000, required=False, default=1200)
        min_trust = serializers.ChoiceField(choices=TRUST_CHOICES, required=False, allow_null=True)

    @extend_schema_serializer(component_name="RecallItem")
    class ItemSerializer(serializers.Serializer):
        layer = serializers.CharField()
        id = serializers.CharField()
        text = serializers.CharField()
        kind = serializers.CharField()
        trust = serializers.CharField()
        score = serializers.FloatField()
        relevance = serializers.FloatField()
        confidence = serializers.FloatField()
        recorded_at = serializers.DateTimeField()
        valid_from = serializers.DateTimeField(allow_null=True)
        valid_to = serializers.DateTimeField(allow_null=True)
        last_confirmed = serializers.DateTimeField(allow_null=True)
        observed_at = serializers.DateTimeField(allow_null=True)
        conflict = serializers.CharField(allow_null=True)
        also_private = serializers.BooleanField()
        corroboration = serializers.DictField(allow_null=True)

    @api_operation("recall", audience=AGENT, request=InputSerializer,
                   errors={400: ["invalid_subject", "query_too_long", "secret_in_identifier"], 403: ["purpose_not_granted"]},
                   responses=inline_serializer("RecallResponse", fields={
                       "items": ItemSerializer(many=True), "degraded": serializers.BooleanField(),
                       "omitted": serializers.IntegerField(), "generated_at": serializers.DateTimeField()}))
    def post(self, request: Request) -> Response:
        data = _RECALL_INPUT(request.data)
        if data is None:  # anything unusual: the serializer decides, and its 400s are the contract
            serializer = self.InputSerializer(data=request.data)
            serializer.is_valid(raise_exception=True)
            data = serializer.validated_data
        result = recall(agent=request.user, subject_ref=data["subject"], query=data["query"],
                        purpose=data["purpose"], session_id=data["session_id"], max_items=data["max_items"],
                        max_chars=data["max_chars"], min_trust=data.get("min_trust"))
        zone = _render_timezone()
        return Response({"items": [recall_item_json(i, zone) for i in result.items], "degraded": result.degraded,
                         "omitted": result.omitted, "generated_at": result.generated_at})


_RECALL_INPUT = LeanInput(RecallApi.InputSerializer)
_DATETIME = serializers.DateTimeField()


def _render_timezone() -> tzinfo | None:
    """The zone DRF's ``DateTimeField`` renders in, when it renders plain ISO 8601 (else None)."""
    output_format = getattr(_DATETIME, "format", api_settings.DATETIME_FORMAT)
    if not settings.USE_TZ or not isinstance(output_format, str) or output_format.lower() != ISO_8601:
        return None
    return timezone.get_current_timezone()


def _datetime(value: datetime | None, zone: tzinfo | None) -> str | None:
    """``DateTimeField().to_representation(value)``, without its per-value lookups (~35 µs an item)."""
    if value is None:
        return None
    if zone is None or value.tzinfo is None:
        return _DATETIME.to_representation(value)
    try:
        text = value.astimezone(zone).isoformat()
    except OverflowError:
        return _DATETIME.to_representation(value)
    return text[:-6] + "Z" if text.endswith("+00:00") else text


def recall_item_json(item: RecallItem, zone: tzinfo | None | bool = False) -> dict[str, object]:
    """One recall item exactly as ``RecallApi.ItemSerializer`` renders it (the same field order, the
    same DRF datetime rendering, ``None`` kept), without the serializer machinery: ~1 ms less for
    ten items. ``zone``: ``_render_timezone()``, looked up once per response by the caller.
    ``tests/memory/test_read_apis.py`` compares the two on real items."""
    if zone is False:
        zone = _render_timezone()
    return {"layer": item.layer, "id": item.id, "text": item.text, "kind": item.kind, "trust": item.trust,
            "score": round(item.score, 4), "relevance": round(item.relevance, 4),
            "confidence": round(item.confidence, 4), "recorded_at": _datetime(item.recorded_at, zone),
            "valid_from": _datetime(item.valid_from, zone), "valid_to": _datetime(item.valid_to, zone),
            "last_confirmed": _datetime(item.last_confirmed, zone),
            "observed_at": _datetime(item.observed_at, zone),
            "conflict": None if item.conflict is None else str(item.conflict), "also_private": item.also_private,
            "corroboration": None if item.corroboration is None else dict(item.corroboration)}


class BriefingApi(APIView):
    """``GET briefing``: what changed since your last session with this person (not your own entries)."""

    permission_classes = [IsAgent]

    class QuerySerializer(StrictQuerySerializer):
        subject = serializers.CharField(max_length=200)
        since = AwareDateTimeField(required=False)
        limit = serializers.IntegerField(min_value=1, max_value=100, required=False, default=20)
        session_id = serializers.CharField(max_length=200, required=False, default="")

    @extend_schema_serializer(component_name="BriefingItem")
    class ItemSerializer(serializers.Serializer):
        """Documentation only: one change (kind-specific extra keys may follow)."""

        change = serializers.ChoiceField(choices=["promoted", "superseded", "retracted", "event"])
        text = serializers.CharField()
        importance = serializers.FloatField()
        at = serializers.DateTimeField()
        id = serializers.CharField()
        layer = serializers.CharField()
        subject = serializers.CharField()

    @api_operation("briefing", audience=AGENT, query=QuerySerializer, errors={400: ["secret_in_identifier"]},
                   responses=inline_serializer("BriefingResponse", fields={
                       "since": serializers.DateTimeField(allow_null=True), "items": ItemSerializer(many=True)}))
    def get(self, request: Request) -> Response:
        query = self.QuerySerializer(data=request.query_params.dict())
        query.is_valid(raise_exception=True)
        data = query.validated_data
        since, items = briefing(agent=request.user, subject_ref=data["subject"], since=data.get("since"),
                                limit=data["limit"], session_id=data["session_id"])
        body = [{"change": i.change, "text": i.text, "importance": i.importance, "at": i.at, "id": i.id,
                 "layer": i.layer, "subject": i.subject, **i.extra} for i in items]
        return Response({"since": since, "items": serializers.JSONField().to_representation(body)})


class SessionEndApi(APIView):
    """``POST sessions/{session_id}/end``: the structured reflection of seed 001."""

    permission_classes = [IsAgent]

    @extend_schema_serializer(component_name="SessionEnd")
    class InputSerializer(StrictSerializer):
        subject = serializers.CharField(max_length=200)
        done = serializers.CharField(max_length=1500)
        went_well = serializers.CharField(max_length=1000, allow_blank=True, required=False, default="")
        went_wrong = serializers.CharField(max_length=1000, allow_blank=True)
        improve = serializers.CharField(max_length=1000, allow_blank=True)
        relevant_for_others = serializers.ListField(child=serializers.CharField(max_length=1000), max_length=20,
                                                    required=False, default=list)

    @api_operation("session_end", audience=AGENT, request=InputSerializer,
                   errors={400: ["invalid_subject", "secret_in_identifier"], 422: ["reflection_too_shallow"]},
                   responses={201: inline_serializer("SessionEndResponse", fields={
                       "decision_id": serializers.UUIDField(),
                       "candidates": serializers.ListField(child=serializers.UUIDField()),
                       "expired": serializers.IntegerField()})})
    def post(self, request: Request, session_id: str) -> Response:
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        result = session_end(agent=request.user, subject_ref=data["subject"], session_id=session_id[:200],
                             done=data["done"], went_well=data["went_well"], went_wrong=data["went_wrong"],
                             improve=data["improve"], relevant_for_others=data["relevant_for_others"])
        return Response({"decision_id": result.decision.pk, "candidates": [str(m.pk) for m in result.candidates],
                         "expired": result.expired}, status=status.HTTP_201_CREATED)


class ActionCheckApi(APIView):
    """``POST actions/check``: allow only with a current, verified-supported collective fact."""

    permission_classes = [IsAgent]

    @extend_schema_serializer(component_name="ActionCheck")
    class InputSerializer(StrictSerializer):
        subject = serializers.CharField(max_length=200)
        action = serializers.CharField(max_length=1000)
        fact_ids = serializers.ListField(child=serializers.CharField(max_length=64), max_length=50)

    @api_operation("actions_check", audience=AGENT, request=InputSerializer, errors={400: ["invalid_subject"]},
                   responses=inline_serializer("ActionCheckResponse", fields={
                       "decision": serializers.ChoiceField(choices=["allow", "escalate"]),
                       "reason": serializers.CharField(), "fact_id": serializers.CharField(allow_null=True)}))
    def post(self, request: Request) -> Response:
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        result = action_check(agent=request.user, subject_ref=data["subject"], action=data["action"],
                              fact_ids=data["fact_ids"])
        return Response({"decision": result.decision, "reason": result.reason, "fact_id": result.fact_id})


class StatsApi(APIView):
    """``GET stats?subject=``: counts of your own memories by kind and status, and receivable facts."""

    permission_classes = [IsAgent]

    class QuerySerializer(StrictQuerySerializer):
        subject = serializers.CharField(max_length=200)

    @api_operation("stats", audience=AGENT, query=QuerySerializer,
                   responses=inline_serializer("StatsResponse", fields={
                       "memories": serializers.DictField(
                           child=serializers.DictField(child=serializers.IntegerField()),
                           help_text="kind → status → count"),
                       "collective_facts": serializers.IntegerField()}))
    def get(self, request: Request) -> Response:
        query = self.QuerySerializer(data=request.query_params.dict())
        query.is_valid(raise_exception=True)
        stats = stats_for_agent(agent=request.user, subject_ref=query.validated_data["subject"])
        return Response({"memories": stats.memories, "collective_facts": stats.collective_facts})
