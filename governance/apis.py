"""Agent-readable governance endpoints: the predicate registry."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_serializer, inline_serializer
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from agents_registry.permissions import IsAgent
from config.schema import AGENT, api_operation
from governance.selectors.predicates import predicate_list


class PredicateListApi(APIView):
    """``GET predicates``: the registry, so agents write structured facts."""

    permission_classes = [IsAgent]

    @extend_schema_serializer(component_name="Predicate")
    class OutputSerializer(serializers.Serializer):
        key = serializers.CharField()
        label = serializers.CharField()
        category = serializers.CharField()
        cardinality = serializers.CharField()
        shareable = serializers.BooleanField()
        high_impact = serializers.BooleanField()
        ttl = serializers.IntegerField(source="ttl_days", allow_null=True, help_text="days; null = no expiry")

    @api_operation("predicates_list", audience=AGENT,
                   responses=inline_serializer("PredicateList", fields={"predicates": OutputSerializer(many=True)}))
    def get(self, request: Request) -> Response:
        return Response({"predicates": self.OutputSerializer(predicate_list(), many=True).data})
