"""``GET dsr/{id}/receipt?token=``: a request's status and erasure receipt through its receipt link.

No login: a whole-person erasure deletes the requester's portal account, so the link handed out
when the request was filed (``receipt_token`` in the ``POST dsr`` answer, and on the portal's
request page) is how the person reads the outcome afterwards. Ids and counts only.
"""

from __future__ import annotations

from drf_spectacular.utils import inline_serializer
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.api import StrictQuerySerializer
from config.schema import PUBLIC, api_operation
from governance.selectors.requests import request_get_by_receipt_token


class DsrReceiptApi(APIView):
    authentication_classes: list = []
    permission_classes = [AllowAny]

    class QuerySerializer(StrictQuerySerializer):
        token = serializers.CharField(max_length=200)

    @api_operation("dsr_receipt", audience=PUBLIC, query=QuerySerializer, errors={404: ["not_found"]},
                   responses=inline_serializer("DsrReceiptLink", fields={
                       "id": serializers.UUIDField(), "type": serializers.CharField(),
                       "status": serializers.CharField(),
                       "completed_at": serializers.DateTimeField(allow_null=True),
                       "error": serializers.CharField(allow_blank=True), "result": serializers.DictField(),
                       "receipt": inline_serializer("DsrReceiptLinkReceipt", allow_null=True, fields={
                           "counts": serializers.DictField(child=serializers.IntegerField()),
                           "residue": serializers.DictField()})}))
    def get(self, request: Request, request_id: str) -> Response:
        query = self.QuerySerializer(data=request.query_params.dict())
        query.is_valid(raise_exception=True)
        dsr = request_get_by_receipt_token(request_id=request_id, token=query.validated_data["token"])
        receipt = getattr(dsr, "receipt", None)
        return Response({"id": dsr.pk, "type": dsr.type, "status": dsr.status, "completed_at": dsr.completed_at,
                         "error": dsr.error, "result": dsr.result,
                         "receipt": {"counts": receipt.counts, "residue": receipt.residue} if receipt else None})
