"""Session-authenticated endpoints for the person the data is about."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_serializer, inline_serializer
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.api import AwareDateTimeField, StrictQuerySerializer
from config.permissions import IsPortalUser
from config.schema import SESSION, api_operation
from memory.selectors.portal import facts_for_subject_user


class MyFactsApi(APIView):
    """``GET me/facts``: every collective fact about the signed-in person, with provenance summary."""

    permission_classes = [IsPortalUser]

    class QuerySerializer(StrictQuerySerializer):
        as_of = AwareDateTimeField(required=False)
        valid_at = AwareDateTimeField(required=False)
        history = serializers.BooleanField(required=False, default=False)

    @extend_schema_serializer(component_name="MyFact")
    class FactSchema(serializers.Serializer):
        """Documentation only: one fact about the signed-in person, with who gave and read it."""

        id = serializers.UUIDField()
        lineage = serializers.UUIDField()
        statement = serializers.CharField()
        predicate = serializers.CharField(allow_null=True)
        value = serializers.JSONField(allow_null=True)
        category = serializers.CharField()
        status = serializers.CharField()
        valid_from = serializers.DateTimeField()
        valid_to = serializers.DateTimeField(allow_null=True)
        recorded_at = serializers.DateTimeField()
        closed_at = serializers.DateTimeField(allow_null=True)
        close_reason = serializers.CharField()
        trust = serializers.CharField()
        confidence = serializers.FloatField()
        corroboration = inline_serializer("MyFactCorroboration", fields={
            "agents": serializers.IntegerField(), "sessions": serializers.IntegerField(),
            "first_seen": serializers.DateTimeField(allow_null=True),
            "last_confirmed": serializers.DateTimeField(allow_null=True)})
        contributors = inline_serializer("MyFactContributor", many=True, fields={
            "role": serializers.CharField(), "domain": serializers.CharField(),
            "sessions": serializers.IntegerField(), "counted": serializers.BooleanField()})
        may_receive = serializers.ListField(child=serializers.CharField())
        read_by = inline_serializer("MyFactReader", many=True, fields={
            "role": serializers.CharField(), "purpose": serializers.CharField(),
            "at": serializers.DateTimeField()})

    @api_operation("me_facts", audience=SESSION, query=QuerySerializer,
                   errors={404: ["not_found"]},
                   responses=inline_serializer("MyFacts", fields={"facts": FactSchema(many=True)}))
    def get(self, request: Request) -> Response:
        query = self.QuerySerializer(data=request.query_params.dict())
        query.is_valid(raise_exception=True)
        data = query.validated_data
        facts = facts_for_subject_user(user=request.user, as_of=data.get("as_of"), valid_at=data.get("valid_at"),
                                       history=data["history"])
        return Response({"facts": serializers.JSONField().to_representation(facts)})
