"""Data-subject request endpoints (session login: the person themself, or an operator)."""

from __future__ import annotations

from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_serializer, inline_serializer
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.api import StrictQuerySerializer, StrictSerializer
from config.permissions import IsPortalUser
from config.schema import SESSION, api_operation
from governance.models import DataSubjectRequest
from governance.selectors.exports import FORMATS, request_export_for_user
from governance.selectors.requests import receipt_token, request_get_for_user
from governance.services.dsr import dsr_submit_by_user


class DsrCreateApi(APIView):
    """``POST dsr``: file a request about yourself (operators: about anyone)."""

    permission_classes = [IsPortalUser]

    @extend_schema_serializer(component_name="DsrCreate")
    class InputSerializer(StrictSerializer):
        type = serializers.ChoiceField(choices=DataSubjectRequest.Type.choices)
        subject = serializers.CharField(max_length=200)
        scope = serializers.DictField()
        payload = serializers.DictField(required=False, default=dict)

        def validate_scope(self, scope: dict) -> dict:
            keys = set(scope) & {"all", "fact_id", "agent", "purpose"}
            if len(keys) != 1 or set(scope) - keys:
                raise serializers.ValidationError("scope needs exactly one of all, fact_id, agent, purpose.")
            return scope

    @api_operation("dsr_create", audience=SESSION, request=InputSerializer,
                   errors={404: ["not_found"], 422: ["request_type_not_available"]},
                   responses={202: inline_serializer("DsrCreated", fields={"id": serializers.UUIDField(),
                                                                           "status": serializers.CharField(),
                                                                           "receipt_token": serializers.CharField()})})
    def post(self, request: Request) -> Response:
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        created = dsr_submit_by_user(user=request.user, subject_ref=data["subject"], type=data["type"],
                                     scope=data["scope"], payload=data["payload"])
        # The receipt link outlives the requester's login (a whole-person erasure deletes it).
        return Response({"id": created.pk, "status": created.status,
                         "receipt_token": receipt_token(request_id=created.pk)}, status=status.HTTP_202_ACCEPTED)


class DsrDetailApi(APIView):
    """``GET dsr/{id}``: status, deadline and, for an erasure, the receipt with its residue scan."""

    permission_classes = [IsPortalUser]

    @api_operation("dsr_get", audience=SESSION, errors={404: ["not_found"]},
                   responses=inline_serializer("Dsr", fields={
                       "id": serializers.UUIDField(), "type": serializers.CharField(),
                       "status": serializers.CharField(), "deadline": serializers.DateTimeField(),
                       "created_at": serializers.DateTimeField(),
                       "completed_at": serializers.DateTimeField(allow_null=True),
                       "result": serializers.DictField(),
                       "error": serializers.CharField(allow_blank=True, help_text=(
                           "why a request ended `failed` (`residue`, `execution_error`); empty otherwise")),
                       "attempts": serializers.IntegerField(),
                       "receipt": inline_serializer("DsrReceipt", allow_null=True, fields={
                           "counts": serializers.DictField(child=serializers.IntegerField()),
                           "residue": serializers.DictField()})}))
    def get(self, request: Request, request_id: str) -> Response:
        dsr = request_get_for_user(user=request.user, request_id=request_id)
        receipt = getattr(dsr, "receipt", None)
        return Response({"id": dsr.pk, "type": dsr.type, "status": dsr.status, "deadline": dsr.deadline,
                         "created_at": dsr.created_at, "completed_at": dsr.completed_at, "result": dsr.result,
                         "error": dsr.error, "attempts": dsr.attempts,
                         "receipt": {"counts": receipt.counts, "residue": receipt.residue} if receipt else None})



class DsrExportApi(APIView):
    """``GET dsr/{id}/export?format=json|prov-json|prov-o``: the access or portability export."""

    permission_classes = [IsPortalUser]

    class QuerySerializer(StrictQuerySerializer):
        format = serializers.ChoiceField(choices=list(FORMATS), required=False, default="json")

    @api_operation("dsr_export", audience=SESSION, query=QuerySerializer, errors={404: ["not_found"]},
                   responses={(200, "application/json"): OpenApiTypes.OBJECT,
                              (200, "text/turtle"): OpenApiTypes.STR})
    def get(self, request: Request, request_id: str) -> HttpResponse:
        query = self.QuerySerializer(data=request.query_params.dict())
        query.is_valid(raise_exception=True)
        export = request_export_for_user(user=request.user, request_id=request_id, fmt=query.validated_data["format"])
        if export.data is not None:
            return Response(serializers.JSONField().to_representation(export.data))
        if export.format == "prov-json":
            return HttpResponse(export.prov.serialize(format="json"), content_type="application/json")
        return HttpResponse(export.prov.serialize(format="rdf", rdf_format="turtle"), content_type="text/turtle")
