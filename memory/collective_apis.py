"""Agent endpoint of the collective layer: ``GET collective/facts``."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_serializer, inline_serializer
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from agents_registry.permissions import IsAgent
from config.api import AwareDateTimeField, StrictQuerySerializer
from config.schema import AGENT, api_operation
from memory.selectors.collective import collective_facts_for_agent
from memory.services.read_log import readlog_record


@extend_schema_serializer(component_name="Corroboration")
class CorroborationSerializer(serializers.Serializer):
    agents = serializers.IntegerField(source="support_agents")
    lineages = serializers.IntegerField(source="support_lineages", help_text="distinct agent lineages: "
                                        "agents of one lineage count as one independent source")
    sessions = serializers.IntegerField(source="support_sessions")
    first_seen = serializers.DateTimeField(source="first_evidence_at", allow_null=True)
    last_confirmed = serializers.DateTimeField(source="last_confirmed_at", allow_null=True)


@extend_schema_serializer(component_name="CollectiveFact")
class FactOutputSerializer(serializers.Serializer):
    id = serializers.UUIDField()
    statement = serializers.CharField()
    predicate = serializers.CharField(source="predicate.key", default=None, allow_null=True)
    value = serializers.JSONField(allow_null=True)
    status = serializers.CharField()
    valid_from = serializers.DateTimeField()
    valid_to = serializers.DateTimeField(allow_null=True)
    recorded_at = serializers.DateTimeField()
    closed_at = serializers.DateTimeField(allow_null=True)
    trust = serializers.CharField()
    confidence = serializers.FloatField()
    corroboration = CorroborationSerializer(source="*")


class CollectiveFactListApi(APIView):
    """Current (or as-of / valid-at) collective facts about a subject that the caller may receive.

    Never evidence text. Each served version is written to the read log (anti-echo)."""

    permission_classes = [IsAgent]

    class QuerySerializer(StrictQuerySerializer):
        subject = serializers.CharField(max_length=200)
        as_of = AwareDateTimeField(required=False)
        valid_at = AwareDateTimeField(required=False)
        session_id = serializers.CharField(max_length=200, required=False, default="")
        purpose = serializers.CharField(max_length=100, required=False, default="")

    @api_operation("collective_facts_list", audience=AGENT, query=QuerySerializer,
                   errors={400: ["invalid_subject", "secret_in_identifier"]},
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
