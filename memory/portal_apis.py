"""Session-authenticated endpoints for the person the data is about."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.permissions import BasePermission
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from agents_registry.models import Agent
from config.api import StrictSerializer
from memory.selectors.portal import facts_for_subject_user


class IsPortalUser(BasePermission):
    """A signed-in dashboard user (not an agent key)."""

    def has_permission(self, request, view) -> bool:  # noqa: ANN001
        user = request.user
        return bool(user and user.is_authenticated and not isinstance(user, Agent))


class MyFactsApi(APIView):
    """``GET me/facts``: every collective fact about the signed-in person, with provenance summary."""

    permission_classes = [IsPortalUser]

    class QuerySerializer(StrictSerializer):
        as_of = serializers.DateTimeField(required=False)
        valid_at = serializers.DateTimeField(required=False)
        history = serializers.BooleanField(required=False, default=False)

    @extend_schema(operation_id="me_facts",
                   parameters=[OpenApiParameter("as_of", str), OpenApiParameter("valid_at", str),
                               OpenApiParameter("history", bool)],
                   responses=inline_serializer("MyFacts", fields={"facts": serializers.ListField()}))
    def get(self, request: Request) -> Response:
        query = self.QuerySerializer(data=request.query_params.dict())
        query.is_valid(raise_exception=True)
        data = query.validated_data
        facts = facts_for_subject_user(user=request.user, as_of=data.get("as_of"), valid_at=data.get("valid_at"),
                                       history=data["history"])
        return Response({"facts": serializers.JSONField().to_representation(facts)})
