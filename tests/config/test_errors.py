"""The error contract: {"code", "message", "extra"}, stable codes, unknown fields rejected (API.md)."""

from __future__ import annotations

import pytest
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.test import APIRequestFactory
from rest_framework.views import APIView

from config.api import StrictSerializer
from tests.conftest import auth

pytestmark = pytest.mark.django_db


class EchoApi(APIView):
    permission_classes = [AllowAny]
    authentication_classes: list[type] = []

    class InputSerializer(StrictSerializer):
        name = serializers.CharField(max_length=10)

    def post(self, request):  # noqa: ANN001, ANN201
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        return Response(serializer.validated_data)


def post(body: bytes | dict, content_type: str = "application/json"):
    factory = APIRequestFactory()
    if isinstance(body, dict):
        request = factory.post("/echo", body, format="json")
    else:
        request = factory.post("/echo", body, content_type=content_type)
    response = EchoApi.as_view()(request)
    response.render()
    return response


def test_unknown_field_is_rejected_with_its_code():
    response = post({"name": "ok", "surprise": 1})
    assert response.status_code == 400
    body = response.data
    assert body["code"] == "unknown_field"
    assert body["extra"]["fields"] == ["surprise"]


def test_invalid_value_gives_invalid_input_with_field_detail():
    response = post({"name": "x" * 11})
    assert response.status_code == 400
    assert response.data["code"] == "invalid_input"
    assert "name" in response.data["extra"]["fields"]


def test_malformed_json_is_a_400_not_a_500():
    response = post(b"{not json", content_type="application/json")
    assert response.status_code == 400
    assert response.data["code"] == "malformed_request"


def test_wrong_media_type_is_415():
    response = post(b"name=x", content_type="application/x-www-form-urlencoded")
    assert response.status_code == 415
    assert response.data["code"] == "unsupported_media_type"


def test_unknown_api_path_answers_json_404(client):
    response = client.get("/api/v1/does-not-exist")
    assert response.status_code == 404
    assert response.json() == {"code": "not_found", "message": "Not found.", "extra": {}}


def test_wrong_method_is_405_with_code(api_client, make_agent):
    _, key = make_agent()
    response = auth(api_client, key).delete("/api/v1/me")
    assert response.status_code == 405
    assert response.json()["code"] == "method_not_allowed"
