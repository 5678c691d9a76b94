"""Reviewer endpoints (session login): the queue and decisions."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_serializer, inline_serializer
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.api import StrictQuerySerializer, StrictSerializer
from config.permissions import IsPortalUser
from config.schema import SESSION, api_operation
from governance.models import ReviewItem
from governance.selectors.reviews import review_items_for_user
from governance.services.reviews import review_item_decide


@extend_schema_serializer(component_name="ReviewItem")
class ReviewItemSerializer(serializers.Serializer):
    id = serializers.UUIDField()
    kind = serializers.CharField()
    subject_id = serializers.UUIDField()
    refs = serializers.JSONField()
    reason = serializers.CharField()
    status = serializers.CharField()
    created_at = serializers.DateTimeField()
    decided_at = serializers.DateTimeField(allow_null=True)


class ReviewListApi(APIView):
    """``GET reviews?status=open``: items of the people you may review (others: as if missing)."""

    permission_classes = [IsPortalUser]

    class QuerySerializer(StrictQuerySerializer):
        status = serializers.ChoiceField(choices=ReviewItem.Status.choices, required=False, default="open")

    @api_operation("reviews_list", audience=SESSION, query=QuerySerializer,
                   responses=inline_serializer("Reviews", fields={"items": ReviewItemSerializer(many=True)}))
    def get(self, request: Request) -> Response:
        query = self.QuerySerializer(data=request.query_params.dict())
        query.is_valid(raise_exception=True)
        items = review_items_for_user(user=request.user, status=query.validated_data["status"])[:500]
        return Response({"items": ReviewItemSerializer(items, many=True).data})


class ReviewDecideApi(APIView):
    """``POST reviews/{id}/decide``: approve or reject, with a reason."""

    permission_classes = [IsPortalUser]

    @extend_schema_serializer(component_name="ReviewDecision")
    class InputSerializer(StrictSerializer):
        decision = serializers.ChoiceField(choices=["approve", "reject"])
        reason = serializers.CharField(max_length=2000)

    @api_operation("reviews_decide", audience=SESSION, request=InputSerializer, responses=ReviewItemSerializer,
                   errors={404: ["not_found"], 409: ["already_decided"]})
    def post(self, request: Request, item_id: str) -> Response:
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        item = review_item_decide(user=request.user, item_id=item_id, approve=data["decision"] == "approve",
                                  reason=data["reason"])
        return Response(ReviewItemSerializer(item).data)
