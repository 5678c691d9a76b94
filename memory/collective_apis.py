"""Agent endpoint of the collective layer: ``GET collective/facts``."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from agents_registry.permissions import IsAgent
from config.api import StrictSerializer
from memory.selectors.collective import collective_facts_for_agent
from memory.services.reads import readlog_record


class CorroborationSerializer(serializers.Serializer):
    agents = serializers.IntegerField(source="support_agents")
    sessions = serializers.IntegerField(source="support_sessions")
    first_seen = serializers.DateTimeField(source="first_evidence_at")
    last_confirmed = serializers.DateTimeField(source="last_confirmed_at")


class FactOutputSerializer(serializers.Serializer):
    id = serializers.UUIDField()
    statement = serializers.CharField()
    predicate = serializers.CharField(source="predicate.key", default=None)
    value = serializers.JSONField()
    status = serializers.CharField()
    valid_from = serializers.DateTimeField()
    valid_to = serializers.DateTimeField()
    recorded_at = serializers.DateTimeField()
    closed_at = serializers.DateTimeField()
    trust = serializers.CharField()
    confidence = serializers.FloatField()
    corroboration = CorroborationSerializer(source="*")


class CollectiveFactListApi(APIView):
    """Current (or as-of / valid-at) collective facts about a subject that the caller may receive.

    Never evidence text. Each served version is written to the read log (anti-echo)."""

    permission_classes = [IsAgent]

    class QuerySerializer(StrictSerializer):
        subject = serializers.CharField(max_length=200)
        as_of = serializers.DateTimeField(required=False)
        valid_at = serializers.DateTimeField(required=False)
        session_id = serializers.CharField(max_length=200, required=False, default="")
        purpose = serializers.CharField(max_length=100, required=False, default="")

    @extend_schema(operation_id="collective_facts_list",
                   parameters=[OpenApiParameter("subject", str, required=True), OpenApiParameter("as_of", str),
                               OpenApiParameter("valid_at", str), OpenApiParameter("session_id", str),
                               OpenApiParameter("purpose", str)],
                   responses=inline_serializer("CollectiveFacts", fields={"facts": FactOutputSerializer(many=True)}))
    def get(self, request: Request) -> Response:
        query = self.QuerySerializer(data=request.query_params.dict())
        query.is_valid(raise_exception=True)
        data = query.validated_data
        facts = collective_facts_for_agent(agent=request.user, subject_ref=data["subject"],
                                           as_of=data.get("as_of"), valid_at=data.get("valid_at"),
                                           purpose=data["purpose"] or None)
        readlog_record(agent=request.user, facts=facts, session_id=data["session_id"], purpose=data["purpose"])
        return Response({"facts": FactOutputSerializer(facts, many=True).data})
