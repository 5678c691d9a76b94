"""OpenAPI schema and interactive docs are served offline, with the bearer scheme."""

import pytest
import yaml

pytestmark = pytest.mark.django_db


def test_schema_documents_bearer_auth_and_me(client):
    response = client.get("/api/schema/")
    assert response.status_code == 200
    schema = yaml.safe_load(response.content)
    assert schema["components"]["securitySchemes"]["agentKey"]["scheme"] == "bearer"
    assert "/api/v1/me" in schema["paths"]


def test_swagger_ui_is_served_from_local_assets(client):
    response = client.get("/api/docs/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "swagger-ui" in html
    assert "cdn.jsdelivr" not in html and "unpkg" not in html
