"""Agent-facing endpoints of the registry."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_serializer, inline_serializer
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from agents_registry.permissions import IsAgent
from config.schema import AGENT, api_operation


class MeApi(APIView):
    """Who am I: the calling agent's identity, role, domain, purposes, lineage and whether an operator
    registered it as a verified channel (only then are its system/tool records ``verified``)."""

    permission_classes = [IsAgent]

    @extend_schema_serializer(component_name="AgentIdentity")
    class OutputSerializer(serializers.Serializer):
        slug = serializers.CharField()
        role = serializers.CharField()
        domain = serializers.CharField()
        purposes = serializers.ListField(child=serializers.CharField())
        lineage = serializers.CharField()
        verified_channel = serializers.BooleanField()

    @api_operation("me", audience=AGENT,
                   responses=inline_serializer("MeResponse", fields={"agent": OutputSerializer()}))
    def get(self, request: Request) -> Response:
        return Response({"agent": self.OutputSerializer(request.user).data})
